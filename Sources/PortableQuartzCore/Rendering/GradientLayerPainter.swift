import Foundation

/// Draws the content of a `CAGradientLayer`: its colour ramp over the whole bounds (our helper for the compositor).
///
/// The context's user space must be the layer's bounds space with y down, exactly as for `draw(in:)` (the caller
/// flips and scales). `startPoint` and `endPoint` are unit coordinates of the bounds: (0, 0) is the bounds' origin
/// corner, (1, 1) the opposite one. Like Core Animation, the gradient is laid out in that unit square and then
/// stretched to the bounds, so on a non-square layer the lines of equal colour of an axial gradient from (0, 1) to
/// (1, 0) run along the bounds' other diagonal rather than at right angles to the gradient's axis.
///
/// The three types (`type`; unknown names draw as axial, Apple's default):
/// - `"axial"`: colour changes along the line from `startPoint` (location 0) to `endPoint` (location 1) and is
///   constant across it; the first and last colours continue beyond both ends, so the whole bounds is painted.
///   Equal points draw nothing.
/// - `"radial"`: an ellipse centred on `startPoint` whose radii reach `endPoint` separately in x and in y
///   (`|end.x − start.x|` of the width and `|end.y − start.y|` of the height): location 0 at the centre, 1 on the
///   ellipse, the last colour beyond it. A zero radius (both points on one horizontal or vertical line) draws
///   nothing. This is what Apple draws, as reported by gnustep's Apple-checked CAGradientLayer tests and React
///   Native's use of the radial type for elliptical CSS gradients (both found with a search; not verified here).
/// - `"conic"`: colour depends on the direction from `startPoint`: location 0 points towards `endPoint` and the
///   locations grow turning from +x towards +y, which in the layer's y-down space is clockwise on screen; location
///   1 meets location 0 after a full turn. When both points are equal, location 0 points along +x. The direction
///   of the sweep is inferred from Core Graphics' angle convention in a flipped space, not verified on Apple
///   hardware.
///
/// Colours and locations (Apple's rules as far as they are known):
/// - No colours (nil or empty) draws nothing; one colour paints the whole bounds in it.
/// - `locations` nil spreads the colours evenly from 0 to 1. With more locations than colours the extra locations
///   are ignored (observed on iOS, per React Native's maintainers); with fewer, nothing is drawn (the "blank
///   gradient" of Nick Lockwood's *iOS Core Animation*). Locations are sorted, clamped to 0…1, and a NaN location
///   drops its colour, as `CGGradient` does; Apple asks for increasing locations and leaves the rest undefined.
/// - Colours are interpolated unpremultiplied, with components clamped to 0…1, in Apple's Generic RGB (gamma 1.8,
///   P22 primaries) rather than in sRGB: each colour is converted there (out-of-gamut parts clipped), mixed, and
///   converted back. Apple's pictures of lottie-ios's gradient samples show it: a black-to-white ramp reads
///   `sRGB(s^1.8)` at fraction `s` of the way to white, within 0.1 of 255 from s = 0.05 to 0.7 (pr_1818: 148.9 at
///   s = 0.512, where an sRGB mix gives 130.6), and the stop sRGB (0.396, 0.122, 1) is drawn (101, 52, 255)
///   (issue_1717; see `GenericRGBMixing` and Docs/Deviations.md). Alpha is mixed linearly.
enum GradientLayerPainter {
    /// Paints `gradient` over `bounds` in `context` (see the type for the geometry and rules). Non-finite or empty
    /// bounds draw nothing. The context's graphics state is restored before returning.
    static func draw(_ gradient: GradientLayerState, bounds: CGRect, in context: CGContext) {
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite,
            bounds.minX.isFinite, bounds.minY.isFinite,
            let ramp = makeGradient(colors: gradient.colors, locations: gradient.locations)
        else { return }
        let start = gradient.startPoint
        let end = gradient.endPoint
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        context.saveGState()
        defer { context.restoreGState() }
        // Unit square → bounds.
        context.translateBy(x: bounds.minX, y: bounds.minY)
        context.scaleBy(x: bounds.width, y: bounds.height)
        switch gradient.type.choice {
        case .radial:
            let radiusX = abs(end.x - start.x)
            let radiusY = abs(end.y - start.y)
            guard radiusX > 0, radiusY > 0 else { return }
            // A unit circle about the start point, stretched to the ellipse.
            context.translateBy(x: start.x, y: start.y)
            context.scaleBy(x: radiusX, y: radiusY)
            context.drawRadialGradient(
                ramp, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        case .conic:
            let dx = end.x - start.x
            let dy = end.y - start.y
            let angle = dx == 0 && dy == 0 ? 0 : atan2(dy, dx)
            context.drawConicGradient(ramp, center: start, angle: angle)
        case .axial:
            guard start != end else { return }
            context.drawLinearGradient(
                ramp, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }

    /// The `CGGradient` for a layer's colours and locations, or nil when Apple draws nothing (see the type).
    static func makeGradient(colors: [ColorComponents]?, locations: [Double]?) -> CGGradient? {
        guard let colors, !colors.isEmpty else { return nil }
        let cgColors = colors.map(\.cgColor)
        guard let locations else {
            return CGGradient(genericRGBColors: cgColors, locations: nil)
        }
        guard locations.count >= colors.count else { return nil }
        let used = locations.prefix(colors.count).map { CGFloat($0) }
        return used.withUnsafeBufferPointer { buffer in
            CGGradient(genericRGBColors: cgColors, locations: buffer.baseAddress)
        }
    }
}
