import Foundation
import PortableQuartzCore

/// Builds the layers that draw one render group (our own helper): its outlines as one `CAShapeLayer` path (one layer
/// per outline under a simultaneous trim) with the group's fill and the stroke joined to it, trims and dashes; or
/// gradient layers masked by the outline, with a joined stroke drawn above them.
struct ShapeItemLayers {
    let context: AnimationContext
    let size: CGSize

    /// The layers of `group`, back to front; none when it has no outline or nothing paints it.
    func layers(for group: ShapeRenderGroup) -> [CALayer] {
        guard !group.paths.isEmpty else { return [] }
        let cornerRadius = group.first { if case .roundedCorners(let radius) = $0 { radius } else { nil } }
        let trim = group.first { if case .trim(let trim) = $0, !trim.isNeutral { trim } else { nil } }
        let outlines = group.paths.compactMap { ShapeOutline($0, cornerRadius: cornerRadius) }
        if cornerRadius != nil, group.paths.contains(where: { if case .rectangle = $0.kind { false } else { true } }) {
            context.report.note("rounded corners are drawn on rectangles only", layer: context.layerName)
        }
        // All outlines form one path, so even-odd filling sees them together, and a trim "individually" runs along
        // them as one; a simultaneous trim cuts each outline on its own, so each gets its own layer.
        let separate = outlines.count > 1 && trim?.mode == .simultaneously
        let parts = separate ? outlines.map { [$0] } : [outlines]
        return parts.compactMap { layer(for: $0, group: group, trim: trim) }
    }

    private func layer(for outlines: [ShapeOutline], group: ShapeRenderGroup, trim: TrimPaths?) -> CALayer? {
        guard context.takeLayers() else { return nil }
        let fill = group.first { if case .fill(let fill) = $0 { fill } else { nil } }
        let stroke = group.first { if case .stroke(let stroke) = $0 { stroke } else { nil } }
        let gradientFill = group.first { if case .gradientFill(let gradient) = $0 { gradient } else { nil } }
        let gradientStroke = group.first {
            if case .gradientStroke(let gradient, let line) = $0 { (gradient, line) } else { nil }
        }
        guard fill != nil || stroke != nil || gradientFill != nil || gradientStroke != nil else { return nil }
        let gradients = GradientLayers(context: context, size: size, outlines: outlines)
        var copies = 1
        if let gradientFill {
            let container = LayerFactory.plain(size: size)
            container.addSublayer(
                gradients.fillLayer(gradientFill, outline: { animatePath(outlines, on: $0, copies: 1) }))
            if let stroke {
                let overlay = LayerFactory.shape(size: size)
                animatePath(outlines, on: overlay, copies: 1)
                applyStroke(stroke, to: overlay)
                container.addSublayer(overlay)
            }
            return container
        }
        let shapeLayer = LayerFactory.shape(size: size)
        if let trim, stroke != nil || gradientStroke != nil {
            copies = applyTrim(trim, to: shapeLayer)
            if fill != nil {
                context.report.note("trim paths do not cut fills", layer: context.layerName)
            }
        }
        animatePath(outlines, on: shapeLayer, copies: copies)
        if let fill {
            shapeLayer.fillRule = fill.fillRule == .evenOdd ? .evenOdd : .nonZero
            LayerAnimator.apply(fill.color, to: shapeLayer, keyPath: "fillColor", context: context) {
                LayerFactory.color($0)
            }
            LayerAnimator.apply(fill.opacity, to: shapeLayer, keyPath: "opacity", context: context) {
                $0 / 100
            }
        }
        if let stroke {
            applyStroke(stroke, to: shapeLayer)
        }
        guard let (gradient, line) = gradientStroke else { return shapeLayer }
        // A gradient stroke: the gradient, masked by the stroked outline.
        let container = LayerFactory.plain(size: size)
        if fill != nil || stroke != nil { container.addSublayer(shapeLayer) }
        let mask = LayerFactory.shape(size: size)
        if let trim { copies = applyTrim(trim, to: mask) }
        animatePath(outlines, on: mask, copies: copies)
        applyLine(line, to: mask)
        mask.strokeColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        container.addSublayer(gradients.strokeLayer(gradient, mask: mask, line: line))
        return container
    }

    /// Animates `path` to the outlines, each repeated `copies` times.
    func animatePath(_ outlines: [ShapeOutline], on layer: CAShapeLayer, copies: Int) {
        LayerAnimator.applyDerived(
            inputs: outlines.flatMap(\.inputs), to: layer, keyPath: "path", context: context,
            value: { frame in ShapeList(shapes: outlines.map { $0.shape(frame) }) },
            map: { ShapeGeometry.path($0.shapes, copies: copies) })
    }

