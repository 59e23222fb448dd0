/// How a layer's contents image is sampled when scaled (`CALayerContentsFilter` of `minificationFilter` and
/// `magnificationFilter`, our typed form).
///
/// Raw values are the strings of Apple's `kCAFilter…` constants. Unknown names sample linearly, the default.
public enum ContentsFilter: String, StringChoice {
    /// The nearest texel.
    case nearest
    /// Bilinear between the four nearest texels (the default).
    case linear
    /// Bilinear, and between the image's reduced copies when shrinking.
    case trilinear

    /// `linear`.
    public static let fallback = ContentsFilter.linear
}
