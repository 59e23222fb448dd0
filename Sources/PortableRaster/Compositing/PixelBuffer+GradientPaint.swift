extension PixelBuffer {
    /// Paints `gradient` through `mask` with `blendMode`, at opacity `alpha`.
    ///
    /// Pixels where the gradient paints nothing (outside its range without the matching extend flag, or
    /// outside a radial gradient's cone) are left alone. A degenerate gradient (see ``Gradient/Shape``) or one
    /// whose transform cannot be inverted changes no pixel. `alpha` is clamped to `0 ... 1`, NaN counts as 0;
    /// see ``BlendMode`` for how coverage and alpha enter the blend.
    @_spi(Engine) public mutating func fill(
        _ mask: CoverageMask, gradient: Gradient, alpha: Float = 1, blendMode: BlendMode = .normal
    ) {
        gradient.ramp.table.withUnsafeBufferPointer { table in
            guard var shader = GradientShader(gradient, table: table.baseAddress!) else { return }
            paint(mask, shader: &shader, alpha: alpha, blendMode: blendMode)
        }
    }
}
