import Foundation
import PortableQuartzCore

/// Builds a layer's `mask` from its Lottie masks, as lottie-ios does (our own helper).
///
/// Each mask is a `CAShapeLayer` filled opaque with the even-odd rule. Added masks are siblings (their union);
/// a subtracting or intersecting mask after the first becomes the `mask` of a container holding everything
/// before it. Subtracting (or inverted adding) masks draw a 20 000 000-point square around their path, so the
/// even-odd rule leaves the path's inside empty.
enum MaskBuilder {
    /// Half the side of the square that stands for "everywhere" in subtracting masks, in points.
    static let everywhere = 10_000_000.0

    /// The mask layer for `masks` on a layer of `size`; nil when no mask does anything.
    static func maskLayer(_ masks: [LottieMask], size: CGSize, context: AnimationContext) -> CALayer? {
        let active = masks.filter { $0.mode != .none }
        guard !active.isEmpty else { return nil }
        var container = LayerFactory.plain(size: size, name: "masks")
        var first = true
        for mask in active {
            if mask.expansion.keyframes.contains(where: { $0.value != 0 }) {
                context.report.note("mask expansion is not drawn", layer: context.layerName)
            }
            if mask.opacity.keyframes.contains(where: { $0.value != 100 }) {
                context.report.note("mask opacity is not drawn", layer: context.layerName)
            }
            let mode = usableMode(mask.mode)
            let layer = LayerFactory.shape(size: size, name: mask.name)
            layer.fillColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            layer.fillRule = .evenOdd
            let inverted = (mode == .subtract) != mask.isInverted
            LayerAnimator.apply(mask.shape, to: layer, keyPath: "path", context: context) { shape in
                let path = CGMutablePath()
                if inverted {
                    path.addRect(
                        CGRect(x: -everywhere, y: -everywhere, width: 2 * everywhere, height: 2 * everywhere))
                }
                shape.add(to: path)
                return path
            }
            if mode == .add || first {
                container.addSublayer(layer)
            } else {
                container.mask = layer
                let outer = LayerFactory.plain(size: size, name: "masks")
                outer.addSublayer(container)
                container = outer
            }
            first = false
        }
        return container
    }

    /// The mode a mask is drawn with: After Effects' lighten and difference add, darken intersects.
    private static func usableMode(_ mode: LottieMask.Mode) -> LottieMask.Mode {
        switch mode {
        case .lighten, .difference: .add
        case .darken: .intersect
        default: mode
        }
    }
}
