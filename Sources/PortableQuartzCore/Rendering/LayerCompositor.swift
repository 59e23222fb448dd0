import Foundation

/// Composites a `RenderTree` into a `RenderSurface` (our helper): what Core Animation's render server does with
/// the layer tree of a frame.
///
/// Geometry. Each layer's bounds space reaches the device through a plane map: its placement (SPEC §11b: anchor,
/// `transform`, `position`/`zPosition`), the superlayer's `sublayerTransform` about the superlayer's anchor, then
/// the superlayer's own map. A layer is a flat plane: its sublayers are drawn into its plane (each hop keeps only
/// rows and columns 1, 2, 4 of the 4 × 4 matrix, which is exactly "project, then drop z"), so a perspective
/// `sublayerTransform` (m34 = −1/500) shows its sublayers in perspective, drawn perspective-correct. A
/// `CATransformLayer` does not flatten: its sublayers' 4 × 4 matrices multiply through it into the nearest
/// flattening ancestor, and they are drawn back to front by the depth of their anchor points.
///
/// Order per layer: shadow, background (rounded by `cornerRadius` on `maskedCorners`), contents (image, or the
/// drawing of a shape, text or gradient layer, or particles), sublayers sorted by `zPosition` (stable), border.
/// `masksToBounds` clips contents and sublayers to the rounded bounds. A layer with a `compositingFilter` naming a
/// blend mode is composited as one group with that mode. A layer with `opacity` < 1 that draws more than one thing
/// and `allowsGroupOpacity` is composited as one group; without `allowsGroupOpacity` its opacity
/// multiplies into each of its parts. A `mask` layer's rendered alpha limits the layer and its sublayers.
///
/// Skipped: hidden layers, layers with opacity 0 or NaN, layers whose map is not finite or is singular, and
/// single-sided layers seen from the back (`isDoubleSided` false and the map mirrored).
final class LayerCompositor {
    /// Whether layers are placed as `CALayer.render(in:)` places them (a layer whose transform is not affine
    /// drawn without its position and transform) rather than as `CARenderer` does (in full 3-D).
    let drawsIn2D: Bool
    /// Painted contents of shape, text and gradient layers, kept between frames.
    let paintedContents = PaintedContentCache()
    /// Scratch for the pieces of one contents image.
    var pieces: [ContentsPiece] = []
    /// Measures and cuts the strokes of shape layers with `strokeStart` or `strokeEnd` set.
    let strokeTrimmer = StrokeTrimmer()
    /// Scratch for an emitter's particles.
    var particles: [EmitterParticle] = []
    /// Each emitter layer's `birthRate` over time, so particles born before a change live on, with the number of
    /// the last frame whose tree held the layer.
    var birthHistories: [ObjectIdentifier: (history: EmitterBirthHistory, frame: UInt64)] = [:]
    /// Frames rendered, for ``birthHistories``.
    private var frameNumber: UInt64 = 0
    /// Scratch for an emitter's cells, loaded for each emitter drawn.
    var simulation = EmitterSimulation()
    /// Sublayers in drawing order for the levels that sort them (by `zPosition`, or by depth under a transform
    /// layer); each level owns the entries above those of the levels it is drawn in.
    @exclusivity(unchecked) var order: [(index: Int, depth: Double)] = []
    /// The layers being drawn, outermost first (see `draw`). `order` and `frames` are read several times per layer,
    /// so they skip the run-time exclusivity check: one compositor draws on one thread, and no access to either
    /// spans a call that changes it.
    @exclusivity(unchecked) var frames: [CompositorFrame] = []

    /// A compositor placing layers as `render(in:)` does when `drawsIn2D`, else as `CARenderer` does.
    init(drawsIn2D: Bool = false) {
        self.drawsIn2D = drawsIn2D
    }

    /// Draws `tree` into `surface`; `rootMap` maps the root layer's superlayer space into device pixels.
    func render(_ tree: RenderTree, into surface: RenderSurface, rootMap: PlaneTransform) {
        guard tree.count > 0 else { return }
        paintedContents.beginFrame()
        tree.nodes.withUnsafeBufferPointer { nodes in
            let context = Context(nodes: nodes, transitions: tree.transitions, surface: surface)
            draw(
                0, context, planeMap: rootMap, toPlane: CATransform3DIdentity, parentProjection: CATransform3DIdentity,
                inheritedOpacity: 1)
        }
        paintedContents.endFrame()
        forgetRemovedEmitters(in: tree)
    }

