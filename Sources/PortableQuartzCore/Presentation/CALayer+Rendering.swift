import Foundation

extension CALayer {
    /// Draws the layer and its sublayers into `ctx` (Apple API). A model layer draws its model values: animations
    /// are ignored. A presentation copy (`presentation()`) draws the presentation tree as it was when the copy was
    /// taken: its own values, and its sublayers and mask with their animations applied at that moment. That is how
    /// snapshot tests on iOS capture an animated layer (`layer.presentation()?.render(in:)`, as lottie-ios's own
    /// snapshot tests do).
    ///
    /// The layer is drawn in its own coordinate space (its bounds, y down) mapped by the context's current
    /// transformation matrix, so on a plain bitmap context (origin at the bottom left, y up) the picture comes out
    /// upside down, as on Apple platforms; flip the context first (`translateBy(x: 0, y: height)`,
    /// `scaleBy(x: 1, y: -1)`) to draw it upright. The context's clip, alpha and blend mode apply. The layer's own
    /// `transform`, `position` and `opacity`… are those of the root: only its placement is left out. This method
    /// draws 2-D only, as Apple's pictures show: a layer whose `transform` is not affine (a turn about x or y, a z
    /// translation) is drawn without its position and transform, its anchor point on its superlayer's origin;
    /// `CARenderer` draws it in 3-D. A perspective `sublayerTransform` is still drawn in perspective.
    public func render(in ctx: CGContext) {
        let size = ctx.pixelSize
        let scratch = RenderScratch.take()
        defer { RenderScratch.recycle(scratch) }
        guard let userToPixels = ctx.userToPixels, let surface = scratch.surface(width: size.width, height: size.height)
        else { return }
        let builder = scratch.builder
        if let model = presentationSource {
            builder.build(model, atMediaTime: LayerTreeLock.withLock { presentationMediaTime })
            builder.replaceRootState(LayerTreeLock.withLock { modelState })
        } else {
            builder.build(self, atMediaTime: 0, modelValues: true)
        }
        guard builder.tree.count > 0 else { return }
        let placement = builder.tree.nodes.withUnsafeBufferPointer { nodes in
            PlaneTransform(
                flattening: LayerCompositor.matrix(
                    of: nodes.baseAddress!, parentProjection: CATransform3DIdentity, toPlane: CATransform3DIdentity,
                    in2D: true))
        }
        guard let unplace = placement.inverted else { return }
        ctx.drawPixels(through: surface) { surface in
            scratch.compositor.render(builder.tree, into: surface, rootMap: unplace.followed(by: userToPixels))
        }
    }

    /// Whether this layer or a layer below it (masks included) has an animation that has not finished at
    /// `mediaTime` (our helper for `CARenderer.nextFrameTime()`).
    final func hasUnfinishedAnimations(atMediaTime mediaTime: Double) -> Bool {
        LayerTreeLock.withLock {
            unfinished(atParentTime: superlayerStorage?.localTime(atMediaTime: mediaTime) ?? mediaTime)
        }
    }

    /// Whether an animation of this layer, its mask's tree or its sublayers' trees is still running at the
    /// parent time `parentTime`. Walks with an explicit stack (no call-stack depth for deep trees).
    private func unfinished(atParentTime parentTime: Double) -> Bool {
        var pending: [(layer: CALayer, parentTime: Double)] = [(self, parentTime)]
        while let (layer, parentTime) = pending.popLast() {
            let time = layer.timingStorage.layerTime(fromParentTime: parentTime)
            if let animations = layer.animationStorage {
                for entry in animations.entries where entry.status != .pending {
                    if !entry.compiled.hasFinished(atParentTime: time - entry.beginShift) { return true }
                }
            }
            if let mask = layer.maskStorage { pending.append((mask, time)) }
            for sublayer in layer.sublayerStorage ?? [] { pending.append((sublayer, time)) }
        }
        return false
    }

    /// Calls `body` for each on-screen transition of the layer at its local time `layerTime`: the attached
    /// animation object (identifying the transition across frames), its effect and its progress 0…1. Called with
    /// the lock held.
    final func forEachTransition(
        atLayerTime layerTime: Double, _ body: (ObjectIdentifier, TransitionTrack, Double) -> Void
    ) {
        guard let animations = animationStorage else { return }
        for entry in animations.entries where entry.status != .pending {
            guard let track = entry.compiled.transition,
                let progress = entry.compiled.transitionProgress(atParentTime: layerTime - entry.beginShift)
            else { continue }
            body(ObjectIdentifier(entry.animation), track, progress)
        }
    }
}