    /// The stroke's colour, opacity, width, caps, joins and dashes.
    private func applyStroke(_ stroke: ShapeStroke, to layer: CAShapeLayer) {
        LayerAnimator.apply(stroke.color, to: layer, keyPath: "strokeColor", context: context) {
            LayerFactory.color($0)
        }
        LayerAnimator.apply(stroke.opacity, to: layer, keyPath: "opacity", context: context) {
            $0 / 100
        }
        applyLine(stroke, to: layer)
    }

    /// Width, caps, joins, miter limit and dashes (not colour or opacity).
    private func applyLine(_ stroke: ShapeStroke, to layer: CAShapeLayer) {
        LayerAnimator.apply(stroke.width, to: layer, keyPath: "lineWidth", context: context) { $0 }
        switch stroke.lineCap {
        case .butt: layer.lineCap = .butt
        case .round: layer.lineCap = .round
        case .square: layer.lineCap = .square
        }
        switch stroke.lineJoin {
        case .miter: layer.lineJoin = .miter
        case .round: layer.lineJoin = .round
        case .bevel: layer.lineJoin = .bevel
        }
        layer.miterLimit = stroke.miterLimit
        var pattern: [Double] = []
        var phase: AnimatableProperty<Double>?
        for entry in stroke.dashes {
            switch entry {
            case .dash(let length), .gap(let length):
                if length.isAnimated {
                    context.report.note(
                        "animated dash lengths are drawn with their first value", layer: context.layerName)
                }
                // A zero entry would make Core Animation draw nothing there; lottie-ios writes 0.01 instead.
                pattern.append(max(length.initialValue, 0.01))
            case .offset(let offset): phase = offset
            }
        }
        guard !pattern.isEmpty, !pattern.allSatisfy({ $0 <= 0.01 }) else { return }
        if pattern.count % 2 == 1 { pattern += pattern }
        layer.lineDashPattern = pattern.map { NSNumber(value: $0) }
        if let phase {
            LayerAnimator.apply(phase, to: layer, keyPath: "lineDashPhase", context: context) { $0 }
        }
    }

    /// Puts trim paths on `strokeStart`/`strokeEnd` and returns how many times the path must be repeated so that
    /// an offset trim that runs past the path's end still finds path to draw.
    private func applyTrim(_ trim: TrimPaths, to layer: CAShapeLayer) -> Int {
        let inputs = [trim.start.timing, trim.end.timing, trim.offset.timing]
        var frames = Set(inputs.flatMap { $0.map(\.frame) })
        frames.insert(trim.start.keyframes[0].frame)
        // Start and end in percent, ordered, shifted by the offset (360° = 100 %).
        func ends(_ frame: Double) -> TrimEnds {
            let start = trim.start.value(atFrame: frame)
            let end = trim.end.value(atFrame: frame)
            let shift = trim.offset.value(atFrame: frame) / 360 * 100
            return TrimEnds(start: min(start, end) + shift, end: max(start, end) + shift)
        }
        let samples = frames.map(ends)
        let lowest = floor((samples.map(\.start).min() ?? 0) / 100)
        let highest = ceil((samples.map(\.end).max() ?? 100) / 100)
        let copies = Int(min(max(highest - lowest, 1), 16))
        let base = lowest * 100
        let total = Double(copies) * 100
        // Both ends are derived at the same frames, in the same order (up to one per root frame when sampled): the
        // second pass takes the first pass's values instead of evaluating the three properties again.
        var derived: [(frame: Double, ends: TrimEnds)] = []
        var replayed = 0
        for (isEnd, keyPath) in [(false, "strokeStart"), (true, "strokeEnd")] {
            LayerAnimator.applyDerived(
                inputs: inputs, to: layer, keyPath: keyPath, context: context,
                value: { frame in
                    if isEnd, replayed < derived.count, derived[replayed].frame == frame {
                        replayed += 1
                        return derived[replayed - 1].ends
                    }
                    let value = ends(frame)
                    if !isEnd { derived.append((frame, value)) }
                    return value
                },
                map: { min(max(((isEnd ? $0.end : $0.start) - base) / total, 0), 1) })
        }
        return copies
    }
}

/// A trim's ordered ends in percent of the path, offset included (our helper for `applyTrim`): two numbers that
/// blend as a two-element array of them would, without allocating one for each sampled frame.
private struct TrimEnds: KeyframeInterpolatable {
    var start: Double
    var end: Double

    func interpolated(to other: TrimEnds, fraction: Double) -> TrimEnds {
        TrimEnds(start: start + (other.start - start) * fraction, end: end + (other.end - end) * fraction)
    }
}
