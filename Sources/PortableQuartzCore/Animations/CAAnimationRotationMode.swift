/// Whether a layer moving along a keyframe animation's path turns to follow it (Apple API).
///
/// The raw values are the strings of Apple's `kCAAnimationRotate…` constants. Only meaningful together with
/// `CAKeyframeAnimation.path`; any other name behaves like no rotation at all.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, `"auto"` or `"autoReverse"`.
    public let rawValue: String

    /// A mode with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A mode with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The layer is turned about z by the direction of travel, `atan2(dy, dx)` of the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")

    /// Like `.rotateAuto`, turned a further half turn (π), so the layer faces backwards along the path.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
