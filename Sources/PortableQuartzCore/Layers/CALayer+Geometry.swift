import Foundation
import PortableCoreGraphics

extension CALayer {
    // MARK: Transform as affine

    /// The layer's `transform` as a 2-D affine transform (Apple API), or the identity when the transform is not
    /// affine: a z scale other than 1, a rotation about x or y, a z translation, perspective (`m34 ≠ 0`), or any
    /// other non-zero z or w term (SPEC §11b).
    public func affineTransform() -> CGAffineTransform {
        let transform = modelValue(\.transform)
        return CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : .identity
    }

    /// Replaces the whole `transform` with the 3-D form of `m` (Apple API); an animatable change like setting
    /// `transform`.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    // MARK: Converting points and rectangles

    /// `p`, given in the coordinates of `l`, in this layer's coordinates (Apple API; SPEC §11b). A nil `l` means
    /// the root of this layer's tree.
    ///
    /// The path goes from `l` up to the nearest layer both are in, then down to this layer; each hop applies a
    /// layer's bounds origin, anchor point, transform, position and `zPosition`, then its superlayer's
    /// `sublayerTransform` about the superlayer's anchor point, with the perspective divide (see `LayerGeometry`).
    /// Layers of two different trees meet in the space their roots are placed in. Parent bounds 100×100, child
    /// bounds 20×20 at (50, 30): the child's (0, 0) is the parent's (40, 20). A NaN coordinate gives NaN; a point
    /// converted into a layer flattened to a line (zero scale, quarter turn about x or y) is (NaN, NaN).
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        planeMap(from: l).apply(to: p)
    }

    /// `p`, given in this layer's coordinates, in the coordinates of `l` (nil: the root of this layer's tree)
    /// (Apple API); the reverse of `convert(_:from:)`.
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        planeMap(to: l).apply(to: p)
    }

    /// The bounding box of `r`'s corners converted from the coordinates of `l` (nil: the root of this layer's
    /// tree) (Apple API). A null rectangle, or one whose corners do not all have finite images, gives
    /// `CGRect.null`.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        planeMap(from: l).boundingBox(of: r)
    }

    /// The bounding box of `r`'s corners converted to the coordinates of `l` (nil: the root of this layer's tree)
    /// (Apple API); `CGRect.null` as for `convert(_:from:)`.
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        planeMap(to: l).boundingBox(of: r)
    }

    // MARK: Converting times

    /// `t`, a local time of `l`, as a local time of this layer (Apple API; SPEC §1.11, §11b). A nil `l` means
    /// absolute media time (`CACurrentMediaTime()`).
    ///
    /// The time goes up from `l` to the nearest layer both share (media time when they share none) through the
    /// inverse maps `(t − timeOffset) / speed + beginTime`, then down to this layer through
    /// `(t − beginTime) × speed + timeOffset`; layers above the shared one play no part, so their begin times clamp
    /// nothing. Going down, a time before a layer's `beginTime` becomes 0 in it and a paused layer (speed 0) gives
    /// its `timeOffset`; going up, a paused layer maps every time to 0. Root → A (begin 2, speed 2) → B (offset 1):
    /// `B.convertTime(10, from: nil)` = 17. Root (speed 2, offset 3) → child (speed 4, offset 5):
    /// `root.convertTime(10, from: child)` = 1.25. A NaN time gives 0 in a layer (NaN is never after its begin
    /// time). Presentation copies answer as their model layers.
    ///
    /// Evidence: values a peer Core Animation project cross-checked on macOS (issue 17 §2.4) — among them, with
    /// root (speed 2, offset 3, begin 1) → paused child (offset 7, begin 8), `root.convertTime(10, from: child)` = 0
    /// and `child.convertTime(10, to: nil)` = −0.5.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        LayerTreeLock.withLock { Self.convertTime(t, from: l?.timeSource, to: timeSource) }
    }

    /// `t`, a local time of this layer, as a local time of `l` (nil: absolute media time) (Apple API); the reverse
    /// of `convertTime(_:from:)` (`B.convertTime(17, to: nil)` = 10 in its example).
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        LayerTreeLock.withLock { Self.convertTime(t, from: timeSource, to: l?.timeSource) }
    }

    /// `t` in `source`'s time (nil: media time) in `destination`'s, through their nearest shared layer. Called
    /// with the lock held.
    private static func convertTime(_ t: Double, from source: CALayer?, to destination: CALayer?) -> Double {
        var ancestors = Set<ObjectIdentifier>()
        var current = destination
        while let layer = current {
            ancestors.insert(ObjectIdentifier(layer))
            current = layer.superlayerStorage
        }
        var time = t
        current = source
        while let layer = current, !ancestors.contains(ObjectIdentifier(layer)) {
            time = layer.timingStorage.parentTime(fromLayerTime: time)
            current = layer.superlayerStorage
        }
        let shared = current
        var path: [CALayer] = []
        current = destination
        while let layer = current, layer !== shared {
            path.append(layer)
            current = layer.superlayerStorage
        }
        for layer in path.reversed() { time = layer.timingStorage.layerTime(fromParentTime: time) }
        return time
    }

    /// The layer whose place in the tree gives this one's time: the model layer of a presentation copy.
    private var timeSource: CALayer {
        presentationSource ?? self
    }

    // MARK: Hit testing

    /// The frontmost layer of this layer's subtree that contains `p`, given in the superlayer's coordinates (a
    /// root takes it in the space it is placed in); the implementation of `hitTest(_:)`.
    ///
    /// Rules: a hidden layer and its subtree are never hit (opacity does not matter). The point is converted into
    /// the layer (through its own hop, see `convert(_:from:)`). With `masksToBounds`, a point outside the bounds
    /// hits nothing in the subtree. The sublayers are asked front to back through their `hitTest(_:)`: the highest
    /// `zPosition` first and, among equal `zPosition`s, the last in `sublayers` first; the first answer wins.
    /// When none answers, the layer itself is hit if `contains(_:)` says so. On a presentation copy every layer
    /// involved is a presentation copy, so the answer is what is on screen.
    final func hitTestLayer(at p: CGPoint) -> CALayer? {
        let (state, placement) = LayerTreeLock.withLock { (modelState, geometryInSuperlayer) }
        guard !state.isHidden else { return nil }
        let local = placement.convertFromSuperlayer(p)
        if state.masksToBounds, !boundsContain(local) { return nil }
        if let sublayers, !sublayers.isEmpty {
            let depths = sublayers.map { $0.modelValue(\.zPosition) }
            // Stable back-to-front order by depth; asked in reverse.
            let order = sublayers.indices.sorted { depths[$0] < depths[$1] || (depths[$0] == depths[$1] && $0 < $1) }
            for index in order.reversed() {
                if let hit = sublayers[index].hitTest(local) { return hit }
            }
        }
        return contains(local) ? self : nil
    }

    /// Whether `p`, in the layer's own coordinates, lies in its bounds: `minX ≤ x < maxX` and `minY ≤ y < maxY`
    /// on the standardized bounds (Core Graphics' rule), so empty bounds contain nothing and NaN is never inside.
    /// The implementation of `contains(_:)`.
    final func boundsContain(_ p: CGPoint) -> Bool {
        LayerGeometry.rect(modelValue(\.bounds), contains: p)
    }

    // MARK: Helpers

    /// The layer's placement in its superlayer, with the superlayer's `sublayerTransform` unless the layer is its
    /// mask (a mask is placed in the coordinates of the layer it masks, which the sublayer transform does not
    /// touch).
    final var geometryInSuperlayer: LayerGeometry {
        geometry(in: superlayer)
    }

    /// The layer's placement in `parent`, which must be its superlayer (or the presentation copy of it).
    private func geometry(in parent: CALayer?) -> LayerGeometry {
        LayerTreeLock.withLock {
            guard let parent else { return LayerGeometry(state: modelState) }
            let isMask = parent.timeSource.maskStorage === timeSource
            return LayerGeometry(state: modelState, superlayer: isMask ? nil : parent.modelState)
        }
    }

    /// The map from the coordinates of `source` (nil: the root of this layer's tree) to this layer's.
    final func planeMap(from source: CALayer?) -> LayerGeometry.PlaneMap {
        LayerTreeLock.withLock {
            let receiverChain = ancestorChain()
            let sourceChain = source.map { $0.ancestorChain() } ?? Array(receiverChain.suffix(1))
            let (up, down) = Self.hopsToCommonAncestor(sourceChain, receiverChain)
            return up.followed(by: down.inverted)
        }
    }

    /// The map from this layer's coordinates to those of `destination` (nil: the root of this layer's tree).
    final func planeMap(to destination: CALayer?) -> LayerGeometry.PlaneMap {
        LayerTreeLock.withLock {
            let senderChain = ancestorChain()
            let destinationChain = destination.map { $0.ancestorChain() } ?? Array(senderChain.suffix(1))
            let (up, down) = Self.hopsToCommonAncestor(senderChain, destinationChain)
            return up.followed(by: down.inverted)
        }
    }

    /// This layer, its superlayer, and so on up to the root (presentation copies for a presentation copy).
    private func ancestorChain() -> [CALayer] {
        var chain: [CALayer] = [self]
        while let parent = chain[chain.count - 1].superlayer {
            chain.append(parent)
        }
        return chain
    }

    /// The maps from the first layer of `from` and of `to` (each chain runs up to its root) to the nearest layer
    /// both chains hold, compared by model layer. Without one, each map runs through its root's own placement,
    /// and the two roots' superlayer spaces are taken to be the same.
    private static func hopsToCommonAncestor(
        _ from: [CALayer], _ to: [CALayer]
    ) -> (LayerGeometry.PlaneMap, LayerGeometry.PlaneMap) {
        let toIdentities = to.map { ObjectIdentifier($0.timeSource) }
        var fromCount = from.count
        var toCount = to.count
        for (index, layer) in from.enumerated() {
            if let match = toIdentities.firstIndex(of: ObjectIdentifier(layer.timeSource)) {
                fromCount = index
                toCount = match
                break
            }
        }
        return (composedHops(of: from, count: fromCount), composedHops(of: to, count: toCount))
    }

    /// The product of the hops of the first `count` layers of `chain` (each up into the next), first layer first.
    private static func composedHops(of chain: [CALayer], count: Int) -> LayerGeometry.PlaneMap {
        var map = LayerGeometry.PlaneMap.identity
        for index in 0..<count {
            let parent = index + 1 < chain.count ? chain[index + 1] : nil
            map = map.followed(by: chain[index].geometry(in: parent).mapToSuperlayer)
        }
        return map
    }
}
