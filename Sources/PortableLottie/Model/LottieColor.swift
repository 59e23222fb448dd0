/// A colour in the animation's sRGB space, components 0…1 (reads like lottie-ios's `LottieColor`).
public struct LottieColor: Hashable, Sendable {
    /// Red, 0…1.
    public var r: Double
    /// Green, 0…1.
    public var g: Double
    /// Blue, 0…1.
    public var b: Double
    /// Alpha, 0…1. Shapes draw colours opaque, as they draw the file's own colours (opacity is its own property).
    public var a: Double

    /// A colour of these components (0…1; values outside are clamped when drawn).
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The components as the file stores a colour.
    var components: [Double] { [r, g, b, a] }
}
