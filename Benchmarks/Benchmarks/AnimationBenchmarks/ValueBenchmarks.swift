import Benchmark
import PortableQuartzCore

// Typed animatable values and the key-path registry (issue 3). Each benchmark runs `scaledIterations`
// operations on inputs that change every iteration (the progress, or the value written), so the optimiser cannot
// hoist the work; results go through `blackHole`. The entry file of this target calls `valueBenchmarks()`.
let valueBenchmarks: @Sendable () -> Void = {
    // Progress values that sweep 0…1 without a division per iteration.
    let progressStep = 1.0 / 1_024

    Benchmark("AnimatableValue.interpolate (CGPoint)") { benchmark in
        let from = AnimatableValue.point(CGPoint(x: 10, y: 20))
        let to = AnimatableValue.point(CGPoint(x: 300, y: -40))
        var progress = 0.0
        for _ in benchmark.scaledIterations {
            blackHole(AnimatableValue.interpolate(from: from, to: to, progress: progress))
            progress += progressStep
            if progress > 1 { progress = 0 }
        }
    }

    Benchmark("AnimatableValue.interpolate (colour)") { benchmark in
        let from = AnimatableValue.color(ColorComponents(red: 1, green: 0, blue: 0, alpha: 1))
        let to = AnimatableValue.color(ColorComponents(red: 0, green: 0.5, blue: 1, alpha: 0.25))
        var progress = 0.0
        for _ in benchmark.scaledIterations {
            blackHole(AnimatableValue.interpolate(from: from, to: to, progress: progress))
            progress += progressStep
            if progress > 1 { progress = 0 }
        }
    }

    Benchmark("AnimatableValue.interpolate (2-D transform pair)") { benchmark in
        let from = AnimatableValue.transform(CATransform3DIdentity)
        let to = AnimatableValue.transform(
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(1.2, 0, 0, 1)))
        var progress = 0.0
        for _ in benchmark.scaledIterations {
            blackHole(AnimatableValue.interpolate(from: from, to: to, progress: progress))
            progress += progressStep
            if progress > 1 { progress = 0 }
        }
    }

    Benchmark("AnimatableValue.interpolate (3-D transform pair)") { benchmark in
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let from = AnimatableValue.transform(perspective)
        let to = AnimatableValue.transform(CATransform3DConcat(CATransform3DMakeRotation(-0.7, 0, 1, 0), perspective))
        var progress = 0.0
        for _ in benchmark.scaledIterations {
            blackHole(AnimatableValue.interpolate(from: from, to: to, progress: progress))
            progress += progressStep
            if progress > 1 { progress = 0 }
        }
    }

    Benchmark("PropertyPath(keyPath:)") { benchmark in
        let keyPaths = ["position.x", "opacity", "transform.rotation.z", "backgroundColor", "bounds.size.width"]
        var index = 0
        for _ in benchmark.scaledIterations {
            blackHole(PropertyPath(keyPath: keyPaths[index]))
            index = index == keyPaths.count - 1 ? 0 : index + 1
        }
    }

    Benchmark("LayerState subscript get + set (position, opacity, backgroundColor)") { benchmark in
        var state = LayerState()
        var x = 0.0
        for _ in benchmark.scaledIterations {
            state[.position] = .point(CGPoint(x: x, y: 1))
            state[.opacity] = .number(x)
            state[.backgroundColor] = .color(ColorComponents(red: x, green: 0, blue: 0, alpha: 1))
            blackHole(state[.position])
            blackHole(state[.opacity])
            blackHole(state[.backgroundColor])
            x += 1e-6
        }
        blackHole(state)
    }

    Benchmark("PropertyPath set + get (transform.rotation.z on a scaled transform)") { benchmark in
        var state = LayerState()
        state.transform = CATransform3DMakeScale(2, 3, 1)
        guard let path = PropertyPath(keyPath: "transform.rotation.z") else { return }
        var angle = 0.0
        for _ in benchmark.scaledIterations {
            path.set(.number(angle), in: &state)
            blackHole(path.value(in: state))
            angle += 1e-6
        }
        blackHole(state)
    }

    Benchmark("PropertyPath set (position.x, strokeEnd)") { benchmark in
        var state = LayerState()
        let positionX = PropertyPath(keyPath: "position.x")
        let strokeEnd = PropertyPath(keyPath: "strokeEnd")
        var x = 0.0
        for _ in benchmark.scaledIterations {
            positionX?.set(.number(x), in: &state)
            strokeEnd?.set(.number(x), in: &state)
            x += 1e-6
        }
        blackHole(state)
    }
}
