import Foundation
import Testing

@testable import PortableUIKit

@MainActor
@Suite("UIViewPropertyAnimator")
struct UIViewPropertyAnimatorTests {
    @Test("scrubbed to 0.25, run 0.25 s, reversed, stopped at 0.4 and finished at .current: alpha 0.75, 0.5, 0.6")
    func scrubReverseFinishAtCurrent() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { positions.append($0) }
            #expect(animator.state == .inactive)
            animator.fractionComplete = 0.25
            #expect(animator.state == .active && !animator.isRunning)
            #expect(view.alpha == 0, "the model holds the end value")
            clock.advance(by: 0)
            #expect(abs(view.shown.opacity - 0.75) < 1e-6)
            animator.startAnimation()
            #expect(animator.isRunning)
            clock.advance(by: 0.25)
            #expect(abs(animator.fractionComplete - 0.5) < 1e-8)
            #expect(abs(view.shown.opacity - 0.5) < 1e-6)
            animator.isReversed = true
            clock.advance(by: 0.1)
            #expect(abs(animator.fractionComplete - 0.4) < 1e-8)
            #expect(abs(view.shown.opacity - 0.6) < 1e-6)
            animator.stopAnimation(false)
            #expect(animator.state == .stopped && !animator.isRunning)
            #expect(abs(view.alpha - 0.6) < 1e-6, "the model takes the value on screen")
            clock.advance(by: 0)
            #expect(abs(view.shown.opacity - 0.6) < 1e-6)
            #expect(positions.isEmpty)
            animator.finishAnimation(at: .current)
            #expect(positions == [.current])
            #expect(animator.state == .inactive)
            clock.advance(by: 1)
            #expect(abs(view.shown.opacity - 0.6) < 1e-6)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test("scrubsLinearly: fraction 0.25 of ease-in-out shows 0.75; without it 1 − F(0.25) = 0.870838")
    func scrubsLinearly() {
        for (linear, expected) in [(true, 0.75), (false, 1 - 0.129162)] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock)
                let animator = UIViewPropertyAnimator(duration: 2, curve: .easeInOut) { view.alpha = 0 }
                animator.scrubsLinearly = linear
                animator.pauseAnimation()
                animator.fractionComplete = 0.25
                clock.advance(by: 0)
                #expect(abs(Double(view.shown.opacity) - expected) < 1e-5)
                animator.startAnimation()
                clock.advance(by: 0)
                #expect(abs(Double(view.shown.opacity) - expected) < 1e-4, "resuming does not jump")
                if linear {
                    #expect(animator.fractionComplete > 0.25, "the fraction moves to where the curve shows 0.25")
                }
            }
        }
    }

    @Test("running forwards with ease-in-out: F(0.5) = 0.5 at 1 of 2 s; finishes at 2 s with .end, inactive")
    func runsToEnd() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: -50, y: -50, width: 100, height: 100))
            var positions: [(UIViewAnimatingPosition, Double)] = []
            let animator = UIViewPropertyAnimator(duration: 2, curve: .easeInOut) {
                view.center = CGPoint(x: 100, y: 0)
            }
            animator.addCompletion { positions.append(($0, CACurrentMediaTime())) }
            animator.startAnimation()
            clock.advance(by: 1)
            #expect(abs(view.shown.position.x - 50) < 1e-3)
            clock.advance(by: 1)
            #expect(positions.count == 1 && positions.first?.0 == .end && positions.first?.1 == 2)
            #expect(animator.state == .inactive)
            #expect(view.shown.position.x == 100)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test("reversed from the start of a paused animator runs back to the start: .start, model back to 1")
    func reversedEndsAtStart() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { positions.append($0) }
            animator.startAnimation()
            clock.advance(by: 0.75)
            animator.isReversed = true
            clock.advance(by: 0.5)
            #expect(abs(view.shown.opacity - 0.75) < 1e-6)
            clock.advance(by: 0.25)
            #expect(positions == [.start])
            #expect(view.alpha == 1)
            #expect(view.shown.opacity == 1)
        }
    }

    @Test("pausesOnCompletion: stays active at 1 without completion, then can run back to .start")
    func pausesOnCompletion() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.pausesOnCompletion = true
            animator.addCompletion { positions.append($0) }
            animator.startAnimation()
            clock.advance(by: 2)
            #expect(animator.state == .active && !animator.isRunning)
            #expect(animator.fractionComplete == 1)
            #expect(view.shown.opacity == 0)
            #expect(positions.isEmpty)
            animator.isReversed = true
            animator.startAnimation()
            clock.advance(by: 0.5)
            #expect(abs(view.shown.opacity - 0.5) < 1e-6)
            animator.pausesOnCompletion = false
            clock.advance(by: 0.5)
            #expect(positions == [.start])
        }
    }

    @Test("addAnimations(delayFactor: 0.5) at half time: starts at 0.75 s, half way at 0.875 s, done at 1 s")
    func addAnimationsWithDelayFactor() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            let other = committedView(clock)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.startAnimation()
            clock.advance(by: 0.5)
            animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
            clock.advance(by: 0)
            #expect(other.shown.opacity == 1)
            clock.advance(to: 0.875)
            #expect(abs(other.shown.opacity - 0.5) < 1e-6)
            #expect(abs(view.shown.opacity - 0.125) < 1e-4)
            clock.advance(to: 1)
            #expect(other.shown.opacity == 0 && animator.state == .inactive)
        }
    }

    @Test("stopAnimation(true) goes straight to inactive, keeps the values on screen and drops the completions")
    func stopWithoutFinishing() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var called = false
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { _ in called = true }
            animator.startAnimation()
            clock.advance(by: 0.3)
            animator.stopAnimation(true)
            #expect(animator.state == .inactive)
            #expect(abs(view.alpha - 0.7) < 1e-4, "the linear curve is solved to Core Animation's 1e-5")
            clock.advance(by: 2)
            #expect(!called)
            #expect(abs(view.shown.opacity - 0.7) < 1e-4)
        }
    }

    @Test("finishAnimation(at: .start) and .end after a stop set the start (1) or end (0) values")
    func finishAtStartOrEnd() {
        for (position, expected): (UIViewAnimatingPosition, CGFloat) in [(.start, 1), (.end, 0)] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock)
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
                var reported: UIViewAnimatingPosition?
                animator.addCompletion { reported = $0 }
                animator.startAnimation()
                clock.advance(by: 0.5)
                animator.stopAnimation(false)
                animator.finishAnimation(at: position)
                #expect(reported == position)
                #expect(view.alpha == expected)
                clock.advance(by: 0)
                #expect(CGFloat(view.shown.opacity) == expected)
            }
        }
    }

    @Test("continueAnimation(durationFactor: 2) from a pause at 0.5 of 1 s finishes 1 s later")
    func continueWithDurationFactor() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(by: 0.5)
            animator.pauseAnimation()
            clock.advance(by: 3)
            #expect(abs(animator.fractionComplete - 0.5) < 1e-8)
            animator.continueAnimation(
                withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
            clock.advance(by: 0.5)
            #expect(abs(view.shown.opacity - 0.25) < 1e-6)
            clock.advance(by: 0.5)
            #expect(end == 4.5)
        }
    }

    @Test("runningPropertyAnimator starts at once after its delay and completes with .end")
    func runningPropertyAnimator() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 }
            ) { positions.append($0) }
            #expect(animator.state == .active && animator.isRunning)
            #expect(animator.delay == 0.5)
            clock.advance(by: 0.25)
            #expect(view.shown.opacity == 1, "waiting for the delay")
            clock.advance(to: 1)
            #expect(abs(view.shown.opacity - 0.5) < 1e-6)
            clock.advance(to: 1.5)
            #expect(positions == [.end])
        }
    }

    @Test("a damping-ratio spring is fitted to the duration: 0.5 s, ζ 0.7 reaches 71.4647 of 100 points at 0.1 s")
    func dampingRatioSpring() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: -50, y: -50, width: 100, height: 100))
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.7) {
                view.center = CGPoint(x: 100, y: 0)
            }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(by: 0.1)
            #expect(abs(view.shown.position.x - 71.4647) < 1e-3)
            clock.advance(to: 1)
            #expect(end == 0.5)
        }
    }

    @Test("a mass/stiffness/damping spring lasts its settling time: (1, 100, 10) ends at 1.4727003 s")
    func physicalSpringLastsUntilSettled() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock)
            var end: Double?
            let spring = UISpringTimingParameters(
                mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0))
            let animator = UIViewPropertyAnimator(duration: 0.1, timingParameters: spring)
            animator.addAnimations { view.alpha = 0 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(by: 0.1)
            #expect(abs(Double(view.shown.opacity) - (1 - 0.340300)) < 1e-5)
            clock.advance(to: 2)
            #expect(abs((end ?? 0) - 1.4727003) < 1e-6)
        }
    }
}

