/// A point or vector in the plane, in double precision.
///
/// Coordinates are whatever space the caller is working in: user space before an ``Affine2D`` is
/// applied, device pixels after it. In device space the pixel at column `i`, row `j` covers the square
/// `[i, i + 1) × [j, j + 1)`, so the centre of the top-left pixel is `(0.5, 0.5)` and y grows downward.
@_spi(Engine) public struct RasterPoint: Hashable, Sendable {
    /// Horizontal coordinate.
    @_spi(Engine) public var x: Double
    /// Vertical coordinate.
    @_spi(Engine) public var y: Double

    /// Creates a point from its two coordinates.
    @inlinable
    @_spi(Engine) public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    @_spi(Engine) public static let zero = RasterPoint(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    @inlinable
    @_spi(Engine) public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Component-wise sum.
    @inlinable
    @_spi(Engine) public static func + (lhs: RasterPoint, rhs: RasterPoint) -> RasterPoint {
        RasterPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    @inlinable
    @_spi(Engine) public static func - (lhs: RasterPoint, rhs: RasterPoint) -> RasterPoint {
        RasterPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Both coordinates multiplied by `scale`.
    @inlinable
    @_spi(Engine) public static func * (lhs: RasterPoint, scale: Double) -> RasterPoint {
        RasterPoint(x: lhs.x * scale, y: lhs.y * scale)
    }

    /// The point a fraction `t` of the way from `self` to `other` (`t = 0` gives `self`, `t = 1` gives `other`).
    @inlinable
    @_spi(Engine) public func interpolated(to other: RasterPoint, by t: Double) -> RasterPoint {
        RasterPoint(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// Euclidean length of the vector from the origin to this point.
    @inlinable
    @_spi(Engine) public var length: Double { (x * x + y * y).squareRoot() }
}
