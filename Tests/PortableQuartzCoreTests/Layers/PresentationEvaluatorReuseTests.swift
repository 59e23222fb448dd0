import Foundation
import Testing

@testable import PortableQuartzCore

/// The evaluator's fast paths — entries reused by presentation stamp, and frames replayed from a recorded plan —
/// must give exactly what writing every layer in full gives (`presentationState(atMediaTime:)`).
@Suite("PresentationEvaluator reuse and replay")
struct PresentationEvaluatorReuseTests {
    /// The layers of `root`'s tree in the evaluator's order (depth first, sublayers back to front, masks skipped).
    static func depthFirst(_ root: CALayer) -> [CALayer] {
        [root] + (root.sublayers ?? []).flatMap(depthFirst)
    }

    /// Expects every entry of `evaluator` to equal the full presentation of its layer at `mediaTime`.
    static func expectMatchesFullWrites(
        _ evaluator: PresentationEvaluator, root: CALayer, at mediaTime: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let layers = depthFirst(root)
        #expect(evaluator.count == layers.count, sourceLocation: sourceLocation)
        for (index, layer) in layers.enumerated() where index < evaluator.count {
            let reference = LayerTreeLock.withLock { layer.presentationState(atMediaTime: mediaTime) }
            #expect(
                evaluator.states[index] == reference, "entry \(index) at \(mediaTime)", sourceLocation: sourceLocation)
            let time = LayerTreeLock.withLock { layer.localTime(atMediaTime: mediaTime) }
            #expect(evaluator.localTimes[index] == time, sourceLocation: sourceLocation)
        }
    }

    static func repeating(_ animation: CAPropertyAnimation, duration: Double) -> CAPropertyAnimation {
        animation.duration = duration
        animation.repeatCount = .infinity
        animation.autoreverses = true
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    /// A tree with one layer per kind of animation the program distinguishes (vector and general steps, the
    /// fallbacks, resets of components, finishing animations, groups, springs, paths, layer timing).
    static func makeScene() -> CALayer {
        let root = CALayer()
        func add(_ layer: CALayer, to parent: CALayer = root) -> CALayer {
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: 5, y: 5)
            parent.addSublayer(layer)
            return layer
        }
        // The benchmark's four animations.
        let four = add(CALayer())
        four.add(repeating(basicAnimation("position.x", from: 0, to: 100, duration: 1), duration: 1.3), forKey: "x")
        four.add(repeating(basicAnimation("opacity", from: 0, to: 1, duration: 1), duration: 2.1), forKey: "o")
        four.add(
            repeating(basicAnimation("transform.rotation.z", from: 0, to: Double.pi, duration: 1), duration: 3),
            forKey: "r")
        four.add(
            repeating(
                basicAnimation(
                    "backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                    to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 1), duration: 4), forKey: "c")
        // Additive and cumulative vector steps, a model-reading step, and additive rotation over rotation.
        let stacked = add(CALayer())
        stacked.zPosition = 2
        let by = basicAnimation("position", from: nil, to: nil, duration: 2)
        by.byValue = CGPoint(x: 30, y: -10)
        by.isAdditive = true
        stacked.add(by, forKey: "by")
        let cumulative = basicAnimation("zPosition", from: 1, to: 3, duration: 0.7)
        cumulative.isCumulative = true
        cumulative.repeatCount = 4
        stacked.add(cumulative, forKey: "cumulative")
        stacked.add(basicAnimation("cornerRadius", from: nil, to: 8, duration: 2.5), forKey: "toModel")
        stacked.add(basicAnimation("transform.rotation.z", from: 0, to: 1, duration: 2), forKey: "spin")
        let spinMore = basicAnimation("transform.rotation.z", from: 0, to: 0.5, duration: 1.5)
        spinMore.isAdditive = true
        stacked.add(spinMore, forKey: "spinMore")
        // Keyframes, a spring, a group with a timing function.
        let general = add(CALayer())
        let keyframes = CAKeyframeAnimation(keyPath: "position")
        keyframes.values = [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 10), CGPoint(x: 20, y: 30)]
        keyframes.keyTimes = [0, 0.25, 1]
        keyframes.duration = 3
        general.add(keyframes, forKey: "keys")
        let spring = CASpringAnimation(keyPath: "bounds.size.width")
        spring.fromValue = 10
        spring.toValue = 60
        spring.duration = 2
        general.add(spring, forKey: "spring")
        let group = CAAnimationGroup()
        group.animations = [
            basicAnimation("opacity", from: 1, to: 0.2, duration: 1),
            basicAnimation("borderWidth", from: 0, to: 4, duration: 2),
        ]
        group.duration = 2
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        general.add(group, forKey: "group")
        // A path animation that rotates the layer (writes transform as a side effect).
        let follower = add(CALayer())
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 50, y: 0), control: CGPoint(x: 25, y: 40))
        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = path
        along.rotationMode = .rotateAuto
        along.duration = 2.5
        follower.add(along, forKey: "along")
        // Colour steps that need the general rules: a nil model colour as an open end, additive onto nil.
        let colours = add(CALayer())
        colours.add(
            basicAnimation("backgroundColor", from: CGColor(red: 0, green: 1, blue: 0, alpha: 1), to: nil, duration: 2),
            forKey: "fromGreen")
        let additiveColour = basicAnimation(
            "borderColor", from: CGColor(red: 0, green: 0, blue: 0, alpha: 0),
            to: CGColor(red: 0.5, green: 0.5, blue: 0, alpha: 0), duration: 2)
        additiveColour.isAdditive = true
        colours.borderColor = nil
        colours.add(additiveColour, forKey: "additiveColour")
        // Animations that end during the frames: one hidden once finished, one holding its end, one not begun yet.
        let ending = add(CALayer())
        let hides = basicAnimation("opacity", from: 0.5, to: 0.1, duration: 0.6)
        hides.fillMode = .forwards
        ending.add(hides, forKey: "hides")
        let holds = basicAnimation("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1), duration: 0.6)
        holds.fillMode = .forwards
        holds.isRemovedOnCompletion = false
        ending.add(holds, forKey: "holds")
        let later = basicAnimation("shadowRadius", from: 10, to: 20, duration: 1)
        later.beginTime = 1.2
        later.fillMode = .backwards
        ending.add(later, forKey: "later")
        // A shape layer property (kept out of line) and a scale over a non-identity transform.
        let shape = CAShapeLayer()
        shape.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        _ = add(shape)
        shape.add(basicAnimation("strokeEnd", from: 0, to: 1, duration: 2), forKey: "stroke")
        shape.add(basicAnimation("transform.scale", from: 1, to: 2, duration: 2), forKey: "scale")
        // Layer timing down a chain: a sped-up parent with an offset, its animated child.
        let fast = add(CALayer())
        fast.speed = 2
        fast.timeOffset = 0.25
        let child = add(CALayer(), to: fast)
        child.add(repeating(basicAnimation("position.y", from: 0, to: 10, duration: 1), duration: 0.8), forKey: "y")
        return root
    }

    @Test("frames replayed from the plan equal full writes of every layer, over 2.5 s of a mixed scene")
    func replayMatchesFullWrites() {
        MediaClock.withManualTime(startingAt: 100) { clock in
            let root = Self.makeScene()
            clock.advance(by: 0)
            let scene = Self.makeScene()
            root.addSublayer(scene)
            clock.advance(by: 0)
            let evaluator = PresentationEvaluator()
            var replayed = 0
            // Holding the layer tree's lock keeps tests on other threads from changing layers meanwhile (any change
            // anywhere moves the epoch and sends the evaluator back to walking).
            LayerTreeLock.withLock {
                for frame in 0..<150 {
                    let time = clock.now + Double(frame) / 60
                    evaluator.evaluate(root, atMediaTime: time)
                    if evaluator.replayedLastFrame { replayed += 1 }
                    Self.expectMatchesFullWrites(evaluator, root: root, at: time)
                }
            }
            // The first frame walks the tree; every later one replays.
            #expect(replayed == 149)
        }
    }

    @Test("delivered callbacks and removals on completion between frames show in the next frame")
    func clockEventsBetweenFrames() {
        MediaClock.withManualTime(startingAt: 5) { clock in
            let root = Self.makeScene()
            clock.advance(by: 0)
            let evaluator = PresentationEvaluator()
            for _ in 0..<60 {
                clock.advance(by: 1.0 / 20)
                evaluator.evaluate(root, atMediaTime: clock.now)
                evaluator.evaluate(root, atMediaTime: clock.now + 0.001)
                Self.expectMatchesFullWrites(evaluator, root: root, at: clock.now + 0.001)
            }
            // "hides" (0.6 s, removed on completion) is gone; the opacity shown is the model's 1.
            let ending = root.sublayers![5]
            #expect(ending.animation(forKey: "hides") == nil)
            #expect(evaluator.states[Self.depthFirst(root).firstIndex { $0 === ending }!].opacity == 1)
        }
    }

    @Test("model changes, new and removed animations, hierarchy and timing changes show in the next frame")
    func changesBetweenFrames() throws {
        try MediaClock.withManualTime(startingAt: 0) { clock in
            let root = Self.makeScene()
            clock.advance(by: 0)
            let evaluator = PresentationEvaluator()
            var time = 0.5
            func frames(_ count: Int) {
                // Under the lock, so that tests on other threads cannot move the epoch between these frames.
                LayerTreeLock.withLock {
                    for _ in 0..<count {
                        time += 1.0 / 60
                        evaluator.evaluate(root, atMediaTime: time)
                        Self.expectMatchesFullWrites(evaluator, root: root, at: time)
                    }
                }
            }
            frames(2)
            #expect(evaluator.replayedLastFrame)
            let layers = try #require(root.sublayers)
            // A committed model change: opacity 0.25 under an animation of position.x only.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layers[1].opacity = 0.25
            frames(1)  // Not committed yet: the committed values still show.
            #expect(evaluator.states[2].opacity == 1)
            CATransaction.commit()
            frames(1)
            #expect(evaluator.states[2].opacity == 0.25)
            frames(3)
            // A new animation, then its removal.
            layers[7].add(basicAnimation("zPosition", from: 0, to: 50, duration: 1), forKey: "z")
            clock.advance(by: 0)
            frames(3)
            layers[7].removeAnimation(forKey: "z")
            clock.advance(by: 0)
            frames(3)
            // Hierarchy: a layer leaves, two swap places (their entries now hold the other layer's values).
            layers[2].removeFromSuperlayer()
            clock.advance(by: 0)
            frames(3)
            root.insertSublayer(layers[4], at: 0)
            clock.advance(by: 0)
            frames(3)
            // A new layer at the end (the tree grows back).
            root.addSublayer(layers[2])
            clock.advance(by: 0)
            frames(3)
            // Timing: the sped-up parent is paused.
            layers[7].speed = 0
            clock.advance(by: 0)
            frames(2)
            #expect(evaluator.replayedLastFrame)
        }
    }

    @Test("120 program changes of a layer with 60 animations (7,200 stale steps) compact the copies; frames stay exact")
    func staleCopiesCompact() {
        MediaClock.withManualTime { clock in
            let root = CALayer()
            let busy = CALayer()
            let quiet = CALayer()
            root.addSublayer(busy)
            root.addSublayer(quiet)
            for index in 0..<60 {
                busy.add(basicAnimation("zPosition", from: index, to: index + 1, duration: 10), forKey: "z\(index)")
            }
            quiet.add(basicAnimation("opacity", from: 0, to: 1, duration: 10), forKey: "o")
            clock.advance(by: 0)
            let evaluator = PresentationEvaluator()
            for frame in 0..<120 {
                busy.add(basicAnimation("cornerRadius", from: 0, to: frame, duration: 10), forKey: "r")
                clock.advance(by: 0.01)
                evaluator.evaluate(root, atMediaTime: clock.now)
                Self.expectMatchesFullWrites(evaluator, root: root, at: clock.now)
            }
        }
    }

    @Test("a layer never committed is written in full every frame (its model values show as they change)")
    func uncommittedLayersAreWalked() {
        MediaClock.withManualTime { _ in
            let root = CALayer()
            root.opacity = 0.5
            let evaluator = PresentationEvaluator()
            evaluator.evaluate(root, atMediaTime: 1)
            evaluator.evaluate(root, atMediaTime: 1)
            evaluator.evaluate(root, atMediaTime: 1)
            #expect(!evaluator.replayedLastFrame)
            #expect(evaluator.states[0].opacity == 0.5)
            CATransaction.begin()
            root.opacity = 0.75
            evaluator.evaluate(root, atMediaTime: 1)
            #expect(evaluator.states[0].opacity == 0.75)
            CATransaction.commit()
        }
    }

    @Test("a presentation copy's tree is walked, and its changes show")
    func presentationCopiesAreWalked() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.addSublayer(CALayer())
            clock.advance(by: 0)
            let copy = try #require(root.presentation())
            let evaluator = PresentationEvaluator()
            for _ in 0..<3 { evaluator.evaluate(copy, atMediaTime: 1) }
            #expect(!evaluator.replayedLastFrame)
            copy.opacity = 0.5
            evaluator.evaluate(copy, atMediaTime: 1)
            #expect(evaluator.states[0].opacity == 0.5)
        }
    }

    @Test("updatePresentation with stamp 0 overwrites whatever the state held; the returned stamp reuses it")
    func stampZeroWritesInFull() {
        MediaClock.withManualTime { clock in
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            clock.advance(by: 0)
            layer.add(basicAnimation("opacity", from: 0, to: 1, duration: 2), forKey: "o")
            clock.advance(by: 0)
            var state = LayerState()
            state.position = CGPoint(x: 99, y: 99)
            state.cornerRadius = 7
            state.opacity = 0.123
            var stamp: UInt64 = 0
            LayerTreeLock.withLock { layer.updatePresentation(&state, stamp: &stamp, layerTime: 0.5) }
            #expect(state.position == CGPoint(x: 3, y: 4))
            #expect(state.cornerRadius == 0)
            #expect(state.opacity == 0.25)
            #expect(stamp != 0)
            // Reused: only the animated opacity changes (0.75 at 1.5 s of the linear 2 s animation).
            LayerTreeLock.withLock { layer.updatePresentation(&state, stamp: &stamp, layerTime: 1.5) }
            #expect(state.opacity == 0.75)
            #expect(state == LayerTreeLock.withLock { layer.presentationState(atMediaTime: clock.now + 1.5) })
        }
    }
}
