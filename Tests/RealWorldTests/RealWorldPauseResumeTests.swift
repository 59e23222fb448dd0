// Pausing and resuming a layer tree with `speed` and `timeOffset`, exactly as Apple's Technical Q&A QA1673 does it
// (and as countless "pause animation" helpers copy it), and slowing a tree down with `speed`.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// QA1673's pause: the layer's current time becomes its offset and its clock stops.
func pauseLayer(_ layer: CALayer) {
    let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
    layer.speed = 0
    layer.timeOffset = pausedTime
}

/// QA1673's resume: the clock runs again from where it stopped, by starting the layer later.
func resumeLayer(_ layer: CALayer) {
    let pausedTime = layer.timeOffset
    layer.speed = 1
    layer.timeOffset = 0
    layer.beginTime = 0
    let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
    layer.beginTime = timeSincePause
}

/// Notes when animations stop.
final class StopObserver: NSObject, CAAnimationDelegate {
    let log = EventLog()

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.note(flag ? "finished" : "removed")
    }
}

/// A root with a red 10 × 10 square moving linearly from x 10 to 110 over 1 s from time 0.
func movingSquare(_ clock: MediaClock, delegate: CAAnimationDelegate? = nil) -> (root: CALayer, square: CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 130, height: 10)
    let square = CALayer()
    square.frame = CGRect(x: 5, y: 0, width: 10, height: 10)
    square.backgroundColor = UIColor.red.cgColor
    root.addSublayer(square)
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 10
    move.toValue = 110
    move.duration = 1
    move.delegate = delegate
    square.position.x = 110
    square.add(move, forKey: "move")
    clock.advance(by: 0)
    return (root, square)
}

@Suite("Real world: pause and resume (QA1673)")
struct RealWorldPauseResumeTests {
    @Test("paused at 0.4 s the square stays at x 50 (same picture at 0.5 s and 3 s), its animation still attached")
    func pauseHolds() throws {
        try MediaClock.withManualTime { clock in
            let (root, square) = movingSquare(clock)
            clock.advance(to: 0.4)
            pauseLayer(square)
            clock.advance(to: 0.5)
            let early = screen(root, width: 130, height: 10)
            clock.advance(to: 3)
            let x = try #require(square.presentation()).position.x
            #expect(isClose(x, 50, 1e-9))
            let late = screen(root, width: 130, height: 10)
            #expect(late[49, 5] == .red && late[56, 5] == .clear && late[44, 5] == .clear)
            #expect((0..<130).allSatisfy { early[$0, 5] == late[$0, 5] })
            #expect(square.animation(forKey: "move") != nil)
        }
    }

    @Test("resumed at 3 s it continues from x 50: 80 at 3.3 s, finished at 3.6 s (delegate), at its model 110 after")
    func resumeContinues() throws {
        try MediaClock.withManualTime { clock in
            let observer = StopObserver()
            let (root, square) = movingSquare(clock, delegate: observer)
            clock.advance(to: 0.4)
            pauseLayer(square)
            clock.advance(to: 3)
            resumeLayer(square)
            // beginTime = 3 − 0.4 = 2.6, so the layer's time at 3.3 s is 0.7.
            #expect(isClose(square.beginTime, 2.6, 1e-9))
            clock.advance(to: 3.3)
            let x = try #require(square.presentation()).position.x
            #expect(isClose(x, 80, 1e-9))
            #expect(screen(root, width: 130, height: 10)[79, 5] == .red)
            clock.advance(to: 4)
            #expect(observer.log.entries.map(\.name) == ["finished"])
            #expect(isClose(observer.log.times("finished")[0], 3.6, 1e-9))
            #expect(screen(root, width: 130, height: 10)[109, 5] == .red)
        }
    }

    @Test("pausing a container freezes what its sublayers do: a spinner inside stays a quarter turned")
    func pauseFreezesTheSubtree() throws {
        try MediaClock.withManualTime { clock in
            let container = CALayer()
            container.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let spinner = CALayer()
            spinner.frame = container.bounds
            let notch = CALayer()
            notch.frame = CGRect(x: 16, y: 0, width: 8, height: 8)
            notch.backgroundColor = UIColor.blue.cgColor
            spinner.addSublayer(notch)
            container.addSublayer(spinner)
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 2 * CGFloat.pi
            turn.duration = 1
            turn.repeatCount = .infinity
            spinner.add(turn, forKey: "turn")
            clock.advance(by: 0)
            clock.advance(to: 0.25)
            pauseLayer(container)
            clock.advance(to: 7.6)
            let angle = rotationAngle(try #require(spinner.presentation()).transform)
            #expect(isClose(angle, .pi / 2, 1e-9))
            let picture = screen(container, width: 40, height: 40)
            #expect(picture[36, 20] == .blue && picture[20, 4] == .clear)
        }
    }

    @Test("pause, resume, pause again: the second pause at 3.2 s holds x 70 (0.4 s + 0.2 s of the 1 s move)")
    func pauseTwice() throws {
        try MediaClock.withManualTime { clock in
            let (_, square) = movingSquare(clock)
            clock.advance(to: 0.4)
            pauseLayer(square)
            clock.advance(to: 3)
            resumeLayer(square)
            clock.advance(to: 3.2)
            pauseLayer(square)
            clock.advance(to: 9)
            let x = try #require(square.presentation()).position.x
            #expect(isClose(x, 70, 1e-9))
        }
    }

    @Test("a tree slowed to speed 0.5 plays a 1 s move in 2 s: x 60 at 1 s, finished at 2 s")
    func slowMotion() throws {
        try MediaClock.withManualTime { clock in
            let observer = StopObserver()
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 130, height: 10)
            root.speed = 0.5
            let square = CALayer()
            square.frame = CGRect(x: 5, y: 0, width: 10, height: 10)
            root.addSublayer(square)
            clock.advance(by: 0)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 110
            move.duration = 1
            move.delegate = observer
            square.add(move, forKey: "move")
            clock.advance(to: 1)
            let x = try #require(square.presentation()).position.x
            #expect(isClose(x, 60, 1e-9))
            clock.advance(to: 3)
            #expect(observer.log.times("finished") == [2])
        }
    }
}
