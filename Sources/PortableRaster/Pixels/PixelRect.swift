/// A rectangle of whole device pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// A rectangle with a zero or negative width or height is empty and contains no pixels.
public struct PixelRect: Hashable, Sendable {
    /// First column.
    public var x: Int
    /// First row.
    public var y: Int
    /// Number of columns (empty when ≤ 0).
    public var width: Int
    /// Number of rows (empty when ≤ 0).
    public var height: Int

    /// Creates a rectangle from its origin and size in pixels.
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the last column.
    @inlinable
    public var maxX: Int { x + width }

    /// One past the last row.
    @inlinable
    public var maxY: Int { y + height }

    /// Whether the rectangle holds no pixels.
    @inlinable
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the pixel at column `px`, row `py` lies inside.
    @inlinable
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The pixels inside both rectangles; ``zero`` when they do not overlap.
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = Swift.max(x, other.x)
        let top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        guard right > left, bottom > top, !isEmpty, !other.isEmpty else { return .zero }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
