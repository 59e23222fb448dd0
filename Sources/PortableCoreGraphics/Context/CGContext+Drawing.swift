import Foundation
@_spi(Engine) import PortableRaster

/// What a shape is painted with.
enum ShapePaint {
    case color(PremultipliedColor)
    case gradient(Gradient)
}

extension CGContext {
    // MARK: Paths

    /// Fills the current path with the fill colour and clears the path. Every subpath is closed for filling.
    /// `rule` is `.winding` (nonzero) or `.evenOdd`.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillCurrentPath(rule: rule)
        beginPath()
    }

    /// Strokes the current path with the stroke colour and line attributes, and clears the path.
    ///
    /// The pen is applied in user space at the time of the call: the current CTM scales the line width and
    /// dash lengths (and a non-uniform scale makes the pen elliptical). Width 0 draws one-device-pixel
    /// hairlines.
    public func strokePath() {
        strokeCurrentPath()
        beginPath()
    }

    /// Fills, strokes, or fills then strokes the current path, and clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillCurrentPath(rule: .winding)
        case .eoFill: fillCurrentPath(rule: .evenOdd)
        case .stroke: strokeCurrentPath()
        case .fillStroke:
            fillCurrentPath(rule: .winding)
            strokeCurrentPath()
        case .eoFillStroke:
            fillCurrentPath(rule: .evenOdd)
            strokeCurrentPath()
        }
        beginPath()
    }

    // MARK: Shapes

    /// Fills `rect` (user space) with the fill colour. Clears the current path, as on Apple platforms.
    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    /// Fills all `rects` as one shape (overlaps are painted once). Clears the current path.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    /// Strokes the outline of `rect` with the current line attributes. Clears the current path.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` with line width `width` (the state's width is left unchanged). Clears the
    /// current path.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.stroke.width
        state.stroke.width = Double(width)
        stroke(rect)
        state.stroke.width = saved
    }

    /// Fills the ellipse inscribed in `rect`. Clears the current path.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse inscribed in `rect`. Clears the current path.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes separate segments between points 0–1, 2–3, …; an odd last point is ignored. Clears the current
    /// path.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            move(to: points[index])
            addLine(to: points[index + 1])
            index += 2
        }
        strokePath()
    }

    /// Makes the pixels of `rect` (user space, through the CTM and clip) transparent. Alpha, blend mode and
    /// shadow are ignored; anti-aliased edges clear partially. Clears the current path.
    public func clear(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        let filled = rasterizeCurrentPath(rule: .winding)
        beginPath()
        guard filled else { return }
        applyAntialiasing()
        if let clip = state.clip { shapeMask.intersect(with: clip) }
        let area = shapeMask.bounds.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        prepare(area)
        buffer.fill(shapeMask, color: .transparent, alpha: 1, blendMode: .clear)
        publish(area)
    }

    // MARK: The drawing pipeline

    /// Fills the current path without clearing it.
    func fillCurrentPath(rule: CGPathFillRule) {
        guard rasterizeCurrentPath(rule: rule) else { return }
        paintShape(.color(state.fillColor))
    }

    /// Strokes the current path without clearing it.
    func strokeCurrentPath() {
        guard !currentPath.isEmpty, let device = deviceTransform, let inverse = Affine2D(state.ctm).inverted()
        else { return }
        rasterPath.load(currentPath, transform: inverse)
        converter.tolerance = state.flatness
        stroker.stroke(
            rasterPath, style: state.stroke, transform: device, clip: drawingBounds, converter: &converter,
            into: &shapeMask)
        paintShape(.color(state.strokeColor))
    }

    /// Scan-converts the current path into ``shapeMask``; `false` when there is nothing to draw (empty path or
    /// unusable CTM).
    ///
    /// A rectangle whose sides fall on whole pixels is not scan-converted: its mask, 255 inside either way, is made
    /// directly as a solid mask (as for clips, see `rasterizeClip`).
    func rasterizeCurrentPath(rule: CGPathFillRule) -> Bool {
        guard !currentPath.isEmpty, deviceTransform != nil else { return false }
        if let rect = pixelAlignedRect(currentPath) {
            shapeMask.cover(rect.intersection(drawingBounds))
            return !shapeMask.isEmpty
        }
        rasterPath.load(currentPath)
        converter.tolerance = state.flatness
        converter.fill(
            rasterPath, transform: flip, rule: rule == .evenOdd ? .evenOdd : .nonZero, clip: drawingBounds,
            into: &shapeMask)
        return !shapeMask.isEmpty
    }

    /// The device pixels a shape is rasterized into: the clip's bounds, or the whole bitmap when there is no
    /// clip or a shadow is on (a shape outside the clip can cast a shadow inside it).
    var drawingBounds: PixelRect {
        guard let clip = state.clip, state.shadowColor == nil else { return buffer.bounds }
        return clip.bounds.intersection(buffer.bounds)
    }

    /// Paints ``shapeMask`` (unclipped) with `paint`: anti-aliasing rule, then the shadow, then the shape through
    /// the clip, with the state's alpha and blend mode.
    func paintShape(_ paint: ShapePaint, alreadyClipped: Bool = false) {
        guard !shapeMask.isEmpty else { return }
        applyAntialiasing()
        let alpha = Float(state.alpha)
        if state.shadowColor != nil {
            castShadow { layer, context in
                Self.apply(paint, mask: context.shapeMask, to: &layer, alpha: alpha, mode: .normal)
            }
        }
        if !alreadyClipped, let clip = state.clip {
            if shapeMask.covers(clip) {
                // Fully covered wherever the clip reaches, the shape clipped is the clip's mask itself: paint
                // through that, with the scratch mask parked so the shared clip is never copied.
                var scratch = clip
                swap(&scratch, &shapeMask)
                defer { swap(&scratch, &shapeMask) }
                paintClippedShape(paint, alpha: alpha)
                return
            }
            shapeMask.intersect(with: clip)
        }
        paintClippedShape(paint, alpha: alpha)
    }

    /// Paints ``shapeMask``, already clipped, with `paint` at opacity `alpha` and the state's blend mode.
    private func paintClippedShape(_ paint: ShapePaint, alpha: Float) {
        let area = shapeMask.bounds.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        prepare(area)
        Self.apply(paint, mask: shapeMask, to: &buffer, alpha: alpha, mode: state.blendMode.rasterMode)
        publish(area)
    }

    /// Paints `mask` into `target`.
    static func apply(
        _ paint: ShapePaint, mask: CoverageMask, to target: inout PixelBuffer, alpha: Float, mode: BlendMode
    ) {
        switch paint {
        case .color(let color): target.fill(mask, color: color, alpha: alpha, blendMode: mode)
        case .gradient(let gradient): target.fill(mask, gradient: gradient, alpha: alpha, blendMode: mode)
        }
    }

    /// Replaces partial coverage in ``shapeMask`` by all or nothing (at least half covered → painted) when
    /// anti-aliasing is off. Allocates a new mask: aliased drawing is not on the allocation-free path.
    func applyAntialiasing() {
        guard !(allowsAntialiasing && state.shouldAntialias), !shapeMask.isEmpty else { return }
        let bounds = shapeMask.bounds
        var bytes = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        for y in bounds.y..<bounds.maxY {
            shapeMask.withRow(y) { columns, coverage in
                let base = (y - bounds.y) * bounds.width - bounds.x
                for (offset, x) in columns.enumerated() {
                    bytes[base + x] = coverage[offset] >= 128 ? 255 : 0
                }
            }
        }
        shapeMask = CoverageMask(bounds: bounds, coverage: bytes)
    }

    /// Paints the shadow of what `draw` paints: `draw` renders the drawing (with the state's alpha, normal
    /// blending, no clip) into a transparent scratch layer the size of the bitmap; its alpha is blurred, moved
    /// by the shadow offset (rounded to whole pixels; y up), clipped, and painted in the shadow colour with the
    /// state's blend mode. Parts of a drawing outside the bitmap cast no shadow.
    func castShadow(_ draw: (inout PixelBuffer, CGContext) -> Void) {
        guard let color = state.shadowColor else { return }
        var layer: PixelBuffer
        if let existing = shadowLayer, existing.width == buffer.width, existing.height == buffer.height {
            layer = existing
            shadowLayer = nil  // keep the storage uniquely referenced while drawing
            layer.clear()
        } else {
            layer = buffer
            layer.clear()
        }
        draw(&layer, self)
        let sigma = GaussianBlur.sigma(forShadowBlur: Double(state.shadowBlur))
        var blur =
            shadowBlur.flatMap { $0.sigma == GaussianBlur(sigma: sigma).sigma ? $0 : nil } ?? GaussianBlur(sigma: sigma)
        shadowBlur = nil
        let offset = state.shadowOffset
        let dx = Self.wholePixels(offset.width)
        let dy = -Self.wholePixels(offset.height)
        // Only the part inside the bitmap and the clip is blurred, so the cost follows the bitmap's size whatever
        // the blur radius.
        let window = state.clip.map { $0.bounds.intersection(buffer.bounds) } ?? buffer.bounds
        blur.blurAlpha(of: layer, x: dx, y: dy, into: &shadowMask, within: window)
        shadowBlur = blur
        shadowLayer = layer
        if let clip = state.clip { shadowMask.intersect(with: clip) }
        let area = shadowMask.bounds.intersection(buffer.bounds)
        guard !area.isEmpty else { return }
        prepare(area)
        buffer.fill(shadowMask, color: color, alpha: 1, blendMode: state.blendMode.rasterMode)
        publish(area)
    }

    /// `value` rounded to whole pixels, 0 for NaN and clamped to ±2²⁰.
    static func wholePixels(_ value: CGFloat) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(Swift.min(Swift.max(value.rounded(), -1_048_576), 1_048_576))
    }
}
