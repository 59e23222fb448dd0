import Foundation
import Testing

@testable import PortableUIKit

/// The custom view of seed 002: two subviews laid out from the view's size in `layoutSubviews`, and a third,
/// hidden one used by the transition experiments.
final class RCCustomView: UIView {
    let leftView = UIView(frame: .zero)
    let rightView = UIView(frame: .zero)
    let centerView = UIView(frame: .zero)
    var removed: [UIView] = []
    var added: [UIView] = []
    var drawCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .darkGray
        leftView.backgroundColor = .green
        rightView.backgroundColor = .systemPink
        centerView.isHidden = true
        addSubview(leftView)
        addSubview(rightView)
        addSubview(centerView)
        added.removeAll()
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func layoutSubviews() {
        leftView.frame = CGRect(x: 5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
        rightView.frame = CGRect(
            x: bounds.midX + 2.5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
        centerView.frame = CGRect(x: 5, y: 5, width: bounds.width - 10, height: bounds.height - 10)
    }

    override func willRemoveSubview(_ subview: UIView) {
        removed.append(subview)
    }

    override func didAddSubview(_ subview: UIView) {
        added.append(subview)
    }

    override func draw(_ rect: CGRect) {
        drawCount += 1
    }
}

/// One test per experiment of seed 002 ("UIView动画"), asserting what the seed reports (SPEC §11 where the seed
/// leaves it open).
@MainActor
@Suite("Seed 002 UIView animation experiments")
struct SeedViewAnimationTests {
    @Test("shear transform, duration 1, delay 1: old value during the delay, half way at 1.5 s, shear at 2 s")
    func shearWithDelay() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 50, y: 50, width: 200, height: 100))
            let log = CompletionLog()
            let shear = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)
            UIView.animate(withDuration: 1, delay: 1, options: []) {
                view.transform = shear
            } completion: {
                log.completion("shear")($0)
            }
            #expect(view.transform == shear, "the model changes at once")
            clock.advance(by: 0.5)
            #expect(CATransform3DEqualToTransform(view.shown.transform, CATransform3DIdentity))
            clock.advance(by: 1)
            let halfway = view.shown.affineTransform()
            #expect(halfway.c < -0.2 && halfway.c > -0.8, "c = \(halfway.c) part way from 0 to −1")
            #expect(isClose(halfway.a, 1, 0.2) && isClose(halfway.d, 1, 0.2))
            clock.advance(to: 2)
            #expect(view.shown.affineTransform() == shear)
            #expect(log.flags("shear") == [true])
            #expect(log.time("shear") == 2)
        }
    }

    @Test("layoutSubviews option: subviews keep 'half the width − 7.5' while the parent animates (55 × 75 at 0.5 s)")
    func layoutSubviewsOption() {
        MediaClock.withManualTime { clock in
            let custom = RCCustomView(frame: CGRect(x: 200, y: 50, width: 150, height: 50))
            clock.advance(by: 0)
            #expect(custom.leftView.frame == CGRect(x: 5, y: 5, width: 67.5, height: 40))
            UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear]) {
                custom.frame = CGRect(x: 200, y: 70, width: 100, height: 120)
            }
            clock.advance(by: 0.5)
            #expect(isClose(custom.shown.bounds.size, CGSize(width: 125, height: 85)))
            #expect(isClose(custom.leftView.shown.bounds.size, CGSize(width: 55, height: 75)))
            #expect(isClose(custom.leftView.shown.position, CGPoint(x: 32.5, y: 42.5)))

            // Without the option the layout happens at the commit, outside the block: the subviews jump.
            let plain = RCCustomView(frame: CGRect(x: 200, y: 50, width: 150, height: 50))
            clock.advance(by: 0)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                plain.frame = CGRect(x: 200, y: 70, width: 100, height: 120)
            }
            clock.advance(by: 0.5)
            #expect(isClose(plain.shown.bounds.size, CGSize(width: 125, height: 85)))
            #expect(plain.leftView.shown.bounds.size == CGSize(width: 42.5, height: 110))
        }
    }

    @Test("beginFromCurrentState: a second alpha animation ends the first (finished false) with or without it")
    func secondAlphaAnimationEndsFirst() {
        for option: UIView.AnimationOptions in [[], .beginFromCurrentState] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock)
                let log = CompletionLog()
                UIView.animate(withDuration: 4, delay: 0, options: []) {
                    view.alpha = 0.5
                } completion: {
                    log.completion("animation1")($0)
                }
                clock.advance(by: 1)
                view.alpha = 0.1
                UIView.animate(withDuration: 5, delay: 0, options: option) {
                    view.alpha = 1
                } completion: {
                    log.completion("animation2")($0)
                }
                clock.advance(by: 0)
                #expect(log.flags("animation1") == [false])
                #expect(log.time("animation1") == 1)
                clock.advance(to: 6)
                #expect(log.flags("animation2") == [true])
            }
        }
    }

    @Test("beginFromCurrentState without an animation in flight: starts from the screen's 1.0, else from 0.1")
    func startValueWithoutAnimationInFlight() {
        for (option, expected): (UIView.AnimationOptions, Float) in [([], 0.1), (.beginFromCurrentState, 1)] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock)
                view.alpha = 0.1
                UIView.animate(withDuration: 5, delay: 0, options: option) { view.alpha = 1 }
                clock.advance(by: 0)
                #expect(abs(view.shown.opacity - expected) < 1e-6)
            }
        }
    }

    @Test("beginFromCurrentState with an alpha animation in flight: starts at its on-screen 0.75, else at 0.1")
    func startValueWithAnimationInFlight() {
        for (option, expected): (UIView.AnimationOptions, Float) in [([], 0.1), (.beginFromCurrentState, 0.75)] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock)
                UIView.animate(withDuration: 4, delay: 0, options: []) { view.alpha = 0.5 }
                clock.advance(by: 2)
                #expect(abs(view.shown.opacity - 0.75) < 1e-4, "ease-in-out is half way at half time")
                view.alpha = 0.1
                UIView.animate(withDuration: 5, delay: 0, options: option) { view.alpha = 1 }
                clock.advance(by: 0)
                #expect(abs(view.shown.opacity - expected) < 1e-4)
            }
        }
    }

    @Test("a second frame animation does not end the first: both run (finished true) and their offsets add")
    func frameAnimationsAdd() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let log = CompletionLog()
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState]) {
                view.center = CGPoint(x: 150, y: 50)
            } completion: {
                log.completion("first")($0)
            }
            clock.advance(by: 0.5)
            #expect(isClose(view.shown.position.x, 100))
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState]) {
                view.center = CGPoint(x: 250, y: 50)
            } completion: {
                log.completion("second")($0)
            }
            clock.advance(by: 0)
            #expect(isClose(view.shown.position.x, 100), "continuous: 250 − 50 − 100")
            #expect(view.layer.animationKeys() == ["position", "position-2"])
            clock.advance(to: 1)
            #expect(isClose(view.shown.position.x, 200), "250 − 0 − 50")
            #expect(log.flags("first") == [true])
            clock.advance(to: 1.5)
            #expect(log.flags("second") == [true])
            #expect(view.shown.position.x == 250)
        }
    }

    @Test("note 2: setting the value the first block set runs no animation; its completion comes on the next turn")
    func sameValueRunsNoAnimation() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let log = CompletionLog()
            UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: log.completion("first"))
            UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: log.completion("second"))
            #expect(view.layer.animationKeys() == ["opacity"])
            #expect(log.entries.isEmpty)
            clock.advance(by: 0)
            #expect(log.flags("second") == [true])
            #expect(log.time("second") == 0)
            clock.advance(by: 1)
            #expect(log.flags("first") == [true])
        }
    }

    @Test("note 2: the animations closure runs at once even with a delay of 1.5 s")
    func closureRunsAtOnce() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var ran = false
            UIView.animate(withDuration: 1, delay: 1.5, options: []) {
                ran = true
                view.alpha = 0
            }
            #expect(ran)
            #expect(view.alpha == 0)
            clock.advance(by: 1)
            #expect(view.shown.opacity == 1)
        }
    }

    @Test("nested 6 s / 2 s with delay 1: overriding the duration ends the inner block at 3 s, inheriting at 7 s")
    func nestedDurationAndDelay() {
        for (option, innerEnd): (UIView.AnimationOptions, Double) in [(.overrideInheritedDuration, 3), ([], 7)] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let log = CompletionLog()
                UIView.animate(withDuration: 6, delay: 0, options: []) {
                    view.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
                    UIView.animate(withDuration: 2, delay: 1, options: option) {
                        view.alpha = 0.1
                    } completion: {
                        log.completion("animation2")($0)
                    }
                } completion: {
                    log.completion("animation1")($0)
                }
                let inner = view.layer.animation(forKey: "opacity")
                #expect(inner?.duration == innerEnd - 1)
                clock.advance(to: 0.5)
                #expect(view.shown.opacity == 1, "the inner block waits for its own delay")
                clock.advance(to: 10)
                #expect(log.time("animation1") == 6)
                #expect(log.time("animation2") == innerEnd)
                #expect(log.flags("animation1") == [true] && log.flags("animation2") == [true])
            }
        }
    }

    @Test("nested curve: inherited from the parent, unless overrideInheritedCurve with its own curve")
    func nestedCurve() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.animate(withDuration: 1, delay: 0, options: .curveEaseIn) {
                view.center = CGPoint(x: 10, y: 10)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.alpha = 0.5 }
                UIView.animate(withDuration: 1, delay: 0, options: [.overrideInheritedCurve, .curveLinear]) {
                    view.backgroundColor = .red
                }
            }
            #expect(view.layer.animation(forKey: "position")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
            #expect(view.layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
            #expect(
                view.layer.animation(forKey: "backgroundColor")?.timingFunction == CAMediaTimingFunction(name: .linear))
        }
    }

    @Test("blocks started one after the other start together and inherit nothing: 1 s and 3 s end at 1 and 3")
    func sequentialBlocksAreIndependent() {
        MediaClock.withManualTime(startingAt: 10) { clock in
            let view = committedView(clock)
            let log = CompletionLog()
            UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: log.completion("a"))
            UIView.animate(withDuration: 3, animations: { view.center = .zero }, completion: log.completion("b"))
            clock.advance(by: 0)
            #expect(view.layer.animation(forKey: "opacity")?.beginTime == 10)
            #expect(view.layer.animation(forKey: "position")?.beginTime == 10)
            #expect(view.layer.animation(forKey: "position")?.duration == 3)
            clock.advance(by: 5)
            #expect(log.time("a") == 11 && log.time("b") == 13)
        }
    }

    @Test("transition(with:) curl up: a pageCurl CATransition on the container, subview frames still animate")
    func transitionCurlUp() throws {
        try MediaClock.withManualTime { clock in
            let custom = RCCustomView(frame: CGRect(x: 200, y: 50, width: 150, height: 50))
            clock.advance(by: 0)
            let drawsBefore = custom.drawCount
            let log = CompletionLog()
            let cases: [(UIView.AnimationOptions, CGRect)] = [
                (.transitionCurlUp, CGRect(x: 30, y: 15, width: 67.5, height: 40)),
                ([.transitionCurlUp, .allowAnimatedContent], CGRect(x: 77.5, y: 5, width: 67.5, height: 40)),
            ]
            for (option, frame) in cases {
                UIView.transition(with: custom, duration: 6, options: option) {
                    custom.rightView.frame = frame
                    custom.leftView.isHidden = !custom.leftView.isHidden
                    custom.centerView.isHidden = !custom.centerView.isHidden
                } completion: {
                    log.completion("curl")($0)
                }
                let transition = try #require(custom.layer.animation(forKey: "transition") as? CATransition)
                #expect(transition.type.rawValue == "pageCurl")
                #expect(transition.subtype == nil)
                #expect(transition.duration == 6)
                #expect(custom.rightView.layer.animationKeys() != nil, "the frame change animates")
                #expect(custom.leftView.layer.animationKeys() == nil, "hidden is not animated")
                clock.advance(by: 6)
            }
            #expect(log.flags("curl") == [true, true])
            #expect(custom.drawCount == drawsBefore, "no drawRect during the transition")
        }
    }

    @Test("transition(from:to:) removes fromView and adds toView; showHideTransitionViews only hides and shows")
    func transitionFromTo() throws {
        try MediaClock.withManualTime { clock in
            let custom = RCCustomView(frame: CGRect(x: 200, y: 50, width: 150, height: 50))
            clock.advance(by: 0)
            let log = CompletionLog()
            UIView.transition(
                from: custom.leftView, to: custom.centerView, duration: 5, options: .showHideTransitionViews,
                completion: log.completion("showHide"))
            #expect(custom.leftView.superview === custom && custom.leftView.isHidden)
            #expect(!custom.centerView.isHidden)
            #expect(custom.removed.isEmpty && custom.added.isEmpty)
            #expect(custom.layer.animation(forKey: "transition") == nil, "no transition option, no transition")
            clock.advance(by: 1)
            #expect(log.flags("showHide") == [true])

            let detached = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            UIView.transition(
                from: custom.rightView, to: detached, duration: 5, options: .transitionFlipFromLeft,
                completion: log.completion("replace"))
            #expect(custom.rightView.superview == nil)
            #expect(detached.superview === custom)
            #expect(custom.removed.last === custom.rightView)
            #expect(custom.added.last === detached)
            #expect(custom.subviews.firstIndex { $0 === detached } == 1, "in the removed view's place")
            let flip = try #require(custom.layer.animation(forKey: "transition") as? CATransition)
            #expect(flip.type.rawValue == "oglFlip" && flip.subtype == .fromLeft)
            clock.advance(by: 5)
            #expect(log.flags("replace") == [true])
        }
    }

    @Test("nested spring: option 0 and overrideInheritedCurve|easeInOut spring; overrideInheritedOptions does not")
    func nestedSpring() throws {
        let cases: [(UIView.AnimationOptions, Bool, CAMediaTimingFunctionName?)] = [
            ([], true, nil),
            (.overrideInheritedOptions, false, .linear),
            ([.overrideInheritedCurve, .curveEaseInOut], true, nil),
            ([.overrideInheritedCurve, .curveEaseInOut, .overrideInheritedOptions], false, .easeInEaseOut),
        ]
        for (option, springs, curve) in cases {
            try MediaClock.withManualTime { clock in
                let testView = committedView(clock)
                let testOptionView = committedView(clock)
                UIView.animate(
                    withDuration: 5, delay: 0, usingSpringWithDamping: 0.2, initialSpringVelocity: 0.5, options: []
                ) {
                    testView.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
                    UIView.animate(withDuration: 1, delay: 0, options: option) {
                        testOptionView.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
                    }
                }
                let outer = try #require(testView.layer.animation(forKey: "position") as? CASpringAnimation)
                let inner = try #require(testOptionView.layer.animation(forKey: "position"))
                #expect((inner is CASpringAnimation) == springs, "options \(option.rawValue)")
                #expect(inner.duration == 5, "no overrideInheritedDuration: the outer 5 s")
                if let inner = inner as? CASpringAnimation {
                    #expect(inner.stiffness == outer.stiffness && inner.damping == outer.damping)
                    #expect(inner.initialVelocity == 0.5)
                }
                if let curve {
                    #expect(inner.timingFunction == CAMediaTimingFunction(name: curve))
                }
            }
        }
    }

    @Test("nested blocks do not inherit autoreverse or repeat")
    func nestedDoesNotInheritRepeat() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse]) {
                view.center = .zero
                UIView.animate(withDuration: 1, delay: 0, options: []) { view.alpha = 0 }
            }
            #expect(view.layer.animation(forKey: "position")?.autoreverses == true)
            #expect(view.layer.animation(forKey: "position")?.repeatCount == Float.greatestFiniteMagnitude)
            #expect(view.layer.animation(forKey: "opacity")?.autoreverses == false)
            #expect(view.layer.animation(forKey: "opacity")?.repeatCount == 0)
        }
    }

    @Test("preferredFramesPerSecond30: raw value 7 << 24, a 1/30 s frame interval, the same timing as the default")
    func preferredFramesPerSecond30() {
        #expect(UIView.AnimationOptions.preferredFramesPerSecond30.rawValue == 0x700_0000)
        #expect(UIView.AnimationOptions.preferredFramesPerSecond30.preferredFrameInterval == 1.0 / 30)
        #expect(UIView.AnimationOptions.preferredFramesPerSecond60.preferredFrameInterval == 1.0 / 60)
        var positions: [CGPoint] = []
        for option: UIView.AnimationOptions in [.preferredFramesPerSecond30, .preferredFramesPerSecondDefault] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock, frame: CGRect(x: 100, y: 50, width: 200, height: 100))
                let log = CompletionLog()
                UIView.animate(withDuration: 0.3, delay: 0, options: option) {
                    view.frame = CGRect(x: 250, y: 550, width: 200, height: 100)
                } completion: {
                    log.completion("move")($0)
                }
                clock.advance(by: 0.15)
                positions.append(view.shown.position)
                clock.advance(by: 0.15)
                #expect(log.flags("move") == [true])
            }
        }
        #expect(positions[0] == positions[1])
        #expect(isClose(positions[0], CGPoint(x: 275, y: 350), 1e-3))
    }

    /// Seed 002's keyframe block: alpha over all 5 s, frame in the first half, bounds 50 × 50 in 0.5…0.7, the frame
    /// again in 0.7…1. The block's default curve, ease-in-ease-out F = (0.42, 0, 0.58, 1), warps the whole 5 s
    /// (SPEC §11.6 as changed; see ``keyframeCurveBits()``): F(0.25) = 0.129162, F(0.6) = 0.668116,
    /// F(0.85) = 0.954790. The seed's own statements (alpha lasts 5 s, the first frame change 2.5 s) hold under it.
    @Test("keyframes eased as a whole: (176.751, 88.375) and alpha 0.8838 at 1.25 s; bounds 73.91 × 57.97 at 3 s")
    func keyframeSequence() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 100, y: 50, width: 200, height: 100))
            let log = CompletionLog()
            UIView.animateKeyframes(withDuration: 5, delay: 0, options: []) {
                view.alpha = 0.1
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    view.frame = CGRect(x: 10, y: 5, width: 200, height: 100)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.2) {
                    view.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.7, relativeDuration: 0.3) {
                    view.frame = CGRect(x: 250, y: 100, width: 200, height: 100)
                }
            } completion: {
                log.completion("keyframes")($0)
            }
            let position = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            #expect(position.keyTimes == [0, 0.5, 0.7, 1].map { NSNumber(value: $0) })
            #expect(position.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            let bounds = try #require(view.layer.animation(forKey: "bounds") as? CAKeyframeAnimation)
            #expect(bounds.keyTimes == [0, 0.5, 0.7, 1].map { NSNumber(value: $0) })
            clock.advance(by: 1.25)
            // x: 200 − 90 × F(0.25) / 0.5 = 176.751.
            #expect(isClose(view.shown.position, CGPoint(x: 176.7509, y: 88.3754), 1e-3))
            let alpha = CGFloat(view.shown.opacity)
            #expect(abs(alpha - 0.88375) < 1e-4, "alpha spans all 5 s: 1 − 0.9 × F(0.25)")
            clock.advance(to: 3)
            // width: 200 − 150 × (F(0.6) − 0.5) / 0.2 = 73.913.
            #expect(isClose(view.shown.bounds.size, CGSize(width: 73.9129, height: 57.9710), 1e-3))
            #expect(isClose(view.shown.position, CGPoint(x: 110, y: 55), 1e-6), "held between keyframes")
            clock.advance(to: 4.25)
            // width: 50 + 150 × (F(0.85) − 0.7) / 0.3 = 177.395; x: 110 + 240 × (F(0.85) − 0.7) / 0.3 = 313.832.
            #expect(isClose(view.shown.bounds.size, CGSize(width: 177.3949, height: 92.4650), 1e-3))
            #expect(isClose(view.shown.position, CGPoint(x: 313.8318, y: 135.6834), 1e-3))
            clock.advance(to: 5)
            #expect(log.flags("keyframes") == [true])
            #expect(view.shown.frame == CGRect(x: 250, y: 100, width: 200, height: 100))
        }
    }

    /// Evidence for the overall curve: public iOS code passes `AnimationOptions.curveLinear.rawValue` in keyframe
    /// options to get linear timing ("we need to have a linear animation curve, not the normal ease in ease out
    /// curve", in one project; the same bits in several others, such as full turns paced by keyframes), and
    /// StackOverflow 68056506 finds `animateKeyframes` eased as a whole by default.
    @Test("keyframe options with the curveLinear bits pace linearly: (155, 77.5) and alpha 0.775 at 1.25 s of 5")
    func keyframeCurveBits() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 100, y: 50, width: 200, height: 100))
            let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
            UIView.animateKeyframes(withDuration: 5, delay: 0, options: [.calculationModeLinear, linear]) {
                view.alpha = 0.1
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    view.frame = CGRect(x: 10, y: 5, width: 200, height: 100)
                }
            }
            let position = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            #expect(position.timingFunction == CAMediaTimingFunction(name: .linear))
            clock.advance(by: 1.25)
            #expect(isClose(view.shown.position, CGPoint(x: 155, y: 77.5), 1e-6), "half of the first keyframe")
            #expect(abs(CGFloat(view.shown.opacity) - 0.775) < 1e-5, "1 − 0.9 × 0.25")
        }
    }

    @Test("system delete: views end with transform (0.25, 0, 0, 0.25, 0, 0), alpha 0, removed at completion")
    func systemDelete() {
        MediaClock.withManualTime { clock in
            let custom = RCCustomView(frame: CGRect(x: 200, y: 50, width: 150, height: 50))
            let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            clock.advance(by: 0)
            let log = CompletionLog()
            let left = custom.leftView
            let right = custom.rightView
            UIView.perform(.delete, on: [left, right], options: [], animations: { other.alpha = 0.5 }) {
                log.completion("delete")($0)
            }
            #expect(left.transform == CGAffineTransform(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0))
            #expect(right.alpha == 0 && left.alpha == 0)
            #expect(left.superview === custom, "still there while animating")
            #expect(other.layer.animationKeys() == ["opacity"], "the parallel block animates the other view")
            clock.advance(by: 0.07)
            #expect(left.shown.affineTransform().a > 1, "it swells first")
            clock.advance(to: UIView.DeleteAnimation.duration)
            #expect(log.flags("delete") == [true])
            #expect(left.superview == nil && right.superview == nil)
            #expect(custom.subviews == [custom.centerView])
        }
    }

    @Test("performWithoutAnimation: an animate block inside applies the shear at once and completes with true")
    func performWithoutAnimation() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let log = CompletionLog()
            let shear = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)
            UIView.performWithoutAnimation {
                UIView.animate(withDuration: 1, delay: 0, options: []) {
                    view.transform = shear
                } completion: {
                    log.completion("inside")($0)
                }
                #expect(!UIView.areAnimationsEnabled)
            }
            #expect(UIView.areAnimationsEnabled)
            #expect(view.layer.animationKeys() == nil)
            clock.advance(by: 0)
            #expect(view.shown.affineTransform() == shear)
            #expect(log.flags("inside") == [true])
        }
    }

    @Test("setAnimationsEnabled(false) affects only later blocks: a delayed earlier animation still runs")
    func setAnimationsEnabledOnlyLater() {
        MediaClock.withManualTime { clock in
            let testOptionView = committedView(clock)
            let testView = committedView(clock, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let log = CompletionLog()
            var enabledInside: [Bool] = []
            UIView.animate(withDuration: 1, delay: 2, options: []) {
                testOptionView.alpha = 0.2
                enabledInside.append(UIView.areAnimationsEnabled)
            } completion: {
                log.completion("animation1")($0)
            }
            UIView.setAnimationsEnabled(false)
            defer { UIView.setAnimationsEnabled(true) }
            UIView.animate(withDuration: 1, delay: 0, options: []) {
                testView.frame = CGRect(x: 200, y: 70, width: 100, height: 120)
                enabledInside.append(UIView.areAnimationsEnabled)
            } completion: {
                log.completion("animation2")($0)
            }
            #expect(enabledInside == [true, false])
            #expect(testView.layer.animationKeys() == nil)
            clock.advance(by: 0)
            #expect(testView.shown.frame == CGRect(x: 200, y: 70, width: 100, height: 120))
            #expect(log.flags("animation2") == [true])
            clock.advance(to: 2.5)
            #expect(abs(testOptionView.shown.opacity - 0.6) < 1e-4, "ease-in-out half way from 1 to 0.2")
            clock.advance(to: 3)
            #expect(log.flags("animation1") == [true])
        }
    }

    @Test("note 5: animating bounds keeps the centre where it is (the seed's downward jump is not reproduced)")
    func boundsAnimationKeepsCenter() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            UIView.animate(withDuration: 1) { view.bounds = CGRect(x: 0, y: 0, width: 200, height: 50) }
            for _ in 0..<4 {
                clock.advance(by: 0.25)
                #expect(view.shown.position == CGPoint(x: 150, y: 150))
            }
        }
    }
}
