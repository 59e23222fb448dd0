import Foundation

/// One layer the compositor is in the middle of drawing (our helper): what it worked out before the layer's sublayers,
/// kept on the compositor's own stack until they (and its mask) are drawn, so that drawing a tree needs no recursion
/// and a tree 10,000 layers deep draws in time linear in its size.
///
/// The sublayers are walked either in tree order (`cursor` runs over the node indices, each child's `subtreeEnd`
/// leading to the next) or in depth order (`cursor` runs over `order[orderBase...]`, which the frame owns until its
/// sublayers are done).
struct CompositorFrame {
    /// What comes next for the layer.
    enum Step {
        /// Its sublayers (then its mask, if any, then the end of its group).
        case sublayers
        /// Its mask tree has been drawn into the mask group: close both groups.
        case maskDrawn
    }

    /// The layer's node.
    var index: Int
    var step = Step.sublayers
    /// Its map into the device (for the border and the clip pushed before its sublayers).
    var map: PlaneTransform
    /// Opacity the layer's own parts are drawn at (1 inside its group).
    var partOpacity: Float
    /// The opacity its group is composited at, and how (`compositingFilter`).
    var groupOpacity: Float
    var blendMode: CGBlendMode
    /// Whether the layer's parts go through an offscreen group, and which work that group needs at its end.
    var usesGroup: Bool
    var clips: Bool
    var castsAlphaShadow: Bool
    var hasMask: Bool
    /// A transform layer draws nothing of its own: its frame only walks its sublayers.
    var isTransformLayer: Bool

    // The walk over the sublayers and what each of them is drawn with.
    var cursor: Int
    var end: Int
    /// Where the depth-sorted sublayers start in the compositor's `order`, or −1 for tree order.
    var orderBase: Int
    var childPlaneMap: PlaneTransform
    var childToPlane: CATransform3D
    var childProjection: CATransform3D
    var childOpacity: Float
}
