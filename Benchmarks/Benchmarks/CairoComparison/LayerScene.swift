import Foundation
import PortableQuartzCore
@_spi(Engine) import PortableRaster

/// The composite scene of issue 6 drawn through the whole layer stack — `CALayer`s with image contents, opacity 0.8
/// and transforms, composited by `CARenderer` — timed side by side with cairo drawing the same 100 images with the
/// same transforms. Frames per second, best of `trials`.
func measureLayerScene(image source: SourceImage, seed: UInt64, trials: Int) throws -> (ours: Double, cairo: Double) {
    let width = 1920
    let height = 1080
    let (renderer, placements) = try makeLayerScene(image: source, seed: seed)
    _ = renderer.renderFrame(atTime: 0)

    let cairo = CairoCanvas(width: width, height: height, images: [source])
    let background = Paint(red: 20, green: 30, blue: 40, alpha: 255)
    let transforms = placements.map {
        Affine2D.translation(x: -Double(source.width) / 2, y: -Double(source.height) / 2)
            .concatenated(.scale(x: $0.scale, y: $0.scale))
            .concatenated(.rotation(radians: $0.angle))
            .concatenated(.translation(x: $0.x, y: $0.y))
    }
    let frame = fastest(
        trials: trials, iterations: 3,
        ours: { renderFrame(renderer) },
        cairo: {
            cairo.clear(to: background)
            for transform in transforms { cairo.drawImageDefaultExtend(index: 0, transform: transform, alpha: 0.8) }
            cairo.flush()
        })
    return (1 / frame.ours, 1 / frame.cairo)
}

/// Renders `count` frames of the layer scene and nothing else, for profilers (`--layer-frames N`): after the
/// first frame every backing store exists, so a malloc probe over the run shows the per-frame allocations.
func renderLayerFrames(image source: SourceImage, seed: UInt64, count: Int) throws {
    let (renderer, _) = try makeLayerScene(image: source, seed: seed)
    _ = renderer.renderFrame(atTime: 0)
    for _ in 0..<count { renderFrame(renderer) }
}

/// Times `count` single frames of the layer scene (`--layer-timing N`) and prints the fastest, the tenth percentile
/// and the median frame in milliseconds, with the fastest as frames per second.
func timeLayerFrames(image source: SourceImage, seed: UInt64, count: Int) throws {
    let (renderer, _) = try makeLayerScene(image: source, seed: seed)
    _ = renderer.renderFrame(atTime: 0)
    var times: [Double] = []
    for _ in 0..<Swift.max(count, 1) {
        times.append(timed { renderFrame(renderer) } * 1000)
    }
    times.sort()
    print(
        "layer scene, \(times.count) frames: fastest \(format(times[0], 2)) ms (\(format(1000 / times[0], 1)) fps), "
            + "10th percentile \(format(times[times.count / 10], 2)) ms, median \(format(times[times.count / 2], 2)) ms"
    )
}

/// One frame of the (still) layer scene through Apple's frame protocol.
func renderFrame(_ renderer: CARenderer) {
    renderer.beginFrame(atTime: 0, timeStamp: nil)
    renderer.render()
    renderer.endFrame()
}

/// The layer tree of the composite scene (100 layers at seeded placements over a background) and its renderer.
func makeLayerScene(
    image source: SourceImage, seed: UInt64
) throws -> (CARenderer, [(scale: Double, angle: Double, x: Double, y: Double)]) {
    let width = 1920
    let height = 1080
    var random = SeededGenerator(seed: seed)
    var placements: [(scale: Double, angle: Double, x: Double, y: Double)] = []
    for _ in 0..<100 {
        let scale = random.uniform(0.6, 1.4)
        let angle = random.uniform(0, 2 * .pi)
        placements.append((scale, angle, random.uniform(0, Double(width)), random.uniform(0, Double(height))))
    }
    guard
        let image = CGImage(
            premultipliedRGBA: source.premultipliedRGBA, width: source.width, height: source.height)
    else { throw CocoaError(.coderInvalidValue) }
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(srgbRed: 20 / 255, green: 30 / 255, blue: 40 / 255, alpha: 1)
    for placement in placements {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: source.width, height: source.height)
        layer.contents = image
        layer.opacity = 0.8
        layer.position = CGPoint(x: placement.x, y: placement.y)
        layer.transform = CATransform3DRotate(
            CATransform3DMakeScale(placement.scale, placement.scale, 1), placement.angle, 0, 0, 1)
        root.addSublayer(layer)
    }
    let renderer = CARenderer(width: width, height: height)!
    renderer.layer = root
    return (renderer, placements)
}

/// Renders `count` frames, 1/120 s apart, of the 10 000-layer animated scene of `RenderBenchmarks` at 1280×720
/// (`--animated-frames N`), for profilers: a malloc probe over runs of different lengths shows the allocations
/// per frame.
func renderAnimatedFrames(count: Int) {
    let clock = MediaClock(startingAt: 0)
    MediaClock.withInstalled(clock) { clock in
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        let layerCount = 10_000
        for index in 0..<layerCount {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: Double(index % 100) * 12.8, y: Double(index / 100) * 7.2)
            root.addSublayer(layer)
            let phase = Double(index) / Double(layerCount)
            func repeating(_ keyPath: String, from: Any, to: Any, duration: Double) -> CABasicAnimation {
                let animation = CABasicAnimation(keyPath: keyPath)
                animation.fromValue = from
                animation.toValue = to
                animation.duration = duration
                animation.repeatCount = .infinity
                animation.autoreverses = true
                animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                return animation
            }
            layer.add(repeating("position.x", from: 0, to: 100, duration: 1 + phase), forKey: "x")
            layer.add(repeating("opacity", from: 0, to: 1, duration: 2 + phase), forKey: "opacity")
            layer.add(repeating("transform.rotation.z", from: 0, to: Double.pi, duration: 3 + phase), forKey: "spin")
            layer.add(
                repeating(
                    "backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                    to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 4 + phase),
                forKey: "color")
        }
        clock.advance(by: 0)
        let renderer = CARenderer(width: 1280, height: 720)!
        renderer.layer = root
        var time = 0.5
        _ = renderer.renderFrame(atTime: time)
        for _ in 0..<count {
            time += 1.0 / 120
            renderer.beginFrame(atTime: time, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
        }
    }
}
