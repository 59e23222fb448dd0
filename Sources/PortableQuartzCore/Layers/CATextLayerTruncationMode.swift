/// Where a text layer cuts text that does not fit its bounds and puts an ellipsis (Apple API).
///
/// The raw values are the strings of Apple's `kCATruncation…` constants. Other names are stored and read back
/// unchanged.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
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

    /// The text is not truncated; what does not fit is clipped (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")

    /// The beginning of the line is replaced by an ellipsis.
    public static let start = CATextLayerTruncationMode(rawValue: "start")

    /// The end of the line is replaced by an ellipsis.
    public static let end = CATextLayerTruncationMode(rawValue: "end")

    /// The middle of the line is replaced by an ellipsis.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
