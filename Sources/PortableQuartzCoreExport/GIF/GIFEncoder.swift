import Foundation

/// A streaming animated-GIF encoder in pure Swift (our addition; Apple writes GIF through ImageIO).
///
/// Frames are added one at a time with ``add(_:delay:)``; the file's bytes become available in pieces through
/// ``takeOutput()``, so a caller can write them to disk as it goes and memory does not grow with the number of
/// frames: the encoder keeps three frames of working pixels (the canvas, the frame waiting to be written, the
/// newest frame) and reuses them. A frame is written when the next one arrives (or at ``finish()``), because how
/// it is disposed of depends on whether the next frame has transparent pixels.
///
/// What a file holds: a GIF89a header; a global colour table for a global or fixed palette; a NETSCAPE2.0 block
/// unless the file plays once; for each frame a graphic control block (delay, disposal, transparent index), the
/// image descriptor, a local colour table for per-frame palettes, and LZW image data; the trailer. Palettes come
/// from ``MedianCutQuantizer``; dithering is ``GIFDithering``. The same frames and options always give the same
/// bytes.
///
/// With a global palette (``GIFPaletteStrategy/global(sampledFrames:)``), a frame whose written part has colours
/// the palette cannot hold — more than 10 % of its pixels (64 at least) more than 1 level in a channel from every
/// palette colour, as a colour animation's colours in frames the palette was not sampled from — gets a local colour
/// table chosen from that part (its exact colours when there are few enough), instead of being dithered or shifted.
/// Anti-aliased edges of moving shapes, whose few odd colours stay below the 10 %, keep the global palette.
///
/// ```swift
/// var encoder = try GIFEncoder(width: 320, height: 240)
/// for frame in frames { try encoder.add(frame, delay: 4) }
/// encoder.finish()
/// let bytes = encoder.takeOutput()
/// ```
public struct GIFEncoder: Sendable {
    /// Canvas width in pixels; every frame must have it.
    public let width: Int
    /// Canvas height in pixels; every frame must have it.
    public let height: Int
    /// The settings in use (``GIFOptions/minimumDelay`` is for ``GIFFrameSchedule`` and not used here).
    public let options: GIFOptions

    /// The global palette, once known (given, fixed, or taken from the first frame).
    private var globalPalette: GIFPalette?
    private let usesLocalPalettes: Bool
    private var output: [UInt8] = []
    private var headerWritten = false
    /// Encodes the frames this encoder writes itself (``add(_:delay:)``, ``finish()``).
    private var writer: GIFFrameWriter
    /// The source pixels the canvas shows after the frames written so far.
    private var canvas: [UInt32] = []
    /// The frame waiting to be written, its delay and whether it has transparent pixels.
    private var pending: [UInt32] = []
    private var pendingDelay = 0
    private var pendingTransparent = false
    private var hasPending = false
    private var incoming: [UInt32] = []
    private var firstFrameTransparent = false
    private var framesAdded = 0
    /// Number of image blocks written to the output (or planned, see `addPlanning`) so far.
    public private(set) var framesWritten = 0
    /// Whether ``finish()`` has been called.
    public private(set) var isFinished = false

    /// An encoder for frames of `width × height` pixels.
    ///
    /// - Parameters:
    ///   - width: the frames' width in pixels, 1…65 535.
    ///   - height: the frames' height in pixels, 1…65 535.
    ///   - options: palette, dithering, loop, delays, matte and transparency settings.
    ///   - globalPalette: the palette of every frame; when `nil`, ``GIFOptions/palette`` decides: a fixed palette
    ///     is used as given, per-frame palettes are chosen per frame, and a global palette is chosen from the
    ///     first frame (with a transparent entry reserved when transparency is kept).
    /// - Throws: ``ExportError/invalidSize(width:height:)`` outside 1…65 535; ``ExportError/invalidOption(_:)``
    ///   for settings out of range.
    public init(
        width: Int, height: Int, options: GIFOptions = GIFOptions(), globalPalette: GIFPalette? = nil
    )
        throws(ExportError)
    {
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        try options.validate()
        self.width = width
        self.height = height
        self.options = options
        writer = GIFFrameWriter(options: options)
        if let globalPalette {
            self.globalPalette = globalPalette
            usesLocalPalettes = false
        } else {
            switch options.palette {
            case .fixed(let palette):
                self.globalPalette = palette
                usesLocalPalettes = false
            case .perFrame:
                usesLocalPalettes = true
            case .global:
                usesLocalPalettes = false
            }
        }
        if usesLocalPalettes || self.globalPalette != nil { writeHeader() }
    }

