/// A source of premultiplied colour computed one device row at a time: the common shape of the solid,
/// gradient and image paints.
///
/// The paint loop (``PixelBuffer/paint(_:shader:alpha:blendMode:)``) walks the rows of a coverage mask and asks
/// the shader for the colours of each run of covered pixels.
protocol RowShader {
    /// Writes the colours of device pixels `x ..< x + count` of row `y` (pixel centres at `(x + i + ½, y + ½)`)
    /// as ``RGBA8/packed`` words into `colors`.
    ///
    /// `weights` holds the coverage of the same pixels on entry. A shader sets the weight of a pixel to 0 when
    /// the paint does not reach it at all (for example a gradient outside its extended range), so that no
    /// blend mode touches that pixel; otherwise it leaves the weights alone.
    mutating func shade(
        x: Int, y: Int, count: Int, colors: UnsafeMutablePointer<UInt32>, weights: UnsafeMutablePointer<UInt8>)
}

/// One colour everywhere.
struct SolidShader: RowShader {
    let color: UInt32

    @inline(__always)
    func shade(
        x: Int, y: Int, count: Int, colors: UnsafeMutablePointer<UInt32>, weights: UnsafeMutablePointer<UInt8>
    ) {
        colors.update(repeating: color, count: count)
    }
}
