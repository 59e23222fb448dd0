/// The side a moving `CATransition` comes from (`CATransitionSubtype`, our typed form).
///
/// Raw values are the strings of Apple's `kCATransitionFrom…` constants. A nil subtype and unknown names come from
/// the left, as the renderer has always drawn them (Apple documents no direction for either).
public enum TransitionDirection: String, StringChoice {
    /// The new picture enters from the right edge.
    case fromRight
    /// The new picture enters from the left edge (also for a nil subtype).
    case fromLeft
    /// The new picture enters from the top edge.
    case fromTop
    /// The new picture enters from the bottom edge.
    case fromBottom

    /// `fromLeft`.
    public static let fallback = TransitionDirection.fromLeft
}
