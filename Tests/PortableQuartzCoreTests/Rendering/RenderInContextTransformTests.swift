import Foundation
import Testing

@testable import PortableQuartzCore

/// `render(in:)` draws 2-D only: a layer whose `transform` is not affine is drawn as if its `position` were zero and
/// its `transform` the identity (its anchor point on the superlayer's origin), while `CARenderer` draws it in 3-D.
///
/// Evidence: Apple's pictures in lottie-ios's snapshot tests (`render(in:)` of a paused presentation tree;
/// `../shared/lottie`, Issues/pr_1930_ry): a 187 × 191 image layer, anchored at (93.2, 95.25), positioned at
/// (105, 105) and turning about y from 0 to 2π, shows only its bottom-right quarter, in the top-left corner, at 25,
/// 50 and 75 %, and whole in place at 0 and 100 %; pr_1930_all_axis and issue_1932 (image layers turning about y)
/// show the same. lottie-ios's TransformAnimations.swift notes that x/y rotations do not render properly in its
/// snapshots but do on devices (Core Animation's compositor).
@Suite("render(in:) and transforms that are not affine")
struct RenderInContextTransformTests {
    /// A 40 × 40 context, flipped so layers draw upright, with `root` drawn into it.
    private func rendered(_ root: CALayer) throws -> CGImage {
        let context = flippedContext(width: 40, height: 40)
        root.render(in: context)
        return try #require(context.makeImage())
    }

    /// A 40 × 40 root holding a red 20 × 20 layer centred at (25, 25) with `transform`.
    private func tree(turnedBy transform: CATransform3D) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let square = solidLayer(CGRect(x: 15, y: 15, width: 20, height: 20))
        square.transform = transform
        root.addSublayer(square)
        CATransaction.flush()
        return root
    }

    @Test("a turn of 0.6 rad about y: drawn unturned with its anchor (10, 10) at the origin, covering 0…10")
    func nonAffineTransformDrawnAtTheOrigin() throws {
        let image = try rendered(tree(turnedBy: CATransform3DMakeRotation(0.6, 0, 1, 0)))
        #expect(pixel(image, 5, 5) == [255, 0, 0, 255])
        #expect(pixel(image, 12, 12) == [0, 0, 0, 0])
        #expect(pixel(image, 25, 25) == [0, 0, 0, 0])
    }

    /// Inferred from the rule: `CATransform3DIsAffine` counts m43, and developers report layers with a z
    /// translation captured by `render(in:)` without their transform (Nimble-Snapshots issue 42: views with a
    /// `CATransform3D` "captured by snapshot as if no transform has been set").
    @Test("a z translation of 5 (m43) is not affine either: the square covers 0…10, not 15…35")
    func zTranslationIsNotAffine() throws {
        let image = try rendered(tree(turnedBy: CATransform3DMakeTranslation(0, 0, 5)))
        #expect(pixel(image, 5, 5) == [255, 0, 0, 255])
        #expect(pixel(image, 25, 25) == [0, 0, 0, 0])
    }

    @Test("a full turn about y (m13 = −2.4e-16) counts as affine: the square stays at 15…35")
    func fullTurnIsAffine() throws {
        let turn = CATransform3DMakeRotation(2 * .pi, 0, 1, 0)
        #expect(turn.m13 != 0)
        let image = try rendered(tree(turnedBy: turn))
        #expect(pixel(image, 25, 25) == [255, 0, 0, 255])
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    /// Evidence: Apple's picture of lottie-ios's pr_1930_all_axis at 50 % (`../shared/lottie`): the layer turns
    /// 0 → 2π about x, y and z over frames 0…180 of a 181-frame paused timeline, lottie-ios writes the end's key
    /// time as the `Float` 0.99447513 (180 ÷ 181 = 0.99447514), so frame 90 shows π + 3.7 × 10⁻⁸ about each axis,
    /// and Apple draws the layer whole and in place.
    @Test("half turns about x, y and z that miss π by 3.7e-8 rad count as affine: the square stays at 15…35")
    func halfTurnsOffByFloatRoundingAreAffine() throws {
        let angle = CGFloat.pi + 3.7e-8
        var turn = CATransform3DMakeRotation(angle, 1, 0, 0)
        turn = CATransform3DRotate(turn, angle, 0, 1, 0)
        turn = CATransform3DRotate(turn, angle, 0, 0, 1)
        #expect(abs(turn.m13) > 1e-8 || abs(turn.m23) > 1e-8 || abs(turn.m31) > 1e-8 || abs(turn.m32) > 1e-8)
        let image = try rendered(tree(turnedBy: turn))
        #expect(pixel(image, 25, 25) == [255, 0, 0, 255])
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test("an affine transform keeps its place: scaled by 0.5 about (25, 25) the square covers 20…30")
    func affineTransformKeepsPosition() throws {
        let image = try rendered(tree(turnedBy: CATransform3DMakeScale(0.5, 0.5, 1)))
        #expect(pixel(image, 25, 25) == [255, 0, 0, 255])
        #expect(pixel(image, 17, 17) == [0, 0, 0, 0])
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test("CARenderer draws the 0.6 rad turn in 3-D: 20 × cos 0.6 = 16.5 wide, centred at x = 25 (16.7…33.3)")
    func rendererKeepsThreeDimensions() {
        let image = renderFrame(tree(turnedBy: CATransform3DMakeRotation(0.6, 0, 1, 0)), size: 40)
        #expect(pixel(image, 25, 25) == [255, 0, 0, 255])
        #expect(pixel(image, 18, 25) == [255, 0, 0, 255])
        #expect(pixel(image, 15, 25) == [0, 0, 0, 0])
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test("sublayers move with a layer drawn at the origin: a blue square at 12…16 of it lands at 2…6 of the root")
    func sublayersFollowTheLayer() throws {
        let root = tree(turnedBy: CATransform3DMakeRotation(0.6, 0, 1, 0))
        let dot = solidLayer(CGRect(x: 12, y: 12, width: 4, height: 4), red: 0, green: 0, blue: 1)
        root.sublayers?.first?.addSublayer(dot)
        CATransaction.flush()
        let image = try rendered(root)
        // The square's bounds start at −10 in the root, so its 12…16 is the root's 2…6.
        #expect(pixel(image, 4, 4) == [0, 0, 255, 255])
        #expect(pixel(image, 8, 8) == [255, 0, 0, 255])
    }
}
