/// Exactly rounded products of 8-bit fractions.
///
/// An 8-bit channel `a` stands for the fraction `a/255`, so the product of two channels is `a·b/255`, which
/// must be rounded back to an integer. `a·b/255` is never exactly halfway between two integers (that would
/// need `2ab = 255·odd`, but the left side is even and the right side odd), so "round to nearest" is
/// unambiguous and equals `⌊(a·b + 127) / 255⌋`.
///
/// Division by 255 is replaced by the shift form
///
///     t = a·b + 128;   result = (t + (t >> 8)) >> 8
///
/// Proof that it equals the rounded quotient for all `0 ≤ a, b ≤ 255`: write `a·b = 255q + r` with
/// `0 ≤ r < 255` and `0 ≤ q ≤ 255`; the correct result is `q + [r ≥ 128]`. Then `t = 256q + u` with
/// `u = r + 128 − q`, and `−127 ≤ u ≤ 382`.
/// - If `0 ≤ u < 256`: `t >> 8 = q`, so `t + q = 256q + r + 128` and shifting gives `q + ⌊(r + 128)/256⌋`,
///   which is `q + [r ≥ 128]` because `r + 128 < 512`.
/// - If `u < 0` (so `r + 128 < q`, hence `r < 127`): `t >> 8 = q − 1`, and `t + q − 1 = 256q + r + 127`
///   with `r + 127 < q ≤ 255`, so the result is `q`, as required.
/// - If `u ≥ 256` (so `r ≥ 128 + q`, hence `r ≥ 128`): `t >> 8 = q + 1`, and `t + q + 1 = 256q + r + 129`
///   with `256 ≤ r + 129 < 512`, so the result is `q + 1`, as required.
///
/// Every intermediate is below 2¹⁶ (`t ≤ 65 153`, `t + (t >> 8) ≤ 65 407`), so 16-bit lanes suffice. The
/// test suite also checks all 65 536 pairs against the exact formula.
@inline(__always)
@usableFromInline
func multiplyRounded255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// The same rounded product on every 16-bit lane of a vector (all lanes must hold values ≤ 255).
@inline(__always)
@usableFromInline
func multiplyRounded255<Vector: SIMD>(_ a: Vector, _ b: Vector) -> Vector where Vector.Scalar == UInt16 {
    let t = a &* b &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// The same rounded product on eight 16-bit lanes, with the last two steps fused into one high multiply:
/// `(t + (t >> 8)) >> 8 = (t · 257) >> 16` for every `t < 2¹⁶`. Writing `t = 256h + l` (`0 ≤ l < 256`),
/// the left side is `⌊(256h + l + h) / 256⌋` and the right side `⌊(256h + l + h + l/256) / 256⌋`; the extra
/// `l/256 < 1` cannot reach the next multiple of 256 because `256h + l + h` is an integer. On x86 this is
/// one `pmulhuw` instead of a shift, an add and another shift.
@inline(__always)
@usableFromInline
func multiplyRounded255(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let t = a &* b &+ 128
    // Lane by lane conversions (not the generic vector ones, which an optimizer may leave as calls) that the
    // compiler folds into the high multiply.
    let wide =
        (SIMD8<UInt32>(
            UInt32(t[0]), UInt32(t[1]), UInt32(t[2]), UInt32(t[3]), UInt32(t[4]), UInt32(t[5]), UInt32(t[6]),
            UInt32(t[7])) &* 257) &>> 16
    return SIMD8<UInt16>(
        UInt16(truncatingIfNeeded: wide[0]), UInt16(truncatingIfNeeded: wide[1]), UInt16(truncatingIfNeeded: wide[2]),
        UInt16(truncatingIfNeeded: wide[3]), UInt16(truncatingIfNeeded: wide[4]), UInt16(truncatingIfNeeded: wide[5]),
        UInt16(truncatingIfNeeded: wide[6]), UInt16(truncatingIfNeeded: wide[7]))
}

/// `n/255` rounded to nearest for `0 ≤ n ≤ 65 025` (= 255²).
///
/// The same shift form as `multiplyRounded255` above, whose proof only uses `n = 255q + r` with
/// `q ≤ 255`, so it holds for any `n` in that range, not only for products of two bytes; again there are no
/// ties (`n/255` is never halfway between integers). Used where a numerator is carried at 1/255-level
/// precision, as the solid fill does with translucent colours.
@inline(__always)
@usableFromInline
func divideRounded255(_ n: UInt32) -> UInt32 {
    let t = n &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// The same rounded quotient on every 16-bit lane of a vector (all lanes must hold values ≤ 65 025).
@inline(__always)
@usableFromInline
func divideRounded255<Vector: SIMD>(_ n: Vector) -> Vector where Vector.Scalar == UInt16 {
    let t = n &+ 128
    return (t &+ (t &>> 8)) &>> 8
}
