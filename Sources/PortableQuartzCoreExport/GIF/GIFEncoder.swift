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
    private var mapper = PaletteMapper()
    private var mappedPalette: GIFPalette?
    private var lzw = GIFLZWEncoder()
    private var histogram = ColorHistogram()
    /// The source pixels the canvas shows after the frames written so far.
    private var canvas: [UInt32] = []
    /// The frame waiting to be written, its delay and whether it has transparent pixels.
    private var pending: [UInt32] = []
    private var pendingDelay = 0
    private var pendingTransparent = false
    private var hasPending = false
    private var incoming: [UInt32] = []
    private var indices: [UInt8] = []
    private var firstFrameTransparent = false
    private var framesAdded = 0
    /// Number of image blocks written to the output so far.
    public private(set) var framesWritten = 0
    /// Whether ``finish()`` has been called.
    public private(set) var isFinished = false

    /// An encoder for frames of `width × height` pixels.
    ///
    /// - Parameters:
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

    /// Whether transparent pixels can be written as such with the palette in use.
    private var keepsTransparency: Bool {
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
        let clampedDelay = min(max(delay, 0), 65_535)
        let transparent = WorkingPixels.load(
            image, matte: options.matte, preservesTransparency: keepsTransparency, into: &incoming)
        framesAdded += 1
        if !hasPending {
            if !headerWritten {
                globalPalette = choosePalette(for: incoming, transparent: keepsTransparency)
                writeHeader()
            }
            firstFrameTransparent = transparent
            swap(&pending, &incoming)
            pendingDelay = clampedDelay
            pendingTransparent = transparent
            hasPending = true
            return
        }
        if options.frameDifferencing, pendingDelay + clampedDelay <= 65_535, incoming == pending {
            pendingDelay += clampedDelay
            return
        }
        writePending(nextIsTransparent: transparent)
        swap(&pending, &incoming)
        pendingDelay = clampedDelay
        pendingTransparent = transparent
    }

    /// Writes the last frame and the trailer. Adding frames afterwards is a programming error.
    /// A file with no frames is still a valid GIF (header and trailer only).
    public mutating func finish() {
        guard !isFinished else { return }
        if !headerWritten {
            globalPalette = GIFPalette(checkedColors: [.black, .white], transparentIndex: nil)
            writeHeader()
        }
        if hasPending {
            let repeats = options.loop != .count(1)
            writePending(nextIsTransparent: repeats && firstFrameTransparent)
            hasPending = false
        }
        output.append(0x3B)
        isFinished = true
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
        output.append(UInt8(truncatingIfNeeded: value))
        output.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// A palette for the opaque pixels of `pixels` in the given rectangle, with a transparent entry appended
    /// when `transparent` is true.
    private mutating func choosePalette(
        for pixels: [UInt32], transparent: Bool, rect: (x: Int, y: Int, columns: Int, rows: Int)? = nil
    ) -> GIFPalette {
        count(pixels, in: rect ?? (0, 0, width, height))
        return paletteForHistogram(transparent: transparent)
    }

    /// Counts the colours of `pixels` in `rect` into `histogram` (emptied first).
    private mutating func count(_ pixels: [UInt32], in rect: (x: Int, y: Int, columns: Int, rows: Int)) {
        histogram.removeAll()
        pixels.withUnsafeBufferPointer { pixels in
            histogram.add(pixels: pixels, width: width, x: rect.x, y: rect.y, columns: rect.columns, rows: rect.rows)
        }
    }

    /// A palette for the colours in `histogram`, with a transparent entry appended when `transparent` is true.
    private func paletteForHistogram(transparent: Bool) -> GIFPalette {
        let limit = options.maximumColors - (transparent ? 1 : 0)
        var colors =
            histogram.isEmpty ? [ExportColor.black] : MedianCutQuantizer.colors(for: histogram, maximumColors: limit)
        guard transparent else { return GIFPalette(checkedColors: colors, transparentIndex: nil) }
        colors.append(.black)
        return GIFPalette(checkedColors: colors, transparentIndex: colors.count - 1)
    }

    /// Largest channel error (levels) of a colour that counts as held by the global palette when deciding whether a
    /// frame needs a local colour table.
    static let localTableTolerance: Int32 = 1

    /// Whether the pending frame's colours in `rect` (counted into `histogram`) are too far from the global palette
    /// for it: more than 10 % of its pixels (and at least 64) lie more than `localTableTolerance` levels in some
    /// channel from every palette colour — such as a colour animation's colours in frames the global palette was
    /// not sampled from.
    private mutating func pendingOutgrowsGlobalPalette(in rect: (x: Int, y: Int, columns: Int, rows: Int)) -> Bool {
        count(pending, in: rect)
        let palette = globalPalette!
        let search = NearestColorSearch(colors: palette.colors, excluding: palette.transparentIndex)
        guard search.count > 0 else { return true }
        var far = 0
        for entry in histogram.entries {
            let count = entry.count
            let mean =
                UInt32((entry.red + count / 2) / count) | UInt32((entry.green + count / 2) / count) << 8
                | UInt32((entry.blue + count / 2) / count) << 16
            let nearest = palette.colors[search.nearest(mean)].packed
            if PaletteMapper.channelDistance(mean, nearest) > Self.localTableTolerance { far += count }
        }
        return far >= 64 && far * 10 > histogram.pixelCount
    }

    /// Writes the pending frame, as a whole or as the rectangle that changed since the canvas.
    private mutating func writePending(nextIsTransparent: Bool) {
        let whole = !options.frameDifferencing || framesWritten == 0 || pendingTransparent || nextIsTransparent
        let rect = whole ? (x: 0, y: 0, columns: width, rows: height) : changedRect()
        let palette: GIFPalette
        var local = usesLocalPalettes
        if usesLocalPalettes {
            palette = choosePalette(for: pending, transparent: pendingTransparent, rect: rect)
        } else if case .global = options.palette, pendingOutgrowsGlobalPalette(in: rect) {
            palette = paletteForHistogram(transparent: pendingTransparent)
            local = true
        } else {
            palette = globalPalette!
        }
        if mappedPalette != palette {
            mapper.use(palette)
            mappedPalette = palette
        }
        pending.withUnsafeBufferPointer { pixels in
            mapper.map(
                pixels, width: width, x: rect.x, y: rect.y, columns: rect.columns, rows: rect.rows,
                dithering: options.dithering, into: &indices)
        }
        // Graphic control extension: disposal 2 (restore to background) before a frame with transparency,
        // else 1 (leave in place); transparency flag when this frame has transparent pixels.
        let transparentIndex = pendingTransparent ? palette.transparentIndex : nil
        let disposal: UInt8 = nextIsTransparent ? 2 : 1
        output += [0x21, 0xF9, 0x04, disposal << 2 | (transparentIndex == nil ? 0 : 1)]
        appendWord(pendingDelay)
        output += [UInt8(transparentIndex ?? 0), 0]
        // Image descriptor and local colour table.
        output.append(0x2C)
        appendWord(rect.x)
        appendWord(rect.y)
        appendWord(rect.columns)
        appendWord(rect.rows)
        if local {
            output.append(0x80 | UInt8(palette.tableBits - 1))
            output += palette.tableBytes
        } else {
            output.append(0)
        }
        let count = rect.columns * rect.rows
        indices.withUnsafeBufferPointer { indices in
            lzw.encode(
                UnsafeBufferPointer(rebasing: indices[0..<count]), minimumCodeSize: max(2, palette.tableBits),
                into: &output)
        }
        framesWritten += 1
        swap(&canvas, &pending)
    }

    /// The smallest rectangle holding every pixel where the pending frame differs from the canvas
    /// (1 × 1 at the origin when nothing differs).
    private func changedRect() -> (x: Int, y: Int, columns: Int, rows: Int) {
        canvas.withUnsafeBufferPointer { old in
            pending.withUnsafeBufferPointer { new in
                let rowBytes = width * 4
                func rowDiffers(_ row: Int) -> Bool {
                    memcmp(old.baseAddress! + row * width, new.baseAddress! + row * width, rowBytes) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else { return (0, 0, 1, 1) }
                let bottom = (top..<height).last(where: rowDiffers)!
                var left = width
                var right = -1
                for row in top...bottom {
                    let a = old.baseAddress! + row * width
                    let b = new.baseAddress! + row * width
                    var column = 0
                    while column < left && a[column] == b[column] { column += 1 }
                    left = min(left, column)
                    column = width - 1
                    while column > right && a[column] == b[column] { column -= 1 }
                    right = max(right, column)
                }
                return (left, top, right - left + 1, bottom - top + 1)
            }
        }
    }
}
