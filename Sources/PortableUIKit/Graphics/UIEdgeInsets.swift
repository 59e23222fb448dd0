import Foundation

/// Distances inward from the four edges of a rectangle, in points (Apple API). Positive values shrink the rectangle,
/// negative ones grow it.
public struct UIEdgeInsets: Equatable, Sendable {
    /// The inset from the top (minimum y) edge.
    public var top: CGFloat
    /// The inset from the left (minimum x) edge.
    public var left: CGFloat
    /// The inset from the bottom (maximum y) edge.
    public var bottom: CGFloat
    /// The inset from the right (maximum x) edge.
    public var right: CGFloat

    /// No inset on any edge (Apple API).
    public static let zero = UIEdgeInsets()

    /// All four insets 0 (Apple API).
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// The four insets (Apple API).
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

extension CGRect {
    /// The rectangle moved in by `insets` (Apple API, `UIEdgeInsetsInsetRect`): the origin moves by (`left`, `top`)
    /// and the size shrinks by `left + right` and `top + bottom`, with no standardizing, so insets larger than the
    /// rectangle give a negative size: (0, 0, 100, 50) inset by (10, 20, 5, 15) is (20, 10, 65, 35).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top, width: size.width - (insets.left + insets.right),
            height: size.height - (insets.top + insets.bottom))
    }
}