    /// Whether transparent pixels can be written as such with the palette in use: how frames must be loaded
    /// (`WorkingPixels.load(_:matte:preservesTransparency:into:)`) before `addPlanning` takes them.
    var keepsTransparency: Bool {
        guard options.preservesTransparency else { return false }
        if usesLocalPalettes { return true }
        return globalPalette.map { $0.transparentIndex != nil } ?? true
    }

    /// Adds the next frame, shown for `delay` centiseconds (clamped to 0…65 535; 0 lets the viewer choose).
    ///
    /// - Throws: ``ExportError/frameSizeMismatch(frame:expectedWidth:expectedHeight:width:height:)`` when the
    ///   image is not the canvas size (`frame` counts the frames added, from 0).
    public mutating func add(_ image: CGImage, delay: Int) throws(ExportError) {
        precondition(!isFinished, "GIFEncoder.add called after finish()")
        guard image.width == width, image.height == height else {
            throw .frameSizeMismatch(
                frame: framesAdded, expectedWidth: width, expectedHeight: height, width: image.width,
                height: image.height)
        }
        let transparent = WorkingPixels.load(
            image, matte: options.matte, preservesTransparency: keepsTransparency, into: &incoming)
        if let frame = takeIncoming(transparent: transparent, delay: delay) { writer.encode(frame, into: &output) }
    }

    /// Adds the next frame as working pixels loaded with ``keepsTransparency`` (`width × height` of them), and returns
    /// the frame before it when that one is now to be written; the caller encodes it with a `GIFFrameWriter` of the
    /// same options and puts the bytes into the file after what ``takeOutput()`` has given (and what earlier planned
    /// frames gave), in order. The header, when this is the first frame, is in ``takeOutput()``.
    ///
    /// This and ``finishPlanning()`` split ``add(_:delay:)`` and ``finish()`` so that frames can be encoded on other
    /// threads: the order of calls and bytes is the order of the single-threaded encoder, and so are the bytes.
    mutating func addPlanning(pixels: [UInt32], transparent: Bool, delay: Int) -> PlannedGIFFrame? {
        precondition(!isFinished, "GIFEncoder.addPlanning called after finish")
        precondition(pixels.count == width * height, "GIFEncoder.addPlanning: pixels of the wrong size")
        incoming = pixels
        return takeIncoming(transparent: transparent, delay: delay)
    }

    /// The working pixels the last ``addPlanning(pixels:transparent:delay:)`` left behind, which the encoder no
    /// longer needs (an empty array when there are none): for the caller to reuse for a later frame.
    mutating func takeSpare() -> [UInt32] {
        defer { incoming = [] }
        return incoming
    }

    /// Ends the frames: returns the last frame to write, if any (the header, when no frame was added, is then in
    /// ``takeOutput()``). The caller writes ``takeOutput()``, the last frame's bytes, then ``trailer``.
    mutating func finishPlanning() -> PlannedGIFFrame? {
        precondition(!isFinished, "GIFEncoder.finishPlanning called after finish")
        isFinished = true
        if !headerWritten {
            globalPalette = GIFPalette(checkedColors: [.black, .white], transparentIndex: nil)
            writeHeader()
        }
        guard hasPending else { return nil }
        hasPending = false
        let repeats = options.loop != .count(1)
        return planPending(nextIsTransparent: repeats && firstFrameTransparent)
    }

    /// The byte that ends a GIF file.
    static let trailer: UInt8 = 0x3B

