import CRasterKernels

/// The C loops of `CRasterKernels` that this processor runs.
///
/// Swift code is compiled for the x86-64 baseline (SSE2). The kernels there use AVX2 (eight pixels a step,
/// three-operand instructions) and are picked at run time, so one build runs everywhere; they give the same
/// bytes as the Swift loops they replace (`VectorKernelTests` and `SolidPaintKernelTests` compare them).
enum VectorKernels {
    /// Whether the AVX2 kernels run here: x86-64 processors since about 2013 whose operating system saves the
    /// 256-bit registers. Always false on other architectures.
    static let avx2: Bool = {
        #if arch(x86_64)
            prk_avx2_available()
        #else
            false
        #endif
    }()
}

extension SampleLevel {
    /// Whether every tap of a bilinear position inside this level and its margins lies within ±(2³¹ − 1) bytes
    /// of ``base``, as the vector kernels' 32-bit tap offsets need: levels up to about 2 GB.
    var hasInt32TapOffsets: Bool {
        let rows = Int64(height) + Int64(margins.top) + Int64(margins.bottom) + 2
        let (bytes, overflow) = rows.multipliedReportingOverflow(by: Int64(bytesPerRow))
        return bytesPerRow >= 0 && !overflow && bytes <= Int64(Int32.max)
    }
}
