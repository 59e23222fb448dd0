import Benchmark
import PortableQuartzCore

// Animation engine benchmarks (issue 3). Each benchmark runs `scaledIterations` evaluations at times (or inputs)
// that change every iteration, so the optimiser cannot hoist the work; results go through `blackHole`. Animations
// are compiled once per sample before `startMeasurement()` (the benchmark closure runs once per sample, so setup
// before that call would be measured too), as the layer tree compiles them once when they are attached, and
// evaluated with `AnimationTrack.apply(atParentTime:model:to:)`, the in-place form the layer tree's frame loop
// uses (`evaluate(atParentTime:model:current:)`, which returns a fresh optional value, is measured once too).
// Targets (release, one core): timing function ≤ 15 ns, basic CGPoint value ≤ 40 ns, 100-value keyframes ≤ 80 ns,
// spring value ≤ 40 ns, no allocation per evaluation.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    // Times that sweep one 1-s cycle (and a little beyond it) without a division per iteration.
    let timeStep = 1.0 / 1_000

    timingFunctionBenchmarks()

    Benchmark("Basic animation value (CGPoint, easeInEaseOut)") { benchmark in
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: 10, y: 20)
        animation.toValue = CGPoint(x: 300, y: -40)
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.point(CGPoint(x: 300, y: -40))
        var value = model
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.apply(atParentTime: time, model: model, to: &value))
            time += timeStep
            if time >= 1 { time = 0 }
        }
        blackHole(value)
    }

    Benchmark("Basic animation value (CGPoint, easeInEaseOut), evaluate") { benchmark in
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: 10, y: 20)
        animation.toValue = CGPoint(x: 300, y: -40)
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.point(CGPoint(x: 300, y: -40))
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.evaluate(atParentTime: time, model: model, current: model))
            time += timeStep
            if time >= 1 { time = 0 }
        }
    }

    Benchmark("Keyframe animation value (100 CGPoints, keyTimes, linear)") { benchmark in
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = (0..<100).map { CGPoint(x: Double($0) * 3, y: Double($0 % 7) * 11) }
        animation.keyTimes = (0..<100).map { NSNumber(value: (Double($0) / 99) * (Double($0) / 99)) }
        animation.duration = 1
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.point(.zero)
        var value = model
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.apply(atParentTime: time, model: model, to: &value))
            time += timeStep
            if time >= 1 { time = 0 }
        }
        blackHole(value)
    }

    Benchmark("Keyframe animation value (100 numbers, cubic)") { benchmark in
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = (0..<100).map { Double($0 % 9) / 8 }
        animation.calculationMode = .cubic
        animation.duration = 1
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.number(1)
        var value = model
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.apply(atParentTime: time, model: model, to: &value))
            time += timeStep
            if time >= 1 { time = 0 }
        }
        blackHole(value)
    }

    Benchmark("Spring animation value (position.y, default spring)") { benchmark in
        let animation = CASpringAnimation(keyPath: "position.y")
        animation.fromValue = 0
        animation.toValue = 200
        animation.duration = animation.settlingDuration
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.number(200)
        var value = model
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.apply(atParentTime: time, model: model, to: &value))
            time += timeStep
            if time >= 1 { time = 0 }
        }
        blackHole(value)
    }

    Benchmark("Spring animation value (position.y, default spring), chained: each time depends on the last value") {
        benchmark in
        let animation = CASpringAnimation(keyPath: "position.y")
        animation.fromValue = 0
        animation.toValue = 200
        animation.duration = animation.settlingDuration
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.number(200)
        var value = model
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            track.apply(atParentTime: time, model: model, to: &value)
            // The value × 1e-300 is far below half a unit in the last place of the time step: the same times as
            // above, but each evaluation waits for the one before (latency rather than throughput).
            guard case .number(let number) = value else { break }
            time += timeStep + number * 1e-300
            if time >= 1 { time = 0 }
        }
        blackHole(value)
    }

    Benchmark("Grouped animation value (opacity in a group with easeIn)") { benchmark in
        let member = CABasicAnimation(keyPath: "opacity")
        member.fromValue = 0
        member.toValue = 1
        member.duration = 1
        let group = CAAnimationGroup()
        group.animations = [member]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let track = CompiledAnimation(group).tracks[0]
        let model = AnimatableValue.number(1)
        var value = model
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.apply(atParentTime: time, model: model, to: &value))
            time += timeStep
            if time >= 1 { time = 0 }
        }
        blackHole(value)
    }

    Benchmark("Path keyframe value with rotationMode (3 cubic segments)") { benchmark in
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 80), control2: CGPoint(x: 100, y: 80))
        path.addCurve(to: CGPoint(x: 200, y: 0), control1: CGPoint(x: 100, y: -80), control2: CGPoint(x: 200, y: -80))
        path.addLine(to: CGPoint(x: 200, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.rotationMode = .rotateAuto
        animation.duration = 1
        let track = CompiledAnimation(animation).tracks[0]
        let model = AnimatableValue.point(.zero)
        var time = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(track.sample(atParentTime: time, model: model, current: model))
            time += timeStep
            if time >= 1 { time = 0 }
        }
    }

    Benchmark("CompiledAnimation(_:) (basic CGPoint animation)") { benchmark in
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = [10, 20]
        animation.toValue = CGPoint(x: 300, y: -40)
        animation.duration = 1
        for _ in benchmark.scaledIterations {
            blackHole(CompiledAnimation(animation))
        }
    }

    // The animation a view animation block adds for a change of `center` (PortableUIKit's additive action): from
    // the old position minus the new one to zero, additive, ease-in-out, filling both ways.
    Benchmark("CompiledAnimation(_:) (additive CGPoint, as a view animation block makes it)") { benchmark in
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: -100, y: 0)
        animation.toValue = CGPoint.zero
        animation.isAdditive = true
        animation.duration = 0.5
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.fillMode = .both
        for _ in benchmark.scaledIterations {
            blackHole(CompiledAnimation(animation, defaultDuration: 0.25))
        }
    }

    valueBenchmarks()
}