@MainActor
@Suite("UIViewPropertyAnimator edge cases")
struct UIViewPropertyAnimatorEdgeTests {
    @Test("a NaN or 0 duration finishes with .end on the next turn, the view at its end value 0")
    func zeroDuration() {
        for duration in [0, Double.nan] {
            MediaClock.withManualTime { clock in
                let view = committedView(clock)
                var positions: [UIViewAnimatingPosition] = []
                let animator = UIViewPropertyAnimator(duration: duration, curve: .linear) { view.alpha = 0 }
                #expect(animator.duration == 0)
                animator.addCompletion { positions.append($0) }
                animator.startAnimation()
                clock.advance(by: 0)
                #expect(positions == [.end])
                #expect(view.shown.opacity == 0)
            }
        }
    }

    @Test("an animator whose animations change nothing still completes, at 1 s with .end")
    func nothingToAnimate() {
        MediaClock.withManualTime { clock in
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn)
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(by: 2)
            #expect(end == 1)
            #expect(animator.state == .inactive)
        }
    }

    @Test("a copy has the duration and timing but no animations; it starts inactive")
    func copying() throws {
        let animator = UIViewPropertyAnimator(duration: 3, dampingRatio: 0.5)
        animator.pausesOnCompletion = true
        let copy = try #require(animator.copy() as? UIViewPropertyAnimator)
        #expect(copy !== animator && copy.duration == 3 && copy.pausesOnCompletion)
        #expect(copy.timingParameters?.timingCurveType == .spring && copy.state == .inactive)
    }
}

