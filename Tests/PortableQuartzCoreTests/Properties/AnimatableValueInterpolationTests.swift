import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("AnimatableValue interpolation (SPEC §3.6)")
struct AnimatableValueInterpolationTests {
    typealias F = PropertyFixtures

    private func mix(_ from: AnimatableValue, _ to: AnimatableValue, _ progress: Double) -> AnimatableValue {
        AnimatableValue.interpolate(from: from, to: to, progress: progress)
    }

    // MARK: Numbers and geometry

    @Test("numbers mix as a + (b − a)·p: 0 → 300 at 0.5 is 150, and p outside 0…1 extrapolates")
    func numbers() {
        #expect(mix(.number(0), .number(300), 0.5) == .number(150))
        #expect(mix(.number(100), .number(200), 1.2) == .number(220))
        #expect(mix(.number(100), .number(200), -0.5) == .number(50))
    }

    @Test("the by + to case of SPEC §3.2: (3 − 0.5) → 3 at 0.5 is 2.75")
    func byAndTo() {
        let from = AnimatableValue.number(3).subtracting(.number(0.5))
        #expect(from == .number(2.5))
        #expect(mix(from, .number(3), 0.5) == .number(2.75))
    }

    @Test("points, sizes and rectangles mix component by component")
    func geometry() {
        #expect(
            mix(.point(CGPoint(x: 0, y: 100)), .point(CGPoint(x: 200, y: 300)), 0.25) == .point(CGPoint(x: 50, y: 150)))
        #expect(
            mix(.size(CGSize(width: 10, height: 20)), .size(CGSize(width: 30, height: 60)), 0.5)
                == .size(CGSize(width: 20, height: 40)))
        let rect = mix(
            .rect(CGRect(x: 0, y: 0, width: 100, height: 50)), .rect(CGRect(x: 10, y: -10, width: 200, height: 150)),
            0.5)
        #expect(rect == .rect(CGRect(x: 5, y: -5, width: 150, height: 100)))
    }

    @Test("number arrays (value-function inputs) mix element by element: [1,1,1] → [1.5,1.5,1.5] at 0.5 is 1.25 each")
    func numberArrays() {
        #expect(mix(.numbers([1, 1, 1]), .numbers([1.5, 1.5, 1.5]), 0.5) == .numbers([1.25, 1.25, 1.25]))
        #expect(mix(.numbers([0]), .numbers([2 * .pi]), 0.5) == .numbers([.pi]))
    }

    @Test("arrays of different counts switch to the destination at p ≥ 0.5")
    func arraysOfDifferentCounts() {
        #expect(mix(.numbers([1, 2]), .numbers([3]), 0.49) == .numbers([1, 2]))
        #expect(mix(.numbers([1, 2]), .numbers([3]), 0.5) == .numbers([3]))
    }

    // MARK: Colours

    @Test("red → blue at 0.5 is (0.5, 0, 0.5, 1)")
    func redToBlue() {
        let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = ColorComponents(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(mix(.color(red), .color(blue), 0.5) == .color(ColorComponents(red: 0.5, green: 0, blue: 0.5, alpha: 1)))
    }

    @Test("opaque red → transparent green at 0.5 is (0.5, 0.5, 0, 0.5): channels are not premultiplied")
    func redToTransparentGreen() {
        let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
        let green = ColorComponents(red: 0, green: 1, blue: 0, alpha: 0)
        #expect(
            mix(.color(red), .color(green), 0.5) == .color(ColorComponents(red: 0.5, green: 0.5, blue: 0, alpha: 0.5)))
    }

    @Test("colours converted from CGColors in different spaces mix in extended sRGB: grey 0.5 → sRGB red at 0.5")
    func colorsFromDifferentSpaces() throws {
        let grey = try #require(AnimatableValue(converting: CGColor(gray: 0.5, alpha: 1), as: .color))
        let red = try #require(AnimatableValue(converting: CGColor(red: 1, green: 0, blue: 0, alpha: 1), as: .color))
        let greyComponents = try #require(F.color(grey))
        let mixed = try #require(F.color(mix(grey, red, 0.5)))
        #expect(abs(mixed.red - (greyComponents.red + 1) / 2) < 1e-12)
        #expect(abs(mixed.green - greyComponents.green / 2) < 1e-12)
        #expect(mixed.alpha == 1)
    }

    @Test("a nil colour mixes as transparent black: nil → red at 0.5 is (0.5, 0, 0, 0.5); the ends stay exact")
    func nilColor() {
        let red = ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(mix(.null, .color(red), 0.5) == .color(ColorComponents(red: 0.5, green: 0, blue: 0, alpha: 0.5)))
        #expect(mix(.color(red), .null, 0.25) == .color(ColorComponents(red: 0.75, green: 0, blue: 0, alpha: 0.75)))
        #expect(mix(.null, .color(red), 0) == .null)
        #expect(mix(.color(red), .null, 1) == .null)
    }

    @Test("colour arrays (gradient colors) mix colour by colour")
    func colorArrays() {
        let a = [ColorComponents.opaqueBlack, .opaqueWhite]
        let b = [ColorComponents.opaqueWhite, .transparentBlack]
        let mixed = mix(.colors(a), .colors(b), 0.5)
        #expect(
            mixed
                == .colors([
                    ColorComponents(red: 0.5, green: 0.5, blue: 0.5, alpha: 1),
                    ColorComponents(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5),
                ]))
    }

    // MARK: Transforms

    @Test("identity → R(90°)·S(2) at 0.5 is a 45° turn with scale 1.5: a = b = d = 1.0607, c = −1.0607")
    func affineWorkedExample() throws {
        let to = CGAffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 0)
        let mixed = try #require(F.affine(mix(.affineTransform(.identity), .affineTransform(to), 0.5)))
        let expected = 1.5 * (0.5 as Double).squareRoot()
        #expect(abs(mixed.a - expected) < 1e-12 && abs(mixed.b - expected) < 1e-12)
        #expect(abs(mixed.c + expected) < 1e-12 && abs(mixed.d - expected) < 1e-12)
        #expect(abs(expected - 1.0607) < 5e-5)
    }

    @Test("the same worked example as CATransform3D values takes the 2-D path (not the component-wise 0.5, 1, −1, 0.5)")
    func transformWorkedExample() throws {
        let to = CATransform3DMakeAffineTransform(CGAffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 0))
        let mixed = try #require(F.transform(mix(.transform(CATransform3DIdentity), .transform(to), 0.5)))
        let expected = 1.5 * (0.5 as Double).squareRoot()
        #expect(abs(mixed.m11 - expected) < 1e-12 && abs(mixed.m12 - expected) < 1e-12)
        #expect(abs(mixed.m21 + expected) < 1e-12 && abs(mixed.m22 - expected) < 1e-12)
        #expect(mixed.m33 == 1 && mixed.m44 == 1)
    }

    @Test("identity → rotation(π + 0.1) turns the short way (−(π − 0.1)); rotation(π − 0.1) turns positively")
    func rotationSign() throws {
        for (angle, expectedHalf) in [
            (Double.pi + 0.1, -(Double.pi - 0.1) / 2), (Double.pi - 0.1, (Double.pi - 0.1) / 2),
        ] {
            let affine = try #require(
                F.affine(
                    mix(.affineTransform(.identity), .affineTransform(CGAffineTransform(rotationAngle: angle)), 0.5)))
            #expect(F.maxDifference(affine, CGAffineTransform(rotationAngle: expectedHalf)) < 1e-12)
            let matrix = try #require(
                F.transform(
                    mix(.transform(CATransform3DIdentity), .transform(CATransform3DMakeRotation(angle, 0, 0, 1)), 0.5)))
            #expect(F.maxDifference(matrix, CATransform3DMakeRotation(expectedHalf, 0, 0, 1)) < 1e-12)
        }
    }

    @Test("a non-affine pair (rotation about y) uses the 3-D decomposition along the shorter arc")
    func threeDimensionalShortArc() throws {
        let to = CATransform3DMakeRotation(.pi + 0.1, 0, 1, 0)
        let mixed = try #require(F.transform(mix(.transform(CATransform3DIdentity), .transform(to), 0.5)))
        #expect(F.maxDifference(mixed, CATransform3DMakeRotation(-(.pi - 0.1) / 2, 0, 1, 0)) < 1e-12)
    }

    @Test("equal transforms come back exactly, and a 2-D transform mixed with a 3-D one is embedded in 3-D")
    func transformEdgeCases() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        #expect(mix(.transform(perspective), .transform(perspective), 0.3) == .transform(perspective))
        let mixed = try #require(
            F.transform(
                mix(
                    .affineTransform(CGAffineTransform(translationX: 10, y: 0)),
                    .transform(CATransform3DMakeTranslation(30, 0, 0)), 0.5)))
        #expect(F.maxDifference(mixed, CATransform3DMakeTranslation(20, 0, 0)) < 1e-12)
    }

    // MARK: Paths

    @Test("paths with the same elements mix point by point")
    func compatiblePaths() throws {
        let a = F.wigglePath()
        let b = F.wigglePath(offset: 10)
        guard case .path(let mixed) = mix(.path(a), .path(b), 0.25) else {
            Issue.record("expected a path")
            return
        }
        let expected = F.points(F.wigglePath(offset: 2.5))
        #expect(F.points(mixed) == expected)
        #expect(mixed == F.wigglePath(offset: 2.5))
    }

    @Test("paths with different numbers of elements switch to the destination at p ≥ 0.5")
    func incompatiblePaths() {
        let a = F.wigglePath()
        let b = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(mix(.path(a), .path(b), 0.49) == .path(a))
        #expect(mix(.path(a), .path(b), 0.5) == .path(b))
    }

    /// Evidence: Apple's picture of lottie-ios's TypeFace/Z sample at 50 % (../shared/lottie): the outline's
    /// keyframes 14 and 15 differ only in segments lottie-ios writes as lines in one and cubics in the other, and
    /// Apple draws the blend of the two (0.9895 of the pixels match), not either keyframe (0.967).
    @Test("a line facing a cubic mixes as the cubic with controls at its ends: halfway (0, 15), (30, 15)")
    func lineFacingCubic() throws {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 30, y: 0))
        let curve = CGMutablePath()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 0, y: 30), control2: CGPoint(x: 30, y: 30))
        let mixed = try #require(F.path(mix(.path(line), .path(curve), 0.5)))
        let expected = CGMutablePath()
        expected.move(to: .zero)
        expected.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 0, y: 15), control2: CGPoint(x: 30, y: 15))
        #expect(mixed == expected)
    }

    @Test("a quadratic facing a line is raised exactly: control (30, 30) gives cubic controls (20, 20), (30, 20)")
    func quadraticFacingLine() throws {
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 30, y: 0), control: CGPoint(x: 30, y: 30))
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 30, y: 0))
        // At p = 0 the mix is the quadratic itself, written as its cubic: 2/3 of the way to the control from each end.
        let raised = try #require(F.path(mix(.path(quad), .path(line), 0)))
        #expect(F.points(raised) == [.zero, CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 20), CGPoint(x: 30, y: 0)])
    }

    // MARK: Images

    @Test("two images cross-fade: the value carries both and the fraction; the ends are the plain images")
    func imageCrossFade() {
        let a = F.image(10)
        let b = F.image(200)
        #expect(mix(.image(a), .image(b), 0.3) == .crossFade(from: a, to: b, fraction: 0.3))
        #expect(mix(.image(a), .image(b), 0) == .image(a))
        #expect(mix(.image(a), .image(b), 1) == .image(b))
        #expect(mix(.image(a), .image(b), 1.4) == .image(b))
        #expect(mix(.image(a), .image(b), -0.2) == .image(a))
        #expect(mix(.image(a), .image(a), 0.5) == .image(a))
    }

    @Test("nil contents fade an image in; a cross-fade used as an end counts as its dominant image")
    func imageFromNothing() {
        let a = F.image(10)
        let b = F.image(200)
        let c = F.image(50)
        #expect(mix(.null, .image(a), 0.4) == .crossFade(from: nil, to: a, fraction: 0.4))
        #expect(
            mix(.crossFade(from: a, to: b, fraction: 0.7), .image(c), 0.5) == .crossFade(from: b, to: c, fraction: 0.5))
        #expect(AnimatableValue.crossFade(from: a, to: b, fraction: 0.7).kind == .image)
    }

    // MARK: Discrete kinds

    @Test("booleans mix as 0/1 read back as non-zero (INFERRED): false → true flips at once, true → false only at 1")
    func booleans() {
        #expect(mix(.bool(false), .bool(true), 0) == .bool(false))
        #expect(mix(.bool(false), .bool(true), 0.01) == .bool(true))
        #expect(mix(.bool(true), .bool(false), 0.99) == .bool(true))
        #expect(mix(.bool(true), .bool(false), 1) == .bool(false))
    }

    @Test("strings switch to the destination at p ≥ 0.5")
    func strings() {
        #expect(mix(.string("non-zero"), .string("even-odd"), 0.4999) == .string("non-zero"))
        #expect(mix(.string("non-zero"), .string("even-odd"), 0.5) == .string("even-odd"))
    }

    @Test("mismatched kinds never trap: a point and a number switch at 0.5, NaN progress keeps the start")
    func mismatchedKinds() {
        let point = AnimatableValue.point(CGPoint(x: 1, y: 2))
        #expect(mix(point, .number(5), 0.49) == point)
        #expect(mix(point, .number(5), 0.5) == .number(5))
        #expect(mix(point, .number(5), .nan) == point)
        #expect(mix(.null, .number(5), 0.7) == .number(5))
        #expect(mix(.string("a"), .image(F.image()), 0.2) == .string("a"))
    }

    @Test("NaN flows through numeric mixing unchanged (the engine deals with it downstream)")
    func nanPassesThrough() throws {
        let value = try #require(F.number(mix(.number(.nan), .number(1), 0.5)))
        #expect(value.isNaN)
        let atNaNProgress = try #require(F.number(mix(.number(0), .number(1), .nan)))
        #expect(atNaNProgress.isNaN)
    }

    @Test("1000 seeded number and point mixes stay within the segment for p in 0…1")
    func seededNumbersStayInSegment() throws {
        var random = SeededRandom(seed: 0x5EED_0036)
        for _ in 0..<1000 {
            let a = random.nextDouble(in: -1000...1000)
            let b = random.nextDouble(in: -1000...1000)
            let p = random.nextUnitDouble()
            let value = try #require(F.number(mix(.number(a), .number(b), p)))
            #expect(value >= min(a, b) - 1e-9 && value <= max(a, b) + 1e-9)
            let point = try #require(F.point(mix(.point(CGPoint(x: a, y: b)), .point(CGPoint(x: b, y: a)), p)))
            #expect(abs(point.x + point.y - (a + b)) < 1e-9)
        }
    }
}
