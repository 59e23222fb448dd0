import Foundation

/// A distance to move something by, in points (Apple API): `horizontal` to the right, `vertical` down.
public struct UIOffset: Equatable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    /// No offset (Apple API).
    public static let zero = UIOffset()

    /// No offset (Apple API).
    public init() {
        self.init(horizontal: 0, vertical: 0)
    }

    /// An offset of `horizontal` and `vertical` points (Apple API).
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}
