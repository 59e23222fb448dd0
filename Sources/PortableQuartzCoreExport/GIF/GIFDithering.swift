/// How the GIF encoder spreads the difference between a pixel and its palette colour (our addition).
public enum GIFDithering: String, Hashable, Sendable, CaseIterable {
    /// Every pixel takes its nearest palette colour. Flat areas stay flat; gradients band.
    case none
    /// Ordered dithering with an 8 × 8 Bayer matrix anchored to the frame's top-left corner, used only where it
    /// helps:
    /// - a colour the palette holds exactly is never dithered (white stays white);
    /// - a colour within 8 levels (in every channel) of its nearest palette colour keeps
    ///   that colour, undithered, in a flat area (no 4-neighbour differs) and on an edge (a neighbour differs by more
    ///   than 24 levels in a channel, as anti-aliased edges do), and so does one within 1 level
    ///   anywhere: flat and near-flat colours come out flat;
    /// - what remains — gradients the palette cannot hold, and colours far from every palette colour — is drawn
    ///   as a mix of the nearest colour c₀ and the palette colour c₁ nearest to the far side of the pixel p
    ///   (2p − c₀): c₁ in the share t = (p − c₀)·(c₁ − c₀) / |c₁ − c₀|² of the matrix cells, which puts the mix's
    ///   average where p projects onto the line between them.
    /// The result depends only on the pixel's position and its neighbourhood, so unchanged areas stay identical
    /// from frame to frame, which keeps animations from shimmering and compresses well.
    case ordered
    /// Floyd–Steinberg error diffusion, serpentine (rows alternate direction): each pixel's error is passed on
    /// to its unvisited neighbours with weights 7/16, 3/16, 5/16 and 1/16. Smoothest still frames; the noise
    /// pattern moves wherever the picture changes. Transparent pixels, colours the palette holds exactly and the
    /// pixels ``ordered`` keeps flat neither take nor pass on error.
    case floydSteinberg
}
