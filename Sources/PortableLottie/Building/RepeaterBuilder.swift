import Foundation
import PortableQuartzCore

/// Builds a repeater's copies (our own helper): the items before it are built for the first copy and copied with
/// ``LayerCloner`` for the others, each copy inside a layer whose transform is the repeater's transform applied
/// `index` times (position and rotation multiplied by the index, scale raised to it, about the repeater's anchor)
/// and whose opacity runs from the start opacity to the end opacity across the copies.
struct RepeaterBuilder {
    let context: AnimationContext
    let size: CGSize

    /// The copies of `items`, back to front, followed by the layers of `rest` (the items after the repeater).
    func layers(
        repeating items: [ShapeItem], with repeater: ShapeRepeater, then rest: [ShapeItem], inherited: [ShapeItem],
        builder: ShapeLayerBuilder
    ) -> [CALayer] {
        if repeater.copies.isAnimated || repeater.offset.isAnimated {
            context.report.note(
                "animated repeater copy counts are drawn with their first value", layer: context.layerName)
        }
        let count = Int(min(max(repeater.copies.initialValue.rounded(), 0), Double(LottieLimits.maximumRepeaterCopies)))
        let offset = repeater.offset.initialValue
        var copies: [CALayer] = []
        // The items are the same in every copy: built for the first, copied for the others.
        var content: [CALayer]?
        for copy in 0..<count {
            guard context.takeLayers() else { break }
            let index = Double(copy) + offset
            let layer = LayerFactory.plain(size: size, name: "repeater copy \(copy)")
            layer.anchorPoint = .zero
            layer.position = .zero
            let transform = repeater.transform
            var inputs = [transform.anchor.timing, transform.scale.timing, transform.rotation.timing]
            if case .combined(let position) = transform.position { inputs.append(position.timing) }
            LayerAnimator.applyDerived(
                inputs: inputs, to: layer, keyPath: "transform", context: context,
                value: { frame in Self.matrix(transform, index: index, frame: frame).flattened },
                map: { CATransform3D(affine: $0) })
            let share = count > 1 ? Double(copy) / Double(count - 1) : 0
            LayerAnimator.applyDerived(
                inputs: [repeater.startOpacity.timing, repeater.endOpacity.timing], to: layer, keyPath: "opacity",
                context: context,
                value: { frame in
                    let start = repeater.startOpacity.value(atFrame: frame)
                    return (start + (repeater.endOpacity.value(atFrame: frame) - start) * share) / 100
                }, map: { (opacity: Double) in opacity })
            let sublayers: [CALayer]
            if let content, let copied = LayerCloner.copies(of: content, context: context) {
                sublayers = copied
            } else {
                sublayers = builder.contentLayers(items, inherited: inherited)
                content = content ?? sublayers
            }
            for sublayer in sublayers { layer.addSublayer(sublayer) }
            copies.append(layer)
        }
        if !repeater.copiesAbove { copies.reverse() }
        return builder.contentLayers(rest, inherited: inherited) + copies
    }

    /// The transform of copy `index` at `frame`.
    static func matrix(_ transform: LottieTransform, index: Double, frame: Double) -> CGAffineTransform {
        let anchor = transform.anchor.value(atFrame: frame).point
        let scale = transform.scale.value(atFrame: frame)
        let position: CGPoint
        switch transform.position {
        case .combined(let property): position = property.value(atFrame: frame).point
        case .split(let x, let y): position = CGPoint(x: x.value(atFrame: frame), y: y.value(atFrame: frame))
        }
        return TransformAnimator.matrix(
            anchor: anchor,
            position: CGPoint(x: anchor.x + position.x * index, y: anchor.y + position.y * index),
            scaleX: pow(scale[0] / 100, index), scaleY: pow((scale.count > 1 ? scale[1] : scale[0]) / 100, index),
            rotation: transform.rotation.value(atFrame: frame) * index)
    }
}
