import Benchmark
import Foundation
import PortableQuartzCore

// Renderer benchmarks (issue 6). Targets (release, one core):
// - a 1920×1080 frame of 100 bitmap layers of 200×200, each rotated, scaled and at opacity 0.8: ≥ 60 frames per
//   second (cairo composites the same scene at about 13 fps here; the side-by-side figure comes from
//   `swift run -c release CairoComparison`, which renders this scene with CARenderer and with cairo in one run);
// - the 10,000-layer animated scene of the layer benchmarks rendered at 1280×720;
// - no allocation per frame in steady state once backing stores exist (the malloc counts below).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        maxDuration: .seconds(3)
    )

    // The harness's own allocations per measured sample (start/stop bookkeeping), to subtract from the counts below.
    Benchmark("Baseline: an empty measured loop") { benchmark in
        var total = 0
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations { total &+= index }
        benchmark.stopMeasurement()
        blackHole(total)
    }

    Benchmark("CARenderer: 100 bitmap layers 200×200, rotated, scaled, opacity 0.8, 1920×1080 (one frame)") {
        benchmark in
        let renderer = CARenderer(width: 1920, height: 1080)!
        renderer.layer = makeBitmapScene(width: 1920, height: 1080)
        warmUp(renderer, at: 0)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            renderer.beginFrame(atTime: 0, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
        }
        benchmark.stopMeasurement()
    }

    Benchmark("CARenderer: an emitter of two cells (one tinted, one with a sub-cell), 640×480 (one frame)") {
        benchmark in
        let renderer = CARenderer(width: 640, height: 480)!
        renderer.layer = makeEmitterScene()
        // The particle count settles after the longest lifetime (2 s); the measured frames stay at that count.
        measureFrames(renderer, from: 3, benchmark)
    }

    Benchmark("CARenderer: 10,000 layers × 4 animations, 1280×720 (one frame)") { benchmark in
        let clock = MediaClock(startingAt: 0)
        MediaClock.withInstalled(clock) { clock in
            let root = makeAnimatedTree(layerCount: 10_000)
            clock.advance(by: 0)
            let renderer = CARenderer(width: 1280, height: 720)!
            renderer.layer = root
            measureFrames(renderer, from: 0.5, benchmark)
        }
    }
}

/// Warms `renderer` up at `start` (seconds of media time), then measures one frame per iteration, each 1/120 s after
/// the one before.
func measureFrames(_ renderer: CARenderer, from start: CFTimeInterval, _ benchmark: Benchmark) {
    var time = start
    warmUp(renderer, at: time)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        time += 1.0 / 120
        renderer.beginFrame(atTime: time, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
    }
    benchmark.stopMeasurement()
}

/// Renders three frames at `time`, so that the measured frames are steady-state ones: the render-tree builder
/// alternates between two trees, and each grows its node storage once, in the first frame it builds.
func warmUp(_ renderer: CARenderer, at time: CFTimeInterval) {
    for _ in 0..<3 { _ = renderer.renderFrame(atTime: time) }
}

/// 100 layers showing one 200×200 image, each rotated, scaled by 0.6…1.4 and placed at random (fixed seed), at
/// opacity 0.8, over an opaque background layer.
func makeBitmapScene(width: Int, height: Int) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(srgbRed: 20 / 255, green: 30 / 255, blue: 40 / 255, alpha: 1)
    let image = makeTileImage(side: 200)
    var random = SplitMix(seed: 6)
    for _ in 0..<100 {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.contents = image
        layer.opacity = 0.8
        layer.position = CGPoint(x: random.uniform(0, Double(width)), y: random.uniform(0, Double(height)))
        let scale = random.uniform(0.6, 1.4)
        layer.transform = CATransform3DRotate(
            CATransform3DMakeScale(scale, scale, 1), random.uniform(0, 2 * .pi), 0, 0, 1)
        root.addSublayer(layer)
    }
    return root
}

/// An emitter layer with a tinted cell (20 particles a second for 2 s) and a white one (10 a second for 1.5 s)
/// whose particles emit a sub-cell (5 a second for 0.5 s).
func makeEmitterScene() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
    let emitter = CAEmitterLayer()
    emitter.frame = root.bounds
    emitter.emitterPosition = CGPoint(x: 320, y: 400)
    emitter.seed = 7
    let image = makeTileImage(side: 20)
    func cell(rate: Float, lifetime: Float, red: CGFloat) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.contents = image
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = 120
        cell.velocityRange = 40
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi / 5
        cell.color = CGColor(srgbRed: red, green: 1, blue: 1, alpha: 1)
        return cell
    }
    let tinted = cell(rate: 20, lifetime: 2, red: 0.5)
    let white = cell(rate: 10, lifetime: 1.5, red: 1)
    white.emitterCells = [cell(rate: 5, lifetime: 0.5, red: 1)]
    emitter.emitterCells = [tinted, white]
    root.addSublayer(emitter)
    return root
}

/// A `side`×`side` image of coloured checks (20 points each) with a diagonal gradient, drawn with CGContext.
func makeTileImage(side: Int) -> CGImage {
    let context = CGContext(
        data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    let cell = 20
    for row in 0..<(side / cell) {
        for column in 0..<(side / cell) {
            let t = CGFloat(row + column) / CGFloat(2 * side / cell)
            context.setFillColor(
                CGColor(srgbRed: t, green: (row + column) % 2 == 0 ? 0.8 : 0.3, blue: 1 - t, alpha: 1))
            context.fill(CGRect(x: column * cell, y: row * cell, width: cell, height: cell))
        }
    }
    return context.makeImage()!
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}

private func makeAnimatedTree(layerCount: Int) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
    for index in 0..<layerCount {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: Double(index % 100) * 12.8, y: Double(index / 100) * 7.2)
        root.addSublayer(layer)
        let phase = Double(index) / Double(layerCount)
        layer.add(repeating("position.x", from: 0, to: 100, duration: 1 + phase), forKey: "x")
        layer.add(repeating("opacity", from: 0, to: 1, duration: 2 + phase), forKey: "opacity")
        layer.add(repeating("transform.rotation.z", from: 0, to: Double.pi, duration: 3 + phase), forKey: "spin")
        layer.add(
            repeating(
                "backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 4 + phase),
            forKey: "color")
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
