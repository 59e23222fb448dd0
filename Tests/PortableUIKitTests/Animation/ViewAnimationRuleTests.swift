import Foundation
import Testing

@testable import PortableUIKit

/// Records the legacy did-stop calls it receives.
private final class LegacyDelegate {
    var stops: [(String?, Bool)] = []
    var starts: [String?] = []

    func animationDidStop(_ animationID: String?, finished: NSNumber, context: UnsafeMutableRawPointer?) {
        stops.append((animationID, finished.boolValue))
    }

    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        starts.append(animationID)
    }
}

/// The rules of SPEC §11 that the seed does not show directly.
@MainActor
@Suite("View animation rules (SPEC §11)")
struct ViewAnimationRuleTests {
    @Test("option raw values are Apple's (SPEC §11.1)")
    func optionRawValues() {
        typealias O = UIView.AnimationOptions
        let flags: [(O, UInt)] = [
            (.layoutSubviews, 0x1), (.allowUserInteraction, 0x2), (.beginFromCurrentState, 0x4), (.repeat, 0x8),
            (.autoreverse, 0x10), (.overrideInheritedDuration, 0x20), (.overrideInheritedCurve, 0x40),
            (.allowAnimatedContent, 0x80), (.showHideTransitionViews, 0x100), (.overrideInheritedOptions, 0x200),
            (.curveEaseInOut, 0), (.curveEaseIn, 0x10000), (.curveEaseOut, 0x20000), (.curveLinear, 0x30000),
            (.transitionNone, 0), (.transitionFlipFromLeft, 0x100000), (.transitionFlipFromRight, 0x200000),
            (.transitionCurlUp, 0x300000), (.transitionCurlDown, 0x400000), (.transitionCrossDissolve, 0x500000),
            (.transitionFlipFromTop, 0x600000), (.transitionFlipFromBottom, 0x700000),
            (.preferredFramesPerSecondDefault, 0), (.preferredFramesPerSecond60, 0x300_0000),
            (.preferredFramesPerSecond30, 0x700_0000),
        ]
        for (option, raw) in flags { #expect(option.rawValue == raw) }
        typealias K = UIView.KeyframeAnimationOptions
        let keyframe: [(K, UInt, CAAnimationCalculationMode)] = [
            (.calculationModeLinear, 0, .linear), (.calculationModeDiscrete, 0x400, .discrete),
            (.calculationModePaced, 0x800, .paced), (.calculationModeCubic, 0xC00, .cubic),
            (.calculationModeCubicPaced, 0x1000, .cubicPaced),
        ]
        for (option, raw, mode) in keyframe {
            #expect(option.rawValue == raw)
            #expect(option.calculationMode == mode)
        }
        #expect(K.overrideInheritedOptions.rawValue == 0x200 && K.repeat.rawValue == 0x8)
        #expect(UIView.AnimationCurve.linear.rawValue == 3 && UIView.AnimationTransition.curlDown.rawValue == 4)
    }

    @Test("transition options map to fade, oglFlip with four subtypes, pageCurl and pageUnCurl (SPEC §11.7)")
    func transitionMapping() throws {
        let expected: [(UIView.AnimationOptions, String, CATransitionSubtype?)] = [
            (.transitionFlipFromLeft, "oglFlip", .fromLeft), (.transitionFlipFromRight, "oglFlip", .fromRight),
            (.transitionFlipFromTop, "oglFlip", .fromTop), (.transitionFlipFromBottom, "oglFlip", .fromBottom),
            (.transitionCurlUp, "pageCurl", nil), (.transitionCurlDown, "pageUnCurl", nil),
            (.transitionCrossDissolve, "fade", nil),
        ]
        for (option, type, subtype) in expected {
            try MediaClock.withManualTime { clock in
                let view = committedView(clock)
                UIView.transition(with: view, duration: 0.5, options: [option, .curveLinear], animations: nil)
                let transition = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
                #expect(transition.type.rawValue == type)
                #expect(transition.subtype == subtype)
                #expect(transition.timingFunction == CAMediaTimingFunction(name: .linear))
            }
        }
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.transition(with: view, duration: 0.5, options: [], animations: nil)
            #expect(view.layer.animationKeys() == nil, "transitionNone adds nothing")
        }
    }

