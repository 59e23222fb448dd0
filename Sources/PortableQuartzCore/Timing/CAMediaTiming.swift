/// A time interval in seconds, as Core Foundation spells it.
///
/// Apple's `CFTimeInterval` comes from CoreFoundation; Foundation on Linux does not export it, so we declare the
/// same alias here. It is exactly `Double`, so values pass freely between the two spellings.
public typealias CFTimeInterval = Double

/// What a timed object shows outside its active period (Apple API).
///
/// The raw values are the strings of Apple's `kCAFillMode…` constants. A fill mode that is none of the four known
/// values behaves like `.removed`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The fill mode's name, for example `"forwards"`.
    public let rawValue: String

    /// A fill mode with the given name. Names other than the four constants behave like `.removed`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// After the active period ends, the object keeps showing its final state.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")

    /// Before the active period begins, the object already shows its initial state.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")

    /// Both `.forwards` and `.backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    /// Outside its active period the object contributes nothing (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")

    /// Whether this mode shows the initial state before the active period (`.backwards` or `.both`).
    var fillsBackwards: Bool {
        self == .backwards || self == .both
    }

    /// Whether this mode keeps the final state after the active period (`.forwards` or `.both`).
    var fillsForwards: Bool {
        self == .forwards || self == .both
    }
}

/// The hierarchical timing properties shared by layers and animations (Apple API).
///
/// Each timed object maps its parent's time into its own local time: it starts at `beginTime` (parent seconds),
/// runs `speed` times as fast as its parent, is shifted by `timeOffset` (local seconds), plays one cycle of
/// `duration` seconds (twice as long when it `autoreverses`), repeats by `repeatCount` or for `repeatDuration`,
/// and shows what `fillMode` says outside that period. `TimingParameters` is the value form of these eight
/// properties and holds the arithmetic.
///
/// Apple's protocol refines `NSObjectProtocol`; ours only requires a class, which keeps `{ get set }` usable
/// through constrained generics exactly as on Apple platforms.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time space (seconds). Default 0.
    var beginTime: CFTimeInterval { get set }

    /// The length of one simple cycle in local seconds. Default 0 (an animation then receives a default duration
    /// when it is added to a layer); layers default to infinity.
    var duration: CFTimeInterval { get set }

    /// How fast local time runs relative to the parent (a `Float`, widened to `Double` in every computation).
    /// Default 1; 0 freezes local time at `timeOffset`; negative values run backwards.
    var speed: Float { get set }

    /// A shift added to local time after scaling by `speed` (local seconds). Default 0.
    var timeOffset: CFTimeInterval { get set }

    /// How many cycles to play; fractions and infinity allowed. Default 0, which means once.
    var repeatCount: Float { get set }

    /// How long to keep repeating, in local seconds. Default 0, which means unused.
    var repeatDuration: CFTimeInterval { get set }

    /// Whether each cycle plays forwards and then backwards. Default false.
    var autoreverses: Bool { get set }

    /// What the object shows outside its active period. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}
