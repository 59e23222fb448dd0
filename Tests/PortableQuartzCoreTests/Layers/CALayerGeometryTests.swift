import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CALayer geometry")
struct CALayerGeometryTests {
    // MARK: Helpers

    /// A layer with the given bounds (origin (0, 0)) and position.
    static func layer(width: CGFloat, height: CGFloat, at position: CGPoint = .zero) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.position = position
        return layer
    }

    /// Parent bounds 100×100 at (50, 50) with a 20×20 child at (50, 30) (SPEC §11b).
    static func parentAndChild() -> (parent: CALayer, child: CALayer) {
        let parent = layer(width: 100, height: 100, at: CGPoint(x: 50, y: 50))
        let child = layer(width: 20, height: 20, at: CGPoint(x: 50, y: 30))
        parent.addSublayer(child)
        return (parent, child)
    }

    /// A layer with the given timing (speed, offset and begin time in seconds).
    static func timedLayer(speed: Float, offset: CFTimeInterval, begin: CFTimeInterval = 0) -> CALayer {
        let layer = CALayer()
        layer.speed = speed
        layer.timeOffset = offset
        layer.beginTime = begin
        return layer
    }

    /// A delegate answering every action request with one that records the key it ran for.
    final class ActionRecorder: CALayerDelegate, CAAction, @unchecked Sendable {
        var keys: [String] = []

        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            self
        }

        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            keys.append(event)
        }
    }

    // MARK: Frame

    @Test("frame reads bounds 80×40, position (100, 60), anchor (0.25, 0.5) as (80, 40, 80, 40)")
    func frameGetter() {
        let layer = Self.layer(width: 80, height: 40, at: CGPoint(x: 100, y: 60))
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        #expect(layer.frame == CGRect(x: 80, y: 40, width: 80, height: 40))
    }

    @Test("setting frame (10, 20, 100, 50) with anchor (0, 0) sets position (10, 20) and bounds (0, 0, 100, 50)")
    func frameSetter() {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 10, y: 20))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test("scale (2, 2) on a 50×50 layer at (25, 25) reads frame (−25, −25, 100, 100)")
    func frameUnderScale() {
        let layer = Self.layer(width: 50, height: 50, at: CGPoint(x: 25, y: 25))
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(layer.frame == CGRect(x: -25, y: -25, width: 100, height: 100))
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(layer.bounds.size == CGSize(width: 20, height: 20), "the size is mapped back through the scale")
        #expect(layer.position == CGPoint(x: 20, y: 20))
    }

    @Test("setting the frame runs the bounds and position actions, as their own setters would")
    func frameSetterPostsEvents() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let recorder = ActionRecorder()
            layer.delegate = recorder
            layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
            #expect(recorder.keys == ["bounds", "position"])
            #expect(!recorder.keys.contains("frame"))
        }
    }

    @Test("a frame with NaN is ignored: bounds and position keep their values and no action runs")
    func frameSetterIgnoresNaN() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let recorder = ActionRecorder()
            layer.delegate = recorder
            layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            #expect(layer.bounds == .zero)
            #expect(layer.position == .zero)
            #expect(recorder.keys.isEmpty)
        }
    }

    @Test("a presentation copy reads the frame of the values on screen")
    func presentationFrame() throws {
        try MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.commit()
            layer.add(basicAnimation("position.x", from: 0, to: 100, duration: 1), forKey: "move")
            clock.advance(by: 0.5)
            let shown = try #require(layer.presentation())
            #expect(shown.frame == CGRect(x: 45, y: -5, width: 10, height: 10))
            #expect(layer.frame == CGRect(x: -5, y: -5, width: 10, height: 10))
        }
    }

    // MARK: Affine transform

    @Test("affineTransform() returns the 2-D part of an affine transform; setAffineTransform replaces the 4×4")
    func affineRoundTrip() {
        let layer = CALayer()
        let shear = CGAffineTransform(a: 1, b: 0.5, c: -0.25, d: 2, tx: 7, ty: -3)
        layer.transform = CATransform3DMakeTranslation(0, 0, 40)
        layer.setAffineTransform(shear)
        #expect(layer.affineTransform() == shear)
        #expect(layer.transform == CATransform3DMakeAffineTransform(shear), "the z translation is gone")
    }

    @Test(
        "affineTransform() is the identity for a transform that is not affine",
        arguments: [
            CATransform3DMakeScale(2, 2, 3), CATransform3DMakeRotation(0.3, 1, 0, 0),
            CATransform3DMakeRotation(0.3, 0, 1, 0), CATransform3DMakeTranslation(5, 6, 1),
            CATransform3D(
                m11: 2, m12: 0, m13: 0, m14: 0, m21: 0, m22: 2, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: -0.002,
                m41: 5, m42: 0, m43: 0, m44: 1),
        ])
    func affineTransformOfNonAffine(transform: CATransform3D) {
        let layer = CALayer()
        layer.transform = transform
        #expect(layer.affineTransform() == .identity)
    }

    @Test("setAffineTransform runs the transform action")
    func setAffineTransformPostsEvent() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            let recorder = ActionRecorder()
            layer.delegate = recorder
            layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
            #expect(recorder.keys == ["transform"])
        }
    }

    // MARK: Converting points

    @Test("parent 100×100, child 20×20 at (50, 30): child (0, 0) is parent (40, 20); scaled 3× it is (20, 0)")
    func convertChildToParent() {
        let (parent, child) = Self.parentAndChild()
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 40, y: 20))
        #expect(parent.convert(CGPoint.zero, from: child) == CGPoint(x: 40, y: 20))
        #expect(child.convert(CGPoint(x: 40, y: 20), from: parent) == .zero)
        child.transform = CATransform3DMakeScale(3, 3, 1)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 20, y: 0))
        let back = child.convert(CGPoint(x: 20, y: 0), from: parent)
        #expect(abs(back.x) < 1e-12 && abs(back.y) < 1e-12)
    }

    @Test("nil means the root: a grandchild's (0, 0) is (40, 20) + (5, 5) − (2, 2) = (43, 23) in the root")
    func convertToNil() {
        let (parent, child) = Self.parentAndChild()
        let grandchild = Self.layer(width: 4, height: 4, at: CGPoint(x: 5, y: 5))
        child.addSublayer(grandchild)
        #expect(grandchild.convert(CGPoint.zero, to: nil) == CGPoint(x: 43, y: 23))
        #expect(grandchild.convert(CGPoint(x: 43, y: 23), from: nil) == .zero)
        #expect(grandchild.convert(CGPoint.zero, to: parent) == CGPoint(x: 43, y: 23))
        #expect(parent.convert(CGPoint(x: 9, y: 9), from: nil) == CGPoint(x: 9, y: 9), "the root is its own space")
    }

    @Test(
        "siblings convert through their common superlayer: (0, 0) of a child at (50, 30) is (30, 10) in one at (20, 20)"
    )
    func convertBetweenSiblings() {
        let (parent, child) = Self.parentAndChild()
        let sibling = Self.layer(width: 20, height: 20, at: CGPoint(x: 20, y: 20))
        parent.addSublayer(sibling)
        // Child (0, 0) is parent (40, 20); the sibling's top-left is parent (10, 10).
        #expect(sibling.convert(CGPoint.zero, from: child) == CGPoint(x: 30, y: 10))
        #expect(child.convert(CGPoint.zero, to: sibling) == CGPoint(x: 30, y: 10))
        #expect(child.convert(CGPoint(x: 3, y: 4), from: child) == CGPoint(x: 3, y: 4))
    }

    @Test("layers of two trees meet in the space their roots are placed in")
    func convertBetweenTrees() {
        let (_, child) = Self.parentAndChild()
        let other = Self.layer(width: 10, height: 10, at: CGPoint(x: 5, y: 5))
        // Child (0, 0): parent (40, 20), then the parent at (50, 50) with bounds 100×100 puts that at (40, 20) again
        // (its top-left is at (0, 0)); the other root's top-left is at (0, 0) too.
        #expect(other.convert(CGPoint.zero, from: child) == CGPoint(x: 40, y: 20))
        other.position = CGPoint(x: 15, y: 5)
        #expect(other.convert(CGPoint.zero, from: child) == CGPoint(x: 30, y: 20))
    }

    @Test("the bounds origin scrolls a layer's content: bounds origin (0, 10) makes child (0, 10) parent (40, 20)")
    func convertWithBoundsOrigin() {
        let root = Self.layer(width: 100, height: 100, at: CGPoint(x: 50, y: 50))
        let (parent, child) = Self.parentAndChild()
        root.addSublayer(parent)
        child.bounds.origin = CGPoint(x: 0, y: 10)
        #expect(child.convert(CGPoint(x: 0, y: 10), to: parent) == CGPoint(x: 40, y: 20))
        // Scrolling the parent by 5 moves what it shows 5 left in the root: parent (40, 20) is root (35, 20).
        parent.bounds.origin = CGPoint(x: 5, y: 0)
        #expect(child.convert(CGPoint(x: 0, y: 10), to: parent) == CGPoint(x: 40, y: 20))
        #expect(child.convert(CGPoint(x: 0, y: 10), to: nil) == CGPoint(x: 35, y: 20))
    }

    @Test("perspective: a child turned 60° about y in a parent with m34 = −1/500 maps (100, 0) to (123.0075, 53.9850)")
    func convertThroughPerspective() {
        // Worked in LayerGeometryTests.perspectiveTurnAboutY: the point is (50, −50) from the child's anchor; the
        // turn takes it to (25, −50, −43.30127); w = 1 + 43.30127/500 = 1.0866025 divides it to (23.0075, −46.0150),
        // about the parent's anchor (100, 100).
        let parent = Self.layer(width: 200, height: 200, at: CGPoint(x: 100, y: 100))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let child = Self.layer(width: 100, height: 100, at: CGPoint(x: 100, y: 100))
        child.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        parent.addSublayer(child)
        let shown = child.convert(CGPoint(x: 100, y: 0), to: parent)
        #expect(abs(shown.x - 123.0074927) < 1e-6 && abs(shown.y - 53.9850146) < 1e-6)
        let back = child.convert(CGPoint(x: 123.0074927, y: 100), from: parent)
        #expect(abs(back.x - 100) < 1e-6 && abs(back.y - 50) < 1e-6)
    }

    @Test("a mask is placed in the layer it masks without that layer's sublayerTransform")
    func maskIgnoresSublayerTransform() {
        let owner = Self.layer(width: 100, height: 100, at: CGPoint(x: 50, y: 50))
        owner.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let mask = Self.layer(width: 20, height: 20, at: CGPoint(x: 60, y: 50))
        owner.mask = mask
        let child = Self.layer(width: 20, height: 20, at: CGPoint(x: 60, y: 50))
        owner.addSublayer(child)
        // The sublayer's centre (60, 50) is scaled 2× about the owner's centre (50, 50): (70, 50).
        #expect(child.convert(CGPoint(x: 10, y: 10), to: owner) == CGPoint(x: 70, y: 50))
        #expect(mask.convert(CGPoint(x: 10, y: 10), to: owner) == CGPoint(x: 60, y: 50))
    }

    @Test("a rect converts to the bounding box of its corners: a quarter-turned child's bounds become (40, 20, 20, 20)")
    func convertRect() {
        let (parent, child) = Self.parentAndChild()
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let box = child.convert(CGRect(x: 0, y: 0, width: 20, height: 10), to: parent)
        // The top half of the child turns to its right half: parent x 50…60 (±1e-12), y 20…40.
        #expect(abs(box.minX - 50) < 1e-12 && abs(box.maxX - 60) < 1e-12)
        #expect(abs(box.minY - 20) < 1e-12 && abs(box.maxY - 40) < 1e-12)
        let down = child.convert(CGRect(x: 40, y: 20, width: 20, height: 20), from: parent)
        #expect(abs(down.minX) < 1e-12 && abs(down.width - 20) < 1e-12)
        #expect(child.convert(CGRect.null, to: parent).isNull)
    }

    @Test("NaN converts to NaN, a point into a flattened layer is NaN, a rect into it is null — no trap")
    func convertNaN() {
        let (parent, child) = Self.parentAndChild()
        #expect(child.convert(CGPoint(x: CGFloat.nan, y: 0), to: parent).x.isNaN)
        #expect(child.convert(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), to: parent).isNull)
        child.transform = CATransform3DMakeScale(0, 1, 1)
        let point = child.convert(CGPoint(x: 1, y: 1), from: parent)
        #expect(point.x.isNaN && point.y.isNaN)
        #expect(child.convert(CGRect(x: 0, y: 0, width: 5, height: 5), from: parent).isNull)
    }

    @Test("convert on a presentation copy uses the values on screen")
    func convertOnPresentation() throws {
        try MediaClock.withManualTime { clock in
            let (parent, child) = Self.parentAndChild()
            clock.advance(by: 0)
            child.add(basicAnimation("position.x", from: 50, to: 70, duration: 1), forKey: "move")
            clock.advance(by: 0.5)
            let shownChild = try #require(parent.presentation()?.sublayers?.first)
            #expect(shownChild.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 20))
            #expect(shownChild.convert(CGPoint(x: 50, y: 20), from: nil) == .zero)
            #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 40, y: 20))
        }
    }

    // MARK: Converting times

    @Test("convertTime: root → A (begin 2, speed 2) → B (offset 1); B from nil 10 ↦ 17, B to nil 17 ↦ 10")
    func convertTimeWorked() {
        let root = CALayer()
        let a = CALayer()
        a.beginTime = 2
        a.speed = 2
        let b = CALayer()
        b.timeOffset = 1
        root.addSublayer(a)
        a.addSublayer(b)
        #expect(b.convertTime(10, from: nil) == 17)
        #expect(b.convertTime(17, to: nil) == 10)
        #expect(b.convertTime(17, to: a) == 16)
        #expect(a.convertTime(16, from: b) == 15, "A's time is B's minus B's offset")
        #expect(root.convertTime(17, from: b) == 10)
    }

    /// Evidence: expected values of a peer Core Animation project's test suite, cross-checked on macOS (issue 17
    /// §2.4).
    @Test("convertTime stops at the shared layer: root (speed 2, offset 3) → child (speed 4, offset 5), 10 ↦ 1.25")
    func convertTimeThroughSharedLayer() {
        let root = Self.timedLayer(speed: 2, offset: 3)
        let child = Self.timedLayer(speed: 4, offset: 5)
        root.addSublayer(child)
        // (10 − 5) / 4 = 1.25 in the root's time; the root's own map up to media time (−0.875, before its begin)
        // plays no part.
        #expect(root.convertTime(10, from: child) == 1.25)
        #expect(child.convertTime(1.25, from: root) == 10)
        #expect(child.convertTime(10, to: root) == 1.25)
    }

    /// Evidence: expected values of a peer Core Animation project's test suite, cross-checked on macOS (issue 17
    /// §2.4).
    @Test("siblings convert through their parent: 10 in the first (4, 5, begin 6) is 0 in the second, 10 back is 37")
    func convertTimeBetweenSiblings() {
        let root = Self.timedLayer(speed: 2, offset: 3, begin: 1)
        let first = Self.timedLayer(speed: 4, offset: 5, begin: 6)
        let second = Self.timedLayer(speed: 0.5, offset: 7, begin: 8)
        root.addSublayer(first)
        root.addSublayer(second)
        // First → root: (10 − 5) / 4 + 6 = 7.25, before the second's begin 8, so 0 there.
        #expect(second.convertTime(10, from: first) == 0)
        // Second → root: (10 − 7) / 0.5 + 8 = 14; root → first: (14 − 6) × 4 + 5 = 37.
        #expect(first.convertTime(10, from: second) == 37)
    }

    @Test("a paused layer maps every time to 0 going up: root (2, 3, begin 1) → paused child (offset 7, begin 8)")
    func convertTimeThroughPausedLayer() {
        let root = Self.timedLayer(speed: 2, offset: 3, begin: 1)
        let child = Self.timedLayer(speed: 0, offset: 7, begin: 8)
        root.addSublayer(child)
        #expect(child.convertTime(10, from: root) == 7)
        #expect(root.convertTime(10, from: child) == 0)
        #expect(child.convertTime(10, to: nil) == -0.5)  // 0 in the root, (0 − 3) / 2 + 1 in media time
    }

    @Test("a parent time before a layer's beginTime converts to 0 in it, not to a negative time")
    func convertTimeBeforeBegin() {
        let layer = CALayer()
        layer.beginTime = 5
        layer.timeOffset = 3
        #expect(layer.convertTime(4, from: nil) == 0)
        #expect(layer.convertTime(6, from: nil) == 4)
    }

    @Test("converting into a paused layer gives its frozen timeOffset; the pause recipe freezes at 100")
    func convertTimePaused() {
        let layer = CALayer()
        let paused = layer.convertTime(100, from: nil)
        layer.speed = 0
        layer.timeOffset = paused
        #expect(layer.convertTime(103.5, from: nil) == 100)
        // Resume at 103: beginTime = 103 − 100 = 3 ⇒ at 103.5 the layer shows 100.5.
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(103, from: nil) - paused
        #expect(layer.convertTime(103.5, from: nil) == 100.5)
    }

    @Test("a NaN time converts to 0 in a layer and stays NaN in media time")
    func convertTimeNaN() {
        let layer = CALayer()
        #expect(layer.convertTime(.nan, from: nil) == 0)
        #expect(layer.convertTime(.nan, to: nil).isNaN)
    }

    @Test("a presentation copy converts times as its model layer")
    func convertTimeOnPresentation() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            let a = CALayer()
            a.beginTime = 2
            a.speed = 2
            root.addSublayer(a)
            clock.advance(by: 0)
            let shown = try #require(a.presentation())
            #expect(shown.convertTime(10, from: nil) == 16)
            #expect(shown.convertTime(16, to: nil) == 10)
        }
    }

    // MARK: Hit testing

    @Test("hitTest returns the deepest layer containing the point, given in the superlayer's coordinates")
    func hitTestDeepest() {
        let (parent, child) = Self.parentAndChild()
        // Parent at (50, 50) with 100×100 bounds: its superlayer space equals its own. Child spans 40…60 × 20…40.
        #expect(parent.hitTest(CGPoint(x: 45, y: 25)) === child)
        #expect(parent.hitTest(CGPoint(x: 10, y: 90)) === parent)
        #expect(parent.hitTest(CGPoint(x: 100, y: 50)) == nil, "max edges are outside")
        #expect(parent.hitTest(CGPoint(x: 0, y: 0)) === parent, "min edges are inside")
    }

    @Test("a sublayer outside its superlayer's bounds is still hit unless masksToBounds clips it")
    func hitTestMasksToBounds() {
        let (parent, child) = Self.parentAndChild()
        child.position = CGPoint(x: 105, y: 30)
        #expect(parent.hitTest(CGPoint(x: 105, y: 30)) === child)
        parent.masksToBounds = true
        #expect(parent.hitTest(CGPoint(x: 105, y: 30)) == nil)
        #expect(parent.hitTest(CGPoint(x: 99, y: 30)) === child, "inside the bounds the child still answers")
    }

    @Test("hidden layers and their subtrees are skipped; a transparent layer is hit")
    func hitTestHiddenAndTransparent() {
        let (parent, child) = Self.parentAndChild()
        let grandchild = Self.layer(width: 4, height: 4, at: CGPoint(x: 10, y: 10))
        child.addSublayer(grandchild)
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === grandchild)
        grandchild.opacity = 0
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === grandchild)
        child.isHidden = true
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === parent)
        parent.isHidden = true
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) == nil)
    }

    @Test("overlapping sublayers answer front to back: the last added first, unless a zPosition lifts another")
    func hitTestOrder() {
        let (parent, back) = Self.parentAndChild()
        let front = Self.layer(width: 20, height: 20, at: CGPoint(x: 50, y: 30))
        parent.addSublayer(front)
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === front)
        back.zPosition = 1
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === back)
        front.zPosition = 1
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === front, "equal depths fall back to sublayer order")
        back.zPosition = -1
        front.zPosition = -2
        #expect(parent.hitTest(CGPoint(x: 50, y: 30)) === back)
    }

    @Test("hit testing follows transforms: a child scaled 3× covers parent (20…80, 0…60)")
    func hitTestTransformed() {
        let (parent, child) = Self.parentAndChild()
        child.transform = CATransform3DMakeScale(3, 3, 1)
        #expect(parent.hitTest(CGPoint(x: 21, y: 1)) === child)
        #expect(parent.hitTest(CGPoint(x: 19, y: 1)) === parent)
    }

    @Test("a NaN point hits nothing")
    func hitTestNaN() {
        let (parent, _) = Self.parentAndChild()
        #expect(parent.hitTest(CGPoint(x: CGFloat.nan, y: 1)) == nil)
    }

    @Test("hitTest on a presentation copy finds the presentation copy of the layer where it is on screen")
    func hitTestPresentation() throws {
        try MediaClock.withManualTime { clock in
            let (parent, child) = Self.parentAndChild()
            clock.advance(by: 0)
            child.add(basicAnimation("position.x", from: 70, to: 90, duration: 1), forKey: "move")
            clock.advance(by: 0.5)
            let shown = try #require(parent.presentation())
            // On screen the child is centred at x = 80 (spanning 70…90); the model child still spans 40…60.
            let hit = try #require(shown.hitTest(CGPoint(x: 85, y: 30)))
            #expect(hit.model() === child)
            #expect(hit !== child, "a presentation copy answers with presentation copies")
            #expect(shown.hitTest(CGPoint(x: 45, y: 30))?.model() === parent)
            #expect(parent.hitTest(CGPoint(x: 45, y: 30)) === child)
            #expect(parent.hitTest(CGPoint(x: 85, y: 30)) === parent)
        }
    }

    @Test("contains(_:) tests the point, in the layer's own coordinates, against the bounds")
    func containsUsesBounds() {
        let layer = Self.layer(width: 20, height: 10, at: CGPoint(x: 500, y: 500))
        layer.bounds.origin = CGPoint(x: -5, y: 0)
        #expect(layer.contains(CGPoint(x: -5, y: 0)))
        #expect(layer.contains(CGPoint(x: 14.5, y: 9.5)))
        #expect(!layer.contains(CGPoint(x: 15, y: 5)))
        #expect(!layer.contains(CGPoint(x: 500, y: 500)), "the position is in the superlayer's space")
    }
}