    /// Forgets every emitter's birth history, so the next frame starts its emitters afresh (as a new compositor
    /// would).
    func forgetEmitterHistories() {
        birthHistories = [:]
    }

    /// Drops the birth histories of emitter layers that are no longer in the tree. Each history present is marked
    /// with the frame's number in place, so nothing is allocated unless a history is dropped.
    private func forgetRemovedEmitters(in tree: RenderTree) {
        frameNumber &+= 1
        guard !birthHistories.isEmpty else { return }
        for index in 0..<tree.count where tree.nodes[index].kind == .emitter {
            // Through the values view: the optional-returning subscript's in-place update allocates each time.
            if let entry = birthHistories.index(forKey: tree.nodes[index].identity) {
                birthHistories.values[entry].frame = frameNumber
            }
        }
        let frame = frameNumber
        if birthHistories.values.contains(where: { $0.frame != frame }) {
            birthHistories = birthHistories.filter { $0.value.frame == frame }
        }
    }

    /// What every step of one render reads.
    struct Context {
        let nodes: UnsafeBufferPointer<RenderNode>
        let transitions: [RenderTransition]
        let surface: RenderSurface
    }

    // MARK: Drawing a subtree

    /// Draws node `index` and its subtree. `planeMap` maps the plane the layer is drawn into to the device; `toPlane`
    /// maps the superlayer's space into that plane (identity unless the superlayer is a transform layer);
    /// `parentProjection` is the superlayer's `sublayerTransform` about its anchor. `placement`, when given, replaces
    /// the layer's own map (an old transition picture drawn where the layer is now); `showsTransition` false draws
    /// the layer as it is now even while a transition plays on it.
    ///
    /// The walk keeps its layers on `frames` (see `CompositorFrame`), not on the call stack: a layer is begun, its
    /// sublayers are begun one after another as the walk reaches them, and it is finished when they are done.
    /// Transitions draw their pictures through a nested call, which walks above the frames of this one.
    func draw(
        _ index: Int, _ context: Context, planeMap: PlaneTransform, toPlane: CATransform3D,
        parentProjection: CATransform3D, inheritedOpacity: Float, placement: PlaneTransform? = nil,
        showsTransition: Bool = true
    ) {
        let base = frames.count
        begin(
            index, context, planeMap: planeMap, toPlane: toPlane, parentProjection: parentProjection,
            inheritedOpacity: inheritedOpacity, placement: placement, showsTransition: showsTransition)
        while frames.count > base {
            let top = frames.count - 1
            if let child = nextSublayer(of: top, context) {
                begin(
                    child, context, planeMap: frames[top].childPlaneMap, toPlane: frames[top].childToPlane,
                    parentProjection: frames[top].childProjection, inheritedOpacity: frames[top].childOpacity)
                continue
            }
            if frames[top].step == .sublayers && frames[top].hasMask {
                // After the layer's group is complete, its mask tree is drawn into a group of its own.
                endParts(of: frames[top], context)
                frames[top].step = .maskDrawn
                context.surface.beginMaskGroup()
                begin(
                    context.nodes[frames[top].index].maskIndex, context, planeMap: frames[top].map,
                    toPlane: CATransform3DIdentity, parentProjection: CATransform3DIdentity, inheritedOpacity: 1)
                continue
            }
            finish(frames.removeLast(), context)
        }
    }

    /// The next sublayer of frame `position` to draw, advancing its walk, or nil when they are done (the frame's
    /// share of `order` is then released).
    private func nextSublayer(of position: Int, _ context: Context) -> Int? {
        guard frames[position].cursor < frames[position].end else {
            if frames[position].orderBase >= 0 {
                order.removeSubrange(frames[position].orderBase...)
                frames[position].orderBase = -1
            }
            return nil
        }
        let cursor = frames[position].cursor
        if frames[position].orderBase >= 0 {
            frames[position].cursor += 1
            return order[cursor].index
        }
        frames[position].cursor = context.nodes[cursor].subtreeEnd
        return cursor
    }

