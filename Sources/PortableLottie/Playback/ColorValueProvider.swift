/// A colour that replaces the file's colour of the fills and strokes an ``AnimationKeypath`` names (reads like
/// lottie-ios's `ColorValueProvider`; see ``LottieAnimationLayer/setValueProvider(_:keypath:)``).
public struct ColorValueProvider: Sendable {
    /// The colour over time, in the frames of the composition that holds the shape.
    let color: AnimatableProperty<[Double]>

    /// The same colour at every frame.
    public init(_ color: LottieColor) {
        self.color = AnimatableProperty(color.components)
    }

    /// Colours at frames of the composition that holds the shape (blended linearly between them, held outside);
    /// the keyframes must not be empty and must be in frame order.
    public init(_ keyframes: [Keyframe<LottieColor>]) {
        color = AnimatableProperty(keyframes: keyframes.map { $0.map(\.components) })
    }
}
