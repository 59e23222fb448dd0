import Benchmark
import Foundation
import PortableQuartzCore

// Layer tree benchmarks (issue 4). Targets (release, one core):
// - presentation of 10,000 layers, each running 4 basic animations (position.x, opacity, transform.rotation.z,
//   backgroundColor), one frame ≤ 3 ms with no allocation in steady state;
// - creating 10,000 layers, adding them to a tree and setting 5 properties each in one transaction ≤ 50 ms, and
//   100,000 ≤ 12× that;
// - memory ≤ 1 KB per default layer (printed once: the growth of the resident set while 100,000 layers are made).
//
// The presentation benchmarks build their tree once (`setup`), so every sample is one frame of a long-running scene
// and the first frames (which size the evaluator's arrays) are the warm-up. The malloc interposer also counts the
// harness's own bookkeeping around each measured region: "Measurement overhead" measures an empty region, and a
// frame allocates nothing when its `Malloc (total)` equals that benchmark's.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        warmupIterations: 3,
        maxDuration: .seconds(3)
    )

    Benchmark("Measurement overhead (empty measured region)") { benchmark in
        benchmark.startMeasurement()
        benchmark.stopMeasurement()
    }

    Benchmark(
        "Presentation of 10,000 layers × 4 animations (one frame)",
        closure: { benchmark, scene in scene.measureFrame(benchmark) },
        setup: { AnimatedScene(layerCount: 10_000) }
    )

    Benchmark(
        "Presentation of 10,000 layers × 4 animations, one layer changed before each frame",
        closure: { benchmark, scene in scene.measureFrameAfterChange(benchmark) },
        setup: { AnimatedScene(layerCount: 10_000) }
    )

    Benchmark(
        "Presentation of 10,000 layers, opacity only (one frame)",
        closure: { benchmark, scene in scene.measureFrame(benchmark) },
        setup: { AnimatedScene(layerCount: 10_000, keyPaths: ["opacity"]) }
    )

    Benchmark(
        "Presentation of 10,000 layers, no animations (one frame)",
        closure: { benchmark, scene in scene.measureFrame(benchmark) },
        setup: { AnimatedScene(layerCount: 10_000, keyPaths: []) }
    )

    for count in [10_000, 100_000] {
        Benchmark(
            "Create \(count) layers, add to a tree, set 5 properties, one transaction",
            configuration: .init(maxDuration: .seconds(5), maxIterations: count > 10_000 ? 5 : 30)
        ) { benchmark in
            let clock = MediaClock(startingAt: 0)
            MediaClock.withInstalled(clock) { _ in
                CATransaction.flush()
                benchmark.startMeasurement()
                CATransaction.begin()
                let root = CALayer()
                for index in 0..<count {
                    let layer = CALayer()
                    layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                    layer.position = CGPoint(x: Double(index % 100) * 20, y: Double(index / 100) * 20)
                    layer.opacity = 0.5
                    layer.cornerRadius = 4
                    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    root.addSublayer(layer)
                }
                CATransaction.commit()
                benchmark.stopMeasurement()
                blackHole(root)
            }
        }
    }

    Benchmark("Memory of 100,000 default layers", configuration: .init(maxIterations: 1)) { _ in
        let before = residentBytes()
        let layers = (0..<100_000).map { _ in CALayer() }
        CATransaction.flush()
        let after = residentBytes()
        let perLayer = Double(after - before) / Double(layers.count)
        print("Memory per default layer: \(Int(perLayer.rounded())) bytes (including its transaction entry)")
        blackHole(layers)
    }
}

/// A committed tree of animated layers and the evaluator that computes its frames; each measured frame is 1/120 s
/// after the previous one.
private final class AnimatedScene {
    let root: CALayer
    let clock = MediaClock(startingAt: 0)
    let evaluator = PresentationEvaluator()
    var time = 0.5
    var changes = 0

    /// A root with `layerCount` sublayers, each running the basic animations of `keyPaths` (repeating forever),
    /// committed at media time 0.
    init(
        layerCount: Int, keyPaths: Set<String> = ["position.x", "opacity", "transform.rotation.z", "backgroundColor"]
    ) {
        root = MediaClock.withInstalled(clock) { clock in
            let root = makeAnimatedTree(layerCount: layerCount, keyPaths: keyPaths)
            clock.advance(by: 0)
            return root
        }
        evaluator.evaluate(root, atMediaTime: 0.001)
    }

    func measureFrame(_ benchmark: Benchmark) {
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            evaluator.evaluate(root, atMediaTime: time)
            time += 1.0 / 120
        }
        benchmark.stopMeasurement()
        blackHole(evaluator.states[evaluator.count - 1].opacity)
    }

    /// Commits a new `zPosition` of one layer (a different one each time, not measured), then measures the frame:
    /// the evaluator walks the tree, every other layer still reusing its entry.
    func measureFrameAfterChange(_ benchmark: Benchmark) {
        let sublayers = root.sublayers ?? []
        let layer = sublayers[changes % sublayers.count]
        changes += 1
        MediaClock.withInstalled(clock) { clock in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.zPosition = Double(changes % 7)
            CATransaction.commit()
            clock.advance(by: 0)
        }
        measureFrame(benchmark)
    }
}

/// A root with `layerCount` sublayers, each running four basic animations that repeat forever.
private func makeAnimatedTree(layerCount: Int, keyPaths: Set<String>) -> CALayer {
    let root = CALayer()
    for index in 0..<layerCount {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: Double(index % 100) * 10, y: Double(index / 100) * 10)
        root.addSublayer(layer)
        let phase = Double(index) / Double(layerCount)
        if keyPaths.contains("position.x") {
            layer.add(repeating("position.x", from: 0, to: 100, duration: 1 + phase), forKey: "x")
        }
        if keyPaths.contains("opacity") {
            layer.add(repeating("opacity", from: 0, to: 1, duration: 2 + phase), forKey: "opacity")
        }
        if keyPaths.contains("transform.rotation.z") {
            layer.add(repeating("transform.rotation.z", from: 0, to: Double.pi, duration: 3 + phase), forKey: "spin")
        }
        if keyPaths.contains("backgroundColor") {
            layer.add(
                repeating(
                    "backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                    to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 4 + phase),
                forKey: "color")
        }
    }
    return root
}

private func repeating(_ keyPath: String, from: Any, to: Any, duration: Double) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    animation.repeatCount = .infinity
    animation.autoreverses = true
    animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    return animation
}

/// The process's resident set in bytes, from `/proc/self/statm` (resident pages × 4 KiB); 0 when unreadable.
private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * 4096
}
