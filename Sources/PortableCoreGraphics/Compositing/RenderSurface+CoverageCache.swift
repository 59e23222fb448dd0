@_spi(Engine) import PortableRaster

extension RenderSurface {
    /// Where the coverage of the shape being drawn is.
    enum CoverageSource {
        /// In ``RenderSurface/shapeMask``.
        case scratch
        /// In the cache's entry of this index, as it is (there is no clip mask to cut it by).
        case cached(Int)
    }

    /// Makes the cache's inputs those of filling with `rule` (a clip to a shape is the same mask as its fill).
    func noteFillInputs(_ rule: FillRule, _ transform: PlaneTransform, clip: PixelRect) {
        coverageCache.inputs.removeAll(keepingCapacity: true)
        coverageCache.inputs.append(rule == .evenOdd ? 1 : 0)
        noteInputs(transform, clip: clip)
    }

    /// Replaces `mask` with the coverage of `shape` mapped by `transform` inside `clip` (empty for a transform that is
    /// not finite or is singular), taking a copy of it from the cache when the shape was filled, clipped to or cast
    /// as a shadow alike in recent frames.
    func rasterizeRemembered(
        _ shape: SurfaceShape, transform: PlaneTransform, clip: PixelRect, into mask: inout CoverageMask
    ) {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else {
            mask.removeAll()
            return
        }
        let rule = load(shape)
        noteFillInputs(rule, transform, clip: clip)
        switch coverageCache.lookUp(shapePath) {
        case .mask(let slot):
            mask.assign(coverageCache.mask(slot))
        case .seen(let slot):
            scanLoaded(rule: rule, transform: transform, clip: clip, into: &mask)
            coverageCache.keep(mask, in: slot)
        case .none:
            scanLoaded(rule: rule, transform: transform, clip: clip, into: &mask)
        }
    }

    /// Appends the words of `transform` and `clip` to the cache's inputs, after the words of the fill rule or pen.
    func noteInputs(_ transform: PlaneTransform, clip: PixelRect) {
        func note(_ value: Double) { coverageCache.inputs.append(value.bitPattern) }
        func note(_ value: Int) { coverageCache.inputs.append(UInt64(bitPattern: Int64(value))) }
        note(transform.m11)
        note(transform.m12)
        note(transform.m13)
        note(transform.m21)
        note(transform.m22)
        note(transform.m23)
        note(transform.m31)
        note(transform.m32)
        note(transform.m33)
        note(clip.x)
        note(clip.y)
        note(clip.width)
        note(clip.height)
    }

    /// The coverage of the shape whose outline is in ``shapePath`` and whose other inputs are in the cache's
    /// inputs, cut by `clipMask` when there is one: a mask of recent frames when the shape was drawn the same way
    /// (see ``CoverageCache``), else what `rasterize` puts into ``shapeMask``. Nil when nothing is covered.
    func coverage(clipMask: CoverageMask?, rasterize: () -> Void) -> CoverageSource? {
        switch coverageCache.lookUp(shapePath) {
        case .mask(let slot):
            guard let clipMask else { return coverageCache.mask(slot).isEmpty ? nil : .cached(slot) }
            shapeMask.assign(coverageCache.mask(slot))
            guard !shapeMask.isEmpty else { return nil }
            shapeMask.intersect(with: clipMask)
            return .scratch
        case .seen(let slot):
            rasterize()
            coverageCache.keep(shapeMask, in: slot)
        case .none:
            rasterize()
        }
        guard !shapeMask.isEmpty else { return nil }
        if let clipMask { shapeMask.intersect(with: clipMask) }
        return .scratch
    }
}
