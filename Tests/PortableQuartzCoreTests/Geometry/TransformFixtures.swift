import PortableQuartzCore
import PortableQuartzCoreTesting

/// Comparisons and seeded random inputs shared by the transform suites.
enum TransformFixtures {
    /// The sixteen elements in row order.
    static func elements(_ t: CATransform3D) -> [CGFloat] {
        [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43,
            t.m44,
        ]
    }

    /// The largest absolute difference between corresponding elements.
    static func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> CGFloat {
        zip(elements(a), elements(b)).map { abs($0 - $1) }.max()!
    }

    /// The largest absolute difference between corresponding fields of two affine transforms.
    static func maxDifference(_ a: CGAffineTransform, _ b: CGAffineTransform) -> CGFloat {
        Swift.max(abs(a.a - b.a), abs(a.b - b.b), abs(a.c - b.c), abs(a.d - b.d), abs(a.tx - b.tx), abs(a.ty - b.ty))
    }

    static func isFinite(_ t: CATransform3D) -> Bool {
        elements(t).allSatisfy(\.isFinite)
    }

    /// `t` with every element divided by `m44`.
    static func normalized(_ t: CATransform3D) -> CATransform3D {
        let e = elements(t).map { $0 / t.m44 }
        return CATransform3D(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15]
        )
    }

    /// The point `(x, y, z)` mapped through `t` as a row vector, with the perspective divide.
    static func apply(
        _ t: CATransform3D, x: CGFloat, y: CGFloat, z: CGFloat
    ) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
        let w = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
        return (
            (x * t.m11 + y * t.m21 + z * t.m31 + t.m41) / w,
            (x * t.m12 + y * t.m22 + z * t.m32 + t.m42) / w,
            (x * t.m13 + y * t.m23 + z * t.m33 + t.m43) / w
        )
    }

    static func value(_ random: inout SeededRandom, _ range: ClosedRange<Double>) -> CGFloat {
        CGFloat(random.nextDouble(in: range))
    }

    /// A rotation by an angle in −π…π about a random axis.
    static func randomRotation(_ random: inout SeededRandom) -> CATransform3D {
        CATransform3DMakeRotation(
            value(&random, -.pi ... .pi), value(&random, -1...1), value(&random, -1...1), value(&random, -1...1)
        )
    }

    /// A random well-conditioned matrix built from raw elements: a diagonally dominant 3×3 block (diagonal
    /// ±1.5…2.5, other elements ±0.5, so singular values stay within about 0.5…3.5) times a random rotation, a
    /// translation within ±50 points and, when `perspective` is set, a fourth column like a layer's perspective
    /// (`m14`, `m24` within ±0.001, `m34` within ±0.004, as `m34 = −1/250`). `m44` is 1; the projective part stays
    /// far from singular because translation · perspective is at most about 0.75.
    static func wellConditioned(_ random: inout SeededRandom, perspective: Bool) -> CATransform3D {
        func diagonal() -> CGFloat {
            let sign: CGFloat = random.nextUnitDouble() < 0.2 ? -1 : 1
            return sign * value(&random, 1.5...2.5)
        }
        func off() -> CGFloat { value(&random, -0.5...0.5) }
        var block = CATransform3DIdentity
        block.m11 = diagonal()
        block.m12 = off()
        block.m13 = off()
        block.m21 = off()
        block.m22 = diagonal()
        block.m23 = off()
        block.m31 = off()
        block.m32 = off()
        block.m33 = diagonal()
        var result = CATransform3DConcat(block, randomRotation(&random))
        result.m41 = value(&random, -50...50)
        result.m42 = value(&random, -50...50)
        result.m43 = value(&random, -50...50)
        if perspective {
            result.m14 = value(&random, -0.001...0.001)
            result.m24 = value(&random, -0.001...0.001)
            result.m34 = value(&random, -0.004...0.004)
        }
        return result
    }
}