@Suite("Timing parameters")
struct TimingParametersTests {
    @Test("cubic parameters: named curves report Apple's control points, custom ones are .cubic")
    func cubicParameters() {
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        #expect(easeIn.controlPoint1 == CGPoint(x: CGFloat(Float(0.42)), y: 0))
        #expect(easeIn.controlPoint2 == CGPoint(x: 1, y: 1))
        #expect(easeIn.timingCurveType == .builtin)
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        let custom = UICubicTimingParameters(
            controlPoint1: CGPoint(x: 0.1, y: 0.9), controlPoint2: CGPoint(x: 0.2, y: 1))
        #expect(custom.timingCurveType == .cubic)
        #expect(custom.cubicTimingParameters === custom && custom.springTimingParameters == nil)
        #expect(custom.timingFunction == CAMediaTimingFunction(controlPoints: 0.1, 0.9, 0.2, 1))
    }

    @Test("spring parameters: default (3, 1000, 500), perceptual (0.5, 0.3) → stiffness 157.913670, damping 17.592919")
    func springParameters() {
        let standard = UISpringTimingParameters()
        guard case .physical(let spring) = standard.form else {
            Issue.record("the default spring is physical")
            return
        }
        #expect(spring.mass == 3 && spring.stiffness == 1000 && spring.damping == 500)
        #expect(standard.timingCurveType == .spring && standard.springTimingParameters === standard)
        let perceptual = UISpringTimingParameters(duration: 0.5, bounce: 0.3)
        let (solution, length) = perceptual.spring(forDuration: 9)
        #expect(abs(solution.stiffness - 157.913670) < 1e-5 && abs(solution.damping - 17.592919) < 1e-5)
        #expect(abs(length - 0.862955) < 1e-5)
        let ratio = UISpringTimingParameters(dampingRatio: 0.5, initialVelocity: CGVector(dx: 0, dy: 0))
        let fitted = ratio.spring(forDuration: 1)
        #expect(abs(fitted.spring.stiffness - 161.719502) < 1e-5 && fitted.duration == 1)
    }

    @Test("pacing inverse: the ease-in-out curve shows 0.25 at fraction 0.3449 (F⁻¹), linear at 0.25")
    func pacingInverse() {
        let easeInOut = AnimatorPacing.cubic(CAMediaTimingFunction(name: .easeInEaseOut))
        let u = easeInOut.fraction(forProgress: 0.25, duration: 1)
        #expect(abs(easeInOut.progress(atFraction: u, duration: 1) - 0.25) < 1e-6)
        let linear = AnimatorPacing.cubic(CAMediaTimingFunction(name: .linear))
        #expect(abs(linear.fraction(forProgress: 0.25, duration: 1) - 0.25) < 1e-6)
        #expect(linear.fraction(forProgress: -1, duration: 1) == 0)
        #expect(linear.fraction(forProgress: 2, duration: 1) == 1)
    }
}
