/// How many times a GIF plays (our addition).
public enum GIFLoop: Hashable, Sendable {
    /// Over and over (a NETSCAPE2.0 block with loop count 0).
    case forever
    /// `plays` times in all, at least 1. One play writes no NETSCAPE2.0 block; `n` plays write a loop count of
    /// `n − 1` (the number of repeats after the first play, as browsers read it), at most 65 535.
    case count(Int)
}

/// Where the colours of a GIF come from (our addition).
public enum GIFPaletteStrategy: Hashable, Sendable {
    /// One palette for the whole file, chosen from up to `sampledFrames` frames spread evenly over the export
    /// (first and last included; 0 or less means every frame). ``AnimationExporter`` renders the sampled frames
    /// once more to count their colours. A frame with many colours the palette cannot hold (colours that appear
    /// only in frames that were not sampled) gets a local colour table of its own (see ``GIFEncoder``); a few such
    /// pixels are drawn with the nearest palette colours. A streaming ``GIFEncoder`` given no palette takes its first
    /// frame's.
    case global(sampledFrames: Int)
    /// A palette per frame (a local colour table), chosen from the part of the frame being written. Best colour
    /// fidelity; gradients may shift slightly from one frame to the next.
    case perFrame
    /// The given palette for every frame, written as the global colour table.
    case fixed(GIFPalette)
}

/// Settings of the GIF encoder and of GIF export (our addition).
public struct GIFOptions: Hashable, Sendable {
    /// Where the palette comes from; one global palette from 32 sampled frames by default.
    public var palette: GIFPaletteStrategy = .global(sampledFrames: 32)
    /// Most colours a chosen palette may have, 2…256, including the transparent entry when one is needed.
    public var maximumColors = 256
    /// Dithering; ordered by default, which keeps still areas still from frame to frame.
    public var dithering: GIFDithering = .ordered
    /// How often the file plays; forever by default.
    public var loop: GIFLoop = .forever
    /// Shortest frame delay written, in centiseconds (1…100, default 2). Frames that would be shown for less are
    /// dropped and their time given to the frame before (see ``GIFFrameSchedule``). Many viewers, browsers among
    /// them, show delays below 2 cs as 10 cs, so 60 fps GIFs with delays of 1 cs play far too slowly there.
    public var minimumDelay = 2
    /// The colour partly transparent pixels are composited over (GIF has only on/off transparency); white.
    public var matte: ExportColor = .white
    /// Whether fully transparent pixels are written transparent (`true`, the default) or as ``matte``.
    public var preservesTransparency = true
    /// Whether a frame is written as only the rectangle that changed since the previous frame (over an
    /// undisposed previous frame), and a frame identical to the previous one only lengthens its delay. Frames
    /// with transparent pixels, and the frames before them, are always written whole so that transparency is
    /// drawn on a cleared canvas. On by default; it never changes what a viewer shows.
    public var frameDifferencing = true

    /// The default settings.
    public init() {}

    /// Checks the numeric settings.
    /// - Throws: ``ExportError/invalidOption(_:)`` naming the setting and its range.
    func validate() throws(ExportError) {
        guard (2...256).contains(maximumColors) else {
            throw .invalidOption("GIF maximumColors must be 2…256, not \(maximumColors)")
        }
        guard (1...100).contains(minimumDelay) else {
            throw .invalidOption("GIF minimumDelay must be 1…100 centiseconds, not \(minimumDelay)")
        }
        if case .count(let plays) = loop, plays < 1 {
            throw .invalidOption("a GIF plays at least once; loop count \(plays) is not allowed")
        }
    }
}
