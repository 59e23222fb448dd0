/// The frame rates, in frames per second, that a display link (or an animation) is content to run at
/// (Apple API).
///
/// `minimum` and `maximum` bound the acceptable rates and `preferred` is the rate wanted most; all are frames per
/// second. `.default` (all zero, `preferred` nil) asks for nothing in particular, which a display link reads as "the
/// display's full rate".
///
/// A display can only call back on its own refresh grid, so the rate a link actually gets is the refresh rate
/// divided by a whole number of display frames (on a 60 Hz display: 60, 30, 20, 15, 12, 10, …):
///
/// * the rates inside `minimum…maximum` are the candidates (a `minimum` of 0 sets no lower bound, a `maximum` of 0
///   no upper bound); when no such rate exists, or when `minimum > maximum`, every rate is a candidate;
/// * among the candidates the one nearest to `preferred` wins, or nearest to `maximum` when `preferred` is nil,
///   or the display's rate when both are unset; a tie goes to the higher rate.
///
/// Worked: on a 60 Hz display `(minimum: 10, maximum: 60, preferred: 24)` gives 20 fps (every 3rd frame: 20 is 4
/// away from 24, 30 is 6 away); `(minimum: 30, maximum: 120, preferred: 120)` gives 60 fps; `(minimum: 45,
/// maximum: 50)` has no candidate on the grid and gives 60 fps, the rate nearest to 50.
///
/// Like Apple's C struct, the range stores one number for `preferred`: a preferred rate of 0 reads back as nil.
/// NaN and negative values count as 0 (unset) when a link picks its rate.
///
/// Deviations: `Hashable` (Apple's Swift overlay offers `==`); Apple's exact choice inside a range also
/// weighs power and thermal state, which has no counterpart here.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest acceptable rate in frames per second; 0 means no lower bound.
    public var minimum: Float

    /// The highest acceptable rate in frames per second; 0 means no upper bound.
    public var maximum: Float

    /// The stored preferred rate; 0 means none.
    private var preferredStorage: Float

    /// The rate wanted most, in frames per second, or nil for no preference. Setting 0 or nil clears it (both read
    /// back as nil).
    public var preferred: Float? {
        get { preferredStorage == 0 ? nil : preferredStorage }
        set { preferredStorage = newValue ?? 0 }
    }

    /// The empty request: `minimum` 0, `maximum` 0, `preferred` nil (equal to `.default`).
    public init() {
        self.init(minimum: 0, maximum: 0, preferred: nil)
    }

    /// A range from `minimum` to `maximum` frames per second, optionally preferring `preferred` (all stored as
    /// given; how odd values are read is described on the type).
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferredStorage = preferred ?? 0
    }

    /// No particular request: the display link runs at the display's full rate.
    public static let `default` = CAFrameRateRange()
}

// MARK: - Choosing a rate on a refresh grid

extension CAFrameRateRange {
    /// How many display frames pass between two callbacks of a link asking for this range on a display refreshing
    /// `refreshRate` times a second (1 = every frame). The rules and worked numbers are in the type's description.
    ///
    /// - Precondition: `refreshRate` is finite and positive.
    func displayFrameStride(refreshRate: Double) -> Int {
        Self.displayFrameStride(
            refreshRate: refreshRate,
            minimum: Double(minimum),
            maximum: Double(maximum),
            preferred: Double(preferredStorage))
    }

    /// The stride (display frames per callback) whose rate `refreshRate / stride` best matches a request for
    /// `preferred` frames per second inside `minimum…maximum` (each in frames per second; 0, negative and NaN mean
    /// unset). The result is at least 1 and at most 10⁹.
    static func displayFrameStride(refreshRate: Double, minimum: Double, maximum: Double, preferred: Double) -> Int {
        precondition(
            refreshRate.isFinite && refreshRate > 0,
            "a display refresh rate must be finite and positive, got \(refreshRate)")
        let largestStride = 1_000_000_000.0
        var low = minimum > 0 ? minimum : 0  // NaN fails the test, so it reads as 0
        var high = maximum > 0 ? maximum : Double.infinity
        if low > high {
            low = 0
            high = .infinity
        }
        let target: Double
        if preferred > 0 {
            target = preferred
        } else if high.isFinite {
            target = high
        } else {
            target = refreshRate
        }

        // Strides whose rate lies in [low, high]: refreshRate / stride <= high and >= low.
        var fewest = Swift.max(1, (refreshRate / high).rounded(.up))
        var most = low > 0 ? Swift.min(largestStride, (refreshRate / low).rounded(.down)) : largestStride
        if fewest > most {
            fewest = 1
            most = largestStride
        }
        let ideal = Swift.min(largestStride, refreshRate / target)
        let below = Swift.min(Swift.max(ideal.rounded(.down), fewest), most)
        let above = Swift.min(Swift.max(ideal.rounded(.up), fewest), most)
        // The smaller stride is the higher rate, so it wins ties.
        let chosen = abs(refreshRate / above - target) < abs(refreshRate / below - target) ? above : below
        return Int(chosen)
    }
}