    /// Does everything node `index` draws before its sublayers and pushes its frame, or draws nothing and pushes
    /// nothing (hidden, transparent, not finite, seen from the back, nothing to draw, or drawn whole as a
    /// transition).
    private func begin(
        _ index: Int, _ context: Context, planeMap: PlaneTransform, toPlane: CATransform3D,
        parentProjection: CATransform3D, inheritedOpacity: Float, placement: PlaneTransform? = nil,
        showsTransition: Bool = true
    ) {
        let node = context.nodes.baseAddress! + index
        // Read in place: a copy of the whole state would retain every reference in it.
        let statePointer = Self.state(of: node)
        var state: LayerState { _read { yield statePointer.pointee } }
        guard !state.isHidden, state.opacity > 0 else { return }
        let matrix = Self.matrix(of: node, parentProjection: parentProjection, toPlane: toPlane, in2D: drawsIn2D)
        if node.pointee.kind == .transformLayer && placement == nil {
            beginTransformLayer(
                index, context, planeMap: planeMap, matrix: matrix,
                inheritedOpacity: inheritedOpacity * state.opacity)
            return
        }
        let map = placement ?? PlaneTransform(flattening: matrix).followed(by: planeMap)
        guard map.isFinite, map.determinant != 0 else { return }
        if !state.isDoubleSided && map.determinant < 0 { return }
        if showsTransition, node.pointee.transitionIndex >= 0 {
            drawTransition(
                context.transitions[node.pointee.transitionIndex], node: index, context, map: map,
                planeMap: planeMap, toPlane: toPlane, parentProjection: parentProjection,
                inheritedOpacity: inheritedOpacity)
            return
        }

        let surface = context.surface
        let bounds = state.bounds
        let details = state.details
        let hasChildren = node.pointee.childrenStart < node.pointee.subtreeEnd
        let hasMask = node.pointee.maskIndex >= 0
        let shadowColor = Self.shadow(of: state)
        let castsAlphaShadow = shadowColor != nil && state.shadowPath == nil && !state.masksToBounds
        let opacity = state.opacity * inheritedOpacity
        let parts = partCount(node, hasChildren: hasChildren)
        guard parts > 0 || hasMask else { return }
        let groupsOpacity = opacity < 1 && details.allowsGroupOpacity && parts > 1
        let blendMode = details.compositingBlendMode
        let usesGroup =
            groupsOpacity || hasMask || castsAlphaShadow || blendMode != .normal
            || node.pointee.instanceColor != SIMD4(repeating: 1)
        let partOpacity: Float = usesGroup ? 1 : opacity

        if let shadowColor, let path = state.shadowPath, !state.masksToBounds {
            let shadow = shadowGeometry(state, map: map)
            surface.fillShadow(
                of: .path(path, evenOdd: false), transform: map, red: shadowColor.red, green: shadowColor.green,
                blue: shadowColor.blue, alpha: shadowColor.alpha, opacity: state.shadowOpacity * opacity,
                offsetX: shadow.dx, offsetY: shadow.dy, sigma: shadow.sigma)
        }
        if usesGroup {
            guard surface.beginGroup(groupRegion(of: index, context, map: map)) else { return }
        }
        if let background = state.backgroundColor, background.alpha > 0 {
            surface.fill(
                .roundedRect(bounds, radius: state.cornerRadius, corners: UInt(details.maskedCorners)), transform: map,
                red: background.red, green: background.green, blue: background.blue, alpha: background.alpha,
                opacity: partOpacity)
        }
        let clips = state.masksToBounds && !boundsHoldDrawing(of: index, context, map: map)
        if clips {
            surface.pushClip(
                .roundedRect(bounds, radius: state.cornerRadius, corners: UInt(details.maskedCorners)), transform: map)
        }
        drawContents(node, map: map, opacity: partOpacity, surface: surface)
        frames.append(
            CompositorFrame(
                index: index, map: map, partOpacity: partOpacity, groupOpacity: usesGroup ? opacity : 1,
                blendMode: blendMode, usesGroup: usesGroup, clips: clips,
                castsAlphaShadow: castsAlphaShadow,
                hasMask: hasMask, isTransformLayer: false, cursor: 0, end: 0, orderBase: -1, childPlaneMap: map,
                childToPlane: CATransform3DIdentity, childProjection: LayerGeometry.projection(of: state),
                childOpacity: usesGroup || details.allowsGroupOpacity ? 1 : opacity))
        if hasChildren { startSublayers(of: frames.count - 1, context) }
    }

