/// One colour stop of a gradient: a straight (not premultiplied) colour at a location along the gradient.
@_spi(Engine) public struct GradientStop: Hashable, Sendable {
    /// Position along the gradient, `0` (start) … `1` (end). Values outside are clamped when the ramp is built;
    /// a NaN location drops the stop.
    @_spi(Engine) public var location: Double
    /// Straight red, `0 ... 1` (clamped when the ramp is built, NaN counts as 0).
    @_spi(Engine) public var red: Float
    /// Straight green, `0 ... 1`.
    @_spi(Engine) public var green: Float
    /// Straight blue, `0 ... 1`.
    @_spi(Engine) public var blue: Float
    /// Alpha, `0 ... 1`.
    @_spi(Engine) public var alpha: Float

    /// Creates a stop from its location and straight colour.
    @_spi(Engine) public init(location: Double, red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.location = location
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// The colours of a gradient precomputed at ``resolution`` + 1 evenly spaced parameters `t = i / resolution`,
/// as premultiplied pixels.
///
/// ## Interpolation
/// Between two neighbouring stops the four straight channels (red, green, blue and alpha) are interpolated
/// linearly, and the result is premultiplied afterwards. Red, green and blue are mixed as sRGB-encoded values, or
/// in a ``GradientMixingSpace`` when one is given; alpha as it is. This is how the Apple-shaped gradient
/// interpolates its components in its colour space, and it is why a ramp from opaque white to transparent black
/// passes through translucent grey (the colour darkens as it fades); ramps that should only fade use the same
/// colour with alpha 0 at the transparent end.
///
/// Stops are sorted by location (stable, so of two stops at the same location the one given later is on the
/// right: a hard edge). Before the first stop the ramp holds the first stop's colour, after the last stop the
/// last stop's colour. Without stops the ramp is transparent.
///
/// ## Lookup
/// ``color(at:)`` rounds `t · resolution` to the nearest entry, so the parameter is off by at most
/// `1 / (2 · resolution)` = 1/2048. Where the ramp changes by at most 255 per unit of `t` (any two-stop ramp)
/// that moves a colour by at most an eighth of an 8-bit step. No dithering is applied. The entries for
/// `t = 0`, `½` and `1` are exact, so a two-stop ramp gives the exact average of its end colours at its
/// midpoint.
@_spi(Engine) public struct GradientRamp: Hashable, Sendable {
    /// Number of intervals of the table; the table has `resolution + 1` entries.
    @_spi(Engine) public static let resolution = 1024

    /// Premultiplied ``RGBA8/packed`` words for `t = 0, 1/resolution, …, 1`.
    let table: [UInt32]

    /// Builds the table from `stops`, mixing colours in `space` (nil: the sRGB values themselves; see the type's
    /// discussion for sorting, clamping and interpolation).
    @_spi(Engine) public init(stops: [GradientStop], space: (any GradientMixingSpace)? = nil) {
        let sorted = stops.enumerated()
            .filter { !$0.element.location.isNaN }
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { entry -> (location: Double, color: SIMD4<Double>) in
                let stop = entry.element
                let straight = SIMD3(
                    Double(Self.unit(stop.red)), Double(Self.unit(stop.green)), Double(Self.unit(stop.blue)))
                let rgb = space?.mixable(straight) ?? straight
                let color = SIMD4<Double>(rgb, Double(Self.unit(stop.alpha)))
                return (Swift.min(Swift.max(stop.location, 0), 1), color)
            }
        let count = Self.resolution + 1
        guard let first = sorted.first, let last = sorted.last else {
            table = [UInt32](repeating: 0, count: count)
            return
        }
        var entries = [UInt32](repeating: 0, count: count)
        var segment = 0  // index of the last stop at or before t
        for index in 0..<count {
            let t = Double(index) / Double(Self.resolution)
            var color: SIMD4<Double>
            if t < first.location {
                color = first.color
            } else if t >= last.location {
                color = last.color
            } else {
                while segment + 1 < sorted.count && sorted[segment + 1].location <= t { segment += 1 }
                let left = sorted[segment]
                let right = sorted[segment + 1]
                let fraction = (t - left.location) / (right.location - left.location)
                color = left.color + (right.color - left.color) * fraction
            }
            if let space {
                color = SIMD4(space.sRGB(fromMixed: SIMD3(color.x, color.y, color.z)), color.w)
            }
            entries[index] = Self.premultipliedWord(color)
        }
        table = entries
    }

    /// The premultiplied pixel for parameter `t`, clamped to `0 ... 1` (NaN gives the colour at 0).
    @_spi(Engine) public func color(at t: Double) -> RGBA8 {
        RGBA8(packed: table[Self.index(t)])
    }

    /// The table index for `t`: `t · resolution` rounded to nearest, clamped to the table.
    @inline(__always)
    static func index(_ t: Double) -> Int {
        let position = t * Double(resolution) + 0.5
        guard position > 0 else { return 0 }  // also NaN
        return position >= Double(resolution) ? resolution : Int(position)
    }

    private static func unit(_ value: Float) -> Float {
        value > 0 ? Swift.min(value, 1) : 0
    }

    /// Premultiplies a straight colour and rounds each channel to nearest (halves away from zero).
    private static func premultipliedWord(_ color: SIMD4<Double>) -> UInt32 {
        let alpha = color[3]
        let channels = SIMD4<Double>(color[0] * alpha, color[1] * alpha, color[2] * alpha, alpha) * 255
        let bytes = SIMD4<UInt32>(channels.rounded(.toNearestOrAwayFromZero))
        let a = bytes[3]
        return Swift.min(bytes[0], a) | Swift.min(bytes[1], a) << 8 | Swift.min(bytes[2], a) << 16 | a << 24
    }
}