    /// Takes the frame in `incoming` (with its transparency and delay): it becomes the pending frame, or lengthens
    /// the pending frame when it repeats it. Returns the frame to write now, if any.
    private mutating func takeIncoming(transparent: Bool, delay: Int) -> PlannedGIFFrame? {
        let clampedDelay = min(max(delay, 0), 65_535)
        framesAdded += 1
        if !hasPending {
            if !headerWritten {
                if globalPalette == nil, !usesLocalPalettes {
                    globalPalette = writer.choosePalette(
                        for: incoming, width: width, in: .init(x: 0, y: 0, columns: width, rows: height),
                        transparent: keepsTransparency)
                }
                writeHeader()
            }
            firstFrameTransparent = transparent
            swap(&pending, &incoming)
            pendingDelay = clampedDelay
            pendingTransparent = transparent
            hasPending = true
            return nil
        }
        if options.frameDifferencing, pendingDelay + clampedDelay <= 65_535, incoming == pending {
            pendingDelay += clampedDelay
            return nil
        }
        let frame = planPending(nextIsTransparent: transparent)
        swap(&pending, &incoming)
        pendingDelay = clampedDelay
        pendingTransparent = transparent
        return frame
    }

    /// Writes the last frame and the trailer. Adding frames afterwards is a programming error.
    /// A file with no frames is still a valid GIF (header and trailer only).
    public mutating func finish() {
        guard !isFinished else { return }
        if let last = finishPlanning() { writer.encode(last, into: &output) }
        output.append(Self.trailer)
    }

    /// The bytes produced since the last call, removed from the encoder.
    public mutating func takeOutput() -> [UInt8] {
        let bytes = output
        output = []
        return bytes
    }

    /// Encodes a whole animation in memory: `frames` with their delays in centiseconds.
    /// - Throws: as ``init(width:height:options:globalPalette:)`` and ``add(_:delay:)``;
    ///   ``ExportError/invalidOption(_:)`` for an empty list.
    public static func encode(
        _ frames: [(image: CGImage, delay: Int)], options: GIFOptions = GIFOptions(),
        globalPalette: GIFPalette? = nil
    ) throws(ExportError) -> [UInt8] {
        guard let first = frames.first else { throw .invalidOption("a GIF needs at least one frame") }
        var encoder = try GIFEncoder(
            width: first.image.width, height: first.image.height, options: options, globalPalette: globalPalette)
        for frame in frames { try encoder.add(frame.image, delay: frame.delay) }
        encoder.finish()
        return encoder.takeOutput()
    }

    // MARK: - Writing

    private mutating func writeHeader() {
        output += Array("GIF89a".utf8)
        appendWord(width)
        appendWord(height)
        if let palette = globalPalette {
            output.append(0x80 | 0x70 | UInt8(palette.tableBits - 1))
        } else {
            output.append(0x70)
        }
        output += [0, 0]  // background colour index, pixel aspect ratio
        if let palette = globalPalette { output += palette.tableBytes }
        switch options.loop {
        case .forever:
            appendLoopBlock(0)
        case .count(let plays) where plays > 1:
            appendLoopBlock(min(plays - 1, 65_535))
        case .count:
            break
        }
        headerWritten = true
    }

    private mutating func appendLoopBlock(_ repeats: Int) {
        output += [0x21, 0xFF, 0x0B]
        output += Array("NETSCAPE2.0".utf8)
        output += [0x03, 0x01]
        appendWord(repeats)
        output.append(0)
    }

    private mutating func appendWord(_ value: Int) {
        GIFFrameWriter.appendWord(value, to: &output)
    }

    /// Plans the pending frame, as a whole or as the rectangle that changed since the canvas, and makes it the
    /// canvas.
    private mutating func planPending(nextIsTransparent: Bool) -> PlannedGIFFrame {
        let whole = !options.frameDifferencing || framesWritten == 0 || pendingTransparent || nextIsTransparent
        let frame = PlannedGIFFrame(
            pixels: pending, width: width, height: height, previous: whole ? nil : canvas,
            delay: pendingDelay, hasTransparency: pendingTransparent, disposal: nextIsTransparent ? 2 : 1,
            globalPalette: usesLocalPalettes ? nil : globalPalette!)
        framesWritten += 1
        swap(&canvas, &pending)
        return frame
    }
}
