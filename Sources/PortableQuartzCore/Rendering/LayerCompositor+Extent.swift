import Foundation

extension LayerCompositor {
    /// How many nodes one extent computation may visit before it gives up and answers "unbounded" (the group then
    /// covers the whole clip, which is always right, only slower).
    static let extentVisitBudget = 256

    /// The device rectangle holding everything node `index` draws when its bounds space maps to the device through
    /// `map`: background, border, contents (an image may overflow the bounds through its gravity), a shape layer's
    /// path and stroke wherever they lie, the sublayers' extents, and shadows. `CGRect.null` when it draws nothing;
    /// nil when the extent is unknown or unbounded (emitters, transform layers, transitions, a point behind the
    /// viewer, or more than `budget` nodes to visit).
    ///
    /// Only `masksToBounds` limits a layer to its bounds (Apple clips nothing else there), so offscreen groups for
    /// opacity, masks and shadows are sized by this, not by the bounds.
    func drawnExtent(of index: Int, _ context: Context, map: PlaneTransform, budget: inout Int) -> CGRect? {
        budget -= 1
        guard budget >= 0 else { return nil }
        let node = context.nodes[index]
        var state: LayerState { _read { yield context.nodes[index].state } }
        guard !state.isHidden, state.opacity > 0 else { return .null }
        guard node.transitionIndex < 0, node.kind != .transformLayer, node.kind != .emitter else { return nil }
        if state.masksToBounds { return deviceBounds(state.bounds, map: map) }

        var local = CGRect.null
        if let background = state.backgroundColor, background.alpha > 0 { local = state.bounds }
        if state.borderWidth > 0, let border = state.borderColor, border.alpha > 0 { local = state.bounds }
        if let contents = state.contents {
            local = local.union(contentsExtent(contents, state: state))
        } else {
            switch node.kind {
            case .shape: local = local.union(ShapeLayerPainter.paintedExtent(of: state.shape) ?? .null)
            case .text, .gradient: local = local.union(state.bounds)
            case .plain, .replicator, .transformLayer, .emitter: break
            }
        }
        var extent = CGRect.null
        if !local.isNull {
            guard let device = deviceBounds(local, map: map) else { return nil }
            extent = device
        }
        if node.childrenStart < node.subtreeEnd {
            let projection = LayerGeometry.projection(of: state)
            var child = node.childrenStart
            while child < node.subtreeEnd {
                let childMap = PlaneTransform(
                    flattening: Self.matrix(
                        of: context.nodes[child], parentProjection: projection, toPlane: CATransform3DIdentity)
                ).followed(by: map)
                guard childMap.isFinite,
                    let childExtent = drawnExtent(of: child, context, map: childMap, budget: &budget)
                else { return nil }
                extent = extent.union(childExtent)
                child = context.nodes[child].subtreeEnd
            }
        }
        guard !extent.isNull, state.shadowOpacity > 0, let color = state.shadowColor, color.alpha > 0 else {
            return extent
        }
        let shadow = shadowGeometry(state, map: map)
        let reach = 3 * shadow.sigma + 1
        return extent.union(extent.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(dx: -reach, dy: -reach))
    }

    /// The part of the layer's space a contents image covers: the bounds, or more when the gravity lets the image
    /// overflow them.
    private func contentsExtent(_ contents: LayerContents, state: LayerState) -> CGRect {
        switch contents {
        case .image(let image):
            return imageExtent(image, state: state)
        case .crossFade(let from, let to, _):
            let old = from.map { imageExtent($0, state: state) } ?? .null
            return old.union(to.map { imageExtent($0, state: state) } ?? .null)
        }
    }

    private func imageExtent(_ image: CGImage, state: LayerState) -> CGRect {
        ContentsLayout.pieces(
            width: image.width, height: image.height, bounds: state.bounds, details: state.details, into: &pieces)
        var extent = CGRect.null
        for piece in pieces { extent = extent.union(piece.destination) }
        return extent
    }
}
