// `CATransaction` completion chains as apps write them: a completion set before the animations it waits for, set
// too late (the common mistake: it then runs at once), nested transactions, a chain whose next step is an implicit
// change made inside the completion, and transaction-wide duration and timing for implicit animations.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// Completion calls in the order they came, with the media time of each.
final class EventLog {
    private(set) var entries: [(name: String, time: CFTimeInterval)] = []

    func note(_ name: String) {
        entries.append((name, CACurrentMediaTime()))
    }

    /// The times `name` was noted at.
    func times(_ name: String) -> [CFTimeInterval] {
        entries.filter { $0.name == name }.map(\.time)
    }
}

/// A committed 20 × 20 red square at (0, 0) in a 200 × 40 root.
func committedSquare(_ clock: MediaClock) -> (root: CALayer, square: CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    square.backgroundColor = UIColor.red.cgColor
    root.addSublayer(square)
    clock.advance(by: 0)
    return (root, square)
}

/// A 1 s move of `layer`'s x from 10 to 110 (the model set to the end first, as careful code does).
func slide(_ layer: CALayer, duration: CFTimeInterval = 1) {
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 10
    move.toValue = 110
    move.duration = duration
    layer.position.x = 110
    layer.add(move, forKey: "slide")
}

@Suite("Real world: CATransaction completion chains")
struct RealWorldTransactionTests {
    @Test("a completion set before adding a 1 s animation runs once, at 1 s, when the layer rests at its model")
    func completionWaitsForTheAnimation() throws {
        try MediaClock.withManualTime { clock in
            let (root, square) = committedSquare(clock)
            let log = EventLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.note("done") }
            slide(square)
            CATransaction.commit()
            clock.advance(to: 0.99)
            #expect(log.times("done").isEmpty)
            let moving = try #require(square.presentation()).position.x
            #expect(isClose(moving, 109, 1e-9))
            clock.advance(to: 2)
            #expect(log.times("done") == [1])
            #expect(square.animationKeys() == nil)
            #expect(screen(root, width: 200, height: 40)[110, 10] == .red)
        }
    }

    @Test("a completion set after the animation was added does not wait for it: it runs on the next turn, at 0 s")
    func completionSetTooLate() {
        MediaClock.withManualTime { clock in
            let (_, square) = committedSquare(clock)
            let log = EventLog()
            // Apple: the block waits for the animations added *after* it was set; with none it runs at once.
            CATransaction.begin()
            slide(square)
            CATransaction.setCompletionBlock { log.note("done") }
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(log.times("done") == [0])
            #expect(square.animation(forKey: "slide") != nil)
        }
    }

    @Test("nested: the inner completion waits for its 0.5 s animation, the outer one for everything, until 1 s")
    func nestedTransactions() {
        MediaClock.withManualTime { clock in
            let (root, first) = committedSquare(clock)
            let second = CALayer()
            second.frame = CGRect(x: 0, y: 20, width: 20, height: 20)
            root.addSublayer(second)
            clock.advance(by: 0)
            let log = EventLog()
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.note("outer") }
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.note("inner") }
            slide(first, duration: 0.5)
            CATransaction.commit()
            slide(second, duration: 1)
            CATransaction.commit()
            clock.advance(to: 3)
            #expect(log.times("inner") == [0.5])
            #expect(log.times("outer") == [1])
            #expect(log.entries.map(\.name) == ["inner", "outer"])
        }
    }

    @Test(
        "a chain: slide for 0.5 s, then fade in the completion; the change there animates 0.25 s on the default curve"
    )
    func completionStartsTheNextStep() throws {
        try MediaClock.withManualTime { clock in
            let (root, square) = committedSquare(clock)
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            CATransaction.setCompletionBlock {
                // The transaction is over: this implicit change gets the defaults, 0.25 s on (0.25, 0.1, 0.25, 1).
                square.opacity = 0
            }
            slide(square, duration: 0.5)
            CATransaction.commit()
            clock.advance(to: 0.625)
            let shown = try #require(square.presentation())
            #expect(isClose(shown.position.x, 110, 1e-9))
            // Half-way through the fade: 1 − 0.802403.
            #expect(isClose(CGFloat(shown.opacity), 0.197597, 1e-4))
            let picture = screen(root, width: 200, height: 40)
            #expect(picture[110, 10].isClose(to: .premultiplied(red: 1, green: 0, blue: 0, opacity: 0.197597)))
            clock.advance(to: 0.76)
            #expect(square.animationKeys() == nil)
            #expect(screen(root, width: 200, height: 40)[110, 10] == .clear)
        }
    }

    @Test("transaction duration 2 s and linear timing for an implicit move: x 50 at 1 s, completion at 2 s")
    func transactionSettingsForImplicitAnimations() throws {
        try MediaClock.withManualTime { clock in
            let (_, square) = committedSquare(clock)
            let log = EventLog()
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setCompletionBlock { log.note("moved") }
            square.position = CGPoint(x: 90, y: 10)
            CATransaction.commit()
            clock.advance(to: 1)
            let x = try #require(square.presentation()).position.x
            #expect(isClose(x, 50, 1e-9))
            clock.advance(to: 3)
            #expect(log.times("moved") == [2])
        }
    }

    @Test("actions disabled: the change shows at once and the completion runs on the next turn")
    func disabledActionsCompleteAtOnce() throws {
        try MediaClock.withManualTime { clock in
            let (root, square) = committedSquare(clock)
            let log = EventLog()
            clock.advance(to: 0.5)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock { log.note("done") }
            square.position = CGPoint(x: 150, y: 10)
            CATransaction.commit()
            clock.advance(by: 0)
            #expect(log.times("done") == [0.5])
            let x = try #require(square.presentation()).position.x
            #expect(x == 150)
            #expect(screen(root, width: 200, height: 40)[150, 10] == .red)
        }
    }
}