    @Test("spring 0.5 s, damping 0.7: stiffness 387.274580, damping 27.551010; 71.4647 of 100 points at 0.1 s")
    func springMapping() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: -50, y: -50, width: 100, height: 100))
            let log = CompletionLog()
            UIView.animate(
                withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: []
            ) {
                view.center = CGPoint(x: 100, y: 0)
            } completion: {
                log.completion("spring")($0)
            }
            let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
            #expect(abs(spring.stiffness - 387.274580) < 1e-5)
            #expect(abs(spring.damping - 27.551010) < 1e-5)
            #expect(spring.mass == 1 && spring.duration == 0.5 && !spring.allowsOverdamping)
            #expect(spring.isAdditive)
            clock.advance(by: 0.1)
            #expect(abs(view.shown.position.x - 71.4647) < 1e-3)
            clock.advance(to: 0.25)
            #expect(abs(view.shown.position.x - 104.1133) < 1e-3, "it overshoots")
            clock.advance(to: 0.5)
            #expect(view.shown.position.x == 100, "cut at the block's duration, then the model value")
            #expect(log.flags("spring") == [true])
        }
    }

    @Test("iOS 17 spring (0.5 s, bounce 0.3): stiffness 157.913670, damping 17.592919, lasting 0.862955 s")
    func perceptualSpring() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.animate(springDuration: 0.5, bounce: 0.3) { view.alpha = 0 }
            let spring = try #require(view.layer.animation(forKey: "opacity") as? CASpringAnimation)
            #expect(abs(spring.stiffness - 157.913670) < 1e-5)
            #expect(abs(spring.damping - 17.592919) < 1e-5)
            #expect(abs(spring.duration - 0.862955) < 1e-5)
            #expect(spring.allowsOverdamping)
            clock.advance(by: 0.25)
            #expect(abs(view.shown.opacity - Float(1 - 0.984087)) < 1e-4)
        }
    }

    @Test("finished is the flag of the last animation to stop: alpha interrupted at 1 s, position done at 2 s")
    func lastStopDecides() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let log = CompletionLog()
            UIView.animate(
                withDuration: 2,
                animations: {
                    view.alpha = 0.5
                    view.center = .zero
                }, completion: log.completion("both"))
            clock.advance(by: 1)
            UIView.animate(withDuration: 0.5, animations: { view.alpha = 1 }, completion: log.completion("alpha"))
            clock.advance(by: 0.1)
            #expect(log.entries.isEmpty, "the position animation is still running")
            clock.advance(to: 2)
            #expect(log.flags("alpha") == [true])
            #expect(log.flags("both") == [true])
            #expect(log.time("both") == 2)
        }
    }

    @Test("a block whose only animation is removed completes with false; removing the view does that too")
    func removalGivesFalse() {
        MediaClock.withManualTime { clock in
            let parent = committedView(clock)
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(child)
            clock.advance(by: 0)
            let log = CompletionLog()
            UIView.animate(withDuration: 1, animations: { child.center = .zero }, completion: log.completion("moved"))
            clock.advance(by: 0.5)
            child.removeFromSuperview()
            clock.advance(by: 0)
            #expect(log.flags("moved") == [false])
        }
    }

    @Test("repeat: repeat count FLT_MAX, no completion until removed, then finished false")
    func repeatCompletesOnlyWhenRemoved() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let log = CompletionLog()
            UIView.animate(withDuration: 1, delay: 0, options: .repeat, animations: { view.alpha = 0 }) {
                log.completion("repeat")($0)
            }
            #expect(view.layer.animation(forKey: "opacity")?.repeatCount == Float.greatestFiniteMagnitude)
            clock.advance(by: 10.25)
            #expect(log.entries.isEmpty)
            #expect(
                abs(view.shown.opacity - (1 - CAMediaTimingFunction(name: .easeInEaseOut).evaluate(at: Float(0.25))))
                    < 1e-5)
            view.layer.removeAllAnimations()
            clock.advance(by: 0)
            #expect(log.flags("repeat") == [false])
        }
    }

    @Test("autoreverse without repeat: back at the start at 2 s, then the model value shows (the known snap)")
    func autoreverseSnaps() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: -50, y: -50, width: 100, height: 100))
            UIView.animate(withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear]) {
                view.center = CGPoint(x: 100, y: 0)
            }
            clock.advance(by: 1.5)
            #expect(isClose(view.shown.position.x, 50))
            clock.advance(to: 1.999)
            #expect(view.shown.position.x < 1)
            clock.advance(to: 2)
            #expect(view.shown.position.x == 100)
        }
    }

    @Test("modifyAnimations(withRepeatCount: 2, autoreverses: true) changes only the animations made inside")
    func modifyAnimations() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.animate(withDuration: 1) {
                UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { view.alpha = 0 }
                view.center = .zero
            }
            #expect(view.layer.animation(forKey: "opacity")?.repeatCount == 2)
            #expect(view.layer.animation(forKey: "opacity")?.autoreverses == true)
            #expect(view.layer.animation(forKey: "position")?.repeatCount == 0)
        }
    }

    @Test("a duration of 0 applies at once and completes with true on the next turn")
    func zeroDuration() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let log = CompletionLog()
            UIView.animate(withDuration: 0, animations: { view.alpha = 0 }, completion: log.completion("zero"))
            #expect(view.layer.animationKeys() == nil)
            #expect(log.entries.isEmpty, "not from inside animate")
            clock.advance(by: 0)
            #expect(log.flags("zero") == [true])
            #expect(view.shown.opacity == 0)
        }
    }

    @Test("inheritedAnimationDuration is 6 inside a 6 s block and 0 outside")
    func inheritedDuration() {
        var inside: TimeInterval = -1
        UIView.animate(withDuration: 6) { inside = UIView.inheritedAnimationDuration }
        #expect(inside == 6)
        #expect(UIView.inheritedAnimationDuration == 0)
    }

    @Test("legacy blocks: 0.2 s by default, attributes set before the change, did-stop with the ID and true")
    func legacyBlock() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let delegate = LegacyDelegate()
            UIView.beginAnimations("fade", context: nil)
            UIView.setAnimationDelegate(delegate)
            UIView.setAnimationWillStart(LegacyDelegate.animationWillStart)
            UIView.setAnimationDidStop(LegacyDelegate.animationDidStop)
            view.alpha = 0.5
            UIView.setAnimationDuration(1)
            UIView.setAnimationCurve(.linear)
            view.center = .zero
            UIView.commitAnimations()
            #expect(delegate.starts == ["fade"])
            let fade = try #require(view.layer.animation(forKey: "opacity"))
            #expect(fade.duration == 0.2)
            #expect(fade.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            let move = try #require(view.layer.animation(forKey: "position"))
            #expect(move.duration == 1 && move.timingFunction == CAMediaTimingFunction(name: .linear))
            clock.advance(by: 1)
            #expect(delegate.stops.count == 1)
            #expect(delegate.stops.first?.0 == "fade" && delegate.stops.first?.1 == true)
        }
    }

    @Test("legacy setAnimationTransition adds an oglFlip from the left at commit; setters outside do nothing")
    func legacyTransition() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.setAnimationDuration(5)
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationTransition(.flipFromLeft, for: view, cache: true)
            UIView.commitAnimations()
            let flip = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
            #expect(flip.type.rawValue == "oglFlip" && flip.subtype == .fromLeft)
            #expect(flip.duration == 0.2)
            UIView.commitAnimations()
        }
    }

    @Test("a view never committed changes without animation inside a block, like a layer of the same turn")
    func uncommittedViewDoesNotAnimate() {
        MediaClock.withManualTime { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let log = CompletionLog()
            UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: log.completion("new"))
            #expect(view.layer.animationKeys() == nil)
            clock.advance(by: 0)
            #expect(log.flags("new") == [true])
        }
    }

    @Test("a transform to scale 0 (no inverse) animates non-additively from the old transform")
    func singularTransform() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                view.transform = CGAffineTransform(scaleX: 0, y: 0)
            }
            let animation = try #require(view.layer.animation(forKey: "transform") as? CABasicAnimation)
            #expect(!animation.isAdditive)
            clock.advance(by: 0.5)
            #expect(isClose(view.shown.transform.m11, 0.5, 1e-9))
        }
    }

    @Test("colours animate as CABasicAnimation from the old colour: red to blue is half way at 0.5 s")
    func colourAnimation() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock)
            view.backgroundColor = .red
            clock.advance(by: 0)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.backgroundColor = .blue }
            let animation = try #require(view.layer.animation(forKey: "backgroundColor") as? CABasicAnimation)
            #expect(!animation.isAdditive)
            clock.advance(by: 0.5)
            let shown = try #require(view.shown.backgroundColor?.components)
            #expect(isClose(shown[0], 0.5) && isClose(shown[2], 0.5))
        }
    }
}
