import Foundation

/// A layer that groups its sublayers in true 3-D instead of flattening them into its plane (Apple API).
///
/// An ordinary layer renders its sublayers into a flat picture at z = 0 of its own space and composites that
/// picture; a transform layer does not. Its sublayers keep their depth, so sublayers of sibling transform layers
/// can intersect and sort against each other, which is how cubes and other solids are built from layers. In
/// exchange the layer itself is never drawn: it has no background, border, contents, shadow or mask, ignores
/// `masksToBounds` and `compositingFilter`, and applies its `opacity` to each sublayer separately rather than to the
/// group. Its geometry (`transform`, `position`, `sublayerTransform`…) still places the sublayers.
///
/// It adds no properties: the class marks the layer for the renderer. Apple says `hitTest(_:)` should not be called
/// on a transform layer itself, which has no plane to map a point into; a hit test of a tree passes through it to
/// its sublayers, applying its geometry on the way. Here `hitTest(_:)` never answers the transform layer itself, and
/// the point is mapped through its geometry as through any layer's (exact for the flat case).
open class CATransformLayer: CALayer {
    /// A blank transform layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CATransformLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CATransformLayer? {
        super.presentation() as? CATransformLayer
    }

    /// The frontmost sublayer (or sublayer of a sublayer…) that contains `p`, given in the superlayer's
    /// coordinates; see `CALayer.hitTest(_:)`. The transform layer itself is never the answer, since it draws
    /// nothing of its own: a point inside its bounds but on none of its sublayers gives nil.
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }
}
