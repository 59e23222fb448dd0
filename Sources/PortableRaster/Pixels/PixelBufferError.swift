/// Why a ``PixelBuffer`` could not be created.
@_spi(Engine) public enum PixelBufferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The width or the height was zero or negative.
    case nonPositiveSize(width: Int, height: Int)
    /// A side exceeds ``PixelBuffer/maximumSide`` or the storage would exceed ``PixelBuffer/maximumByteCount``.
    case tooLarge(width: Int, height: Int)
    /// The requested row stride cannot hold `width` pixels of 4 bytes.
    case bytesPerRowTooSmall(bytesPerRow: Int, minimum: Int)
    /// Supplied storage is shorter than `bytesPerRow × (height − 1) + width × 4` bytes.
    case storageTooSmall(count: Int, required: Int)

    @_spi(Engine) public var description: String {
        switch self {
        case .nonPositiveSize(let width, let height):
            return "pixel buffer size \(width)×\(height) is empty; width and height must both be at least 1"
        case .tooLarge(let width, let height):
            return "pixel buffer size \(width)×\(height) is too large; each side must be at most "
                + "\(PixelBuffer.maximumSide) and the storage at most \(PixelBuffer.maximumByteCount) bytes "
                + "(draw in tiles for bigger images)"
        case .bytesPerRowTooSmall(let bytesPerRow, let minimum):
            return "bytesPerRow \(bytesPerRow) is too small; rows of this width need at least \(minimum) bytes"
        case .storageTooSmall(let count, let required):
            return "pixel storage holds \(count) bytes but the size and row stride need \(required)"
        }
    }
}
