import PortableCoreGraphics
import PortableQuartzCoreTesting
import Testing

@Suite("CGPoint, CGSize and CGRect applying(_:)")
struct CGAffineTransformApplyingTests {
    // MARK: Points

    @Test("a 90° rotation maps (1, 0) to (0, 1)")
    func rotatePoint() {
        let point = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(point.x) < 1e-15)
        #expect(abs(point.y - 1) < 1e-15)
    }

    @Test("a point maps as x' = a·x + c·y + tx, y' = b·x + d·y + ty: (2, 3) through (1,2,3,4,5,6) is (16, 22)")
    func pointFormula() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGPoint(x: 2, y: 3).applying(t) == CGPoint(x: 16, y: 22))
    }

    @Test("scale-then-translate and translate-then-scale differ: (1, 1) goes to (12, 23) and (22, 63)")
    func orderMatters() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        #expect(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
    }

    // MARK: Sizes

    @Test("a size ignores the translation: (10, 20) through (1,2,3,4,100,100) is (70, 100)")
    func sizeIgnoresTranslation() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 100, ty: 100)
        #expect(CGSize(width: 10, height: 20).applying(t) == CGSize(width: 70, height: 100))
    }

    @Test("a size keeps negative components: mirroring x gives width −10, a 90° turn gives (−20, 10)")
    func sizeIsNotMadeAbsolute() {
        let size = CGSize(width: 10, height: 20)
        #expect(size.applying(CGAffineTransform(scaleX: -1, y: 1)) == CGSize(width: -10, height: 20))
        let turned = size.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.width + 20) < 1e-14)
        #expect(abs(turned.height - 10) < 1e-14)
    }

    // MARK: Rectangles

    @Test("the frame of (0, 0, 20, 10) under a 90° rotation is (−10, 0, 10, 20)")
    func rectUnderQuarterTurn() {
        let frame = CGRect(x: 0, y: 0, width: 20, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(AffineFixtures.maxDifference(frame, CGRect(x: -10, y: 0, width: 10, height: 20)) < 1e-14)
    }

    @Test("a unit square turned 45° about the origin has a √2 × √2 bounding box starting at (−√2/2, 0)")
    func rectUnderEighthTurn() {
        let frame = CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let root2 = 2.0.squareRoot()
        #expect(AffineFixtures.maxDifference(frame, CGRect(x: -root2 / 2, y: 0, width: root2, height: root2)) < 1e-15)
    }

    @Test("SPEC 11b: scale 2 about the centre of a 50×50 layer at (25, 25) gives the frame (−25, −25, 100, 100)")
    func layerFrameUnderScale() {
        // The bounds placed about the anchor (the centre), scaled, then moved to the position.
        let aboutAnchor = CGRect(x: -25, y: -25, width: 50, height: 50)
        let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 25, y: 25))
        #expect(aboutAnchor.applying(t) == CGRect(x: -25, y: -25, width: 100, height: 100))
    }

    @Test("a rectangle with negative size is standardized first: (10, 10, −10, −10) moved by 5 is (5, 5, 10, 10)")
    func negativeSizeIsStandardized() {
        let rect = CGRect(x: 10, y: 10, width: -10, height: -10)
        #expect(rect.applying(CGAffineTransform(translationX: 5, y: 5)) == CGRect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test("a mirroring transform gives a standardized frame: (0, 0, 4, 2) mirrored in x is (−4, 0, 4, 2)")
    func mirroredRectIsStandardized() {
        let frame = CGRect(x: 0, y: 0, width: 4, height: 2).applying(CGAffineTransform(scaleX: -1, y: 1))
        #expect(frame == CGRect(x: -4, y: 0, width: 4, height: 2))
    }

    @Test("the null rectangle stays null and the infinite rectangle stays infinite")
    func specialRectangles() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 10, ty: 20)
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect.infinite.applying(t) == CGRect.infinite)
    }

    @Test("an empty rectangle is a point and still moves: (3, 4, 0, 0) moved by (1, 2) is (4, 6, 0, 0)")
    func emptyRectMoves() {
        let moved = CGRect(x: 3, y: 4, width: 0, height: 0).applying(CGAffineTransform(translationX: 1, y: 2))
        #expect(moved == CGRect(x: 4, y: 6, width: 0, height: 0))
        #expect(!moved.isNull)
    }

    @Test("for 500 seeded transforms and rectangles, the result is the bounding box of the mapped corners")
    func rectIsBoundingBoxOfCorners() {
        var random = SeededRandom(seed: 0x0BB0_C0DE)
        var worst: CGFloat = 0
        for _ in 0..<500 {
            let t = AffineFixtures.arbitraryTransform(&random)
            let rect = CGRect(
                x: AffineFixtures.value(&random, -50...50), y: AffineFixtures.value(&random, -50...50),
                width: AffineFixtures.value(&random, -30...30), height: AffineFixtures.value(&random, -30...30)
            )
            let corners = [
                CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
            ].map { $0.applying(t) }
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            let expected = CGRect(
                x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!
            )
            worst = Swift.max(worst, AffineFixtures.maxDifference(rect.applying(t), expected))
        }
        #expect(worst < 1e-12)
    }
}
