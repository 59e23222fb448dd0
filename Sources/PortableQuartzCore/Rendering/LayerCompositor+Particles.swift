import Foundation

extension LayerCompositor {
    /// Draws an emitter layer's particles at its local time: each its cell's image (through `contentsRect`), at
    /// natural size × scale, turned by its rotation about its centre, centred on its position in the layer's plane
    /// (particle depth is not shown: the layer flattens them like any sublayer), its colour multiplying the image
    /// and its alpha the opacity. The `"additive"` render mode adds them (plus-lighter).
    func drawParticles(_ node: RenderNode, map: PlaneTransform, opacity: Float, surface: RenderSurface) {
        let emitter = node.state.emitter
        // Recorded in place: the history's storage is not copied while the dictionary holds it.
        birthHistories[node.identity, default: (EmitterBirthHistory(), 0)].history.record(
            emitter.birthRate, at: node.localTime)
        simulation.load(cells: node.emitterCells)
        simulation.particles(
            for: emitter, at: node.localTime, history: birthHistories[node.identity]?.history ?? EmitterBirthHistory(),
            into: &particles)
        let blend: CGBlendMode = EmitterSimulation.isAdditive(emitter) ? .plusLighter : .normal
        for particle in particles {
            let image = particle.contents
            let unit = particle.contentsRect
            let source = CGRect(
                x: unit.minX * CGFloat(image.width), y: unit.minY * CGFloat(image.height),
                width: unit.width * CGFloat(image.width), height: unit.height * CGFloat(image.height))
            guard source.width > 0, source.height > 0 else { continue }
            let size = Double(particle.scale / particle.contentsScale)
            let angle = Double(particle.rotation)
            let (sine, cosine) = (sin(angle), cos(angle))
            let placement = PlaneTransform.translation(x: -Double(source.midX), y: -Double(source.midY))
                .followed(by: .scale(x: size, y: size))
                .followed(
                    by: PlaneTransform(
                        m11: cosine, m12: sine, m13: 0, m21: -sine, m22: cosine, m23: 0,
                        m31: Double(particle.position.x), m32: Double(particle.position.y), m33: 1))
            let transform = placement.followed(by: map)
            let color = particle.color
            let alpha = opacity * Float(color.alpha)
            guard alpha > 0 else { continue }
            if color.red >= 1, color.green >= 1, color.blue >= 1 {
                surface.draw(
                    image, source: source, transform: transform, filter: .linear, opacity: alpha, blendMode: blend)
                continue
            }
            guard surface.beginGroup(deviceBounds(source, map: transform)) else { continue }
            surface.draw(image, source: source, transform: transform, filter: .linear, opacity: 1)
            surface.tintGroup(red: color.red, green: color.green, blue: color.blue, alpha: 1)
            surface.endGroup(opacity: alpha, blendMode: blend)
        }
    }
}
