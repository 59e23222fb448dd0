import Foundation
import PortableQuartzCore

/// Puts a Lottie transform on a layer whose bounds are `(0, 0, size)` (our own helper).
///
/// As lottie-ios's Core Animation engine does, the transform becomes the layer's `anchorPoint` (the Lottie anchor
/// divided by the size), `position`, `transform.scale.x`/`.y` (percent / 100), `transform.rotation.z` (degrees →
/// radians), `transform.rotation.x`/`.y` for 3-D layers, and `opacity`, each animated on its own. A skewed transform cannot be split that way; it becomes one
/// `transform` animation of the whole matrix (anchor point and position zero).
enum TransformAnimator {
    /// Applies `transform`; `includeOpacity` false leaves the layer's opacity alone (parent-transform layers).
    static func apply(
        _ transform: LottieTransform, to layer: CALayer, size: CGSize, context: AnimationContext,
        includeOpacity: Bool = true, autoOrient: Bool = false
    ) {
        if transform.hasSkew || transform.hasNegativeScaleX {
            applyMatrix(transform, to: layer, context: context)
        } else {
            applyParts(transform, to: layer, size: size, context: context, autoOrient: autoOrient)
        }
        if includeOpacity {
            LayerAnimator.apply(transform.opacity, to: layer, keyPath: "opacity", context: context) {
                $0 / 100
            }
        }
    }

    private static func applyParts(
        _ transform: LottieTransform, to layer: CALayer, size: CGSize, context: AnimationContext, autoOrient: Bool
    ) {
        let width = size.width > 0 ? size.width : 1
        let height = size.height > 0 ? size.height : 1
        LayerAnimator.apply(transform.anchor, to: layer, keyPath: "anchorPoint", context: context) {
            CGPoint(x: $0.point.x / width, y: $0.point.y / height)
        }
        switch transform.position {
        case .combined(let position):
            // lottie-ios animates a layer's position along a path, also when hold keys make it a group of runs: a
            // discrete run keeps every point of its path, so unlike a run of `values` a lone hold still shows.
            let keyframes = position.keyframes
            if position.isAnimated,
                keyframes.contains(where: \.hasSpatialTangents) || HoldRunGroup.mixesHolds(keyframes)
            {
                PositionPathAnimator.apply(position, to: layer, context: context, autoOrient: autoOrient)
            } else {
                LayerAnimator.apply(position, to: layer, keyPath: "position", context: context) { $0.point }
                if autoOrient, position.isAnimated {
                    (layer.animation(forKey: "position") as? CAKeyframeAnimation).map { orient($0, on: layer) }
                }
            }
        case .split(let x, let y):
            LayerAnimator.apply(x, to: layer, keyPath: "position.x", context: context) { $0 }
            LayerAnimator.apply(y, to: layer, keyPath: "position.y", context: context) { $0 }
        }
        LayerAnimator.apply(transform.scale, to: layer, keyPath: "transform.scale.x", context: context) {
            $0[0] / 100
        }
        LayerAnimator.apply(transform.scale, to: layer, keyPath: "transform.scale.y", context: context) {
            ($0.count > 1 ? $0[1] : $0[0]) / 100
        }
        LayerAnimator.apply(transform.rotation, to: layer, keyPath: "transform.rotation.z", context: context) {
            $0 * .pi / 180
        }
        // 3-D layers turn about x and y too (no perspective), as lottie-ios adds them; `render(in:)` then draws them
        // as Apple's does, unturned at their superlayer's origin while the turn is not a whole one (Behaviour.md).
        for (property, keyPath) in [
            (transform.rotationX, "transform.rotation.x"), (transform.rotationY, "transform.rotation.y"),
        ]
        where property.keyframes.contains(where: { $0.value != 0 }) {
            LayerAnimator.apply(property, to: layer, keyPath: keyPath, context: context) {
                $0 * .pi / 180
            }
        }
    }

