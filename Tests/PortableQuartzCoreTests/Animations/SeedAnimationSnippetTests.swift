import Foundation
import Testing

#if canImport(QuartzCore)
    import QuartzCore
#else
    import PortableQuartzCore
#endif

/// Stand-ins for the UIKit and layer objects the seed's snippets mention. The animation code itself is the seed's,
/// unchanged except where it called `layer.add(_:forKey:)` (layers come with the next issue): here the snippets
/// return their animations, and the tests evaluate them.
private struct SeedScene {
    var bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    var textFieldPosition = CGPoint(x: 160, y: 200)
    /// UIColor.red.cgColor.
    var red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
}

/// A delegate like the seed's view controller: the "form" animation's stop starts a pulse on the stored layer.
private final class SeedDelegate: NSObject, CAAnimationDelegate {
    var pulses: [CABasicAnimation] = []
    var stops = 0

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops += 1
        if !flag { return }
        guard let name = anim.value(forKey: "name") as? String else { return }
        if name == "form" {
            let layer = anim.value(forKey: "layer") as? NSObject
            anim.setValue(nil, forKey: "layer")
            let pulse = CABasicAnimation(keyPath: "transform.scale")
            pulse.fromValue = 1.5
            pulse.toValue = 1.0
            pulse.duration = 0.25
            if layer != nil { pulses.append(pulse) }
        }
    }
}

@Suite("Seed 000 animation snippets compile and animate as described")
struct SeedAnimationSnippetTests {
    typealias F = AnimationFixtures
    private let scene = SeedScene()

