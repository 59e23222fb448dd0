/// How a path is turned into a stroke: the pen width, the shape of open ends and corners, and an optional dash
/// pattern.
///
/// All lengths (``width``, ``dashLengths``, ``dashPhase``) are in the path's own coordinates (user space), before
/// the device transform. A transform that scales x and y differently therefore turns the round pen into an
/// ellipse and stretches dashes along with the path, as a drawing API that strokes in user space does.
///
/// ## Special values
/// - ``width`` `0` draws a *hairline*: the thinnest visible line, exactly one device pixel wide whatever the
///   transform (the pen is then a disc of diameter 1 in device space; caps and joins keep their shapes there).
/// - A negative or non-finite width draws nothing.
/// - A dash array that is empty, all zeros, or holds a negative or non-finite entry means a solid line. An odd
///   number of entries is used twice over (`[5]` means 5 on, 5 off; `[1, 2, 3]` means 1 on, 2 off, 3 on, 1 off,
///   2 on, 3 off). A zero-length "on" entry still draws its caps (round caps then make dots).
/// - A non-finite ``dashPhase`` counts as `0`; a negative one starts that far *before* the pattern's beginning.
/// - A ``miterLimit`` that is NaN counts as the default, 10.
@_spi(Engine) public struct StrokeStyle: Hashable, Sendable {
    /// The shape drawn at each open end of a stroked subpath (and of each dash).
    @_spi(Engine) public enum Cap: Hashable, Sendable {
        /// The stroke ends flat, exactly at the end point; a zero-length piece draws nothing.
        case butt
        /// A half disc of the pen's radius is added beyond the end point; a zero-length piece draws a full disc.
        case round
        /// The stroke is extended by half the width beyond the end point, with a flat end; a zero-length piece
        /// draws a square of side `width` aligned with the path's direction (the x axis of user space when the
        /// piece has no direction of its own).
        case square
    }

    /// The shape drawn at a corner between two segments of a subpath.
    @_spi(Engine) public enum Join: Hashable, Sendable {
        /// The outer edges are extended until they meet in a point. The miter length (from the inner corner to
        /// that tip) divided by the width is `1 / sin(φ/2)` for an angle `φ` between the segments; where it
        /// exceeds ``StrokeStyle/miterLimit`` the corner is bevelled instead.
        case miter
        /// A circular arc of the pen's radius, centred on the corner.
        case round
        /// The outer corners of the two segments are joined by a straight edge.
        case bevel
    }

    /// The miter limit a new style gets, and the one NaN stands for: 10, which bevels corners sharper than about
    /// 11.5°.
    @_spi(Engine) public static let defaultMiterLimit = 10.0

    /// Pen width in user-space units: half lies on each side of the path. `0` draws a one-device-pixel hairline;
    /// negative or non-finite values draw nothing.
    @_spi(Engine) public var width: Double
    /// The shape of open ends.
    @_spi(Engine) public var cap: Cap
    /// The shape of corners.
    @_spi(Engine) public var join: Join
    /// The largest allowed ratio of miter length to line width, `1 / sin(φ/2)`, before a miter corner with
    /// angle `φ` between its segments is bevelled; a ratio exactly at the limit is still mitered. Values below 1
    /// bevel every corner. The angle is the one in user space, where the stroke is defined, so a transform that
    /// scales unevenly does not change which corners are bevelled.
    @_spi(Engine) public var miterLimit: Double
    /// Alternating "on" and "off" lengths in user-space units, starting with "on"; see the type's documentation
    /// for the values that mean a solid line.
    @_spi(Engine) public var dashLengths: [Double]
    /// How far into the dash pattern each subpath starts, in user-space units.
    @_spi(Engine) public var dashPhase: Double

    /// Creates a style; the defaults are a solid one-unit line with butt caps and miter joins (limit 10).
    @_spi(Engine) public init(
        width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = StrokeStyle.defaultMiterLimit,
        dashLengths: [Double] = [], dashPhase: Double = 0
    ) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashLengths = dashLengths
        self.dashPhase = dashPhase
    }

    /// Whether the style draws a one-device-pixel hairline (width exactly 0).
    @_spi(Engine) public var isHairline: Bool { width == 0 }

    /// Whether the style draws anything at all (width zero or positive and finite).
    @_spi(Engine) public var drawsAnything: Bool { width >= 0 && width.isFinite }

    /// Whether ``dashLengths`` describes a real pattern (see the type's documentation); `false` means solid.
    @_spi(Engine) public var isDashed: Bool { DashPattern(lengths: dashLengths, phase: dashPhase) != nil }

    /// The miter limit with NaN replaced by the default.
    var effectiveMiterLimit: Double { miterLimit.isNaN ? Self.defaultMiterLimit : miterLimit }
}

/// A validated dash pattern: non-negative finite lengths with a positive sum, and the phase reduced into one
/// period. An odd number of lengths is read twice over by indexing modulo the stored count, so building a pattern
/// never copies the array.
struct DashPattern: Equatable {
    /// The lengths as given, alternately on and off, starting with on.
    let lengths: [Double]
    /// How many entries one period has: the stored count, doubled when it is odd.
    let entryCount: Int
    /// The sum of one period's entries, positive and finite.
    let period: Double
    /// The phase reduced into `0 ..< period`.
    let phase: Double
    /// Dashes separated by gaps no longer than this are drawn as one piece (see `Stroker+Dashing.swift`);
    /// negative keeps every dash separate.
    var mergeGap = -1.0

    /// The pattern for `lengths` and `phase`, or `nil` when they describe a solid line.
    init?(lengths raw: [Double], phase rawPhase: Double) {
        guard !raw.isEmpty else { return nil }
        var sum = 0.0
        for length in raw {
            guard length >= 0, length.isFinite else { return nil }
            sum += length
        }
        let isOdd = raw.count % 2 != 0
        let period = isOdd ? 2 * sum : sum
        guard sum > 0, period.isFinite else { return nil }
        lengths = raw
        entryCount = isOdd ? 2 * raw.count : raw.count
        self.period = period
        let phase = rawPhase.isFinite ? rawPhase : 0
        var reduced = phase - (phase / period).rounded(.down) * period
        if !(reduced >= 0 && reduced < period) { reduced = 0 }
        self.phase = reduced
    }

    /// Entry `index` of the (possibly doubled) pattern, `0 ..< entryCount`; even entries are "on".
    @inline(__always)
    func length(at index: Int) -> Double { lengths[index < lengths.count ? index : index - lengths.count] }
}