    /// Sets up the walk over frame `position`'s sublayers: tree order, or sorted by `zPosition` (stable) into the
    /// shared `order` when any sublayer has one.
    private func startSublayers(of position: Int, _ context: Context) {
        let nodes = context.nodes
        let index = frames[position].index
        let start = nodes[index].childrenStart
        let end = nodes[index].subtreeEnd
        var child = start
        var sorted = false
        while child < end {
            if nodes[child].state.zPosition != 0 { sorted = true }
            child = nodes[child].subtreeEnd
        }
        guard sorted else {
            frames[position].cursor = start
            frames[position].end = end
            return
        }
        let base = order.count
        child = start
        while child < end {
            order.append((child, Double(nodes[child].state.zPosition)))
            child = nodes[child].subtreeEnd
        }
        Self.stableSort(&order, from: base)
        frames[position].orderBase = base
        frames[position].cursor = base
        frames[position].end = order.count
    }

    /// A transform layer draws nothing itself; its sublayers keep their depth and are drawn back to front, into the
    /// plane its own superlayer draws into.
    private func beginTransformLayer(
        _ index: Int, _ context: Context, planeMap: PlaneTransform, matrix: CATransform3D, inheritedOpacity: Float
    ) {
        let nodes = context.nodes
        let projection = LayerGeometry.projection(of: nodes[index].state)
        let base = order.count
        var child = nodes[index].childrenStart
        while child < nodes[index].subtreeEnd {
            let childMatrix = Self.matrix(
                of: nodes.baseAddress.unsafelyUnwrapped + child, parentProjection: projection, toPlane: matrix,
                in2D: drawsIn2D)
            let anchor = LayerGeometry.anchor(
                of: nodes[child].state.bounds, anchorPoint: nodes[child].state.anchorPoint)
            order.append((child, Self.depth(of: anchor, z: nodes[child].state.anchorPointZ, through: childMatrix)))
            child = nodes[child].subtreeEnd
        }
        Self.stableSort(&order, from: base)
        frames.append(
            CompositorFrame(
                index: index, map: planeMap, partOpacity: 1, groupOpacity: 1, blendMode: .normal, usesGroup: false,
                clips: false,
                castsAlphaShadow: false, hasMask: false, isTransformLayer: true, cursor: base, end: order.count,
                orderBase: base, childPlaneMap: planeMap, childToPlane: matrix, childProjection: projection,
                childOpacity: inheritedOpacity))
    }

    /// What a layer draws after its sublayers and before its group closes: the end of its clip, its border, its
    /// instance tint and the shadow of its group's alpha.
    private func endParts(of frame: CompositorFrame, _ context: Context) {
        guard !frame.isTransformLayer else { return }
        let surface = context.surface
        var state: LayerState { _read { yield context.nodes[frame.index].state } }
        if frame.clips { surface.popClip() }
        if state.borderWidth > 0, let border = state.borderColor, border.alpha > 0 {
            surface.fill(
                .border(
                    state.bounds, radius: state.cornerRadius, corners: UInt(state.details.maskedCorners),
                    width: state.borderWidth),
                transform: frame.map, red: border.red, green: border.green, blue: border.blue, alpha: border.alpha,
                opacity: frame.partOpacity)
        }
        guard frame.usesGroup else { return }
        let tint = context.nodes[frame.index].instanceColor
        if tint != SIMD4(repeating: 1) {
            surface.tintGroup(red: Double(tint.x), green: Double(tint.y), blue: Double(tint.z), alpha: Double(tint.w))
        }
        if frame.castsAlphaShadow, let shadowColor = Self.shadow(of: state) {
            let shadow = shadowGeometry(state, map: frame.map)
            surface.castShadowOfGroup(
                red: shadowColor.red, green: shadowColor.green, blue: shadowColor.blue, alpha: shadowColor.alpha,
                opacity: state.shadowOpacity, offsetX: shadow.dx, offsetY: shadow.dy, sigma: shadow.sigma)
        }
    }

    /// Ends a layer whose sublayers (and mask) are drawn.
    private func finish(_ frame: CompositorFrame, _ context: Context) {
        switch frame.step {
        case .maskDrawn:
            context.surface.endMaskedGroup(opacity: frame.groupOpacity, blendMode: frame.blendMode)
        case .sublayers:
            endParts(of: frame, context)
            if frame.usesGroup { context.surface.endGroup(opacity: frame.groupOpacity, blendMode: frame.blendMode) }
        }
    }

