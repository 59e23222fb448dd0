/// How the GIF encoder spreads the difference between a pixel and its palette colour (our addition).
public enum GIFDithering: String, Hashable, Sendable, CaseIterable {
    /// Every pixel takes its nearest palette colour. Flat areas stay flat; gradients band.
    case none
    /// Ordered dithering with an 8 × 8 Bayer matrix anchored to the frame's top-left corner: before the nearest
    /// colour is looked up, each channel of the pixel is offset by the matrix's threshold (−½ … +½) times the
    /// local colour step, the largest channel difference between the pixel's nearest palette colour and that
    /// colour's own nearest neighbour. Where the palette is dense the pattern is fine, where it is sparse it
    /// spreads further, so neither leaves bands. The result depends only on the pixel's position and colour, so
    /// unchanged areas stay identical from frame to frame, which keeps animations from shimmering and compresses
    /// well.
    case ordered
    /// Floyd–Steinberg error diffusion, serpentine (rows alternate direction): each pixel's error is passed on
    /// to its unvisited neighbours with weights 7/16, 3/16, 5/16 and 1/16. Smoothest still frames; the noise
    /// pattern moves wherever the picture changes. Transparent pixels neither take nor pass on error.
    case floydSteinberg
}
