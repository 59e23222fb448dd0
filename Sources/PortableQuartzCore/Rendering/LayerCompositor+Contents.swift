import Foundation

extension LayerCompositor {
    /// Draws what the layer shows between its background and its sublayers: its `contents` image (a cross-fade
    /// dissolves between both images), or the drawing of a shape, text or gradient layer (a shape is drawn as
    /// vectors, unclipped), or an emitter's particles. A text layer painted at render time shows its string over its
    /// `contents` too.
    ///
    /// The node is read in place: a copy of it would retain every reference its state holds.
    func drawContents(
        _ node: UnsafePointer<RenderNode>, map layerMap: PlaneTransform, opacity: Float, surface: RenderSurface
    ) {
        let statePointer = Self.state(of: node)
        var state: LayerState { _read { yield statePointer.pointee } }
        let kind = node.pointee.kind
        if kind == .shape && state.contents == nil {
            // A path is geometry in the layer's coordinates: drawn through the layer's map as it is.
            ShapeLayerPainter.draw(state.shape, map: layerMap, opacity: opacity, into: surface, trimmer: strokeTrimmer)
            return
        }
        // An image (and a text or gradient drawing) stays upright under a flipping ancestor.
        let map =
            node.pointee.flipsContents
            ? PlaneTransform(
                m11: 1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0, m31: 0,
                m32: Double(state.bounds.minY + state.bounds.maxY), m33: 1
            ).followed(by: layerMap) : layerMap
        if let contents = state.contents {
            drawContentsImage(contents, state: state, map: map, opacity: opacity, surface: surface)
            // A text layer whose string is painted here (not drawn into its contents, see `CATextLayer.display()`)
            // shows it over what its display drew, as Apple's draws the string over the delegate's drawing.
            guard kind == .text else { return }
        }
        switch kind {
        case .text, .gradient:
            let scale = map.localScale(at: CGPoint(x: state.bounds.midX, y: state.bounds.midY))
            let region = PaintedContentCache.region(
                of: state.bounds, map: map, scale: scale, clip: surface.clipBounds)
            guard !region.isEmpty, let image = paintedContents.image(for: node.pointee, region: region, scale: scale)
            else {
                return
            }
            let toBounds = PlaneTransform(
                m11: Double(region.width) / Double(image.width), m12: 0, m13: 0, m21: 0,
                m22: Double(region.height) / Double(image.height), m23: 0, m31: Double(region.minX),
                m32: Double(region.minY), m33: 1)
            surface.draw(
                image, source: CGRect(x: 0, y: 0, width: image.width, height: image.height),
                transform: toBounds.followed(by: map), filter: .linear, opacity: opacity)
        case .emitter:
            drawParticles(node.pointee, map: map, opacity: opacity, surface: surface)
        case .plain, .replicator, .transformLayer, .shape:
            break
        }
    }

    /// Draws `contents`: its image, or a dissolve between a cross-fade's two images.
    private func drawContentsImage(
        _ contents: LayerContents, state: LayerState, map: PlaneTransform, opacity: Float, surface: RenderSurface
    ) {
        switch contents {
        case .image(let image):
            drawImage(image, state: state, map: map, opacity: opacity, surface: surface)
        case .crossFade(let from, let to, let fraction):
            // A dissolve: from × (1 − f) plus to × f, made in a group so the sum does not add to what is below.
            let f = Float(fraction.isFinite ? min(max(fraction, 0), 1) : 0)
            guard surface.beginGroup(deviceBounds(state.bounds, map: map)) else { return }
            if let from { drawImage(from, state: state, map: map, opacity: 1 - f, surface: surface) }
            if let to {
                drawImage(to, state: state, map: map, opacity: f, surface: surface, blendMode: .plusLighter)
            }
            surface.endGroup(opacity: opacity)
        }
    }

    /// Draws `image` as the layer's contents through `contentsRect`, `contentsGravity` and `contentsCenter`.
    private func drawImage(
        _ image: CGImage, state: LayerState, map: PlaneTransform, opacity: Float, surface: RenderSurface,
        blendMode: CGBlendMode = .normal
    ) {
        guard opacity > 0 else { return }
        let details = state.details
        ContentsLayout.pieces(
            width: image.width, height: image.height, bounds: state.bounds, details: details, into: &pieces)
        for piece in pieces {
            let toDestination = PlaneTransform(
                m11: Double(piece.destination.width / piece.source.width), m12: 0, m13: 0, m21: 0,
                m22: Double(piece.destination.height / piece.source.height), m23: 0,
                m31: Double(piece.destination.minX - piece.source.minX * piece.destination.width / piece.source.width),
                m32: Double(
                    piece.destination.minY - piece.source.minY * piece.destination.height / piece.source.height),
                m33: 1)
            let transform = toDestination.followed(by: map)
            let center = CGPoint(x: piece.source.midX, y: piece.source.midY)
            let magnifies = transform.localScale(at: center) > 1
            let filter = Self.filter(magnifies ? details.magnificationFilter.choice : details.minificationFilter.choice)
            surface.draw(
                image, source: piece.source, transform: transform, filter: filter, opacity: opacity,
                blendMode: blendMode)
        }
    }

    /// The sampling of a contents filter (an unknown name was parsed as linear, Apple's default).
    static func filter(_ filter: ContentsFilter) -> SurfaceFilter {
        switch filter {
        case .nearest: .nearest
        case .linear: .linear
        case .trilinear: .trilinear
        }
    }
}
