/// Which regions of a path count as inside, for filling, clipping and `CGPath.contains(_:using:transform:)`.
///
/// Both rules cast a ray from the point to infinity and look at the path segments it crosses (every subpath is
/// treated as closed). Raw values are Apple's (`Int`, 0 and 1).
public enum CGPathFillRule: Int, Hashable, Sendable {
    /// Inside when the signed crossing count is not zero: a segment crossing upward adds 1, downward subtracts 1.
    /// Two nested rectangles drawn in the same direction are both filled, the inner one included.
    case winding = 0
    /// Inside when the number of crossings is odd, whatever their direction. The inner of two nested
    /// rectangles is a hole.
    case evenOdd = 1
}
