import Foundation

// Display and layout (Apple API). `setNeedsDisplay()`, `display()`, `draw(in:)`, `setNeedsLayout()` and
// `layoutSublayers()`, which subclasses override, are declared in CALayer.swift.

extension CALayer {
    // MARK: Display

    /// Marks the contents as out of date (Apple API). The whole layer is redrawn whatever the rectangle.
    public func setNeedsDisplay(_ r: CGRect) {
        setNeedsDisplay()
    }

    /// Whether `setNeedsDisplay()` was called since the last `display()` (Apple API).
    public func needsDisplay() -> Bool {
        LayerTreeLock.withLock { flags.contains(.needsDisplay) }
    }

    /// Runs `display()` now if the contents are marked out of date (Apple API).
    public func displayIfNeeded() {
        let needed = LayerTreeLock.withLock {
            let needed = flags.contains(.needsDisplay)
            flags.remove(.needsDisplay)
            return needed
        }
        if needed { display() }
    }

    /// Draws through `draw(in:)` into a bitmap the size of the bounds times `contentsScale` and stores it as
    /// `contents` (nil for an empty or non-finite size). What `display()` does for a layer without a delegate, and
    /// the default of `CALayerDelegate.display(_:)`.
    final func drawContents() {
        let (bounds, scale) = LayerTreeLock.withLock { (modelState.bounds, modelState.details.contentsScale) }
        let safeScale = scale.isFinite && scale > 0 ? scale : 1
        let width = (bounds.width * safeScale).rounded(.up)
        let height = (bounds.height * safeScale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width * height <= 67_108_864,
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else {
            setModelValue(nil, for: .contents, at: \.contents)
            return
        }
        // Layer drawing has its origin at the top left, y down, in points — unless the layer's coordinates are
        // flipped (`contentsAreFlipped()` false), when they count up from the bottom as Core Graphics' do.
        if contentsAreFlipped() {
            context.translateBy(x: 0, y: height)
            context.scaleBy(x: safeScale, y: -safeScale)
        } else {
            context.scaleBy(x: safeScale, y: safeScale)
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        delegate?.layerWillDraw(self)
        draw(in: context)
        // Through the property's change path, as Apple's display sets `contents`: a committed layer looks up the
        // "contents" action, so a redrawn standalone layer cross-fades to its new picture (a view's layer answers
        // NSNull outside animation blocks; `actions["contents"] = NSNull()` turns it off).
        let image = context.makeImage()
        setModelValue(image.map { .image($0) }, for: .contents, at: \.contents)
    }

    /// Whether the layer's contents are flipped relative to its own coordinates when drawn (Apple API): true when
    /// an even number of the layers from this one up to the root (this one included) flip their geometry. The
    /// count includes the screen's own flip that iOS applies below the root (its coordinates count down from the
    /// top), which is why an ordinary layer answers true; its `draw(in:)` then gets a context whose origin is the
    /// top-left corner, y down. Whatever the answer, a contents image shows upright.
    public func contentsAreFlipped() -> Bool {
        LayerTreeLock.withLock {
            var flips = 1
            var current: CALayer? = self
            while let layer = current {
                if layer.modelState.details.isGeometryFlipped { flips += 1 }
                current = layer.superlayerStorage
            }
            return flips % 2 == 1
        }
    }

    // MARK: Layout

    /// Whether `setNeedsLayout()` was called since the last layout (Apple API).
    public func needsLayout() -> Bool {
        LayerTreeLock.withLock { flags.contains(.needsLayout) }
    }

    /// Lays out now if needed (Apple API): the superlayers that need layout first, then this layer, then its
    /// sublayers that need it.
    public func layoutIfNeeded() {
        var chain: [CALayer] = []
        LayerTreeLock.withLock {
            var current = superlayerStorage
            while let layer = current {
                chain.append(layer)
                current = layer.superlayerStorage
            }
        }
        for ancestor in chain.reversed() where ancestor.needsLayout() {
            ancestor.layoutNow()
        }
        layoutSubtreeIfNeeded()
    }

    /// Lays out this layer if it needs it, then the branches below it that lead to a layer needing layout (see
    /// `LayerFlags.descendantNeedsLayout`), top down and depth first, with an explicit stack instead of recursion:
    /// a tree 10,000 layers deep costs no call-stack depth. A layer's sublayers are read after its own layout,
    /// which may add or remove some.
    func layoutSubtreeIfNeeded() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayout() { layer.layoutNow() }
            LayerTreeLock.withLock {
                guard layer.flags.contains(.descendantNeedsLayout) else { return }
                layer.flags.remove(.descendantNeedsLayout)
                if let sublayers = layer.sublayerStorage { pending.append(contentsOf: sublayers.reversed()) }
            }
        }
    }

    /// The distinct roots of the trees that hold `layers` (a layer without a superlayer is its own root), in the
    /// order first met. Each layer is visited at most once however the chains overlap, so a chain of n changed
    /// layers costs n steps, not n²/2.
    static func treeRoots(of layers: some Sequence<CALayer>) -> [CALayer] {
        var seen = Set<ObjectIdentifier>()
        var roots: [CALayer] = []
        LayerTreeLock.withLock {
            for layer in layers {
                var current = layer
                while seen.insert(ObjectIdentifier(current)).inserted {
                    guard let parent = current.superlayerStorage else {
                        roots.append(current)
                        break
                    }
                    current = parent
                }
            }
        }
        return roots
    }

    private func layoutNow() {
        LayerTreeLock.withLock { _ = flags.remove(.needsLayout) }
        layoutSublayers()
    }

    /// The size the layer would like in its superlayer's coordinates (Apple API): its bounds size mapped through
    /// its transform.
    public func preferredFrameSize() -> CGSize {
        let (bounds, transform) = LayerTreeLock.withLock { (modelState.bounds, modelState.transform) }
        let affine = CATransform3DGetAffineTransform(transform)
        let box = CGRect(origin: .zero, size: bounds.size).applying(affine)
        return box.size
    }
}