    /// How many things the layer draws (background, contents — a shape layer's fill and stroke count apart, as do a
    /// text layer's contents and string —, border, sublayers — sublayers count twice, so any sublayer with anything
    /// else, or two sublayers, makes a group): the group-opacity decision.
    private func partCount(_ node: UnsafePointer<RenderNode>, hasChildren: Bool) -> Int {
        let statePointer = Self.state(of: node)
        var state: LayerState { _read { yield statePointer.pointee } }
        var parts = 0
        if let background = state.backgroundColor, background.alpha > 0 { parts += 1 }
        let kind = node.pointee.kind
        if state.contents == nil && kind == .shape {
            parts += ShapeLayerPainter.paintCount(of: state.shape)
        } else if state.contents != nil || kind != .plain {
            // A text layer painted at render time draws its string over its contents: two parts.
            parts += state.contents != nil && kind == .text ? 2 : 1
        }
        if state.borderWidth > 0, let border = state.borderColor, border.alpha > 0 { parts += 1 }
        if hasChildren { parts += 2 }
        return parts
    }

    // MARK: Geometry

    /// Whether everything node `index` draws inside its `masksToBounds` clip lies where the clip covers whole
    /// pixels, so that the clip would cut nothing and is not made (it costs a mask the size of the bounds on the
    /// device, and every draw inside multiplies by it). Fills and images come out the same; a stroke inside can
    /// differ by a level at an edge pixel, as the stroker refines its flattening only inside the region drawn. That is so when the clip is a rectangle with square corners
    /// under an affine map, and the device box of the contents and sublayers (`clippedDrawingExtent`, a pixel
    /// wider on each side than any pixel they touch) lies inside the mapped rectangle. A Lottie precomposition
    /// clips to its size, and is often turned so that no clip of it falls on whole pixels.
    private func boundsHoldDrawing(of index: Int, _ context: Context, map: PlaneTransform) -> Bool {
        let state = Self.state(of: context.nodes.baseAddress.unsafelyUnwrapped + index)
        guard state.pointee.cornerRadius <= 0 || state.pointee.details.maskedCorners == 0, map.isAffine else {
            return false
        }
        guard let inverse = map.inverted else { return false }
        var budget = Self.extentVisitBudget
        guard let extent = clippedDrawingExtent(of: index, context, map: map, budget: &budget) else { return false }
        if extent.isNull { return true }
        let bounds = state.pointee.bounds
        for corner in 0..<4 {
            // The corner taken back into the layer's bounds space.
            let x = corner == 1 || corner == 2 ? extent.maxX : extent.minX
            let y = corner >= 2 ? extent.maxY : extent.minY
            guard let point = inverse.apply(to: CGPoint(x: x, y: y)), point.x >= bounds.minX, point.x <= bounds.maxX,
                point.y >= bounds.minY, point.y <= bounds.maxY
            else { return false }
        }
        return true
    }

    /// The node's state, addressed in place.
    static func state(of node: UnsafePointer<RenderNode>) -> UnsafePointer<LayerState> {
        UnsafeRawPointer(node).advanced(by: MemoryLayout<RenderNode>.offset(of: \RenderNode.state)!)
            .assumingMemoryBound(to: LayerState.self)
    }

    /// The 4 × 4 matrix from the layer's bounds space into the drawing plane; `in2D` places a layer whose
    /// transform is not affine as `render(in:)` does (``LayerGeometry/placementMatrixDrawnIn2D``). The node is read in
    /// place: a copy of it would copy and retain its whole state.
    static func matrix(
        of node: UnsafePointer<RenderNode>, parentProjection: CATransform3D, toPlane: CATransform3D, in2D: Bool = false
    ) -> CATransform3D {
        var state: LayerState { _read { yield node.pointee.state } }
        let geometry = LayerGeometry(
            bounds: state.bounds, position: state.position, zPosition: state.zPosition,
            anchorPoint: state.anchorPoint, anchorPointZ: state.anchorPointZ, transform: state.transform,
            isGeometryFlipped: state.details.isGeometryFlipped)
        var matrix = in2D ? geometry.placementMatrixDrawnIn2D : geometry.placementMatrix
        if !CATransform3DIsIdentity(node.pointee.instanceTransform) {
            matrix = CATransform3DConcat(matrix, node.pointee.instanceTransform)
        }
        if !CATransform3DIsIdentity(parentProjection) { matrix = CATransform3DConcat(matrix, parentProjection) }
        if !CATransform3DIsIdentity(toPlane) { matrix = CATransform3DConcat(matrix, toPlane) }
        return matrix
    }

