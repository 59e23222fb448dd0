import PortableCoreGraphics
import PortableQuartzCoreTesting

/// Comparisons and seeded random inputs shared by the affine-transform suites.
enum AffineFixtures {
    /// The largest absolute difference between corresponding fields of two transforms.
    static func maxDifference(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> CGFloat {
        Swift.max(
            abs(t1.a - t2.a), abs(t1.b - t2.b), abs(t1.c - t2.c),
            abs(t1.d - t2.d), abs(t1.tx - t2.tx), abs(t1.ty - t2.ty)
        )
    }

    /// The largest absolute difference between the origins and sizes of two rectangles.
    static func maxDifference(_ r1: CGRect, _ r2: CGRect) -> CGFloat {
        Swift.max(
            abs(r1.origin.x - r2.origin.x), abs(r1.origin.y - r2.origin.y),
            abs(r1.size.width - r2.size.width), abs(r1.size.height - r2.size.height)
        )
    }

    /// The distance between two points.
    static func distance(_ p: CGPoint, _ q: CGPoint) -> CGFloat {
        ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }

    static func value(_ random: inout SeededRandom, _ range: ClosedRange<Double>) -> CGFloat {
        CGFloat(random.nextDouble(in: range))
    }

    /// A random transform whose linear part has singular values within about 0.3…3 (so it is safely invertible):
    /// rotation, non-uniform scale of either sign, a moderate shear and a translation up to ±100 points.
    static func wellConditionedTransform(_ random: inout SeededRandom) -> CGAffineTransform {
        let sign: CGFloat = random.nextUnitDouble() < 0.5 ? -1 : 1
        return CGAffineTransform(
            a: sign * value(&random, 0.5...2), b: value(&random, -0.4...0.4),
            c: value(&random, -0.4...0.4), d: value(&random, 0.5...2),
            tx: value(&random, -100...100), ty: value(&random, -100...100)
        )
        .rotated(by: value(&random, -3.2...3.2))
    }

    /// Any transform with fields in ±4 and a translation within ±100 points (possibly singular).
    static func arbitraryTransform(_ random: inout SeededRandom) -> CGAffineTransform {
        CGAffineTransform(
            a: value(&random, -4...4), b: value(&random, -4...4),
            c: value(&random, -4...4), d: value(&random, -4...4),
            tx: value(&random, -100...100), ty: value(&random, -100...100)
        )
    }
}
