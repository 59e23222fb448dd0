/// A rectangle of whole device pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// A rectangle with a zero or negative width or height is empty and contains no pixels.
@_spi(Engine) public struct PixelRect: Hashable, Sendable {
    /// First column.
    @_spi(Engine) public var x: Int
    /// First row.
    @_spi(Engine) public var y: Int
    /// Number of columns (empty when ≤ 0).
    @_spi(Engine) public var width: Int
    /// Number of rows (empty when ≤ 0).
    @_spi(Engine) public var height: Int

    /// Creates a rectangle from its origin and size in pixels.
    @inlinable
    @_spi(Engine) public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    @_spi(Engine) public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the last column.
    @inlinable
    @_spi(Engine) public var maxX: Int { x + width }

    /// One past the last row.
    @inlinable
    @_spi(Engine) public var maxY: Int { y + height }

    /// Whether the rectangle holds no pixels.
    @inlinable
    @_spi(Engine) public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the pixel at column `px`, row `py` lies inside.
    @inlinable
    @_spi(Engine) public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The pixels inside both rectangles; ``zero`` when they do not overlap.
    @inlinable
    @_spi(Engine) public func intersection(_ other: PixelRect) -> PixelRect {
        let left = Swift.max(x, other.x)
        let top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        guard right > left, bottom > top, !isEmpty, !other.isEmpty else { return .zero }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both; an empty rectangle adds nothing (two empty ones give the first).
    @inlinable
    @_spi(Engine) public func union(_ other: PixelRect) -> PixelRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let left = Swift.min(x, other.x)
        let top = Swift.min(y, other.y)
        return PixelRect(
            x: left, y: top, width: Swift.max(maxX, other.maxX) - left, height: Swift.max(maxY, other.maxY) - top)
    }
}
