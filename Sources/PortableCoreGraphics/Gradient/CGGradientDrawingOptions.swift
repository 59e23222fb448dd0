/// Whether a gradient drawn by a context continues beyond its two ends: Apple's `CGGradientDrawingOptions`.
///
/// Without options a gradient paints only between its start (location 0) and end (location 1): for an axial
/// gradient the band between the two perpendicular lines through the start and end points, for a radial one
/// the region swept by the circles between the start and end circles.
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    /// The option bits (Apple's values: 1 and 2).
    public let rawValue: UInt32

    /// Options from their bits; unknown bits are kept but ignored.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Paint the colour at location 0 before the start (beyond the start line or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Paint the colour at location 1 after the end (beyond the end line or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
