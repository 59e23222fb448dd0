import Foundation

// Type-wise "+", "−" and "k·" for the from/to/by cases (SPEC §3.2), additive stacking (§3.3), cumulative repeats
// (§3.4) and the Kochanek–Bartels tangent terms of cubic keyframes (§4.2).
//
// Transforms: `base.adding(value)` is `CATransform3DConcat(value, base)`, the order SPEC §3.3 infers (the added
// transform acts first, in the layer's local frame); `subtracting` undoes it, so `(a − b) + b == a` up to rounding.
//
// Kinds without arithmetic (strings, images, `null`, and paths or arrays of different structure) follow one rule
// so nothing traps: `a.adding(b)` is `b` (the added value wins, as a non-additive animation would), except that
// adding `null` keeps `a`; `a.subtracting(b)` is `a`; `a.scaled(by:)` is `a`. Mismatched kinds (a point and a
// number) are treated the same way; a 2-D transform meeting a 3-D one is embedded in 3-D first.

extension AnimatableValue {
    /// `self + other`, component by component (transforms: `other` applied first, then `self`).
    ///
    /// Booleans combine as 0/1 numbers read back as "non-zero is true" (so: or). See the notes above for kinds
    /// without arithmetic.
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return .number(a + b)
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                    width: a.size.width + b.size.width, height: a.size.height + b.size.height
                )
            )
        case (.color(let a), .color(let b)):
            return .color(
                ColorComponents(
                    red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
            )
        case (.transform(let a), .transform(let b)):
            return .transform(CATransform3DConcat(b, a))
        case (.affineTransform(let a), .affineTransform(let b)):
            return .affineTransform(b.concatenating(a))
        case (.transform(let a), .affineTransform(let b)):
            return .transform(CATransform3DConcat(CATransform3DMakeAffineTransform(b), a))
        case (.affineTransform(let a), .transform(let b)):
            return .transform(CATransform3DConcat(b, CATransform3DMakeAffineTransform(a)))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map(+))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { x, y in AnimatableValue.color(x).adding(.color(y)).colorValue ?? x })
        case (.bool(let a), .bool(let b)):
            return .bool(a || b)
        case (.path(let a), .path(let b)):
            if let sum = PathMixer.combine(a, b, { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) }) { return .path(sum) }
            return other
        case (_, .null):
            return self
        default:
            return other
        }
    }

    /// `self − other`, component by component (transforms: `CATransform3DConcat(inverse(other), self)`, the value
    /// that gives `self` back when `other` is added to it).
    ///
    /// Booleans: "non-zero is true" of `a − b`, that is `a != b`. A transform without an inverse is treated as the
    /// identity by `CATransform3DInvert`, as Apple's function does.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return .number(a - b)
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: a.x - b.x, y: a.y - b.y))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: a.width - b.width, height: a.height - b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                    width: a.size.width - b.size.width, height: a.size.height - b.size.height
                )
            )
        case (.color(let a), .color(let b)):
            return .color(
                ColorComponents(
                    red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
            )
        case (.transform(let a), .transform(let b)):
            return .transform(CATransform3DConcat(CATransform3DInvert(b), a))
        case (.affineTransform(let a), .affineTransform(let b)):
            return .affineTransform(b.inverted().concatenating(a))
        case (.transform(let a), .affineTransform(let b)):
            return .transform(CATransform3DConcat(CATransform3DInvert(CATransform3DMakeAffineTransform(b)), a))
        case (.affineTransform(let a), .transform(let b)):
            return .transform(CATransform3DConcat(CATransform3DInvert(b), CATransform3DMakeAffineTransform(a)))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map(-))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { x, y in AnimatableValue.color(x).subtracting(.color(y)).colorValue ?? x })
        case (.bool(let a), .bool(let b)):
            return .bool(a != b)
        case (.path(let a), .path(let b)):
            if let difference = PathMixer.combine(a, b, { CGPoint(x: $0.x - $1.x, y: $0.y - $1.y) }) {
                return .path(difference)
            }
            return self
        default:
            return self
        }
    }

    /// `factor·self`, component by component.
    ///
    /// Transforms: for a whole `factor` (|factor| ≤ 2⁵²) the matrix power `Mᵏ` (negative powers invert), which is
    /// what a cumulative animation accumulates (SPEC §3.4: value ∘ accumulationᵏ); for a fractional factor the
    /// decomposition path from the identity taken `factor` of the way (`TransformDecomposition.interpolate` from
    /// identity to `M` at progress `factor`), which for a rotation about one axis, a scale or a translation alone
    /// is the natural "k times" of it. Booleans: `self && factor != 0`. Kinds without arithmetic return `self`.
    public func scaled(by factor: Double) -> AnimatableValue {
        switch self {
        case .number(let a):
            return .number(a * factor)
        case .point(let a):
            return .point(CGPoint(x: a.x * factor, y: a.y * factor))
        case .size(let a):
            return .size(CGSize(width: a.width * factor, height: a.height * factor))
        case .rect(let a):
            return .rect(
                CGRect(
                    x: a.origin.x * factor, y: a.origin.y * factor, width: a.size.width * factor,
                    height: a.size.height * factor)
            )
        case .color(let a):
            return .color(
                ColorComponents(
                    red: a.red * factor, green: a.green * factor, blue: a.blue * factor, alpha: a.alpha * factor)
            )
        case .transform(let m):
            if let exponent = Self.wholeExponent(factor) {
                return .transform(
                    Self.power(
                        m, exponent, identity: CATransform3DIdentity, invert: CATransform3DInvert, CATransform3DConcat)
                )
            }
            return .transform(TransformDecomposition.interpolate(from: CATransform3DIdentity, to: m, progress: factor))
        case .affineTransform(let m):
            if let exponent = Self.wholeExponent(factor) {
                return .affineTransform(
                    Self.power(m, exponent, identity: .identity, invert: { $0.inverted() }) { $0.concatenating($1) }
                )
            }
            return .affineTransform(AffineDecomposition.interpolate(from: .identity, to: m, progress: factor))
        case .numbers(let a):
            return .numbers(a.map { $0 * factor })
        case .colors(let a):
            return .colors(a.map { AnimatableValue.color($0).scaled(by: factor).colorValue ?? $0 })
        case .bool(let a):
            return .bool(a && factor != 0)
        case .path(let a):
            return .path(PathMixer.map(a) { CGPoint(x: $0.x * factor, y: $0.y * factor) })
        case .null, .image, .crossFade, .string:
            return self
        }
    }

    /// The payload of a ``color(_:)``.
    var colorValue: ColorComponents? {
        if case .color(let color) = self { return color }
        return nil
    }

    /// `factor` as an integer when it is a whole number small enough for exact repeated squaring.
    private static func wholeExponent(_ factor: Double) -> Int? {
        guard factor.rounded(.towardZero) == factor, abs(factor) <= 0x1p52 else { return nil }
        return Int(factor)
    }

    /// `mᵏ` by repeated squaring; a negative `k` raises the inverse (for 3-D transforms `CATransform3DInvert`, for
    /// 2-D ones `inverted()`, each leaving a singular matrix unchanged as Apple's functions do).
    private static func power<M>(
        _ m: M, _ k: Int, identity: M, invert: (M) -> M, _ concat: (M, M) -> M
    ) -> M {
        var base = k < 0 ? invert(m) : m
        var exponent = k.magnitude
        var result = identity
        while exponent > 0 {
            if exponent & 1 == 1 { result = concat(result, base) }
            exponent >>= 1
            if exponent > 0 { base = concat(base, base) }
        }
        return result
    }
}
