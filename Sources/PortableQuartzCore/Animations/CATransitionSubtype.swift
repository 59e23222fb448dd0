/// The direction a moving `CATransition` comes from (Apple API).
///
/// The raw values are the strings of Apple's `kCATransitionFrom…` constants. `.fade` transitions ignore it.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The subtype's name, for example `"fromLeft"`.
    public let rawValue: String

    /// A subtype with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A subtype with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The new picture enters from the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")

    /// The new picture enters from the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")

    /// The new picture enters from the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")

    /// The new picture enters from the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
