/// How a `CATextLayer` aligns its lines (`CATextLayerAlignmentMode`, our typed form).
///
/// Raw values are the strings of Apple's `kCAAlignment…` constants. Unknown names align naturally, the default.
public enum TextAlignment: String, StringChoice {
    /// The script's natural edge: left, as only left-to-right text is laid out (the default).
    case natural
    /// Flush with the left edge.
    case left
    /// Flush with the right edge.
    case right
    /// Centred between the edges.
    case center
    /// Spread to both edges, except the last line of a paragraph.
    case justified

    /// `natural`.
    public static let fallback = TextAlignment.natural
}
