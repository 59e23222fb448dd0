import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("AnimatableValue arithmetic and distance (SPEC §3.2–§3.4, §4.2)")
struct AnimatableValueArithmeticTests {
    typealias F = PropertyFixtures

    // MARK: Sums and differences

    @Test("from + by: 10 by 5 ends at 15; by only: model 100 by 50 ends at 150")
    func fromAndBy() {
        #expect(AnimatableValue.number(10).adding(.number(5)) == .number(15))
        #expect(AnimatableValue.number(100).adding(.number(50)) == .number(150))
    }

    @Test("additive: model x 100 plus an animation −100 → 0 at p 0.25 shows 25")
    func additiveWorkedExample() {
        let animation = AnimatableValue.interpolate(from: .number(-100), to: .number(0), progress: 0.25)
        #expect(AnimatableValue.number(100).adding(animation) == .number(25))
    }

    @Test("points, sizes, rectangles and colours add and subtract component-wise (alpha included)")
    func componentWise() {
        #expect(
            AnimatableValue.point(CGPoint(x: 1, y: 2)).adding(.point(CGPoint(x: 10, y: 20)))
                == .point(CGPoint(x: 11, y: 22)))
        #expect(
            AnimatableValue.size(CGSize(width: 5, height: 6)).subtracting(.size(CGSize(width: 1, height: 2)))
                == .size(CGSize(width: 4, height: 4)))
        #expect(
            AnimatableValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4)).adding(
                .rect(CGRect(x: 1, y: 1, width: 1, height: 1)))
                == .rect(CGRect(x: 2, y: 3, width: 4, height: 5)))
        let sum = AnimatableValue.color(ColorComponents(red: 0.25, green: 0.5, blue: 0, alpha: 0.5))
            .adding(.color(ColorComponents(red: 0.5, green: 0.25, blue: 1, alpha: 0.25)))
        #expect(sum == .color(ColorComponents(red: 0.75, green: 0.75, blue: 1, alpha: 0.75)))
        #expect(AnimatableValue.numbers([1, 2, 3]).subtracting(.numbers([1, 1, 1])) == .numbers([0, 1, 2]))
    }

    @Test(
        "transforms add by concatenation with the added transform first: translate 10 then scale 2 maps (1,0) to (12,0)"
    )
    func transformConcatenationOrder() throws {
        let base = AnimatableValue.transform(CATransform3DMakeTranslation(10, 0, 0))
        let sum = try #require(F.transform(base.adding(.transform(CATransform3DMakeScale(2, 2, 2)))))
        #expect(
            F.maxDifference(
                sum, CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0))) == 0)
        // A point (1, 0) as a row vector: scaled to (2, 0) first, then moved to (12, 0).
        #expect(sum.m11 * 1 + sum.m41 == 12)
    }

    @Test("subtracting undoes adding for 200 seeded 3-D transforms (within 1e-9)")
    func transformSubtractionRoundTrip() throws {
        var random = SeededRandom(seed: 0x5EED_0101)
        for _ in 0..<200 {
            let a = TransformFixtures.wellConditioned(&random, perspective: true)
            let b = TransformFixtures.wellConditioned(&random, perspective: false)
            let difference = AnimatableValue.transform(a).subtracting(.transform(b))
            let back = try #require(F.transform(difference.adding(.transform(b))))
            #expect(F.maxDifference(back, a) < 1e-9)
        }
    }

    @Test("2-D transforms add and subtract by concatenation too")
    func affineArithmetic() throws {
        let base = CGAffineTransform(translationX: 10, y: 5)
        let rotation = CGAffineTransform(rotationAngle: 0.4)
        let sum = try #require(F.affine(AnimatableValue.affineTransform(base).adding(.affineTransform(rotation))))
        #expect(F.maxDifference(sum, rotation.concatenating(base)) == 0)
        let back = try #require(F.affine(AnimatableValue.affineTransform(sum).subtracting(.affineTransform(rotation))))
        #expect(F.maxDifference(back, base) < 1e-12)
    }

    @Test("booleans add as 0/1 numbers read back as non-zero: or; subtract: differ")
    func booleanArithmetic() {
        #expect(AnimatableValue.bool(false).adding(.bool(true)) == .bool(true))
        #expect(AnimatableValue.bool(false).adding(.bool(false)) == .bool(false))
        #expect(AnimatableValue.bool(true).subtracting(.bool(true)) == .bool(false))
        #expect(AnimatableValue.bool(true).scaled(by: 0) == .bool(false))
    }

    @Test("kinds without arithmetic never trap: adding takes the added value, adding null keeps the base")
    func discreteArithmetic() {
        #expect(AnimatableValue.string("a").adding(.string("b")) == .string("b"))
        #expect(AnimatableValue.string("a").subtracting(.string("b")) == .string("a"))
        #expect(AnimatableValue.string("a").scaled(by: 3) == .string("a"))
        #expect(AnimatableValue.number(4).adding(.null) == .number(4))
        #expect(AnimatableValue.point(.zero).adding(.number(1)) == .number(1))
        #expect(AnimatableValue.point(.zero).subtracting(.number(1)) == .point(.zero))
        #expect(AnimatableValue.numbers([1, 2]).adding(.numbers([1])) == .numbers([1]))
    }

    @Test("compatible paths add point by point")
    func pathArithmetic() throws {
        guard
            case .path(let sum) = AnimatableValue.path(PropertyFixtures.wigglePath()).adding(
                .path(PropertyFixtures.wigglePath(offset: 3)))
        else {
            Issue.record("expected a path")
            return
        }
        let expected = PropertyFixtures.points(PropertyFixtures.wigglePath()).map {
            CGPoint(x: 2 * $0.x + 3, y: 2 * $0.y + 3)
        }
        #expect(PropertyFixtures.points(sum) == expected)
    }

    // MARK: Scaling (cumulative repeats, spline terms)

    @Test("cumulative transform.rotation.z 0 → π/2, iteration 2 at p 0.5: 2·π/2 + π/4 = 3.9270")
    func cumulativeRotation() throws {
        let cycleEnd = AnimatableValue.number(.pi / 2)
        let value = cycleEnd.scaled(by: 2).adding(
            AnimatableValue.interpolate(from: .number(0), to: cycleEnd, progress: 0.5))
        let number = try #require(F.number(value))
        #expect(abs(number - 3.9270) < 5e-5)
        #expect(abs(number - 5 * .pi / 4) < 1e-15)
    }

    @Test("a transform scaled by a whole k is its k-th matrix power; negative k inverts")
    func transformPowers() throws {
        let step = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let cubed = try #require(F.transform(AnimatableValue.transform(step).scaled(by: 3)))
        #expect(F.maxDifference(cubed, CATransform3DMakeRotation(0.9, 0, 0, 1)) < 1e-14)
        let move = try #require(
            F.transform(AnimatableValue.transform(CATransform3DMakeTranslation(5, -2, 1)).scaled(by: -2)))
        #expect(F.maxDifference(move, CATransform3DMakeTranslation(-10, 4, -2)) < 1e-14)
        #expect(AnimatableValue.transform(step).scaled(by: 0) == .transform(CATransform3DIdentity))
        let scale = try #require(F.transform(AnimatableValue.transform(CATransform3DMakeScale(2, 3, 1)).scaled(by: 2)))
        #expect(F.maxDifference(scale, CATransform3DMakeScale(4, 9, 1)) < 1e-14)
    }

    @Test("a fractional k takes that share of the decomposition: rotation 0.5 scaled by 0.5 is rotation 0.25")
    func fractionalTransformScale() throws {
        let half = try #require(
            F.transform(AnimatableValue.transform(CATransform3DMakeRotation(0.5, 0, 0, 1)).scaled(by: 0.5)))
        #expect(F.maxDifference(half, CATransform3DMakeRotation(0.25, 0, 0, 1)) < 1e-14)
        let affine = try #require(
            F.affine(AnimatableValue.affineTransform(CGAffineTransform(rotationAngle: 0.5)).scaled(by: 2)))
        #expect(F.maxDifference(affine, CGAffineTransform(rotationAngle: 1)) < 1e-14)
    }

    @Test("numbers, points, colours and arrays scale component-wise")
    func scaling() {
        #expect(AnimatableValue.number(3).scaled(by: -2) == .number(-6))
        #expect(AnimatableValue.point(CGPoint(x: 1, y: -2)).scaled(by: 3) == .point(CGPoint(x: 3, y: -6)))
        #expect(
            AnimatableValue.color(ColorComponents(red: 0.5, green: 0.25, blue: 1, alpha: 1)).scaled(by: 0.5)
                == .color(ColorComponents(red: 0.25, green: 0.125, blue: 0.5, alpha: 0.5)))
        #expect(AnimatableValue.numbers([1, 2]).scaled(by: 2) == .numbers([2, 4]))
    }

    // MARK: Distance (paced keyframes)

    @Test("paced values [0, 10, 30] measure 10 and 20, giving key times [0, 1/3, 1]")
    func pacedDistances() {
        let values: [AnimatableValue] = [.number(0), .number(10), .number(30)]
        let lengths = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
        #expect(lengths == [10, 20])
        #expect(lengths[0] / lengths.reduce(0, +) == 1.0 / 3.0)
    }

    @Test("distances are Euclidean: points 3-4-5, colours over RGBA (red → blue is √2), transforms over elements")
    func distances() {
        #expect(AnimatableValue.point(.zero).distance(to: .point(CGPoint(x: 3, y: 4))) == 5)
        let red = AnimatableValue.color(ColorComponents(red: 1, green: 0, blue: 0, alpha: 1))
        let blue = AnimatableValue.color(ColorComponents(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(red.distance(to: blue) == (2 as Double).squareRoot())
        let clearRed = AnimatableValue.color(ColorComponents(red: 1, green: 0, blue: 0, alpha: 0))
        #expect(red.distance(to: clearRed) == 1)
        #expect(
            AnimatableValue.transform(CATransform3DIdentity).distance(
                to: .transform(CATransform3DMakeTranslation(3, 4, 0))) == 5)
        #expect(AnimatableValue.rect(.zero).distance(to: .rect(CGRect(x: 1, y: 1, width: 1, height: 1))) == 2)
    }

    @Test("kinds without a metric and mismatched kinds measure 0; booleans 0 or 1")
    func distancesWithoutMetric() {
        #expect(AnimatableValue.string("a").distance(to: .string("b")) == 0)
        #expect(AnimatableValue.point(.zero).distance(to: .number(4)) == 0)
        #expect(AnimatableValue.numbers([1]).distance(to: .numbers([1, 2])) == 0)
        #expect(AnimatableValue.bool(true).distance(to: .bool(false)) == 1)
        #expect(AnimatableValue.image(PropertyFixtures.image()).distance(to: .null) == 0)
    }
}
