/// Trim paths: draws only the part of each outline between `start` and `end` percent of its length, shifted by
/// `offset` degrees (360° is one whole length).
public struct TrimPaths: Sendable {
    /// How several outlines are trimmed (`m`).
    public enum Mode: Sendable {
        /// Each outline is trimmed by the same percentages (1, the default).
        case simultaneously
        /// The outlines are trimmed as one path laid end to end (2).
        case individually
    }

    /// Start in percent.
    public let start: AnimatableProperty<Double>
    /// End in percent.
    public let end: AnimatableProperty<Double>
    /// Offset in degrees.
    public let offset: AnimatableProperty<Double>
    /// How several outlines are trimmed.
    public let mode: Mode

    /// Whether the trim never removes anything (0 to 100 % without offset all the time).
    var isNeutral: Bool {
        start.keyframes.allSatisfy { $0.value == 0 } && end.keyframes.allSatisfy { $0.value == 100 }
            && offset.keyframes.allSatisfy { $0.value == 0 }
    }
}

/// A repeater: `copies` copies of the items before it, each transformed once more by `transform`.
public struct ShapeRepeater: Sendable {
    /// The number of copies (rounded; at most ``LottieLimits/maximumRepeaterCopies``).
    public let copies: AnimatableProperty<Double>
    /// Shifts which copy the transform starts from.
    public let offset: AnimatableProperty<Double>
    /// Whether later copies draw above earlier ones (`m` 1, the default) or below (2).
    public let copiesAbove: Bool
    /// The transform applied once per copy.
    public let transform: LottieTransform
    /// The first copy's opacity in percent.
    public let startOpacity: AnimatableProperty<Double>
    /// The last copy's opacity in percent.
    public let endOpacity: AnimatableProperty<Double>
}