    /// The depth (z after the perspective divide; larger is nearer) of a layer point through `matrix`.
    private static func depth(of point: CGPoint, z: CGFloat, through m: CATransform3D) -> Double {
        let zz = point.x * m.m13 + point.y * m.m23 + z * m.m33 + m.m43
        let w = point.x * m.m14 + point.y * m.m24 + z * m.m34 + m.m44
        let depth = w != 0 ? Double(zz / w) : Double(zz)
        return depth.isFinite ? depth : 0
    }

    /// The device bounding box of `rect` under `map`; `nil` (the whole clip) when a corner is behind the viewer.
    func deviceBounds(_ rect: CGRect, map: PlaneTransform) -> CGRect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for corner in 0..<4 {
            let x = corner == 1 || corner == 2 ? rect.maxX : rect.minX
            let y = corner >= 2 ? rect.maxY : rect.minY
            guard let point = map.apply(to: CGPoint(x: x, y: y)) else { return nil }
            minX = min(minX, Double(point.x))
            minY = min(minY, Double(point.y))
            maxX = max(maxX, Double(point.x))
            maxY = max(maxY, Double(point.y))
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return CGRect(x: minX - 1, y: minY - 1, width: maxX - minX + 2, height: maxY - minY + 2)
    }

    /// The device region of the offscreen group of node `index` drawn through `map`: what the layer draws, and for
    /// a masked layer only where its mask's tree draws too (the mask's path and sublayers may lie outside the mask's
    /// bounds, which clip nothing unless it masks to them). Nil for the whole clip.
    private func groupRegion(of index: Int, _ context: Context, map: PlaneTransform) -> CGRect? {
        var budget = Self.extentVisitBudget
        let content = drawnExtent(of: index, context, map: map, budget: &budget)
        let maskIndex = context.nodes[index].maskIndex
        guard maskIndex >= 0 else { return content }
        let maskMap = PlaneTransform(
            flattening: Self.matrix(
                of: context.nodes.baseAddress.unsafelyUnwrapped + maskIndex, parentProjection: CATransform3DIdentity,
                toPlane: CATransform3DIdentity, in2D: drawsIn2D)
        ).followed(by: map)
        budget = Self.extentVisitBudget
        let mask = maskMap.isFinite ? drawnExtent(of: maskIndex, context, map: maskMap, budget: &budget) : nil
        switch (content, mask) {
        case (let content?, let mask?): return content.intersection(mask)
        case (let content?, nil): return content
        case (nil, let mask?): return mask
        case (nil, nil): return nil
        }
    }

    // MARK: Shadows

    /// The shadow's colour with `shadowOpacity` applied later, or nil when the layer casts none.
    private static func shadow(of state: LayerState) -> ColorComponents? {
        guard state.shadowOpacity > 0, let color = state.shadowColor, color.alpha > 0 else { return nil }
        return color
    }

    /// The shadow's device offset (the layer-space `shadowOffset` carried by the map's linear part at the anchor)
    /// and blur standard deviation (`shadowRadius` points, scaled like the layer).
    func shadowGeometry(_ state: LayerState, map: PlaneTransform) -> (dx: Double, dy: Double, sigma: Double) {
        let anchor = LayerGeometry.anchor(of: state.bounds, anchorPoint: state.anchorPoint)
        let moved = CGPoint(x: anchor.x + state.shadowOffset.width, y: anchor.y + state.shadowOffset.height)
        guard let from = map.apply(to: anchor), let to = map.apply(to: moved) else { return (0, 0, 0) }
        let sigma = Double(state.shadowRadius) * map.localScale(at: anchor)
        return (Double(to.x - from.x), Double(to.y - from.y), sigma.isFinite ? sigma : 0)
    }
}

extension PlaneTransform {
    /// What `matrix` does to the plane z = 0, seen flattened (rows and columns 1, 2 and 4).
    init(flattening m: CATransform3D) {
        self.init(
            m11: Double(m.m11), m12: Double(m.m12), m13: Double(m.m14), m21: Double(m.m21), m22: Double(m.m22),
            m23: Double(m.m24), m31: Double(m.m41), m32: Double(m.m42), m33: Double(m.m44))
    }
}
