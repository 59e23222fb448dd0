/// The kind of picture change a `CATransition` plays (Apple API).
///
/// The raw values are the strings of Apple's `kCATransition…` constants. UIKit also uses private names
/// (`"oglFlip"`, `"pageCurl"`, `"cube"`, …); such names are stored and reported unchanged.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The type's name, for example `"push"`.
    public let rawValue: String

    /// A type with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A type with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The new picture fades in over the old one (the default).
    public static let fade = CATransitionType(rawValue: "fade")

    /// The new picture slides in over the old one from the subtype's side.
    public static let moveIn = CATransitionType(rawValue: "moveIn")

    /// The new picture slides in from the subtype's side and pushes the old one out the other side.
    public static let push = CATransitionType(rawValue: "push")

    /// The old picture slides away from the subtype's side, uncovering the new one, which stays still.
    public static let reveal = CATransitionType(rawValue: "reveal")
}
