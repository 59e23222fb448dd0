/// Where a layer's contents image goes in its bounds (`CALayerContentsGravity`, our typed form).
///
/// Raw values are the strings of Apple's `kCAGravity…` constants. Unknown names draw as `resize`, the default.
/// `ContentsLayout` says what each case does; top means the bounds' minimum y.
public enum ContentsGravity: String, StringChoice {
    /// Natural size, centred.
    case center
    /// Natural size, centred along the top edge.
    case top
    /// Natural size, centred along the bottom edge.
    case bottom
    /// Natural size, centred along the left edge.
    case left
    /// Natural size, centred along the right edge.
    case right
    /// Natural size, in the top-left corner.
    case topLeft
    /// Natural size, in the top-right corner.
    case topRight
    /// Natural size, in the bottom-left corner.
    case bottomLeft
    /// Natural size, in the bottom-right corner.
    case bottomRight
    /// Stretched to the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred.
    case resizeAspectFill

    /// `resize`.
    public static let fallback = ContentsGravity.resize
}