    /// Re-adds a position animation with `rotationMode` `.rotateAuto` (auto-orient).
    static func orient(_ animation: CAKeyframeAnimation, on layer: CALayer) {
        guard let copy = animation.copy() as? CAKeyframeAnimation else { return }
        copy.rotationMode = .rotateAuto
        layer.add(ownedAnimation: copy, forKey: "position")
    }

    /// A changing skew or skew axis is sampled at every frame, as lottie-ios does (its comment: Core Animation does
    /// not animate skew changes properly): matrices interpolated between keyframes lose the turn of the axis, and
    /// an axis going 0° → 180° gives equal matrices at both ends.
    private static func applyMatrix(_ transform: LottieTransform, to layer: CALayer, context: AnimationContext) {
        layer.anchorPoint = .zero
        layer.position = .zero
        if transform.skew.keyframes.count > 1 || transform.skewAxis.keyframes.count > 1 {
            LayerAnimator.applySampled(to: layer, keyPath: "transform", context: context) {
                CATransform3D(affine: matrix(transform, atFrame: $0).flattened)
            }
            return
        }
        var inputs = [
            transform.anchor.timing, transform.scale.timing, transform.rotation.timing, transform.skew.timing,
            transform.skewAxis.timing,
        ]
        switch transform.position {
        case .combined(let position): inputs.append(position.timing)
        case .split(let x, let y): inputs += [x.timing, y.timing]
        }
        LayerAnimator.applyDerived(
            inputs: inputs, to: layer, keyPath: "transform", context: context,
            value: { frame in matrix(transform, atFrame: frame).flattened },
            map: { CATransform3D(affine: $0) })
    }

    /// The matrix of `transform` at `frame`: content point *q* goes to position + rotate(skew(scale(q − anchor))).
    static func matrix(_ transform: LottieTransform, atFrame frame: Double) -> CGAffineTransform {
        let anchor = transform.anchor.value(atFrame: frame).point
        let scale = transform.scale.value(atFrame: frame)
        let position: CGPoint
        switch transform.position {
        case .combined(let property): position = property.pointValue(atFrame: frame)
        case .split(let x, let y): position = CGPoint(x: x.value(atFrame: frame), y: y.value(atFrame: frame))
        }
        return matrix(
            anchor: anchor, position: position, scaleX: scale[0] / 100,
            scaleY: (scale.count > 1 ? scale[1] : scale[0]) / 100,
            rotation: transform.rotation.value(atFrame: frame), skew: transform.skew.value(atFrame: frame),
            skewAxis: transform.skewAxis.value(atFrame: frame))
    }

    /// The matrix of a transform's parts (angles in degrees).
    static func matrix(
        anchor: CGPoint, position: CGPoint, scaleX: Double, scaleY: Double, rotation: Double, skew: Double = 0,
        skewAxis: Double = 0
    ) -> CGAffineTransform {
        var matrix = CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
        matrix = matrix.concatenating(CGAffineTransform(scaleX: scaleX, y: scaleY))
        if skew != 0 {
            let axis = skewAxis * .pi / 180
            let cosine = cos(axis)
            let sine = sin(axis)
            let shear = tan(-skew * .pi / 180)
            matrix = matrix.concatenating(CGAffineTransform(a: cosine, b: -sine, c: sine, d: cosine, tx: 0, ty: 0))
            matrix = matrix.concatenating(CGAffineTransform(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0))
            matrix = matrix.concatenating(CGAffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0))
        }
        matrix = matrix.concatenating(CGAffineTransform(rotationAngle: rotation * .pi / 180))
        return matrix.concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }
}

extension CGAffineTransform {
    /// The six entries, to blend matrices entry by entry.
    var flattened: [Double] { [a, b, c, d, tx, ty] }
}

extension CATransform3D {
    /// The flat 3-D transform of six affine entries `[a, b, c, d, tx, ty]`.
    init(affine entries: [Double]) {
        self = CATransform3DMakeAffineTransform(
            CGAffineTransform(
                a: entries[0], b: entries[1], c: entries[2], d: entries[3], tx: entries[4], ty: entries[5]))
    }
}
