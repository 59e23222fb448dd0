/// Why a bitmap ``CGContext`` could not be created. Our addition, not Apple API.
///
/// Apple's failable initializer only returns `nil` (and logs a line to the console). Ours does the same — the
/// message below goes to standard error — and ``CGContext/checkedBitmap(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)``
/// throws this error for code that wants the reason as a value.
public enum BitmapContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Width or height is zero or negative.
    case nonPositiveSize(width: Int, height: Int)
    /// Width or height is above 32 767 pixels, or the bitmap would need more than 1 GiB.
    case tooLarge(width: Int, height: Int)
    /// The pixel format is not one of the supported ones (see ``CGContext``).
    case unsupportedFormat(bitsPerComponent: Int, bitmapInfo: UInt32, colorSpaceModel: CGColorSpaceModel)
    /// `bytesPerRow` is negative, or positive but smaller than `4 × width`.
    case bytesPerRowTooSmall(bytesPerRow: Int, minimum: Int)

    /// One sentence saying what is wrong and what to pass instead.
    public var description: String {
        switch self {
        case .nonPositiveSize(let width, let height):
            return "CGContext: bitmap size \(width) × \(height) is empty; width and height must be at least 1"
        case .tooLarge(let width, let height):
            return
                "CGContext: bitmap size \(width) × \(height) is too large; each side must be at most 32767 pixels "
                + "and the bitmap at most 1 GiB"
        case .unsupportedFormat(let bits, let info, let model):
            return
                "CGContext: unsupported pixel format (bitsPerComponent \(bits), bitmapInfo 0x\(String(info, radix: 16)), "
                + "colour space model \(model)); use 8 bits per component in an RGB space with premultipliedLast, "
                + "noneSkipLast, or premultipliedFirst/noneSkipFirst with byteOrder32Little"
        case .bytesPerRowTooSmall(let bytesPerRow, let minimum):
            return "CGContext: bytesPerRow \(bytesPerRow) is too small; pass 0 (computed) or at least \(minimum)"
        }
    }
}
