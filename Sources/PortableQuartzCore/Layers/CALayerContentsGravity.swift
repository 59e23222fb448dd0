/// How a layer places its `contents` image inside its bounds (Apple API).
///
/// The raw values are the strings of Apple's `kCAGravity…` constants. The positional gravities (`.center`, `.top`,
/// `.topLeft`, …) draw the image at its own size (image pixels divided by `contentsScale`) and pin it to that part
/// of the bounds; the three `resize` gravities scale it. A name that is none of the twelve constants is stored and
/// read back unchanged and draws like `.resize`.
///
/// "Top" and "bottom" use Core Animation's y-up naming: `.top` is the edge at the bounds' maximum y. On iOS, whose
/// layers have y pointing down, that edge is the visual bottom, so `.top` content shows at the bottom of the screen
/// (Apple's well-known quirk) unless `isGeometryFlipped` is set; left and right are not affected.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name, for example `"resizeAspect"`.
    public let rawValue: String

    /// A gravity with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A gravity with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The image keeps its size and is centred in the bounds.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// The image keeps its size and is centred along the top edge (maximum y).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// The image keeps its size and is centred along the bottom edge (minimum y).
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// The image keeps its size and is centred along the left edge.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// The image keeps its size and is centred along the right edge.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// The image keeps its size and sits in the top-left corner (minimum x, maximum y).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// The image keeps its size and sits in the top-right corner (maximum x, maximum y).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// The image keeps its size and sits in the bottom-left corner (minimum x, minimum y).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// The image keeps its size and sits in the bottom-right corner (maximum x, minimum y).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// The image is stretched to fill the bounds exactly, ignoring its aspect ratio (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// The image is scaled, keeping its aspect ratio, to the largest size that fits inside the bounds, and centred;
    /// the rest of the bounds stays uncovered.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// The image is scaled, keeping its aspect ratio, to the smallest size that covers the bounds, and centred; the
    /// overflow is drawn unless `masksToBounds` clips it.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
