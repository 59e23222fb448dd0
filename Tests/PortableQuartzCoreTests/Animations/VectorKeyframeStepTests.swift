import Foundation
import PortableQuartzCoreTesting
import Testing

@testable import PortableQuartzCore

/// Keyframe animations of numbers, points, sizes, rectangles and colours (every animation a Lottie file becomes,
/// paths and holds aside) are evaluated by the presentation program's vector keyframe steps, which must give
/// exactly what evaluating their tracks by the general rules gives.
@Suite("Vector keyframe steps of the presentation program")
struct VectorKeyframeStepTests {
    /// The layer's presentation at `layerTime` by the general rules: each track of its committed animations, in
    /// order, applied to the running value of its property (what a general step does).
    static func reference(_ layer: CALayer, layerTime: Double) -> LayerState {
        LayerTreeLock.withLock {
            var state = LayerState.defaults
            layer.withCommittedValues { model in
                state = model.pointee
                for entry in layer.animationStorage?.entries ?? [] where entry.status != .pending {
                    for track in entry.compiled.tracks {
                        let path = track.propertyPath
                        var value = track.isAdditive ? path.value(in: state) : .null
                        if track.apply(
                            atParentTime: layerTime - entry.beginShift, model: path.value(in: model.pointee),
                            to: &value)
                        {
                            path.set(value, in: &state)
                        }
                    }
                }
            }
            return state
        }
    }

    /// The methods of the layer's program steps.
    static func methods(_ layer: CALayer) -> [PresentationStep.Method] {
        LayerTreeLock.withLock { layer.currentAnimations()?.program.steps.map(\.method) ?? [] }
    }

    /// Gives `animation` (of `count` values) random key times, timing functions, one of `modes`, repeats,
    /// reversing, begin time, duration and fill mode, cumulative one time in three and, when `additive`, additive
    /// one time in three. It stays attached when finished, so its track decides what shows after its end.
    static func randomizeTiming(
        of animation: CAKeyframeAnimation, count: Int, modes: [CAAnimationCalculationMode], additive: Bool,
        _ random: inout SeededRandom
    ) {
        if random.next() % 2 == 0 {
            var times = (0..<count).map { _ in random.nextDouble(in: 0...1) }.sorted()
            times[0] = 0
            times[count - 1] = 1
            animation.keyTimes = times.map { NSNumber(value: $0) }
        }
        if random.next() % 2 == 0 {
            animation.timingFunctions = (1..<count).map { _ in
                CAMediaTimingFunction(
                    controlPoints: Float(random.nextDouble(in: 0...1)), Float(random.nextDouble(in: -1...2)),
                    Float(random.nextDouble(in: 0...1)), Float(random.nextDouble(in: -1...2)))
            }
        }
        if random.next() % 3 == 0 { animation.timingFunction = CAMediaTimingFunction(name: .easeIn) }
        animation.calculationMode = modes[Int(random.next() % UInt64(modes.count))]
        if additive { animation.isAdditive = random.next() % 3 == 0 }
        animation.isCumulative = random.next() % 3 == 0
        animation.repeatCount = Float(random.next() % 3)
        animation.autoreverses = random.next() % 2 == 0
        animation.beginTime = random.nextDouble(in: 0.1...1)
        animation.duration = random.nextDouble(in: 0.2...2)
        animation.fillMode = [.removed, .forwards, .backwards, .both][Int(random.next() % 4)]
        animation.isRemovedOnCompletion = false
    }

    @Test("opacity keyframes 0, 1, 0.5 at key times 0, 0.5, 1 over 2 s show 0.75 at 1.5 s, through a keyframe step")
    func workedOpacity() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            let animation = CAKeyframeAnimation(keyPath: "opacity")
            animation.values = [0.0, 1.0, 0.5]
            animation.keyTimes = [0, 0.5, 1]
            animation.beginTime = 1
            animation.duration = 2
            layer.add(animation, forKey: "fade")
            CATransaction.flush()
            #expect(Self.methods(layer) == [.vectorKeyframes])
            let state = LayerTreeLock.withLock { layer.presentationState(atMediaTime: 2.5) }
            #expect(state.opacity == 0.75)
            #expect(Self.reference(layer, layerTime: 2.5) == state)
        }
    }

    @Test(
        "seeded keyframe animations (additive, cumulative, repeating, reversing, paced) match their tracks exactly",
        arguments: 1...12)
    func seededMatchTracks(seed: UInt64) {
        MediaClock.withManualTime { _ in
            var random = SeededRandom(seed: seed)
            func number() -> Double { random.nextDouble(in: -50...50) }
            // Key paths of each vector kind, whole properties and components, typed fields and the general route.
            let makers: [(String, () -> Any)] = [
                ("opacity", { random.nextDouble(in: 0...1) }),
                ("position", { CGPoint(x: number(), y: number()) }),
                ("position.x", { number() }),
                ("anchorPoint", { CGPoint(x: number(), y: number()) }),
                ("bounds", { CGRect(x: number(), y: number(), width: number(), height: number()) }),
                ("bounds.size", { CGSize(width: number(), height: number()) }),
                ("transform.scale.x", { number() }),
                ("transform.rotation.z", { number() }),
                ("transform.translation", { CGSize(width: number(), height: number()) }),
                ("cornerRadius", { number() }),
                ("shadowOffset", { CGSize(width: number(), height: number()) }),
                (
                    "backgroundColor",
                    {
                        CGColor(
                            red: random.nextDouble(in: 0...1), green: random.nextDouble(in: 0...1),
                            blue: random.nextDouble(in: 0...1), alpha: random.nextDouble(in: 0...1))
                    }
                ),
            ]
            let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .cubic, .paced, .cubicPaced]
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
            for index in 0..<8 {
                let (keyPath, make) = makers[Int(random.next() % UInt64(makers.count))]
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                let count = 2 + Int(random.next() % 4)
                animation.values = (0..<count).map { _ in make() }
                Self.randomizeTiming(of: animation, count: count, modes: modes, additive: true, &random)
                layer.add(animation, forKey: "animation \(index)")
            }
            CATransaction.flush()
            #expect(Self.methods(layer).contains(.vectorKeyframes))
            for step in 0...60 {
                let time = Double(step) * 0.1
                let state = LayerTreeLock.withLock { layer.presentationState(atMediaTime: time) }
                #expect(state == Self.reference(layer, layerTime: time), "seed \(seed) at \(time) s")
            }
        }
    }

    @Test("keyframe animations in a group, with a path or a value function keep the general step")
    func otherKeyframesStayGeneral() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            let member = CAKeyframeAnimation(keyPath: "opacity")
            member.values = [0.0, 1.0]
            let group = CAAnimationGroup()
            group.animations = [member]
            group.duration = 1
            layer.add(group, forKey: "group")
            let moving = CAKeyframeAnimation(keyPath: "position")
            moving.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            layer.add(moving, forKey: "path")
            let turning = CAKeyframeAnimation(keyPath: "transform")
            turning.values = [0.0, 1.0]
            turning.valueFunction = CAValueFunction(name: .rotateZ)
            layer.add(turning, forKey: "function")
            CATransaction.flush()
            #expect(Self.methods(layer) == [.general, .general, .general])
        }
    }
}
