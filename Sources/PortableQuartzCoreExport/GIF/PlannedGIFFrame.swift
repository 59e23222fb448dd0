/// One image block of a GIF whose place in the file is decided and whose pixels wait to be encoded (our helper).
///
/// ``GIFEncoder`` decides, frame after frame, which part of a frame is written (the whole frame, or the rectangle
/// that changed since the previous written frame), how long it shows and how it is disposed of; those decisions
/// depend on the frames before and after it. What remains — the palette (a local table when the frame needs one),
/// the mapping of pixels to palette indices, and LZW — depends only on this value, so ``GIFFrameWriter`` can do it
/// on any thread and frames can be encoded in parallel with the same bytes as one after another.
struct PlannedGIFFrame: Sendable {
    /// A rectangle of the frame in pixels: top-left corner, columns and rows (at least 1 × 1).
    struct Rect: Hashable, Sendable {
        let x: Int
        let y: Int
        let columns: Int
        let rows: Int
    }

    /// The whole frame's working pixels (see `WorkingPixels`), `width` per row.
    let pixels: [UInt32]
    /// The frame's width in pixels.
    let width: Int
    /// The part of the frame written.
    let rect: Rect
    /// How long the frame shows, in centiseconds (0…65 535).
    let delay: Int
    /// Whether the frame has transparent pixels (written with the palette's transparent entry).
    let hasTransparency: Bool
    /// The graphic control block's disposal: 2 (restore to background) when the next frame has transparent pixels,
    /// else 1 (leave in place).
    let disposal: UInt8
    /// The file's global palette, or nil when every frame gets a palette of its own.
    let globalPalette: GIFPalette?
}
