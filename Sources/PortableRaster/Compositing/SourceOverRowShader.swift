/// A row shader that can also sample and composite a run of pixels in one pass, for the paint loop of
/// ``PixelBuffer/paintOver(_:shader:alpha:)``.
protocol SourceOverRowShader: RowShader {
    /// Composites the colours of device pixels `x ..< x + count` of row `y` onto `destination` (the bytes of
    /// those pixels) with the source-over operator and weight `round(coverage · opacity / 255)` per pixel.
    ///
    /// The pixels must come out exactly as from ``RowShader/shade(x:y:count:colors:weights:)`` followed by
    /// ``RowBlender/sourceOver(_:weights:into:count:)`` with the coverage scaled by
    /// ``RowBlender/scaleWeights(_:count:by:)``. Returns false, touching nothing, when the run needs the
    /// general path; the paint loop then shades and blends it in those two steps.
    ///
    /// - Parameters:
    ///   - coverage: the coverage byte of each of the `count` pixels (0 … 255).
    ///   - destinationBytesPerRow: the distance from `destination` to the same pixels one row down; a hint for
    ///     fetching the rows below ahead of time, never read or written through.
    ///   - opacity: global alpha in 8 bits, 0 … 255.
    func shadeOver(
        x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt8>, destination: UnsafeMutableRawPointer,
        destinationBytesPerRow: Int, opacity: UInt32
    ) -> Bool
}
