import Benchmark
import PortableQuartzCore

// Geometry benchmarks (issue 2). Each benchmark runs `scaledIterations` operations on values that change every
// iteration, so the optimiser cannot hoist the work; results go through `blackHole`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    // A well-conditioned 3-D transform with perspective, like the seeds' swinging door.
    let door: CATransform3D = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        let swing = CATransform3DRotate(CATransform3DMakeTranslation(86, 150, 0), -0.7, 0, 1, 0)
        return CATransform3DConcat(CATransform3DScale(swing, 1.2, 0.9, 1), perspective)
    }()
    let step = CATransform3DMakeRotation(0.001, 0.3, 0.4, 0.5)

    Benchmark("CATransform3DConcat") { benchmark in
        var t = door
        for _ in benchmark.scaledIterations {
            t = CATransform3DConcat(t, step)
        }
        blackHole(t)
    }

    Benchmark("CATransform3DInvert") { benchmark in
        var t = door
        for _ in benchmark.scaledIterations {
            t = CATransform3DInvert(t)
            t.m41 += 1e-9
        }
        blackHole(t)
    }

    Benchmark("TransformDecomposition (decompose)") { benchmark in
        var t = door
        for _ in benchmark.scaledIterations {
            blackHole(TransformDecomposition(t))
            t.m41 += 1e-9
        }
    }

    Benchmark("TransformDecomposition (decompose + recompose)") { benchmark in
        var t = door
        for _ in benchmark.scaledIterations {
            t = TransformDecomposition(t).transform
            t.m41 += 1e-9
        }
        blackHole(t)
    }

    Benchmark("CGAffineTransform.concatenating") { benchmark in
        var t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        let affineStep = CGAffineTransform(a: 0.999, b: 0.01, c: -0.01, d: 0.999, tx: 0.5, ty: 0.25)
        for _ in benchmark.scaledIterations {
            t = t.concatenating(affineStep)
        }
        blackHole(t)
    }

    pathBenchmarks()
}
