import Foundation
import PortableQuartzCore

/// Builds gradient fills and strokes as lottie-ios does: a `CAGradientLayer` for the colours, masked by a second
/// one for the opacity ramp when any stop is translucent, the pair masked by the outline (our own helper).
///
/// Lottie gradients extend without end; a gradient layer paints only its bounds, so its frame is a square around
/// the outlines' extent (every vertex and control point at every keyframe) with room for strokes, and its start
/// and end points are given relative to that frame.
struct GradientLayers {
    let context: AnimationContext
    let size: CGSize
    /// The frame the gradient layers cover, in the shape's coordinates.
    let frame: CGRect

    init(context: AnimationContext, size: CGSize, outlines: [ShapeOutline]) {
        self.context = context
        self.size = size
        let points = outlines.flatMap(\.extent)
        guard let first = points.first else {
            frame = CGRect(origin: .zero, size: size)
            return
        }
        var box = CGRect(origin: first, size: .zero)
        for point in points { box = box.union(CGRect(origin: point, size: .zero)) }
        // A square frame: whether a gradient layer draws its bands perpendicular to start → end in points or in
        // its unit square, a square gives the same picture (lottie-ios's padded frame is nearly square too).
        let side = max(box.width, box.height) + 128
        frame = CGRect(x: box.midX - side / 2, y: box.midY - side / 2, width: side, height: side)
    }

    /// A gradient fill: the gradient layers inside a container masked by the filled outline.
    func fillLayer(_ gradient: GradientStyle, outline: (CAShapeLayer) -> Void) -> CALayer {
        let container = LayerFactory.plain(size: size)
        let mask = LayerFactory.shape(size: size)
        mask.fillColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        mask.fillRule = gradient.fillRule == .evenOdd ? .evenOdd : .nonZero
        outline(mask)
        container.mask = mask
        container.addSublayer(gradientLayer(gradient))
        return container
    }

    /// A gradient stroke: the gradient layers inside a container masked by `mask`, the stroked outline.
    func strokeLayer(_ gradient: GradientStyle, mask: CAShapeLayer, line: ShapeStroke) -> CALayer {
        let container = LayerFactory.plain(size: size)
        container.mask = mask
        container.addSublayer(gradientLayer(gradient))
        return container
    }

    /// The colour gradient, with the opacity gradient as its mask when needed, and the gradient's opacity.
    private func gradientLayer(_ gradient: GradientStyle) -> CAGradientLayer {
        let colors = configured(CAGradientLayer(), gradient, alpha: false)
        let translucent = gradient.stops.keyframes.contains { keyframe in
            Self.alphaStops(keyframe.value, count: gradient.colorCount).contains { $0.value < 0.999 }
        }
        if translucent {
            // A mask lies in the masked layer's own coordinates: the opacity gradient covers the colour one exactly.
            let opacity = configured(CAGradientLayer(), gradient, alpha: true)
            opacity.frame = CGRect(origin: .zero, size: frame.size)
            colors.mask = opacity
        }
        LayerAnimator.apply(gradient.opacity, to: colors, keyPath: "opacity", context: context) {
            $0 / 100
        }
        if gradient.highlightLength.keyframes.contains(where: { $0.value != 0 }) {
            context.report.note("radial gradient highlights are not drawn", layer: context.layerName)
        }
        return colors
    }

    private func configured(_ layer: CAGradientLayer, _ gradient: GradientStyle, alpha: Bool) -> CAGradientLayer {
        layer.frame = frame
        let count = gradient.colorCount
        let stops = gradient.stops
        func entries(_ values: [Double]) -> [(location: Double, color: CGColor)] {
            alpha
                ? Self.alphaStops(values, count: count).map {
                    ($0.location, CGColor(srgbRed: 0, green: 0, blue: 0, alpha: min(max($0.value, 0), 1)))
                }
                : (0..<count).map { index in
                    (values[index * 4], LayerFactory.color(Array(values[(index * 4 + 1)..<(index * 4 + 4)])))
                }
        }
        LayerAnimator.apply(stops, to: layer, keyPath: "colors", context: context) { entries($0).map(\.color) }
        LayerAnimator.apply(stops, to: layer, keyPath: "locations", context: context) {
            entries($0).map(\.location)
        }
        switch gradient.kind {
        case .linear:
            layer.type = .axial
            LayerAnimator.apply(gradient.startPoint, to: layer, keyPath: "startPoint", context: context) {
                relative($0.point)
            }
            LayerAnimator.apply(gradient.endPoint, to: layer, keyPath: "endPoint", context: context) {
                relative($0.point)
            }
        case .radial:
            layer.type = .radial
            if gradient.startPoint.isAnimated || gradient.endPoint.isAnimated {
                context.report.note(
                    "animated radial gradient centres are drawn at their first value", layer: context.layerName)
            }
            let center = gradient.startPoint.initialValue.point
            let edge = gradient.endPoint.initialValue.point
            let radius = hypot(edge.x - center.x, edge.y - center.y)
            layer.startPoint = relative(center)
            layer.endPoint = relative(CGPoint(x: center.x + radius, y: center.y + radius))
        }
        return layer
    }

    /// A point of the shape's coordinates as a fraction of the gradient layer's frame.
    private func relative(_ point: CGPoint) -> CGPoint {
        CGPoint(
            x: frame.width > 0 ? (point.x - frame.minX) / frame.width : 0,
            y: frame.height > 0 ? (point.y - frame.minY) / frame.height : 0)
    }

    /// The opacity stops after the `count` colour stops: (location, alpha) pairs.
    static func alphaStops(_ values: [Double], count: Int) -> [(location: Double, value: Double)] {
        var result: [(Double, Double)] = []
        var index = count * 4
        while index + 1 < values.count {
            result.append((values[index], values[index + 1]))
            index += 2
        }
        return result
    }
}
