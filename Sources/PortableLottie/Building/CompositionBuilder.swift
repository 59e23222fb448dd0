import Foundation
import PortableQuartzCore

/// Builds the layers of a composition (the root or a precomposition) into a container layer (our own code).
///
/// Layers are added back to front. Each Lottie layer becomes a layer with bounds `(0, 0, size)` carrying its
/// transform, opacity and visibility, with its content inside and its masks as `mask`. A parented layer is wrapped
/// in one layer per ancestor carrying only that ancestor's transform (parents pass on their transform, not their
/// opacity). A layer with a track matte is wrapped in a container whose `mask` holds the matte layer (inverted
/// mattes: an endless opaque layer with the matte cut out by `xor` compositing, as lottie-ios does).
struct CompositionBuilder {
    let context: AnimationContext
    /// The composition's size in points.
    let size: CGSize

    /// Adds the layers of `layers` to `container`.
    func build(_ layers: [LottieLayer], into container: CALayer) {
        var byIndex: [Int: LottieLayer] = [:]
        for layer in layers {
            if let index = layer.index, byIndex[index] == nil { byIndex[index] = layer }
        }
        var position = layers.count - 1
        while position >= 0 {
            let layer = layers[position]
            position -= 1
            if layer.isMatteSource { continue }
            guard let built = makeLayer(layer), let placed = wrappedInParents(built, of: layer, byIndex: byIndex)
            else { continue }
            guard let mode = layer.matteMode else {
                container.addSublayer(placed)
                continue
            }
            // The matte is the layer the file names (`tp`), else the one just in front of this one.
            let matteSource: LottieLayer?
            if let parent = layer.matteParentIndex {
                matteSource = byIndex[parent]
            } else if position >= 0 {
                matteSource = layers[position]
                position -= 1
            } else {
                matteSource = nil
            }
            guard let matteSource, let matte = matteLayer(matteSource, mode: mode, byIndex: byIndex) else {
                container.addSublayer(placed)
                continue
            }
            let masked = LayerFactory.plain(size: size, name: "\(layer.name) (matte)")
            masked.addSublayer(placed)
            masked.mask = matte
            container.addSublayer(masked)
        }
    }

    /// The mask layer made from a matte source, or nil when the mode cannot be drawn.
    private func matteLayer(_ source: LottieLayer, mode: LottieLayer.MatteMode, byIndex: [Int: LottieLayer]) -> CALayer?
    {
        var matteContext = context
        matteContext.layerName = source.name
        guard let built = CompositionBuilder(context: matteContext, size: size).makeLayer(source, asMatte: true),
            let placed = wrappedInParents(built, of: source, byIndex: byIndex)
        else { return nil }
        let holder = LayerFactory.plain(size: size, name: "\(source.name) (matte source)")
        switch mode {
        case .alpha:
            holder.addSublayer(placed)
        case .alphaInverted:
            let everywhere = MaskBuilder.everywhere
            holder.bounds = CGRect(x: -everywhere, y: -everywhere, width: 2 * everywhere, height: 2 * everywhere)
            holder.position = .zero
            holder.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            holder.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            let inner = LayerFactory.plain(size: size)
            inner.position = CGPoint(x: size.width / 2, y: size.height / 2)
            inner.addSublayer(placed)
            inner.compositingFilter = "xor"
            holder.addSublayer(inner)
        case .luma, .lumaInverted:
            context.report.note("luma track mattes are not drawn (the layer shows unmatted)", layer: context.layerName)
            return nil
        }
        return holder
    }

    /// Wraps `layer` in one transform-only layer per ancestor of `model`; nil when the layer budget cannot pay
    /// for the wrappers (a chain of n parented layers needs about n²/2 of them).
    private func wrappedInParents(_ layer: CALayer, of model: LottieLayer, byIndex: [Int: LottieLayer]) -> CALayer? {
        var current = layer
        var parentIndex = model.parentIndex
        var steps = 0
        while let index = parentIndex, let parent = byIndex[index], steps < LottieLimits.maximumNesting * 16 {
            steps += 1
            guard context.takeLayers() else { return nil }
            let wrapper = LayerFactory.plain(size: size, name: "\(model.name) (parent \(parent.name))")
            var parentContext = context
            parentContext.layerName = parent.name
            TransformAnimator.apply(
                parent.transform, to: wrapper, size: parentSize(parent), context: parentContext, includeOpacity: false)
            if parentSize(parent) != size {
                wrapper.bounds = CGRect(origin: .zero, size: parentSize(parent))
            }
            wrapper.addSublayer(current)
            current = wrapper
            parentIndex = parent.parentIndex
        }
        return current
    }

    /// The size of the box a layer's anchor is measured in: a precomposition layer's own size, else the
    /// composition's.
    private func parentSize(_ layer: LottieLayer) -> CGSize {
        if case .precomposition(let reference) = layer.content, reference.width > 0, reference.height > 0 {
            return CGSize(width: reference.width, height: reference.height)
        }
        return size
    }

    /// The layer of one Lottie layer, or nil for hidden, empty or unsupported ones.
    func makeLayer(_ model: LottieLayer, asMatte: Bool = false) -> CALayer? {
        guard !model.isHidden else { return nil }
        var context = context
        context.layerName = model.name
        context.keypath.append(model.name)
        // The layer and one shape layer per mask.
        guard context.takeLayers(1 + model.masks.count) else { return nil }
        let boxSize = parentSize(model)
        let layer = LayerFactory.plain(size: boxSize, name: model.name)
        TransformAnimator.apply(
            model.transform, to: layer, size: boxSize, context: context, autoOrient: model.autoOrient)
        LayerAnimator.applyVisibility(inFrame: model.inFrame, outFrame: model.outFrame, to: layer, context: context)
        if model.blendMode != .normal {
            if let filter = Self.filterName(model.blendMode) {
                layer.compositingFilter = filter
            } else {
                context.report.note("blend mode \(model.blendMode) is not drawn", layer: model.name)
            }
        }
        if model.is3D { context.report.note("3-D layers are drawn flat", layer: model.name) }
        LayerContentBuilder(context: context, size: size).addContent(of: model, to: layer, boxSize: boxSize)
        if let mask = MaskBuilder.maskLayer(model.masks, size: boxSize, context: context) {
            layer.mask = mask
        }
        EffectBuilder.apply(model.effects, to: layer, context: context)
        return layer
    }

    /// Core Animation's compositing filter for a blend mode.
    static func filterName(_ mode: LottieLayer.BlendMode) -> String? {
        switch mode {
        case .normal: nil
        case .multiply: "multiplyBlendMode"
        case .screen: "screenBlendMode"
        case .overlay: "overlayBlendMode"
        case .darken: "darkenBlendMode"
        case .lighten: "lightenBlendMode"
        case .colorDodge: "colorDodgeBlendMode"
        case .colorBurn: "colorBurnBlendMode"
        case .hardLight: "hardLightBlendMode"
        case .softLight: "softLightBlendMode"
        case .difference: "differenceBlendMode"
        case .exclusion: "exclusionBlendMode"
        case .hue: "hueBlendMode"
        case .saturation: "saturationBlendMode"
        case .color: "colorBlendMode"
        case .luminosity: "luminosityBlendMode"
        case .add: "plusL"
        case .hardMix: nil
        }
    }
}
