/// The bounds the decoder and the layer builder keep to, so that no file, however hostile, makes them crash,
/// hang or allocate without bound (our own constants; real animations stay far inside them).
public enum LottieLimits {
    /// The largest file ``LottieAnimation/init(contentsOf:)`` and ``LottieAnimation/init(data:)`` read: 64 MiB.
    public static let maximumFileSize = 64 << 20
    /// The largest composition or precomposition side in points: 100 000.
    public static let maximumSide = 100_000.0
    /// The highest frame rate: 1 000 frames per second.
    public static let maximumFrameRate = 1_000.0
    /// The lowest frame rate: 0.001 frames per second (a frame every 1 000 s), so that every time in the file, at
    /// most ``maximumFrame`` frames away, stays a finite number of seconds (`fr` 3·10⁻³²² made a 20-frame
    /// animation infinitely long; found by FuzzLottie).
    public static let minimumFrameRate = 0.001
    /// The largest frame number anywhere (times, in and out points): 10⁹.
    public static let maximumFrame = 1e9
    /// The most copies one repeater makes: 1 000.
    public static let maximumRepeaterCopies = 1_000
    /// The most points a star or polygon has: 1 000.
    public static let maximumStarPoints = 1_000.0
    /// The most colour stops a gradient has: 1 000.
    public static let maximumGradientStops = 1_000
    /// The most layers one animation builds, counting every use of a precomposition, every repeater copy, every
    /// parent a layer is wrapped in, every mask and every line or glyph of text: 20 000. Beyond it the builder
    /// stops adding layers and reports it.
    public static let maximumBuiltLayers = 20_000
    /// The most keyframe values and path vertices one build makes: 1 000 000, counting the keyframes of every use
    /// of a precomposition, every sample of a sampled property and every vertex of every path (fixed paths too;
    /// other fixed values are free). Beyond it a property keeps its first value, a path is left out, and the build
    /// reports it.
    public static let maximumAnimationValues = 1_000_000
    /// How deep precompositions nest: 64.
    public static let maximumNesting = 64
    /// The most frames a property is sampled at when Core Animation cannot express it directly (time remapping,
    /// swapped trim ends): 10 000.
    public static let maximumSampledFrames = 10_000
}