    @Test("opacity 0 → 1")
    func opacity() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        F.expectNumber(F.number(animation, at: 0.125), 0.5)
    }

    @Test("backgroundColor to red from the current model colour")
    func backgroundColor() {
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.toValue = scene.red
        let white = ColorComponents(red: 1, green: 1, blue: 1, alpha: 1)
        guard case .color(let color)? = F.value(animation, at: 0.125, model: .color(white)) else {
            Issue.record("expected a colour")
            return
        }
        F.expectNumber(color.red, 1)
        F.expectNumber(color.green, 0.5)
        F.expectNumber(color.blue, 0.5)
    }

    @Test("position from [0, 100] to [100, bounds height]")
    func positionArrays() {
        let view = scene
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = [0, 100]
        animation.toValue = [100, view.bounds.size.height]
        F.expectPoint(F.point(animation, at: 0.125), CGPoint(x: 50, y: 290))
    }

    @Test("transform.scale.y by 0.5 to 3 runs 2.5 → 3 over 2 s; the model update matrices agree")
    func scaleY() {
        let animation = CABasicAnimation(keyPath: "transform.scale.y")
        animation.duration = 2
        animation.byValue = 0.5
        animation.toValue = 3
        F.expectNumber(F.number(animation, at: 0, model: 1), 2.5)
        F.expectNumber(F.number(animation, at: 1, model: 1), 2.75)

        var transform = CATransform3DIdentity
        transform = CATransform3DScale(transform, 1, 3, 1)
        #expect(transform == CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: 1, y: 3)))
    }

    @Test("the jump spring is cut at 0.25 s until its duration becomes settlingDuration (3.6478 s)")
    func jumpSpring() {
        let textField = scene
        let jump = CASpringAnimation(keyPath: "position.y")
        jump.fromValue = textField.textFieldPosition.y + 1.0
        jump.toValue = textField.textFieldPosition.y
        jump.duration = 0.25
        jump.initialVelocity = 100.0
        jump.mass = 10.0
        jump.stiffness = 1500.0
        jump.damping = 50.0
        // Cut off: after 0.25 s the animation is gone and the model value shows.
        #expect(F.number(jump, at: 0.25, model: 200) == nil)
        jump.duration = jump.settlingDuration
        TimingFixtures.expectClose(jump.duration, 3.6478187, tolerance: 1e-6)
        #expect(F.number(jump, at: 0.25, model: 200)?.isFinite == true)
        // At the settling time the spring is within 0.001 of the 1-point distance.
        F.expectNumber(F.number(jump, at: jump.duration - 1e-9, model: 200), 200, tolerance: 1e-3)
    }

    @Test("the flash spring animates borderColor from orange to the model colour over 2.0386 s")
    func flashSpring() {
        let flash = CASpringAnimation(keyPath: "borderColor")
        flash.damping = 7.0
        flash.stiffness = 200.0
        flash.fromValue = CGColor(red: 1.0, green: 0.27, blue: 0.0, alpha: 1.0)
        flash.duration = flash.settlingDuration
        TimingFixtures.expectClose(flash.duration, 2.0386389, tolerance: 1e-6)
        let clear = ColorComponents(red: 0, green: 0, blue: 0, alpha: 0)
        guard case .color(let start)? = F.value(flash, at: 0, model: .color(clear)) else {
            Issue.record("expected a colour")
            return
        }
        F.expectNumber(start.red, 1, tolerance: 1e-9)
        F.expectNumber(start.green, 0.27, tolerance: 1e-6)
        guard case .color(let end)? = F.value(flash, at: 2.03, model: .color(clear)) else {
            Issue.record("expected a colour")
            return
        }
        #expect(abs(end.alpha) < 0.002)
    }

    @Test("the wobble keyframes repeat twice through 0, −π/4, 0, π/4, 0")
    func wobble() {
        let wobble = CAKeyframeAnimation(keyPath: "transform.rotation")
        wobble.duration = 0.25
        wobble.repeatCount = 2
        wobble.values = [0.0, -.pi / 4.0, 0.0, .pi / 4.0, 0.0]
        wobble.keyTimes = [0.0, 0.25, 0.5, 0.75, 1.0]
        F.expectNumber(F.number(wobble, at: 0.0625), -Double.pi / 4, tolerance: 1e-12)
        F.expectNumber(F.number(wobble, at: 0.25 + 0.1875), Double.pi / 4, tolerance: 1e-12)
        #expect(F.number(wobble, at: 0.5) == nil)
    }

    @Test("the balloon flight passes its three NSValue points at key times 0, 0.5, 1")
    func flight() {
        let view = scene
        let flight = CAKeyframeAnimation(keyPath: "position")
        flight.duration = 3.0
        flight.values = [
            CGPoint(x: -50.0, y: 0.0),
            CGPoint(x: view.bounds.width + 50, y: view.bounds.height / 2.0),
            CGPoint(x: -50.0, y: view.bounds.height - 100),
        ].map({ NSValue(cgPoint: $0) })
        flight.keyTimes = [0.0, 0.5, 1.0]
        F.expectPoint(F.point(flight, at: 0), CGPoint(x: -50, y: 0))
        F.expectPoint(F.point(flight, at: 1.5), CGPoint(x: 370, y: 240))
        F.expectPoint(F.point(flight, at: 2.999999), CGPoint(x: -50, y: 380), tolerance: 1e-3)
    }

    @Test("the push transitions: 2 s push, and 1 s eased push from the top")
    func transitions() throws {
        let transition = CATransition()
        transition.duration = 2
        transition.type = .push
        let compiled = CompiledAnimation(transition)
        TimingFixtures.expectClose(try #require(compiled.transitionProgress(atParentTime: 1)), 0.5, tolerance: 1e-12)

        let pushTransition = CATransition()
        pushTransition.duration = 1.0
        pushTransition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        pushTransition.type = .push
        pushTransition.subtype = .fromTop
        let eased = CompiledAnimation(pushTransition)
        TimingFixtures.expectClose(try #require(eased.transitionProgress(atParentTime: 0.5)), 0.5, tolerance: 1e-5)
        #expect(eased.transition?.subtype == .fromTop)
    }

    @Test("the group of fade, value-function scale and rotation, delayed 0.5 s and filling backwards")
    func group() throws {
        let delegate = SeedDelegate()
        let (group, now) = MediaClock.withManualTime(startingAt: 100) { _ in
            let fadeOut = CABasicAnimation(keyPath: "opacity")
            fadeOut.fromValue = 0
            fadeOut.toValue = 1
            let expandScale = CABasicAnimation(keyPath: "transform")
            expandScale.valueFunction = CAValueFunction(name: .scale)
            expandScale.fromValue = [1, 1, 1]
            expandScale.toValue = [1.5, 1.5, 1.5]
            let rotate = CABasicAnimation(keyPath: "transform")
            rotate.valueFunction = CAValueFunction(name: .rotateZ)
            rotate.fromValue = Float.pi / 4.0
            rotate.toValue = 0.0
            let group = CAAnimationGroup()
            group.animations = [fadeOut, expandScale, rotate]
            group.duration = 0.5
            group.beginTime = CACurrentMediaTime() + 0.5
            group.fillMode = .backwards
            group.delegate = delegate
            return (group, CACurrentMediaTime())
        }
        #expect(group.beginTime == 100.5)
        let compiled = CompiledAnimation(group)
        #expect(compiled.tracks.count == 3)
        let identity = AnimatableValue.transform(CATransform3DIdentity)
        // During the delay the backwards fill shows the members' start values.
        F.expectNumber(
            compiled.tracks[0].evaluate(atParentTime: now, model: .number(1), current: .number(1))?.doubleValue, 0)
        F.expectTransform(
            compiled.tracks[2].evaluate(atParentTime: now, model: identity, current: identity),
            CATransform3DMakeRotation(Double(Float.pi / 4), 0, 0, 1))
        // Members have no duration: they run for the group's 0.5 s (Apple's CAAnimationGroup example). Halfway:
        let t = 100.5 + 0.25
        F.expectNumber(
            compiled.tracks[0].evaluate(atParentTime: t, model: .number(1), current: .number(1))?.doubleValue, 0.5)
        F.expectTransform(
            compiled.tracks[1].evaluate(atParentTime: t, model: identity, current: identity),
            CATransform3DMakeScale(1.25, 1.25, 1.25))
        // After the group the members show nothing (no forwards fill) and the group has finished.
        #expect(compiled.tracks[0].evaluate(atParentTime: 101, model: .number(1), current: .number(1)) == nil)
        #expect(compiled.hasFinished(atParentTime: 101))
        #expect(group.delegate === delegate)
    }

    @Test("flyRight stores name and layer with setValue(_:forKey:), and the copy answers in animationDidStop")
    func flyRight() throws {
        let view = scene
        let delegate = SeedDelegate()
        let titleLayer = NSObject()
        let fieldLayer = NSObject()
        let flyRight = CABasicAnimation(keyPath: "position.x")
        flyRight.fromValue = -view.bounds.size.width / 2
        flyRight.toValue = view.bounds.size.width / 2
        flyRight.duration = 2
        flyRight.delegate = delegate
        flyRight.setValue("form", forKey: "name")
        flyRight.setValue(titleLayer, forKey: "layer")
        // titleLabel.layer.add(flyRight, forKey: "title") copies it:
        let attachedToTitle = try #require(flyRight.copy() as? CABasicAnimation)
        MediaClock.withManualTime(startingAt: 0) { _ in
            flyRight.beginTime = CACurrentMediaTime() + 0.3
        }
        flyRight.fillMode = .both
        flyRight.setValue(fieldLayer, forKey: "layer")
        let attachedToField = try #require(flyRight.copy() as? CABasicAnimation)

        #expect(attachedToTitle.value(forKey: "layer") as? NSObject === titleLayer)
        #expect(attachedToField.value(forKey: "layer") as? NSObject === fieldLayer)
        #expect(attachedToTitle.beginTime == 0 && attachedToField.beginTime == 0.3)
        F.expectNumber(F.number(attachedToField, at: 0, model: 160), -160)
        F.expectNumber(F.number(attachedToField, at: 1.3, model: 160), 0)

        attachedToField.delegate?.animationDidStop(attachedToField, finished: true)
        attachedToField.delegate?.animationDidStop(attachedToField, finished: false)
        #expect(delegate.stops == 2)
        #expect(delegate.pulses.count == 1)
        #expect(attachedToField.value(forKey: "layer") == nil)
        #expect(attachedToTitle.value(forKey: "layer") as? NSObject === titleLayer)
        let pulse = try #require(delegate.pulses.first)
        F.expectNumber(F.number(pulse, at: 0.125, model: 1), 1.25)
    }
}
