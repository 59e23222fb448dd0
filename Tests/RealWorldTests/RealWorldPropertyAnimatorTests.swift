// `UIViewPropertyAnimator` as interactive transitions and pull-to-dismiss gestures drive it: paused and scrubbed
// with `fractionComplete`, continued to the end, reversed back to the start, started after a delay.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A 10 × 10 red view at x 0 … 10 in a committed 120 × 10 window.
func committedSlider(_ clock: MediaClock) -> (window: UIView, knob: UIView) {
    let knob = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    knob.backgroundColor = .red
    let window = committedWindow(clock, width: 120, height: 10, knob)
    return (window, knob)
}

@Suite("Real world: UIViewPropertyAnimator scrubbing")
struct RealWorldPropertyAnimatorTests {
    @Test("paused and scrubbed to 0.3 the knob shows 30 % of its 100-point move, linearly despite ease-in-out")
    func scrubbing() throws {
        try MediaClock.withManualTime { clock in
            let (window, knob) = committedSlider(clock)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { knob.center.x = 105 }
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
            clock.advance(to: 0.5)
            // scrubsLinearly is true by default (Apple's documentation of the property).
            #expect(animator.state == .active && !animator.isRunning)
            let x = try #require(knob.layer.presentation()).position.x
            #expect(isClose(x, 35, 1e-6))
            let picture = screen(window.layer, width: 120, height: 10)
            #expect(picture[31, 5] == .red && picture[29, 5] == .white && picture[41, 5] == .white)
        }
    }

    @Test("scrubbed to 0.4 and continued: it ends at the model after the remaining time, completion at .end")
    func continueAfterScrubbing() throws {
        try MediaClock.withManualTime { clock in
            let (_, knob) = committedSlider(clock)
            var ended: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { knob.center.x = 105 }
            animator.addCompletion { ended = $0 }
            animator.pauseAnimation()
            animator.fractionComplete = 0.4
            clock.advance(to: 1)
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            // A duration factor of 0 keeps the remaining time of the original duration (Apple's documentation of
            // continueAnimation(withTimingParameters:durationFactor:)): on the linear curve the remaining 60 % take
            // 0.6 s, so at 1.3 s the knob is at 0.7 of the move, x 75, and it arrives at 1.6 s.
            clock.advance(to: 1.3)
            let x = try #require(knob.layer.presentation()).position.x
            #expect(isClose(x, 75, 0.01))
            clock.advance(to: 1.7)
            #expect(ended == .end)
            #expect(knob.center.x == 105 && animator.state == .inactive)
        }
    }

    @Test("a cancelled dismissal: scrubbed to 0.6, reversed and continued, the knob goes back and finishes at .start")
    func reverseToStart() throws {
        try MediaClock.withManualTime { clock in
            let (window, knob) = committedSlider(clock)
            var ended: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { knob.center.x = 105 }
            animator.addCompletion { ended = $0 }
            animator.pauseAnimation()
            animator.fractionComplete = 0.6
            clock.advance(to: 0.2)
            animator.isReversed = true
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            clock.advance(to: 0.5)
            // Back from 65 at 100 points a second: 35 at 0.5 s, at 5 by 0.8 s. An animator that finishes at .start
            // leaves the properties at their start values (Apple's documentation of UIViewAnimatingPosition.start).
            let x = try #require(knob.layer.presentation()).position.x
            #expect(isClose(x, 35, 0.01))
            clock.advance(to: 1)
            #expect(ended == .start)
            #expect(knob.center.x == 5)
            #expect(screen(window.layer, width: 120, height: 10)[5, 5] == .red)
        }
    }

    @Test("startAnimation(afterDelay: 0.5): still at 5 at 0.4 s, half-way (55) at 1 s on the linear curve")
    func delayedStart() throws {
        try MediaClock.withManualTime { clock in
            let (_, knob) = committedSlider(clock)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { knob.center.x = 105 }
            // Apple's startAnimation(afterDelay:): the animations begin after the delay; the view stays put until
            // then.
            animator.startAnimation(afterDelay: 0.5)
            clock.advance(to: 0.4)
            var x = try #require(knob.layer.presentation()).position.x
            #expect(x == 5)
            clock.advance(to: 1)
            x = try #require(knob.layer.presentation()).position.x
            #expect(isClose(x, 55, 1e-6))
            #expect(isClose(animator.fractionComplete, 0.5, 1e-6))
        }
    }
}
