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
        // sin r = r + r³·(−1/3! + r²·(1/5! − …)), cos r = 1 + r²·(−1/2! + r²·(1/4! − …)), in Horner form.
        var s = -1.0 / 1_307_674_368_000
        s = s * r2 + 1.0 / 6_227_020_800
        s = s * r2 - 1.0 / 39_916_800
        s = s * r2 + 1.0 / 362_880
        s = s * r2 - 1.0 / 5_040
        s = s * r2 + 1.0 / 120
        s = s * r2 - 1.0 / 6
        let sine = r + r * r2 * s
        var c = 1.0 / 20_922_789_888_000
        c = c * r2 - 1.0 / 87_178_291_200
        c = c * r2 + 1.0 / 479_001_600
        c = c * r2 - 1.0 / 3_628_800
        c = c * r2 + 1.0 / 40_320
        c = c * r2 - 1.0 / 720
        c = c * r2 + 1.0 / 24
        c = c * r2 - 1.0 / 2
        let cosine = 1 + r2 * c
        switch Int(quadrant) & 3 {
        case 0: return (sine, cosine)
        case 1: return (cosine, -sine)
        case 2: return (-sine, -cosine)
        default: return (-cosine, sine)
        }
    }
}
