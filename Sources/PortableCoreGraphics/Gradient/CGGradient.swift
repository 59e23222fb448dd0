import Foundation
@_spi(Engine) import PortableRaster

/// An immutable colour ramp for axial and radial gradients: Apple's `CGGradient`.
///
/// A gradient is a list of colour stops, each a colour at a *location* from 0 (the start of the gradient) to 1
/// (its end). Between two stops the red, green, blue and alpha values (in sRGB, not premultiplied) are
/// interpolated linearly; before the first stop the first stop's colour holds, after the last stop the last
/// one's. Colours given in another space are converted to sRGB when the gradient is created, and components
/// are clamped to 0…1 (so extended-range colours lose their out-of-range part). Stops are sorted by location;
/// two stops at the same location make a hard edge.
///
/// The colour table used for drawing (1 025 entries, see the raster engine's `GradientRamp`) is computed once
/// here, so drawing the same gradient repeatedly costs nothing extra.
///
/// Deviation from Apple: ``init(colorsSpace:colors:locations:)`` takes a Swift array of `CGColor` where Apple
/// takes a `CFArray` (Linux has no toll-free bridging); `[c1, c2]` works in both, `[c1, c2] as CFArray` does not
/// compile here.
public final class CGGradient: Sendable {
    /// The stops in the order given, in straight sRGB.
    let stops: [GradientStop]
    /// The drawing table.
    let ramp: GradientRamp

    private init(stops: [GradientStop], space: (any GradientMixingSpace)?) {
        self.stops = stops
        self.ramp = GradientRamp(stops: stops, space: space)
    }

    /// A gradient through `colors`, placed at `locations`.
    ///
    /// - Parameters:
    ///   - space: ignored (colours carry their own space and are converted to sRGB); kept for Apple's signature.
    ///   - colors: at least one colour; an empty array gives `nil`.
    ///   - locations: one location per colour (`colors.count` values must be readable, as on Apple platforms),
    ///     each 0…1 (values outside are clamped when drawing, NaN drops the stop). `nil` spaces the colours evenly
    ///     from 0 to 1; a single colour then sits at 0.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        self.init(stops: Self.stops(colors: colors, locations: locations), space: nil)
    }

    /// A gradient through `colors` at `locations` (as ``init(colorsSpace:colors:locations:)``) that mixes its
    /// colours in Apple's Generic RGB (gamma 1.8) instead of sRGB, as Core Animation's gradient layers do (see
    /// ``GenericRGBMixing``). Our helper: on Apple platforms this is a gradient created in the Generic RGB space.
    package convenience init?(genericRGBColors colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        self.init(stops: Self.stops(colors: colors, locations: locations), space: GenericRGBMixing())
    }

    /// One straight sRGB stop per colour, at `locations[index]` or evenly spaced.
    private static func stops(colors: [CGColor], locations: UnsafePointer<CGFloat>?) -> [GradientStop] {
        var stops: [GradientStop] = []
        stops.reserveCapacity(colors.count)
        for (index, color) in colors.enumerated() {
            let rgba = color.rgbaComponents
            let location = locations.map { Double($0[index]) } ?? evenLocation(index, count: colors.count)
            stops.append(
                GradientStop(
                    location: location, red: Float(rgba.red), green: Float(rgba.green), blue: Float(rgba.blue),
                    alpha: Float(rgba.alpha)))
        }
        return stops
    }

    /// A gradient from raw components in `space`.
    ///
    /// - Parameters:
    ///   - space: the space the components are in (RGB or gray).
    ///   - components: `count × (space.numberOfComponents + 1)` values: each stop's colour components followed by
    ///     its alpha. Reading fewer is undefined behaviour, as on Apple platforms.
    ///   - locations: `count` locations, or `nil` for evenly spaced stops (see
    ///     ``init(colorsSpace:colors:locations:)``).
    ///   - count: the number of stops; fewer than 1 gives `nil`.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count >= 1 else { return nil }
        let stride = space.numberOfComponents + 1
        var colors: [CGColor] = []
        colors.reserveCapacity(count)
        for index in 0..<count {
            let values = Array(UnsafeBufferPointer(start: components + index * stride, count: stride))
            colors.append(CGColor(space: space, values: values))
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }

    /// `index / (count − 1)`, or 0 for a single stop.
    private static func evenLocation(_ index: Int, count: Int) -> Double {
        count > 1 ? Double(index) / Double(count - 1) : 0
    }
}
