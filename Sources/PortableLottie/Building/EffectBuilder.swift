import Foundation
import PortableQuartzCore

/// Applies a layer's effects (our own helper): drop shadows become the layer's shadow, converted as lottie-ios
/// converts them (its Core Animation engine made Apple's pictures): an effect's softness ÷ 5 and a style's size ÷ 2
/// become `shadowRadius`, an effect's direction turns by −90° (its 0° is up), and angle and distance become
/// `shadowOffset`. Other effects are reported.
enum EffectBuilder {
    static func apply(_ effects: [LayerEffect], to layer: CALayer, context: AnimationContext) {
        for effect in effects where effect.isEnabled {
            switch effect.kind {
            case .dropShadow(let shadow):
                let isEffect = shadow.source == .effect
                LayerAnimator.apply(shadow.color, to: layer, keyPath: "shadowColor", context: context) {
                    LayerFactory.color($0)
                }
                LayerAnimator.apply(shadow.opacity, to: layer, keyPath: "shadowOpacity", context: context) {
                    $0 / 100
                }
                LayerAnimator.apply(shadow.blur, to: layer, keyPath: "shadowRadius", context: context) {
                    $0 / (isEffect ? 5 : 2)
                }
                LayerAnimator.applyDerived(
                    inputs: [shadow.angle.timing, shadow.distance.timing], to: layer, keyPath: "shadowOffset",
                    context: context,
                    value: { frame -> [Double] in
                        let degrees = shadow.angle.value(atFrame: frame) - (isEffect ? 90 : 0)
                        let angle = degrees * .pi / 180
                        let distance = shadow.distance.value(atFrame: frame)
                        return [cos(angle) * distance, sin(angle) * distance]
                    }, map: { CGSize(width: $0[0], height: $0[1]) })
            case .unsupported(let type):
                context.report.note("effect \"\(effect.name)\" (type \(type)) is not drawn", layer: context.layerName)
            }
        }
    }
}
