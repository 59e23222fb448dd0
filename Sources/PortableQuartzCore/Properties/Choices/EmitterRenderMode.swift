/// In what order, and how, a `CAEmitterLayer` draws its particles (`CAEmitterLayerRenderMode`, our typed form).
///
/// Raw values are the strings of Apple's `kCAEmitterLayer…` render-mode constants. Unknown names draw unordered,
/// the default.
public enum EmitterRenderMode: String, StringChoice {
    /// In the order they were generated (the default).
    case unordered
    /// Oldest particles first, so the youngest are on top.
    case oldestFirst
    /// Youngest particles first, so the oldest are on top.
    case oldestLast
    /// Farthest particles (smallest z) first.
    case backToFront
    /// In generation order, each added to what lies below it (plus-lighter).
    case additive

    /// `unordered`.
    public static let fallback = EmitterRenderMode.unordered
}
