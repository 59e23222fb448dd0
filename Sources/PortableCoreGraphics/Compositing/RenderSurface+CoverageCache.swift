@_spi(Engine) import PortableRaster

extension RenderSurface {
    /// Where the coverage of the shape being drawn is.
    enum CoverageSource {
        /// In ``RenderSurface/shapeMask``.
        case scratch
        /// In the cache's entry of this index, as it is (there is no clip mask to cut it by).
        case cached(Int)
    }

    /// The mask `source` names (shares its storage; nothing is copied).
    func mask(of source: CoverageSource) -> CoverageMask {
        switch source {
        case .scratch: shapeMask
        case .cached(let slot): coverageCache.mask(slot)
        }
    }

    /// Makes the cache's inputs those of filling with `rule` (a clip to a shape is the same mask as its fill).
    func noteFillInputs(_ rule: FillRule, _ transform: PlaneTransform, clip: PixelRect) {
        setInputs(transform, clip: clip) { $0.append(rule == .evenOdd ? 1 : 0) }
    }

    /// Makes the cache's inputs those of stroking with `stroke`: the word 2 (a fill's first word is its rule, 0 or 1)
    /// and the pen.
    func noteStrokeInputs(_ stroke: SurfaceStroke, _ transform: PlaneTransform, clip: PixelRect) {
        setInputs(transform, clip: clip) { words in
            words.append(2)
            words.append(stroke.width.bitPattern)
            words.append(UInt64(stroke.cap.rawValue))
            words.append(UInt64(stroke.join.rawValue))
            words.append(stroke.miterLimit.bitPattern)
            words.append(stroke.dashPhase.bitPattern)
            words.append(UInt64(stroke.dashLengths.count))
            for length in stroke.dashLengths { words.append(length.bitPattern) }
        }
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

    /// Sets the cache's inputs to the words `head` appends (the rule or pen), then those of `transform` and `clip`.
    /// The words are built in an array moved out of the cache meanwhile, so the surface's storage is accessed twice,
    /// not once per word.
    private func setInputs(_ transform: PlaneTransform, clip: PixelRect, head: (inout [UInt64]) -> Void) {
        // A resting cache looks nothing up.
        guard coverageCache.isLooking else { return }
        var words: [UInt64] = []
        swap(&words, &coverageCache.inputs)
        words.removeAll(keepingCapacity: true)
        head(&words)
        // One append per word: array literals here could allocate.
        words.append(transform.m11.bitPattern)
        words.append(transform.m12.bitPattern)
        words.append(transform.m13.bitPattern)
        words.append(transform.m21.bitPattern)
        words.append(transform.m22.bitPattern)
        words.append(transform.m23.bitPattern)
        words.append(transform.m31.bitPattern)
        words.append(transform.m32.bitPattern)
        words.append(transform.m33.bitPattern)
        words.append(UInt64(bitPattern: Int64(clip.x)))
        words.append(UInt64(bitPattern: Int64(clip.y)))
        words.append(UInt64(bitPattern: Int64(clip.width)))
        words.append(UInt64(bitPattern: Int64(clip.height)))
        swap(&words, &coverageCache.inputs)
    }

    /// The coverage of the shape whose outline is in ``shapePath`` and whose other inputs are in the cache's
    /// inputs, cut by `clipMask` when there is one: a mask of recent frames when the shape was drawn the same way
    /// (see ``CoverageCache``), else what `rasterize` puts into ``shapeMask``. Nil when nothing is covered.
    ///
    /// A shape that lies wholly inside the clip's fully covered part (``CoverageMask/covers(_:)``: a shape inside a
    /// precomposition's or a layer's bounds, away from their edges) is not cut: cutting it would leave every byte
    /// and run as it is. A cached mask is then used where it is, not copied.
    func coverage(clipMask: CoverageMask?, rasterize: () -> Void) -> CoverageSource? {
        switch coverageCache.lookUp(shapePath) {
        case .mask(let slot):
            let cached = coverageCache.mask(slot)
            guard !cached.isEmpty else { return nil }
            guard let clipMask, !clipMask.covers(cached) else { return .cached(slot) }
            shapeMask.assign(cached)
            shapeMask.intersect(with: clipMask)
            return .scratch
        case .seen(let slot):
            rasterize()
            coverageCache.keep(shapeMask, in: slot)
        case .none:
            rasterize()
        }
        guard !shapeMask.isEmpty else { return nil }
        if let clipMask, !clipMask.covers(shapeMask) { shapeMask.intersect(with: clipMask) }
        return .scratch
    }
}
