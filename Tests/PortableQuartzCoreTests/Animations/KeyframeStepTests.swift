import Foundation
import PortableQuartzCoreTesting
import Testing

@testable import PortableQuartzCore

/// Keyframe animations of kinds other than vectors (a shape's `path`, `hidden`, dash patterns), neither additive
/// nor cumulative, are evaluated by the presentation program's keyframe steps (what a Lottie file's animated shapes
/// and in and out points become), which must give exactly what evaluating their tracks by the general rules gives,
/// also when a state is brought from one frame to the next.
@Suite("Keyframe steps of the presentation program")
struct KeyframeStepTests {
    static func path(_ points: [CGPoint]) -> CGPath {
        let path = CGMutablePath()
        path.move(to: points[0])
        for point in points.dropFirst() { path.addLine(to: point) }
        path.closeSubpath()
        return path
    }

    @Test("a square path from 10 to 30 points, hidden from key time 0.5, shows 20 points, hidden, at 75 %")
    func workedPathAndHidden() {
        MediaClock.withManualTime { _ in
            let layer = CAShapeLayer()
            let square = { (side: CGFloat) in
                Self.path([.zero, CGPoint(x: side, y: 0), CGPoint(x: side, y: side), CGPoint(x: 0, y: side)])
            }
            let morph = CAKeyframeAnimation(keyPath: "path")
            morph.values = [square(10), square(10), square(30)]
            morph.keyTimes = [0, 0.5, 1]
            morph.duration = 2
            layer.add(morph, forKey: "morph")
            let hide = CAKeyframeAnimation(keyPath: "hidden")
            hide.values = [false, true]
            hide.keyTimes = [0, 0.5]
            hide.calculationMode = .discrete
            hide.duration = 2
            layer.add(hide, forKey: "hide")
            CATransaction.flush()
            #expect(VectorKeyframeStepTests.methods(layer) == [.keyframes, .keyframes])
            // 1.5 s is 75 % through; the last path segment (50 % … 100 %) is half done: 10 + (30 − 10) · 0.5 = 20.
            let state = LayerTreeLock.withLock { layer.presentationState(atMediaTime: 1.5) }
            #expect(state.shape.path == square(20))
            #expect(state.isHidden)
            #expect(VectorKeyframeStepTests.reference(layer, layerTime: 1.5) == state)
        }
    }

    @Test(
        "seeded path, hidden and dash keyframes (repeating, reversing, filling) match their tracks, frame after frame",
        arguments: 1...8)
    func seededMatchTracks(seed: UInt64) {
        MediaClock.withManualTime { _ in
            var random = SeededRandom(seed: seed)
            func number() -> CGFloat { CGFloat(random.nextDouble(in: -50...50)) }
            // Paths of one structure mix point by point; a path of another structure makes a step a jump.
            let corners = 3 + Int(random.next() % 3)
            let makers: [(String, () -> Any)] = [
                ("path", { Self.path((0..<corners).map { _ in CGPoint(x: number(), y: number()) }) }),
                ("path", { Self.path((0..<(corners + 1)).map { _ in CGPoint(x: number(), y: number()) }) }),
                ("hidden", { random.next() % 2 == 0 }),
                ("lineDashPattern", { [NSNumber(value: Double(abs(number()))), NSNumber(value: 2.0)] }),
            ]
            let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .cubic, .paced]
            let layer = CAShapeLayer()
            layer.path = Self.path([.zero, CGPoint(x: 5, y: 0), CGPoint(x: 0, y: 5)])
            for index in 0..<6 {
                let (keyPath, make) = makers[Int(random.next() % UInt64(makers.count))]
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                let count = 2 + Int(random.next() % 4)
                animation.values = (0..<count).map { _ in make() }
                // Cumulative ones keep the general step; they must agree all the same.
                VectorKeyframeStepTests.randomizeTiming(
                    of: animation, count: count, modes: modes, additive: false, &random)
                layer.add(animation, forKey: "animation \(index)")
            }
            CATransaction.flush()
            #expect(VectorKeyframeStepTests.methods(layer).contains(.keyframes))
            // One state carried from frame to frame, as the renderer carries it, and a fresh one each time.
            var carried = LayerState.defaults
            var stamp: UInt64 = 0
            for step in 0...60 {
                let time = Double(step) * 0.1
                let reference = VectorKeyframeStepTests.reference(layer, layerTime: time)
                let fresh = LayerTreeLock.withLock { layer.presentationState(atMediaTime: time) }
                #expect(fresh == reference, "seed \(seed) at \(time) s")
                LayerTreeLock.withLock {
                    layer.updatePresentation(&carried, stamp: &stamp, layerTime: layer.localTime(atMediaTime: time))
                }
                #expect(carried == reference, "seed \(seed) at \(time) s, carried")
            }
        }
    }

    @Test("additive, cumulative and grouped keyframes of other kinds keep the general step")
    func otherKeyframesStayGeneral() {
        MediaClock.withManualTime { _ in
            let layer = CAShapeLayer()
            let additive = CAKeyframeAnimation(keyPath: "lineDashPattern")
            additive.values = [[1, 2], [3, 4]]
            additive.isAdditive = true
            layer.add(additive, forKey: "additive")
            let cumulative = CAKeyframeAnimation(keyPath: "hidden")
            cumulative.values = [false, true]
            cumulative.isCumulative = true
            layer.add(cumulative, forKey: "cumulative")
            let member = CAKeyframeAnimation(keyPath: "path")
            member.values = [Self.path([.zero, CGPoint(x: 1, y: 1)]), Self.path([.zero, CGPoint(x: 2, y: 2)])]
            let group = CAAnimationGroup()
            group.animations = [member]
            layer.add(group, forKey: "group")
            CATransaction.flush()
            #expect(VectorKeyframeStepTests.methods(layer) == [.general, .general, .general])
        }
    }
}
