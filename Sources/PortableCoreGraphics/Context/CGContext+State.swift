import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    // MARK: State stack

    /// Pushes a copy of the graphics state: CTM, clip, fill and stroke colours and colour spaces, line width,
    /// cap, join, miter limit and dash, alpha, blend mode, anti-aliasing flag, interpolation quality, shadow and
    /// flatness. The current path is not part of it.
    public func saveGState() {
        savedStates.append(state)
    }

    /// Brings back the state of the matching ``saveGState()``. Without a saved state this does nothing (Apple
    /// logs an error and also does nothing).
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        let dropped = state.clip
        state = saved
        // The dropped clip's storage serves the next clip's mask (see `spareMask`).
        if let dropped { spareMask = dropped }
    }

    // MARK: Colours

    /// Sets the fill colour (converted to sRGB; NaN components count as 0).
    public func setFillColor(_ color: CGColor) {
        state.fillColor = PremultipliedColor(color)
    }

    /// Sets the stroke colour (converted to sRGB; NaN components count as 0).
    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = PremultipliedColor(color)
    }

    /// Sets the fill colour from sRGB components, each clamped to 0…1.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the stroke colour from sRGB components, each clamped to 0…1.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the fill colour to a gray (gamma 2.2 gray: 0 black, 1 white) with `alpha`.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(gray: gray, alpha: alpha))
    }

    /// Sets the stroke colour to a gray (gamma 2.2 gray: 0 black, 1 white) with `alpha`.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(gray: gray, alpha: alpha))
    }

    /// Sets the space the component form of ``setFillColor(_:)-(UnsafePointer<CGFloat>)`` reads, and resets the
    /// fill colour to opaque black, as Apple does.
    public func setFillColorSpace(_ space: CGColorSpace) {
        state.fillColorSpace = space
        state.fillColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
    }

    /// Sets the space the component form of ``setStrokeColor(_:)-(UnsafePointer<CGFloat>)`` reads, and resets
    /// the stroke colour to opaque black.
    public func setStrokeColorSpace(_ space: CGColorSpace) {
        state.strokeColorSpace = space
        state.strokeColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
    }

    /// Sets the fill colour from components in the fill colour space: its component count plus alpha values must
    /// be readable.
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        let space = state.fillColorSpace
        let values = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        setFillColor(CGColor(space: space, values: values))
    }

    /// Sets the stroke colour from components in the stroke colour space.
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        let space = state.strokeColorSpace
        let values = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        setStrokeColor(CGColor(space: space, values: values))
    }

    // MARK: Line attributes

    /// Sets the pen width in user-space units. `0` draws one-device-pixel hairlines; negative or non-finite
    /// widths make strokes draw nothing.
    public func setLineWidth(_ width: CGFloat) {
        state.stroke.width = Double(width)
    }

    /// Sets the shape of open stroke ends.
    public func setLineCap(_ cap: CGLineCap) {
        state.stroke.cap = StrokeStyle.Cap(cap)
    }

    /// Sets the shape of stroke corners.
    public func setLineJoin(_ join: CGLineJoin) {
        state.stroke.join = StrokeStyle.Join(join)
    }

    /// Sets the largest miter length, as a multiple of the line width, before a miter corner is bevelled
    /// (default 10; NaN counts as 10).
    public func setMiterLimit(_ limit: CGFloat) {
        state.stroke.miterLimit = Double(limit)
    }

    /// Sets the dash pattern: alternating painted and unpainted lengths in user-space units, starting with
    /// painted, and how far into the pattern each subpath starts. An empty array (or one that is all zeros, or
    /// holds a negative or non-finite length) means solid lines; an odd count is used twice over.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.dashLengths = lengths.map { Double($0) }
        state.stroke.dashPhase = Double(phase)
    }

    /// Sets the curve flattening tolerance in device pixels (Apple's flatness). Values are clamped to
    /// 1/1024…4; NaN or values ≤ 0 restore the default of 1/32.
    public func setFlatness(_ flatness: CGFloat) {
        let value = Double(flatness)
        state.flatness = value > 0 ? Swift.min(Swift.max(value, 1.0 / 1024), 4) : ScanConverter.defaultTolerance
    }

    // MARK: Compositing

    /// Sets the global opacity applied to everything painted, clamped to 0…1 (NaN counts as 0).
    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = alpha > 0 ? Swift.min(alpha, 1) : 0
    }

    /// Sets how painting combines with the pixels beneath.
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
    }

    /// Sets whether shapes are anti-aliased (part of the graphics state). With `false`, a pixel is painted fully
    /// when at least half of it is covered and not at all otherwise.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        state.shouldAntialias = shouldAntialias
    }

    /// Sets whether anti-aliasing may be used at all; not part of the graphics state (as on Apple platforms).
    /// Anti-aliasing happens only when both this and ``setShouldAntialias(_:)`` are `true`.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        self.allowsAntialiasing = allowsAntialiasing
    }

    /// How images are resampled (see ``CGInterpolationQuality`` for the filters); part of the graphics state.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    // MARK: Shadows

    /// Turns on a shadow of opaque black at one-third alpha, Apple's default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// Turns on (or, with a `nil` or fully transparent colour, off) a shadow under everything painted.
    ///
    /// - Parameters:
    ///   - offset: displacement of the shadow in base space — pixels, y up — whatever the CTM (shadows ignore
    ///     the CTM, as on Apple platforms). Rounded to whole pixels (deviation: Apple keeps fractions).
    ///   - blur: softness; the shadow is the drawing's alpha blurred by a Gaussian of standard deviation
    ///     `blur / 2` pixels (the CSS and canvas convention). Negative or NaN counts as 0.
    ///   - color: the shadow's colour; its alpha multiplies the drawing's alpha.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.shadowOffset = offset
        state.shadowBlur = blur > 0 && blur.isFinite ? blur : 0
        let paint = color.map { PremultipliedColor($0) }
        state.shadowColor = (paint?.alpha ?? 0) > 0 ? paint : nil
    }
}
