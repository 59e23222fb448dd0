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
        let node = context.nodes.baseAddress.unsafelyUnwrapped + index
        var state: LayerState { _read { yield node.pointee.state } }
        guard !state.isHidden, state.opacity > 0 else { return .null }
        guard node.pointee.transitionIndex < 0, node.pointee.kind != .transformLayer, node.pointee.kind != .emitter
        else { return nil }
        if state.masksToBounds { return deviceBounds(state.bounds, map: map) }

        var local = CGRect.null
        if let background = state.backgroundColor, background.alpha > 0 { local = state.bounds }
        if state.borderWidth > 0, let border = state.borderColor, border.alpha > 0 { local = state.bounds }
        local = local.union(contentsExtent(of: node))
        var extent = CGRect.null
        if !local.isNull {
            guard let device = deviceBounds(local, map: map) else { return nil }
            extent = device
        }
        guard let sublayers = sublayersExtent(of: index, context, map: map, budget: &budget) else { return nil }
        extent = extent.union(sublayers)
        guard !extent.isNull, state.shadowOpacity > 0, let color = state.shadowColor, color.alpha > 0 else {
            return extent
        }
        let shadow = shadowGeometry(state, map: map)
        let reach = 3 * shadow.sigma + 1
        return extent.union(extent.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(dx: -reach, dy: -reach))
    }

    /// The device rectangle of what node `index` draws inside its `masksToBounds` clip, contents and sublayers, as
    /// if it did not clip; `CGRect.null` for nothing and nil when unknown, as for
    /// `drawnExtent(of:_:map:budget:)`.
    func clippedDrawingExtent(of index: Int, _ context: Context, map: PlaneTransform, budget: inout Int) -> CGRect? {
        budget -= 1
        guard budget >= 0 else { return nil }
        let node = context.nodes.baseAddress.unsafelyUnwrapped + index
        guard node.pointee.transitionIndex < 0, node.pointee.kind != .transformLayer, node.pointee.kind != .emitter
        else { return nil }
        var extent = CGRect.null
        let local = contentsExtent(of: node)
        if !local.isNull {
            guard let device = deviceBounds(local, map: map) else { return nil }
            extent = device
        }
        guard let sublayers = sublayersExtent(of: index, context, map: map, budget: &budget) else { return nil }
        return extent.union(sublayers)
    }

    /// The union of the drawn extents of node `index`'s sublayers (`CGRect.null` for none), nil when one is unknown.
    private func sublayersExtent(of index: Int, _ context: Context, map: PlaneTransform, budget: inout Int) -> CGRect? {
        let node = context.nodes.baseAddress.unsafelyUnwrapped + index
        guard node.pointee.childrenStart < node.pointee.subtreeEnd else { return .null }
        let projection = LayerGeometry.projection(of: node.pointee.state)
        var extent = CGRect.null
        var child = node.pointee.childrenStart
        while child < node.pointee.subtreeEnd {
            // Placed as the drawing places it: `render(in:)` lays a layer with a 3-D transform out in 2-D.
            let childMap = PlaneTransform(
                flattening: Self.matrix(
                    of: context.nodes.baseAddress.unsafelyUnwrapped + child, parentProjection: projection,
                    toPlane: CATransform3DIdentity, in2D: drawsIn2D)
            ).followed(by: map)
            guard childMap.isFinite, let childExtent = drawnExtent(of: child, context, map: childMap, budget: &budget)
            else { return nil }
            extent = extent.union(childExtent)
            child = context.nodes[child].subtreeEnd
        }
        return extent
    }

    /// The part of the layer's space its contents cover: a contents image's (see `contentsExtent(_:state:)`), a
    /// shape layer's painted path, a text or gradient layer's bounds; `CGRect.null` for none.
    private func contentsExtent(of node: UnsafePointer<RenderNode>) -> CGRect {
        var state: LayerState { _read { yield node.pointee.state } }
        if let contents = state.contents { return contentsExtent(contents, state: state) }
        switch node.pointee.kind {
        case .shape: return ShapeLayerPainter.paintedExtent(of: state.shape) ?? .null
        case .text, .gradient: return state.bounds
        case .plain, .replicator, .transformLayer, .emitter: return .null
        }
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
