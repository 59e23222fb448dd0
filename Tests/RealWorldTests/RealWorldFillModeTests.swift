// Keeping an animation's end state the way much code does (`fillMode = .forwards` with
// `isRemovedOnCompletion = false`, the model left alone), the snap back without them, and `.backwards` covering a
// delayed start.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A red 20 × 20 square at (0, 0) of a committed 40 × 40 root, faded out over 0.5 s by an animation built by
/// `configure`, its model opacity left at 1.
func fadedSquare(_ clock: MediaClock, configure: (CABasicAnimation) -> Void) -> (root: CALayer, square: CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    square.backgroundColor = UIColor.red.cgColor
    root.addSublayer(square)
    clock.advance(by: 0)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.duration = 0.5
    configure(fade)
    square.add(fade, forKey: "fade")
    return (root, square)
}

@Suite("Real world: fill modes")
struct RealWorldFillModeTests {
    @Test("fillMode .forwards and isRemovedOnCompletion false keep the faded state after 0.5 s; the model stays 1")
    func forwardsKeepsTheEnd() throws {
        try MediaClock.withManualTime { clock in
            let observer = StopObserver()
            let (root, square) = fadedSquare(clock) { fade in
                fade.fillMode = .forwards
                fade.isRemovedOnCompletion = false
                fade.delegate = observer
            }
            clock.advance(to: 5)
            #expect(square.opacity == 1)
            #expect(square.animationKeys() == ["fade"])
            let held = try #require(square.presentation()).opacity
            #expect(held == 0)
            #expect(screen(root, width: 40, height: 40)[10, 10] == .clear)
            // The animation ended (finished) even though it stays attached.
            #expect(observer.log.entries.map(\.name) == ["finished"])
            #expect(isClose(observer.log.times("finished")[0], 0.5, 1e-9))
            // Removing it later shows the model again, and its delegate has already heard the end.
            square.removeAnimation(forKey: "fade")
            clock.advance(by: 0)
            #expect(screen(root, width: 40, height: 40)[10, 10] == .red)
        }
    }

    @Test("without them the square snaps back to its model opacity 1 after 0.5 s (the well-known jump back)")
    func removedSnapsBack() throws {
        try MediaClock.withManualTime { clock in
            let (root, square) = fadedSquare(clock) { _ in }
            clock.advance(to: 0.25)
            let halfway = try #require(square.presentation()).opacity
            #expect(isClose(CGFloat(halfway), 0.5, 1e-6))
            clock.advance(to: 0.5)
            #expect(square.animationKeys() == nil)
            #expect(screen(root, width: 40, height: 40)[10, 10] == .red)
        }
    }

    @Test("forwards without isRemovedOnCompletion = false: removed at the end, so the model shows anyway")
    func forwardsAloneDoesNotHold() {
        MediaClock.withManualTime { clock in
            let (root, square) = fadedSquare(clock) { fade in fade.fillMode = .forwards }
            clock.advance(to: 1)
            #expect(square.animationKeys() == nil)
            #expect(screen(root, width: 40, height: 40)[10, 10] == .red)
        }
    }

    @Test("a pop-in delayed 0.5 s: .backwards shows the start scale 0 during the delay, without it the model flashes")
    func backwardsCoversTheDelay() throws {
        try MediaClock.withManualTime { clock in
            for fillsBackwards in [true, false] {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                let badge = CALayer()
                badge.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                badge.backgroundColor = UIColor.blue.cgColor
                root.addSublayer(badge)
                let pop = CABasicAnimation(keyPath: "transform.scale")
                pop.fromValue = 0
                pop.toValue = 1
                pop.duration = 0.3
                pop.beginTime = CACurrentMediaTime() + 0.5
                if fillsBackwards { pop.fillMode = .backwards }
                badge.add(pop, forKey: "pop")
                let start = CACurrentMediaTime()
                clock.advance(by: 0)
                clock.advance(to: start + 0.25)
                let scale = try #require(badge.presentation()).transform.m11
                #expect(scale == (fillsBackwards ? 0 : 1), "backwards \(fillsBackwards)")
                let centre = screen(root, width: 40, height: 40)[20, 20]
                #expect(centre == (fillsBackwards ? .clear : .blue), "backwards \(fillsBackwards)")
                // Half-way through the pop both show scale 0.5.
                clock.advance(to: start + 0.65)
                let popping = try #require(badge.presentation()).transform.m11
                #expect(isClose(popping, 0.5, 1e-9))
            }
        }
    }
}
