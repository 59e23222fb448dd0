import Foundation

/// The sine and cosine of one angle computed together (our helper), for the spring's oscillation term, which
/// animations evaluate every frame.
///
/// The C library computes `sin` and `cos` separately, each with its own argument reduction; a spring needs both of
/// the same angle every frame. Here the angle is reduced once by the nearest multiple of π/2 (Cody–Waite: π/2 split
/// into three parts of at most 33 significant bits each, so every product with the multiple is exact for the
/// angles accepted), and both functions are evaluated on the remainder, which lies in [−π/4, π/4], by their Taylor
/// series through the x¹⁵ and x¹⁶ terms (the first omitted terms are below 7e-17 there). Results agree with the C
/// library's to within a few units in the last place.
///
/// The series are summed in Estrin's order — pairs of terms first, then pairs of pairs with r⁴ and r⁸ — rather than
/// Horner's: the same terms and a rounding error of the same size, but a chain of dependent operations about half as
/// long (a Horner sum of eight terms is eight multiply-then-add steps in a row), which is most of what an
/// underdamped spring costs per frame.
///
/// Angles of magnitude 1e5 radians or more, infinities and NaN are passed to the C library's `sin` and `cos`.
@usableFromInline
enum SineCosine {
    /// π/2 in three parts (the first two have 33 significant bits).
    @usableFromInline static let halfPi1 = 1.57079632673412561417e+00
    @usableFromInline static let halfPi2 = 6.07710050630396597660e-11
    @usableFromInline static let halfPi3 = 2.02226624871116645580e-21
    /// Adding and subtracting this rounds a double below 2⁵¹ in magnitude to the nearest integer (ties to even).
    @usableFromInline static let roundingShift = 0x1.8p52

    /// `(sin x, cos x)`.
    @inlinable @inline(__always)
    static func of(_ x: Double) -> (sin: Double, cos: Double) {
        guard Swift.abs(x) < 1e5 else { return (Foundation.sin(x), Foundation.cos(x)) }
        let quadrant = (x * (2 / Double.pi) + roundingShift) - roundingShift
        let r = ((x - quadrant * halfPi1) - quadrant * halfPi2) - quadrant * halfPi3
        let r2 = r * r
        let r4 = r2 * r2
        let r8 = r4 * r4
        // sin r = r + r³·S(r²) with S(u) = −1/3! + u/5! − u²/7! + … − u⁶/15!.
        let s01 = -1.0 / 6 + r2 * (1.0 / 120)
        let s23 = -1.0 / 5_040 + r2 * (1.0 / 362_880)
        let s45 = -1.0 / 39_916_800 + r2 * (1.0 / 6_227_020_800)
        let s6 = -1.0 / 1_307_674_368_000
        let sineSeries = (s01 + r4 * s23) + r8 * (s45 + r4 * s6)
        let sine = r + r * r2 * sineSeries
        // cos r = 1 + r²·C(r²) with C(u) = −1/2! + u/4! − u²/6! + … + u⁷/16!.
        let c01 = -1.0 / 2 + r2 * (1.0 / 24)
        let c23 = -1.0 / 720 + r2 * (1.0 / 40_320)
        let c45 = -1.0 / 3_628_800 + r2 * (1.0 / 479_001_600)
        let c67 = -1.0 / 87_178_291_200 + r2 * (1.0 / 20_922_789_888_000)
        let cosineSeries = (c01 + r4 * c23) + r8 * (c45 + r4 * c67)
        let cosine = 1 + r2 * cosineSeries
        switch Int(quadrant) & 3 {
        case 0: return (sine, cosine)
        case 1: return (cosine, -sine)
        case 2: return (-sine, -cosine)
        default: return (-cosine, sine)
        }
    }
}
