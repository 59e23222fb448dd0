import Foundation
import PortableQuartzCore
import PortableUIKit
import Testing

@testable import pqc

/// Seed 002's demos (PortableUIKit views) at chosen times: the geometry, alpha and transitions the seed's code and
/// SPEC §11 give, and one rendered frame each checked at a pixel or two. On the main actor, as views are.
@MainActor
@Suite("Seed 002 demos")
struct Seed002DemoTests {
    /// `scene` drawn by `CARenderer` at each of `times` (increasing), as an export draws it.
    private func frames(_ scene: DemoScene, at times: [Double]) throws -> [CGImage] {
        let renderer = try #require(CARenderer(width: Int(scene.size.width), height: Int(scene.size.height)))
        renderer.layer = scene.root
        return times.map { time in
            scene.advance(to: time)
            return scene.withClock { renderer.renderFrame(atTime: time) }
        }
    }

    /// The premultiplied RGBA bytes of pixel (x, y).
    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        image.withUnsafePremultipliedRGBABytes { bytes in
            (0..<4).map { Int(bytes[y * image.bytesPerRow + x * 4 + $0]) }
        }
    }

    /// Checks that each channel of `actual` is within `tolerance` of `expected`.
    private func pixel(
        _ actual: [Int], _ expected: [Int], tolerance: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(actual) is not \(expected)",
            sourceLocation: sourceLocation)
    }

    private let white = [255, 255, 255, 255]
    private let red = [255, 0, 0, 255]
    private let green = [0, 255, 0, 255]
    private let cyan = [0, 255, 255, 255]
    private let darkGray = [85, 85, 85, 255]

    /// The notes of `scene` as (time, text).
    private func notes(_ scene: DemoScene) -> [String] {
        scene.notes.map { "\(ViewAnimationScreen.number($0.time)) \($0.text)" }
    }

    // MARK: The screen

    @Test("the screen: a white 480 × 360 view under the root, testView (100, 50, 200, 100) behind testOptionView")
    func screen() throws {
        let scene = ShearDemo.scene()
        let view = try #require(scene.layer(named: "view"))
        #expect(view.superlayer === scene.root)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 480, height: 360))
        #expect(view.sublayers?.prefix(2).map(\.name) == ["testView", "testOptionView"])
        #expect(scene.layer(named: "testView")?.frame == CGRect(x: 100, y: 50, width: 200, height: 100))
        // RCCustomView.layoutSubviews at the first commit: half the width − 7.5, the height − 10.
        #expect(scene.layer(named: "leftView")?.frame == CGRect(x: 5, y: 5, width: 67.5, height: 40))
        #expect(scene.layer(named: "rightView")?.frame == CGRect(x: 77.5, y: 5, width: 67.5, height: 40))
        #expect(scene.layer(named: "centerView")?.isHidden == true)
        #expect(scene.runsOnMainActor)
    }

    @Test("NSStringFrom… forms: {{50, 50}, {300, 100}}, [0.25, 0, 0, 0.25, 0, 0], 67.5 as %g")
    func logFormats() {
        #expect(
            ViewAnimationScreen.string(from: CGRect(x: 50, y: 50, width: 300, height: 100)) == "{{50, 50}, {300, 100}}")
        #expect(
            ViewAnimationScreen.string(from: CGAffineTransform(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0))
                == "[0.25, 0, 0, 0.25, 0, 0]")
        #expect(ViewAnimationScreen.number(67.5) == "67.5")
    }

    @Test("a view demo rendered twice gives the same pixels (curl-up at 0.25, 3.5 and 6.75 s, mid-curl included)")
    func deterministic() throws {
        let times = [0.25, 3.5, 6.75]
        let first = try frames(CurlUpDemo.scene(), at: times)
        let second = try frames(CurlUpDemo.scene(), at: times)
        for (a, b) in zip(first, second) {
            let bytesA = a.withUnsafePremultipliedRGBABytes { Array($0) }
            let bytesB = b.withUnsafePremultipliedRGBABytes { Array($0) }
            #expect(bytesA == bytesB)
        }
    }

    // MARK: Shear

    @Test(
        "shear: identity during the 1 s delay, part way at 2 s, (1, 0, −1, 1, 0, 0) at 2.5 s, frame {{50, 50}, {300, 100}}"
    )
    func shear() throws {
        let scene = ShearDemo.scene()
        let identity = CATransform3DIdentity
        DemoCheck.close(scene.shown("testView", at: 1.4)?.transform, identity)
        let halfway = try #require(scene.shown("testView", at: 2)?.affineTransform())
        #expect(halfway.c < -0.2 && halfway.c > -0.8, "c = \(halfway.c) between 0 and −1")
        DemoCheck.close(
            scene.shown("testView", at: 2.5)?.transform, CATransform3DMakeAffineTransform(ShearDemo.shear))
        #expect(notes(scene) == ["2.5 executePropertyAnimation: finished=1, frame={{50, 50}, {300, 100}}"])
        // Restore: transform first, then frame, so the view is back where it was.
        DemoCheck.close(scene.shown("testView", at: 3.25)?.transform, identity)
        #expect(scene.layer(named: "testView")?.frame == CGRect(x: 100, y: 50, width: 200, height: 100))
    }

    @Test("shear rendered: (60, 145) is white before, red once sheared (row 45 below the centre spans x 55…255)")
    func shearRendered() throws {
        let images = try frames(ShearDemo.scene(), at: [1, 2.75, 3.25])
        pixel(rgba(images[0], 60, 145), white)
        pixel(rgba(images[1], 60, 145), red)
        pixel(rgba(images[2], 60, 145), white)
    }

    // MARK: Layout subviews

    @Test("layoutSubviews: half way (1 s) the parent is 125 × 85 and leftView 55 × 75 at (32.5, 42.5)")
    func layoutSubviewsFollow() {
        let scene = LayoutSubviewsDemo.scene()
        let parent = scene.shown("testOptionView", at: 1)
        DemoCheck.close(parent.map { Double($0.bounds.width) }, 125)
        DemoCheck.close(parent.map { Double($0.bounds.height) }, 85)
        DemoCheck.close(parent?.position, CGPoint(x: 262.5, y: 102.5))
        let left = scene.shown("leftView")
        DemoCheck.close(left.map { Double($0.bounds.width) }, 55)
        DemoCheck.close(left.map { Double($0.bounds.height) }, 75)
        DemoCheck.close(left?.position, CGPoint(x: 32.5, y: 42.5))
        // rightView follows too: x = midX + 2.5 = 65, so its centre is at 65 + 27.5.
        DemoCheck.close(scene.shown("rightView")?.position, CGPoint(x: 92.5, y: 42.5))
        scene.advance(to: 1.5)
        #expect(notes(scene) == ["1.5 executeAnimationWithUIViewAnimationOptionLayoutSubviews: finished=1"])
    }

    @Test("option 0 (second tap, 2.5 s): half way the parent is 125 × 85 but leftView has jumped to 42.5 × 110")
    func layoutSubviewsJumpWithoutOption() {
        let scene = LayoutSubviewsDemo.scene()
        scene.advance(to: 2.25)
        #expect(scene.layer(named: "testOptionView")?.frame == ViewAnimationScreen.testOptionViewFrame)
        let parent = scene.shown("testOptionView", at: 3)
        DemoCheck.close(parent.map { Double($0.bounds.width) }, 125)
        let left = scene.shown("leftView")
        DemoCheck.close(left.map { Double($0.bounds.width) }, 42.5)
        DemoCheck.close(left.map { Double($0.bounds.height) }, 110)
    }

    @Test(
        "layoutSubviews rendered: at 1 s leftView ends at y 140 ((220, 135) green, (220, 165) white); at 3 s it reaches 175"
    )
    func layoutSubviewsRendered() throws {
        let images = try frames(LayoutSubviewsDemo.scene(), at: [1, 3])
        pixel(rgba(images[0], 220, 135), green)
        pixel(rgba(images[0], 220, 165), white)
        pixel(rgba(images[1], 220, 165), green)
    }

    // MARK: Interrupted alpha

    @Test("beginFromCurrentState: animation 2 starts at the 0.75 on screen and is at 0.875 half way (5 s)")
    func interruptedAlphaFromCurrentState() {
        let scene = InterruptedAlphaDemo.scene()
        // Animation 1 (1 → 0.5 over 4 s, ease-in-out) is half way 2 s in: 0.75.
        DemoCheck.close(scene.shown("testView", at: 2.5).map { Double($0.opacity) }, 0.75, tolerance: 1e-6)
        DemoCheck.close(scene.shown("testView", at: 5).map { Double($0.opacity) }, 0.875, tolerance: 1e-6)
        scene.advance(to: 8)
        #expect(
            notes(scene) == [
                "0.5 animation1", "2.5 animation2",
                "2.5 executeAnimationForUIViewAnimationOptionBeginFromCurrentState: finished=0 (animation1)",
                "7.5 executeAnimationWithUIViewAnimationOptionBeginFromCurrentState: finished=1 (animation2)",
            ])
    }

    @Test("option 0: animation 2 starts at the 0.1 set before it and is at 0.55 half way; animation 1 still ends early")
    func interruptedAlphaFromModel() {
        let scene = InterruptedAlphaDemo.scene(secondOptions: [])
        DemoCheck.close(scene.shown("testView", at: 2.5).map { Double($0.opacity) }, 0.1, tolerance: 1e-6)
        DemoCheck.close(scene.shown("testView", at: 5).map { Double($0.opacity) }, 0.55, tolerance: 1e-6)
        #expect(
            notes(scene).contains(
                "2.5 executeAnimationForUIViewAnimationOptionBeginFromCurrentState: finished=0 (animation1)"))
    }

    @Test("interrupted alpha rendered: at 2.5 s red at alpha 0.75 over white is (255, 64, 64)")
    func interruptedAlphaRendered() throws {
        let images = try frames(InterruptedAlphaDemo.scene(), at: [0.25, 2.5])
        pixel(rgba(images[0], 120, 120), red)
        pixel(rgba(images[1], 120, 120), [255, 64, 64, 255])
    }

    // MARK: Nested durations

    @Test("overrideInheritedDuration: the fade waits 1 s, runs 2 s (0.55 at 2.5 s, 0.1 at 3.5 s); the move runs 6 s")
    func nestedDurationOverride() {
        let scene = NestedDurationsDemo.scene()
        DemoCheck.close(scene.shown("testView", at: 1.4).map { Double($0.opacity) }, 1)
        DemoCheck.close(scene.shown("testView", at: 2.5).map { Double($0.opacity) }, 0.55, tolerance: 1e-6)
        let half = scene.shown("testView", at: 3.5)
        DemoCheck.close(half.map { Double($0.opacity) }, 0.1, tolerance: 1e-6)
        // The outer 6 s move is half way at 3.5 s: centre (200, 100) → (200, 110), size 200 × 100 → 100 × 120.
        DemoCheck.close(half?.position, CGPoint(x: 200, y: 105))
        DemoCheck.close(half.map { Double($0.bounds.width) }, 150)
        DemoCheck.close(half.map { Double($0.bounds.height) }, 110)
        scene.advance(to: 8)
        #expect(
            notes(scene) == [
                "0.5 animation1", "0.5 animation2",
                "3.5 executeAnimationWithUIViewAnimationOptionOverrideInheritedDuration: finished=1 (animation2)",
                "6.5 executeAnimationWithUIViewAnimationOptionOverrideInheritedDuration: finished=1 (animation1)",
            ])
    }

    @Test("option 0: the nested fade inherits the 6 s (0.55 at 4.5 s) and ends 1 s after the outer block, at 7.5 s")
    func nestedDurationInherited() throws {
        let scene = NestedDurationsDemo.scene(innerOptions: [])
        scene.advance(to: 1)
        #expect(try #require(scene.layer(named: "testView")).animation(forKey: "opacity")?.duration == 6)
        DemoCheck.close(scene.shown("testView", at: 4.5).map { Double($0.opacity) }, 0.55, tolerance: 1e-6)
        scene.advance(to: 8)
        #expect(notes(scene).last?.hasPrefix("7.5 ") == true)
        #expect(notes(scene).last?.hasSuffix("finished=1 (animation2)") == true)
    }

    @Test("nested durations rendered: at 2.5 s (160, 120) is red at alpha 0.55 over white, (255, 115, 115)")
    func nestedDurationsRendered() throws {
        let images = try frames(NestedDurationsDemo.scene(), at: [2.5])
        pixel(rgba(images[0], 160, 120), [255, 115, 115, 255])
    }

    // MARK: Curl up

    @Test("curl up: a 6 s pageCurl on testOptionView; rightView and the view's centre animate (half way at 3.5 s)")
    func curlUp() throws {
        let scene = CurlUpDemo.scene()
        scene.advance(to: 1)
        let testOptionView = try #require(scene.layer(named: "testOptionView"))
        let transition = try #require(testOptionView.animation(forKey: "transition") as? CATransition)
        #expect(transition.type.rawValue == "pageCurl")
        #expect(transition.duration == 6)
        #expect(scene.layer(named: "leftView")?.isHidden == true)
        #expect(scene.layer(named: "centerView")?.isHidden == false)
        // (275, 75) → (80, 100); rightView's centre (111.25, 25) → (63.75, 35).
        DemoCheck.close(scene.shown("testOptionView", at: 3.5)?.position, CGPoint(x: 177.5, y: 87.5))
        DemoCheck.close(scene.shown("rightView")?.position, CGPoint(x: 87.5, y: 30))
        scene.advance(to: 7)
        #expect(notes(scene) == ["6.5 executeAnimationWithUIViewAnimationOptionAllowAnimatedContent: finished=1"])
        #expect(testOptionView.animationKeys() == nil)
    }

    @Test("curl up rendered: after it the cyan centerView shows at (50, 100), the grey view at (130, 100)")
    func curlUpRendered() throws {
        let images = try frames(CurlUpDemo.scene(), at: [0.25, 6.75])
        pixel(rgba(images[0], 50, 100), white)
        pixel(rgba(images[1], 50, 100), cyan)
        pixel(rgba(images[1], 130, 100), darkGray)
    }

    // MARK: From-to transition

    @Test("showHideTransitionViews: leftView hidden, centerView shown at once, hierarchy kept; the flip variant flips")
    func fromToTransition() throws {
        let scene = FromToTransitionDemo.scene()
        scene.advance(to: 0.75)
        let left = try #require(scene.layer(named: "leftView"))
        let testOptionView = try #require(scene.layer(named: "testOptionView"))
        #expect(left.isHidden)
        #expect(left.superlayer === testOptionView)
        #expect(scene.layer(named: "centerView")?.isHidden == false)
        #expect(testOptionView.animation(forKey: "transition") == nil, "no transition option, no transition")
        scene.advance(to: 2.5)
        let flip = try #require(testOptionView.animation(forKey: "transition") as? CATransition)
        #expect(flip.type.rawValue == "oglFlip")
        #expect(flip.subtype == .fromLeft)
        #expect(flip.duration == 5)
        scene.advance(to: 7.5)
        let ending = "finished=1, leftView.superview=testOptionView, leftView.hidden=1"
        #expect(
            notes(scene) == [
                "0.5 executeAnimationWithUIViewAnimationOptionShowHideTransitionViews: \(ending)",
                "7 executeAnimationWithUIViewAnimationOptionShowHideTransitionViews: \(ending)",
            ])
    }

    @Test("from-to rendered: green at (210, 57) before, grey after; the cyan centerView at (240, 75) after the flip")
    func fromToRendered() throws {
        let images = try frames(FromToTransitionDemo.scene(), at: [0.25, 1, 7.25])
        pixel(rgba(images[0], 210, 57), green)
        pixel(rgba(images[1], 210, 57), darkGray)
        pixel(rgba(images[1], 240, 75), cyan)
        pixel(rgba(images[2], 210, 57), darkGray)
        pixel(rgba(images[2], 240, 75), cyan)
    }

    // MARK: Nested spring

    @Test("nested spring: UIKit's fit for 5 s, ζ 0.2, v 0.5 is ω 2.3749246 (stiffness 5.6402666, damping 0.9499698)")
    func springFit() throws {
        let scene = NestedSpringDemo.scene()
        scene.advance(to: 0.5)
        let testView = try #require(scene.layer(named: "testView"))
        let spring = try #require(testView.animation(forKey: "position") as? CASpringAnimation)
        DemoCheck.close(Double(spring.stiffness), 5.640266629, tolerance: 1e-6)
        DemoCheck.close(Double(spring.damping), 0.949969821, tolerance: 1e-6)
        DemoCheck.close(Double(spring.initialVelocity), 0.5)
        #expect(spring.duration == 5)
    }

    @Test(
        "nested spring: 1 s in, q = 1.4315591: testView is 56.84 × 128.63 at (200, 114.32); 105.48 wide before the cut")
    func springValue() {
        let scene = NestedSpringDemo.scene()
        // q(t) = 1 − e^(−ζωt)(cos ω_d t + (ζω − v)/ω_d · sin ω_d t), ω_d = ω√(1 − ζ²); from (200, 100) 200 × 100
        // to (200, 110) 100 × 120, the additive offsets (0, −10) and (100, −20) shrink by 1 − q.
        let shown = scene.shown("testView", at: 1.5)
        DemoCheck.close(shown?.position, CGPoint(x: 200, y: 114.3155912), tolerance: 1e-5)
        DemoCheck.close(shown.map { Double($0.bounds.width) }, 56.8440880, tolerance: 1e-5)
        DemoCheck.close(shown.map { Double($0.bounds.height) }, 128.6311824, tolerance: 1e-5)
        // UIKit's fit leaves q(4.99) = 0.9451889 just before the 5 s cut, then the model value shows.
        DemoCheck.close(scene.shown("testView", at: 5.49).map { Double($0.bounds.width) }, 105.4811099, tolerance: 1e-5)
        DemoCheck.close(scene.shown("testView", at: 5.5).map { Double($0.bounds.width) }, 100)
    }

    @Test("nested spring: the article's options give the nested block ease-in-out over the inherited 5 s")
    func nestedBlockEasesInOut() throws {
        let scene = NestedSpringDemo.scene()
        scene.advance(to: 0.5)
        let inner = try #require(scene.layer(named: "testOptionView")?.animation(forKey: "position"))
        #expect(!(inner is CASpringAnimation))
        #expect(inner.duration == 5)
        #expect(inner.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        // Half way (3 s): centre (275, 75) → (200, 110), size 150 × 50 → 100 × 120.
        let half = scene.shown("testOptionView", at: 3)
        DemoCheck.close(half?.position, CGPoint(x: 237.5, y: 92.5))
        DemoCheck.close(half.map { Double($0.bounds.width) }, 125)
        scene.advance(to: 6)
        #expect(notes(scene).suffix(2).allSatisfy { $0.hasPrefix("5.5 ") && $0.contains("finished=1") })
    }

    @Test("nested spring with option 0: the nested block springs with the parent's stiffness and damping")
    func nestedBlockInheritsSpring() throws {
        let scene = NestedSpringDemo.scene(innerOptions: [])
        scene.advance(to: 0.5)
        let outer = try #require(scene.layer(named: "testView")?.animation(forKey: "position") as? CASpringAnimation)
        let inner = try #require(
            scene.layer(named: "testOptionView")?.animation(forKey: "position") as? CASpringAnimation)
        #expect(inner.stiffness == outer.stiffness)
        #expect(inner.damping == outer.damping)
    }

    @Test("nested spring rendered: at 1.5 s testView reaches down to y 178.6, so (180, 170) is red")
    func nestedSpringRendered() throws {
        let images = try frames(NestedSpringDemo.scene(), at: [0.25, 1.5])
        pixel(rgba(images[0], 180, 170), white)
        pixel(rgba(images[1], 180, 170), red)
    }

    // MARK: Keyframes

    /// The block eases in and out as a whole (F = (0.42, 0, 0.58, 1), SPEC §11.6; worked in
    /// SeedViewAnimationTests): F(0.25) = 0.129162, F(0.6) = 0.668116, F(0.85) = 0.954790 of the 5 s from 0.5 s.
    @Test("keyframes: (176.751, 88.375) and alpha 0.8838 at 1.75 s; bounds 73.91 × 57.97 at 3.5 s; x 313.83 at 4.75 s")
    func keyframes() throws {
        let scene = KeyframeSequenceDemo.scene()
        let first = scene.shown("testView", at: 1.75)
        DemoCheck.close(first?.position, CGPoint(x: 176.7509, y: 88.3754), tolerance: 1e-3)
        // alpha spans the whole 5 s: 1 − 0.9 × F(0.25).
        DemoCheck.close(first.map { Double($0.opacity) }, 0.88375, tolerance: 1e-4)
        let second = scene.shown("testView", at: 3.5)
        DemoCheck.close(second.map { Double($0.bounds.width) }, 73.9129, tolerance: 1e-3)
        DemoCheck.close(second.map { Double($0.bounds.height) }, 57.9710, tolerance: 1e-3)
        DemoCheck.close(second?.position, CGPoint(x: 110, y: 55), tolerance: 1e-6)
        DemoCheck.close(scene.shown("testView", at: 4.75)?.position, CGPoint(x: 313.8318, y: 135.6834), tolerance: 1e-3)
        let testView = try #require(scene.layer(named: "testView"))
        scene.advance(to: 5.5)
        #expect(testView.frame == CGRect(x: 250, y: 100, width: 200, height: 100))
        #expect(notes(scene) == ["5.5 executeKeyframeAnimation: finished=1"])
    }

    @Test("keyframes rendered: at the end testView is at (250, 100) with alpha 0.1, (400, 150) is (255, 230, 230)")
    func keyframesRendered() throws {
        let images = try frames(KeyframeSequenceDemo.scene(), at: [5.75])
        pixel(rgba(images[0], 400, 150), [255, 230, 230, 255])
        pixel(rgba(images[0], 120, 120), white)
    }

    // MARK: System delete

    @Test(
        "system delete: swell, then transform (0.25, 0, 0, 0.25, 0, 0) and alpha 0; removed at 0.85 s; testView 0.625 at 2.175 s"
    )
    func systemDelete() throws {
        let scene = SystemDeleteDemo.scene()
        scene.advance(to: 0.5)
        let left = try #require(scene.layer(named: "leftView"))
        let testOptionView = try #require(scene.layer(named: "testOptionView"))
        #expect(left.affineTransform() == CGAffineTransform(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0))
        #expect(left.opacity == 0)
        #expect(left.superlayer === testOptionView, "still there while animating")
        #expect((scene.shown("leftView", at: 0.57)?.affineTransform().a ?? 0) > 1, "it swells first")
        scene.advance(to: 0.85)
        #expect(left.superlayer == nil)
        #expect(
            notes(scene) == [
                "0.85 RCCustomView : willRemoveSubview:, subview=leftView",
                "0.85 RCCustomView : willRemoveSubview:, subview=rightView",
                "0.85 executePerformSystemAnimationOOAC: finished=1, leftView.transform=[0.25, 0, 0, 0.25, 0, 0], "
                    + "leftView.alpha=0, leftView.superview=(null)",
            ])
        // Restore (1.5 s) adds them back; the second tap shrinks testView alongside: half way (2.175 s) it is
        // scaled by 4 → 1 half way, 2.5, on top of the model's 0.25.
        scene.advance(to: 1.75)
        #expect(left.superlayer === testOptionView)
        DemoCheck.close(scene.shown("testView", at: 2.175)?.affineTransform().a.native, 0.625, tolerance: 1e-6)
        DemoCheck.close(scene.shown("testView", at: 2.35)?.affineTransform().a.native, 0.25, tolerance: 1e-9)
    }

    @Test("system delete rendered: leftView's green at (230, 75) before, the grey behind it once deleted")
    func systemDeleteRendered() throws {
        let images = try frames(SystemDeleteDemo.scene(), at: [0.25, 1, 1.75])
        pixel(rgba(images[0], 230, 75), green)
        pixel(rgba(images[1], 230, 75), darkGray)
        pixel(rgba(images[2], 230, 75), green)
    }
}
