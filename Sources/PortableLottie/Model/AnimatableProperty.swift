/// A property of a Lottie object that may change over time (our model of the format's animatable property).
///
/// Always holds at least one keyframe: a fixed value is one keyframe at frame 0. Keyframes are in frame order
/// (the decoder rejects files whose keyframes go backwards). An After Effects expression attached to the property
/// is kept as text in ``expression`` so it can be reported; it is never evaluated.
public struct AnimatableProperty<Value: Sendable>: Sendable {
    /// The keyframes, in frame order; never empty.
    public let keyframes: [Keyframe<Value>]
    /// The After Effects expression attached to the property, if any (not evaluated).
    public let expression: String?

    /// A property that always has `value`.
    public init(_ value: Value) {
        keyframes = [Keyframe(frame: 0, value: value)]
        expression = nil
    }

    /// A property with these keyframes; `keyframes` must not be empty and must be in frame order.
    public init(keyframes: [Keyframe<Value>], expression: String? = nil) {
        precondition(!keyframes.isEmpty, "an animatable property needs at least one keyframe")
        self.keyframes = keyframes
        self.expression = expression
    }

    /// Whether the value changes over time (more than one keyframe).
    public var isAnimated: Bool { keyframes.count > 1 }

    /// The value of the first keyframe.
    public var initialValue: Value { keyframes[0].value }

    /// The same keyframes with transformed values.
    func map<Other>(_ transform: (Value) -> Other) -> AnimatableProperty<Other> {
        AnimatableProperty<Other>(keyframes: keyframes.map { $0.map(transform) }, expression: expression)
    }
}
