import Benchmark
import PortableQuartzCore

// Timing-function evaluation (issue 3: ≤ 15 ns per evaluation, no allocation). The entry file of this target calls
// `timingFunctionBenchmarks()`.
//
// What one iteration measures: one `CAMediaTimingFunction.evaluate(at:)` call on a function created before
// `startMeasurement()`, at an input that moves by 1/1000 every iteration (so nothing can be hoisted, and the inputs
// sweep 0…1 as an animation's time fractions do), with the result passed to `blackHole`. The loop itself (the
// input update and the `blackHole` call, which is an unspecialised generic call that cannot be inlined) is
// measured alone as "Timing-function loop overhead", so one evaluation costs the difference.
//
// Those evaluations are independent of each other, so the processor overlaps consecutive ones (as it does for
// the several animations of a frame). "chained" makes each input depend on the previous result, so one iteration
// costs the whole solve from input to output: the latency, which machine load disturbs far less.
let timingFunctionBenchmarks: @Sendable () -> Void = {
    let inputStep = 1.0 / 1_000

    let functions: [(String, CAMediaTimingFunction)] = [
        ("default", CAMediaTimingFunction(name: .default)),
        ("linear", CAMediaTimingFunction(name: .linear)),
        ("easeIn", CAMediaTimingFunction(name: .easeIn)),
        ("easeOut", CAMediaTimingFunction(name: .easeOut)),
        ("easeInEaseOut", CAMediaTimingFunction(name: .easeInEaseOut)),
        ("custom 0.4, 0, 0.2, 1", CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1)),
    ]

    Benchmark("Timing-function loop overhead (blackHole of the input)") { benchmark in
        var x = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(x)
            x += inputStep
            if x > 1 { x = 0 }
        }
    }

    Benchmark("CAMediaTimingFunction.evaluate (default), chained: each input depends on the previous result") {
        benchmark in
        let function = CAMediaTimingFunction(name: .default)
        var x = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            // result × 1e-300 is far below half a unit in the last place of x, so the inputs are the same as above.
            x += inputStep + function.evaluate(at: x) * 1e-300
            if x > 1 { x = 0 }
        }
        blackHole(x)
    }

    for (name, function) in functions {
        Benchmark("CAMediaTimingFunction.evaluate (\(name))") { benchmark in
            var x = 0.0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(function.evaluate(at: x))
                x += inputStep
                if x > 1 { x = 0 }
            }
        }
    }
}
