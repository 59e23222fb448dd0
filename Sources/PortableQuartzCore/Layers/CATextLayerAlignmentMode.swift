/// How a text layer places each line of text horizontally in its bounds (Apple API).
///
/// The raw values are the strings of Apple's `kCAAlignment…` constants. Other names are stored and read back unchanged.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The constant's name, for example `"natural"`.
    public let rawValue: String

    /// A value with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A value with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Aligned by the script's natural direction: left for left-to-right text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")

    /// Lines start at the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")

    /// Lines end at the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")

    /// Lines are centred between the left and right edges.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")

    /// Lines other than the last fill the width by widening the spaces; the last starts at the natural edge.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
