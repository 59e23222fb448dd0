/// Where a `CATextLayer` cuts a line too wide for its bounds (`CATextLayerTruncationMode`, our typed form).
///
/// Raw values are the strings of Apple's `kCATruncation…` constants. Unknown names do not truncate, the default.
public enum TextTruncation: String, StringChoice {
    /// No cut (the default).
    case none
    /// "…" replaces the start of the line.
    case start
    /// "…" replaces the middle of the line.
    case middle
    /// "…" replaces the end of the line.
    case end

    /// `none`.
    public static let fallback = TextTruncation.none
}
