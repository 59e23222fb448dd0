import Foundation

/// One image block of a GIF whose place in the file is decided and whose pixels wait to be encoded (our helper).
///
/// ``GIFEncoder`` decides, frame after frame, whether a frame is written whole or as the rectangle that changed
/// since the previous written frame, how long it shows and how it is disposed of; those decisions depend on the
/// frames before and after it. What remains — finding that rectangle, the palette (a local table when the frame
/// needs one), the mapping of pixels to palette indices, and LZW — depends only on this value, so
/// ``GIFFrameWriter`` can do it on any thread and frames can be encoded in parallel with the same bytes as one after
/// another.
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
    /// The frame's height in pixels.
    let height: Int
    /// The frame the viewer shows before this one, when only what changed since it is written; `nil` when the
    /// whole frame is.
    let previous: [UInt32]?
    /// How long the frame shows, in centiseconds (0…65 535).
    let delay: Int
    /// Whether the frame has transparent pixels (written with the palette's transparent entry).
    let hasTransparency: Bool
    /// The graphic control block's disposal: 2 (restore to background) when the next frame has transparent pixels,
    /// else 1 (leave in place).
    let disposal: UInt8
    /// The file's global palette, or nil when every frame gets a palette of its own.
    let globalPalette: GIFPalette?

    /// The part of the frame written: the whole frame, or the smallest rectangle holding every pixel where it
    /// differs from ``previous`` (1 × 1 at the origin when nothing differs). Computed on each use, by the thread
    /// that encodes the frame (comparing two frames is a pass over both, too long for the thread that plans them).
    func changedRect() -> Rect {
        guard let previous else { return Rect(x: 0, y: 0, columns: width, rows: height) }
        precondition(previous.count == pixels.count, "PlannedGIFFrame: frames of different sizes")
        let width = self.width
        return previous.withUnsafeBufferPointer { old in
            pixels.withUnsafeBufferPointer { new in
                let rowBytes = width * 4
                func rowDiffers(_ row: Int) -> Bool {
                    memcmp(old.baseAddress! + row * width, new.baseAddress! + row * width, rowBytes) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else {
                    return Rect(x: 0, y: 0, columns: 1, rows: 1)
                }
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
                return Rect(x: left, y: top, columns: right - left + 1, rows: bottom - top + 1)
            }
        }
    }
}
