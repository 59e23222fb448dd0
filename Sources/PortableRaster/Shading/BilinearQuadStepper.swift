/// The positions of four consecutive pixels of a row under an affine map, stepped four pixels at a time, and
/// their bilinear samples (see ``BilinearQuad``).
///
/// Positions are the fixed-point bilinear positions of ``SampleLevel``, stepped by exact integer additions, so
/// pixel `k` of the row sits at `u + k·du` as in ``AffineImageShader``. Inside the level the weights come from a
/// vector of the positions' low 32 bits, which steps by the low 32 bits of the step (a carry out of them only
/// moves the integer part).
struct BilinearQuadStepper {
    let level: SampleLevel
    /// Position of the first of the four pixels.
    private(set) var u: Int64
    private(set) var v: Int64
    let du: Int64
    let dv: Int64
    /// The low 32 bits of the four positions.
    private var fractionU: SIMD4<UInt32>
    private var fractionV: SIMD4<UInt32>
    private let stepU: SIMD4<UInt32>
    private let stepV: SIMD4<UInt32>

    init(level: SampleLevel, u: Int64, v: Int64, du: Int64, dv: Int64) {
        self.level = level
        self.u = u
        self.v = v
        self.du = du
        self.dv = dv
        @inline(__always) func low(_ value: Int64) -> UInt32 { UInt32(truncatingIfNeeded: value) }
        fractionU = SIMD4(low(u), low(u &+ du), low(u &+ du &<< 1), low(u &+ du &* 3))
        fractionV = SIMD4(low(v), low(v &+ dv), low(v &+ dv &<< 1), low(v &+ dv &* 3))
        stepU = SIMD4(repeating: UInt32(truncatingIfNeeded: du &<< 2))
        stepV = SIMD4(repeating: UInt32(truncatingIfNeeded: dv &<< 2))
    }

    /// Moves on by four pixels.
    @inline(__always)
    mutating func advance() {
        u &+= du &<< 2
        v &+= dv &<< 2
        fractionU &+= stepU
        fractionV &+= stepV
    }

    /// Moves on by `count` pixels, a multiple of four.
    mutating func advance(pixels count: Int) {
        u &+= du &* Int64(count)
        v &+= dv &* Int64(count)
        let quads = SIMD4(repeating: UInt32(truncatingIfNeeded: count &>> 2))
        fractionU &+= stepU &* quads
        fractionV &+= stepV &* quads
    }

    /// The positions of the four pixels.
    var positions: BilinearQuad.Positions {
        BilinearQuad.Positions(
            u: (u, u &+ du, u &+ du &<< 1, u &+ du &* 3), v: (v, v &+ dv, v &+ dv &<< 1, v &+ dv &* 3))
    }

    /// The four samples; every tap must lie inside the level.
    @inline(__always)
    func sample() -> BilinearQuad.Sample {
        let base = level.base
        let stride = level.bytesPerRow
        return BilinearQuad.sample(
            taps: (
                BilinearQuad.tap(base, stride, u, v), BilinearQuad.tap(base, stride, u &+ du, v &+ dv),
                BilinearQuad.tap(base, stride, u &+ du &<< 1, v &+ dv &<< 1),
                BilinearQuad.tap(base, stride, u &+ du &* 3, v &+ dv &* 3)
            ), stride: stride, weightX: BilinearQuad.weights(fractionU), weightY: BilinearQuad.weights(fractionV))
    }

    /// The four samples near or beyond the level's edges, with the edge mode `clamp`.
    @inline(__always)
    func sampleEdge(clamp: Bool) -> BilinearQuad.Sample {
        BilinearQuad.sampleEdge(positions, level, clamp: clamp)
    }
}
