// Frame-by-frame updates driven by `CADisplayLink`, as count-up labels and custom progress bars write them: the
// value follows `timestamp`, layer changes are wrapped in a transaction without actions (without it the implicit
// animation makes the bar lag), a lower frame rate, and stopping with `invalidate()`.
//
// Linux has no selectors: `CADisplayLink(target: self, selector: #selector(step))` is spelled with the method
// reference `CountUpLabel.step` here (Docs/Deviations.md).

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A label that counts from 0 to 100 in 1 s, one display frame at a time, and stops itself at the end.
final class CountUpLabel {
    let textLayer = CATextLayer()
    private var link: CADisplayLink?
    private var startTime: CFTimeInterval = 0
    private(set) var frames: [CFTimeInterval] = []

    func start() {
        startTime = CACurrentMediaTime()
        let link = CADisplayLink(target: self, selector: CountUpLabel.step)
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    func step(_ link: CADisplayLink) {
        frames.append(link.timestamp)
        let progress = min(1, (link.timestamp - startTime) / 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        textLayer.string = "\(Int((progress * 100).rounded()))"
        CATransaction.commit()
        if progress >= 1 {
            link.invalidate()
            self.link = nil
        }
    }
}

/// A bar whose fill width follows a display link, with or without disabling actions.
final class LinkDrivenBar {
    let track = CALayer()
    let fill = CALayer()
    var disablesActions: Bool
    private var link: CADisplayLink?
    private var startTime: CFTimeInterval = 0

    init(disablesActions: Bool) {
        self.disablesActions = disablesActions
        track.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        fill.anchorPoint = .zero
        fill.frame = CGRect(x: 0, y: 0, width: 0, height: 10)
        fill.backgroundColor = UIColor.blue.cgColor
        track.addSublayer(fill)
    }

    func start() {
        startTime = CACurrentMediaTime()
        let link = CADisplayLink(target: self, selector: LinkDrivenBar.step)
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    func step(_ link: CADisplayLink) {
        let width = CGFloat(min(1, (link.timestamp - startTime) / 2)) * 100
        if disablesActions {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
        }
        fill.bounds.size.width = width
        if disablesActions { CATransaction.commit() }
    }

    func stop() {
        link?.invalidate()
        link = nil
    }
}

@Suite("Real world: CADisplayLink-driven updates")
struct RealWorldDisplayLinkTests {
    @Test("a count-up label: \"50\" at 0.5 s (frame 30 of 60 Hz), \"100\" at 1 s, then the link stops itself")
    func countUpLabel() throws {
        try MediaClock.withManualTime { clock in
            let label = CountUpLabel()
            label.textLayer.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
            label.textLayer.fontSize = 20
            label.textLayer.foregroundColor = UIColor.black.cgColor
            clock.advance(by: 0)
            label.start()
            // Apple's CADisplayLink documentation: the target is called once per frame (60 Hz here) and `timestamp`
            // is the time of the frame shown last; `invalidate()` removes the link from every run loop.
            clock.advance(to: 0.5)
            #expect(label.textLayer.string as? String == "50")
            #expect(label.frames.count == 30 && isClose(label.frames.last ?? 0, 0.5, 1e-9))
            let shown = try #require(label.textLayer.presentation()?.string as? String)
            #expect(shown == "50")
            let fifty = try #require(screen(label.textLayer, width: 60, height: 30).inkBounds())
            clock.advance(to: 2)
            #expect(label.textLayer.string as? String == "100")
            #expect(label.frames.count == 60)
            // Three digits of the same font are half as wide again as two.
            let hundred = try #require(screen(label.textLayer, width: 60, height: 30).inkBounds())
            #expect(hundred.width > fifty.width * 1.3 && hundred.width < fifty.width * 1.7, "\(fifty) \(hundred)")
        }
    }

    @Test("a bar updated each frame inside a transaction without actions shows exactly its model: 50 wide at 1 s")
    func barWithoutActions() throws {
        try MediaClock.withManualTime { clock in
            let bar = LinkDrivenBar(disablesActions: true)
            clock.advance(by: 0)
            bar.start()
            clock.advance(to: 1)
            // Apple's CATransaction.setDisableActions: changes in the transaction start no implicit animation, so
            // the screen shows each frame's model value, 100 · (1 s / 2 s).
            #expect(bar.fill.animationKeys() == nil)
            let width = try #require(bar.fill.presentation()).bounds.width
            #expect(isClose(width, 50, 1e-9))
            let picture = screen(bar.track, width: 100, height: 10)
            #expect(picture[49, 5] == .blue && picture[50, 5] == .clear)
            bar.stop()
        }
    }

    @Test("the same bar without disabling actions lags: each frame starts a 0.25 s implicit animation behind it")
    func barWithImplicitLag() throws {
        try MediaClock.withManualTime { clock in
            let bar = LinkDrivenBar(disablesActions: false)
            clock.advance(by: 0)
            bar.start()
            clock.advance(to: 1)
            #expect(bar.fill.animationKeys() == ["bounds"])
            // The model is 50 wide. Each frame's change starts from the width on screen and gets 1/60 s of a 0.25 s
            // animation on the default curve, which covers 0.050199 of the gap: w ← w + (m − w) · 0.050199 while m
            // grows 100/120 a frame, so after 60 frames the bar shows 34.15. The default action animates from the
            // value on screen (SPEC §9, from seed 001's re-targeting), and each frame's animation replaces the last
            // under the same key.
            let width = try #require(bar.fill.presentation()).bounds.width
            #expect(bar.fill.bounds.width == 50)
            #expect(isClose(width, 34.15, 0.5), "\(width)")
            let picture = screen(bar.track, width: 100, height: 10)
            #expect(picture[33, 5] == .blue && picture[35, 5] == .clear)
            bar.stop()
        }
    }

    @Test("preferredFramesPerSecond 30: 30 callbacks in a second, 1/30 s apart; invalidate() stops them")
    func lowerFrameRate() {
        MediaClock.withManualTime { clock in
            var times: [CFTimeInterval] = []
            let link = CADisplayLink(handler: { times.append($0.timestamp) })
            // Apple's preferredFramesPerSecond: the link fires at that rate (a divisor of the 60 Hz display).
            link.preferredFramesPerSecond = 30
            link.add(to: .main, forMode: .common)
            clock.advance(to: 1)
            #expect(times.count == 30)
            #expect(zip(times, times.dropFirst()).allSatisfy { isClose($1 - $0, 1.0 / 30, 1e-9) })
            link.invalidate()
            clock.advance(to: 2)
            #expect(times.count == 30)
        }
    }
}
