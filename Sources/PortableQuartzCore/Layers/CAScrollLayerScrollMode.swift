/// The axes along which a scroll layer may move its bounds origin (Apple API).
///
/// The raw values are the strings of Apple's `kCAScroll…` constants. Any other name scrolls along no axis.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"none"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The layer does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")

    /// Only the y coordinate of the bounds origin changes.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")

    /// Only the x coordinate of the bounds origin changes.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")

    /// Both coordinates change (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}
