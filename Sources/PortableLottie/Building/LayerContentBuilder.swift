import Foundation
import PortableQuartzCore

/// Adds what a Lottie layer shows to its layer (our own helper): precompositions, solids, images, shapes, text.
struct LayerContentBuilder {
    let context: AnimationContext
    /// The size of the composition holding the layer.
    let size: CGSize

    /// Adds the content of `model` to `layer` (whose bounds are `(0, 0, boxSize)`).
    func addContent(of model: LottieLayer, to layer: CALayer, boxSize: CGSize) {
        switch model.content {
        case .precomposition(let reference):
            addPrecomposition(reference, of: model, to: layer, boxSize: boxSize)
        case .solid(let color, let width, let height):
            let solid = LayerFactory.shape(size: size)
            solid.path = CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil)
            solid.fillColor = LayerFactory.color(color)
            layer.addSublayer(solid)
        case .image(let id):
            addImage(id, to: layer)
        case .null:
            break
        case .shape(let items):
            for sublayer in ShapeLayerBuilder(context: context, size: size).layers(for: items) {
                layer.addSublayer(sublayer)
            }
        case .text(let text):
            TextLayerBuilder(context: context, size: size).addText(text, to: layer)
        case .unsupported(let type):
            context.report.note("layer type \(type) is not drawn", layer: model.name)
        }
    }

    private func addPrecomposition(
        _ reference: PrecompositionReference, of model: LottieLayer, to layer: CALayer, boxSize: CGSize
    ) {
        guard case .precomposition(let asset)? = context.animation.assets[reference.assetID] else {
            context.report.note("precomposition \"\(reference.assetID)\" is missing", layer: model.name)
            return
        }
        guard context.depth < LottieLimits.maximumNesting else {
            context.report.note("precompositions nest too deeply; the inner ones are left out", layer: model.name)
            return
        }
        let inner: AnimationContext
        if let remap = reference.timeRemap {
            inner = context.entering(timeRemap: remap)
        } else {
            inner = context.entering(startFrame: model.startFrame, stretch: model.stretch)
        }
        // Precompositions clip their content to their own frame.
        let clip = LayerFactory.plain(size: boxSize, name: "\(model.name) (content)")
        clip.masksToBounds = true
        CompositionBuilder(context: inner, size: boxSize).build(asset.layers, into: clip)
        layer.addSublayer(clip)
    }

    private func addImage(_ id: String, to layer: CALayer) {
        guard case .image(let asset)? = context.animation.assets[id] else {
            context.report.note("image \"\(id)\" is missing", layer: context.layerName)
            return
        }
        guard let data = asset.embeddedData else {
            context.report.note("external image \"\(asset.path)\" is not loaded", layer: context.layerName)
            return
        }
        guard let image = CGImage(pngData: data) else {
            context.report.note("image \"\(id)\" is not a PNG this library decodes", layer: context.layerName)
            return
        }
        let width = asset.width > 0 ? asset.width : Double(image.width)
        let height = asset.height > 0 ? asset.height : Double(image.height)
        let picture = CALayer()
        picture.frame = CGRect(x: 0, y: 0, width: width, height: height)
        picture.contents = image
        layer.addSublayer(picture)
    }
}
