// UIView animation as app code writes it without Auto Layout: a panel that expands when `layoutIfNeeded()` runs
// inside `UIView.animate` (its frames set in `layoutSubviews`), a delayed fade, a bouncy spring, keyframes, a
// sequence through completions, and a breathing `.repeat, .autoreverse` pulse.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A card whose detail panel is 40 or 120 points tall, laid out in `layoutSubviews` from `isExpanded`.
final class ExpandingCard: UIView {
    let detail = UIView()
    var isExpanded = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        detail.backgroundColor = .blue
        addSubview(detail)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        detail.frame = CGRect(x: 0, y: 0, width: bounds.width, height: isExpanded ? 120 : 40)
    }

    func toggle() {
        isExpanded.toggle()
        setNeedsLayout()
        UIView.animate(withDuration: 0.3) {
            self.layoutIfNeeded()
        }
    }
}

/// A committed white window of `size` points holding `views`.
func committedWindow(_ clock: MediaClock, width: CGFloat, height: CGFloat, _ views: UIView...) -> UIView {
    let window = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    window.backgroundColor = .white
    for view in views { window.addSubview(view) }
    window.layoutIfNeeded()
    clock.advance(by: 0)
    return window
}

@Suite("Real world: UIView animations")
struct RealWorldViewAnimationTests {
    @Test("an expanding card: layoutIfNeeded() inside animate grows the panel 40 → 120, 80 tall at 0.15 s of 0.3 s")
    func layoutIfNeededInsideAnimate() throws {
        try MediaClock.withManualTime { clock in
            let card = ExpandingCard(frame: CGRect(x: 0, y: 0, width: 60, height: 140))
            let window = committedWindow(clock, width: 60, height: 140, card)
            card.toggle()
            #expect(card.detail.frame.height == 120)
            clock.advance(to: 0.15)
            // Ease-in-ease-out is half-way at half the time: bounds height 80 about a centre y of 40.
            let shown = try #require(card.detail.layer.presentation())
            #expect(isClose(shown.bounds.height, 80, 1e-6) && isClose(shown.position.y, 40, 1e-6))
            let picture = screen(window.layer, width: 60, height: 140)
            #expect(picture[30, 78] == .blue && picture[30, 82] == .white)
            clock.advance(to: 0.31)
            #expect(screen(window.layer, width: 60, height: 140)[30, 118] == .blue)
        }
    }

    @Test("a fade delayed 0.2 s over 0.5 s, linear: alpha 1 during the delay, 0.5 at 0.45 s, completion at 0.7 s")
    func delayedFade() throws {
        try MediaClock.withManualTime { clock in
            let badge = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            badge.backgroundColor = .red
            let window = committedWindow(clock, width: 20, height: 20, badge)
            window.backgroundColor = nil
            clock.advance(by: 0)
            let log = EventLog()
            UIView.animate(
                withDuration: 0.5, delay: 0.2, options: .curveLinear, animations: { badge.alpha = 0 },
                completion: { finished in log.note(finished ? "finished" : "interrupted") })
            clock.advance(to: 0.1)
            #expect(try #require(badge.layer.presentation()).opacity == 1)
            clock.advance(to: 0.45)
            let opacity = try #require(badge.layer.presentation()).opacity
            #expect(isClose(CGFloat(opacity), 0.5, 1e-6))
            #expect(
                screen(window.layer, width: 20, height: 20)[10, 10].isClose(
                    to: .premultiplied(red: 1, green: 0, blue: 0, opacity: 0.5)))
            clock.advance(to: 1)
            #expect(log.times("finished") == [0.7])
        }
    }

    @Test(
        "a spring of 0.5 s, damping 0.7: the view overshoots its 100-point move to 103.99 at 0.2 s and rests at 100"
    )
    func bouncySpring() throws {
        try MediaClock.withManualTime { clock in
            let ball = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            ball.backgroundColor = .red
            let window = committedWindow(clock, width: 130, height: 10, ball)
            UIView.animate(
                withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: [],
                animations: { ball.center.x += 100 })
            // UIKit fits ω to the duration (ω = 19.679293 for 0.5 s and ζ 0.7): the unit response is 0.714647 at
            // 0.1 s and 1.039903 at 0.2 s.
            clock.advance(to: 0.1)
            var x = try #require(ball.layer.presentation()).position.x
            #expect(isClose(x, 5 + 71.4647, 0.01))
            clock.advance(to: 0.2)
            x = try #require(ball.layer.presentation()).position.x
            #expect(isClose(x, 5 + 103.9903, 0.01))
            // Past the target: the ball's right edge is beyond 110.
            #expect(screen(window.layer, width: 130, height: 10)[112, 5] == .red)
            clock.advance(to: 0.6)
            x = try #require(ball.layer.presentation()).position.x
            #expect(x == 105)
        }
    }

    @Test(
        "keyframes over 2 s: right 100 in the first half, then down 60; at 1 s it is at (100 + 5, 5), at 2 s (105, 65)")
    func keyframes() throws {
        try MediaClock.withManualTime { clock in
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            dot.backgroundColor = .blue
            let window = committedWindow(clock, width: 120, height: 80, dot)
            UIView.animateKeyframes(
                withDuration: 2, delay: 0, options: [],
                animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { dot.center.x = 105 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { dot.center.y = 65 }
                })
            clock.advance(to: 1)
            var centre = try #require(dot.layer.presentation()).position
            #expect(isClose(centre, CGPoint(x: 105, y: 5), 1e-6))
            #expect(screen(window.layer, width: 120, height: 80)[104, 4] == .blue)
            clock.advance(to: 2.01)
            centre = try #require(dot.layer.presentation()).position
            #expect(centre == CGPoint(x: 105, y: 65))
        }
    }

    @Test("a sequence through completions: move 0.4 s, then fade 0.4 s from the end of the move; gone at 0.8 s")
    func sequenceThroughCompletions() throws {
        try MediaClock.withManualTime { clock in
            let toast = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            toast.backgroundColor = .red
            let window = committedWindow(clock, width: 100, height: 20, toast)
            window.backgroundColor = nil
            clock.advance(by: 0)
            UIView.animate(withDuration: 0.4, animations: { toast.frame.origin.x = 60 }) { _ in
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { toast.alpha = 0 })
            }
            clock.advance(to: 0.6)
            let shown = try #require(toast.layer.presentation())
            #expect(isClose(shown.position.x, 80, 1e-9))
            #expect(isClose(CGFloat(shown.opacity), 0.5, 1e-6))
            clock.advance(to: 0.81)
            #expect(screen(window.layer, width: 100, height: 20).inkBounds() == nil)
        }
    }

    @Test("a breathing pulse [.repeat, .autoreverse] of 1 s from alpha 1 to 0.3: 0.65 at 0.5 s and again at 1.5 s")
    func breathingPulse() throws {
        try MediaClock.withManualTime { clock in
            let light = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            light.backgroundColor = .blue
            _ = committedWindow(clock, width: 10, height: 10, light)
            UIView.animate(
                withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { light.alpha = 0.3 })
            for time in [0.5, 1.5, 10.5] {
                clock.advance(to: time)
                let opacity = try #require(light.layer.presentation()).opacity
                #expect(isClose(CGFloat(opacity), 0.65, 1e-5), "at \(time) s")
            }
            clock.advance(to: 11)
            let back = try #require(light.layer.presentation()).opacity
            #expect(isClose(CGFloat(back), 0.3, 1e-5))
        }
    }
}
