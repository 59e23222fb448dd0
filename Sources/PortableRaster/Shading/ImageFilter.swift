/// How an image is resampled when it is drawn through a transform.
///
/// Texel `(i, j)` of an image covers the square `[i, i + 1] × [j, j + 1]` of image space and is centred at
/// `(i + ½, j + ½)`. A destination pixel is sampled at the image-space point its centre maps back to.
@_spi(Engine) public enum ImageFilter: Hashable, Sendable {
    /// The texel that contains the sample point. A point exactly on a texel border takes the texel above or to
    /// the left (the smaller index), so a translation by exactly half a pixel moves the image by one whole
    /// pixel to the right/down rather than leaving it in place. Fastest; blocky when magnified, aliased
    /// when reduced.
    case nearest
    /// Linear interpolation between the four texels around the sample point. Weights are quantised to 1/256
    /// (the sample point is rounded to the nearest 1/256 texel); the two vertical blends are rounded to 8 bits
    /// before the horizontal one, each rounding to nearest with halves up. A sample exactly on a texel centre
    /// returns that texel unchanged, so identity and whole-pixel translations copy exactly. Smooth when
    /// magnified; aliased when reduced by more than about 2×.
    case bilinear
    /// Mip-mapped ("trilinear") filtering for reductions: the image is box-filtered into a pyramid of halved
    /// levels (see ``ImagePyramid``), the level of detail is `λ = log₂ ρ` where `ρ` is the larger of the two
    /// image-space distances covered by one destination pixel step in x and in y, and the result blends
    /// bilinear samples of levels `⌊λ⌋` and `⌊λ⌋ + 1` by the fraction of `λ` (quantised to 1/256). Where the
    /// image is not reduced (`λ ≤ 0`) this is exactly ``bilinear``. An exact reduction by 2ᵏ samples level `k`
    /// at its texel centres, which gives the box average of the 2ᵏ × 2ᵏ source block (within 1 per channel
    /// from the rounding of each halving). Anisotropic reductions are blurred along the less-reduced axis,
    /// the usual price of choosing one level per pixel.
    case trilinear
}

/// What an image looks like beyond its edges, and so how its edges are drawn.
@_spi(Engine) public enum ImageEdgeMode: Hashable, Sendable {
    /// Taps beyond the edge repeat the nearest edge texel, and the drawn area is exactly the image's rectangle
    /// mapped to the device, with anti-aliased coverage along its border. Edges are sharp at every scale; the
    /// border colour does not fade into transparency twice. This is how layer contents and images in a
    /// bitmap context are drawn, and the mode to use for a sub-rectangle of a larger image (contents
    /// rectangles, nine-part stretching): no texel outside the sub-rectangle is ever read.
    case clamp
    /// Everything beyond the edge is transparent, and the filter itself fades the border: over one texel for
    /// ``ImageFilter/bilinear`` (so a magnified image gets a soft edge as wide as a texel), not at all for
    /// ``ImageFilter/nearest``. The drawn area is the image's rectangle grown by the filter's reach plus one
    /// device pixel, so every pixel the filter reaches is painted at full coverage. This matches pixman's and
    /// cairo's "extend none".
    case transparent
}
