/// How a keyframe animation computes the values between its keyframes (Apple API).
///
/// The raw values are the strings of Apple's `kCAAnimation…` constants. A mode that is none of the five known
/// names behaves like `.linear`.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, for example `"cubicPaced"`.
    public let rawValue: String

    /// A mode with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A mode with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Straight-line interpolation between neighbouring keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")

    /// No interpolation: each keyframe's value holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")

    /// Straight segments travelled at one constant speed; `keyTimes` and `timingFunctions` are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")

    /// A smooth Kochanek–Bartels spline through the keyframes, shaped by the tension, continuity and bias values.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")

    /// The `.cubic` spline travelled at one constant speed; `keyTimes` and `timingFunctions` are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
