import Foundation
import PortableQuartzCore

/// A scene typical of animated vector content (issue 22): 300 `CAShapeLayer`s on a 1920×1080 frame whose `path`
/// animates every frame (a keyframe animation through three outlines of the same structure), and whose `strokeEnd`
/// animates too where they are stroked. A third of the layers are filled blobs, a third stroked open waves, a third
/// blobs filled and stroked with a dash pattern. Time comes from a manual `MediaClock` (installed by
/// ``withShapeScene(seed:_:)``) and the frame times passed to `CARenderer`, 1/60 s apart, so every run draws the same
/// frames.
struct ShapeScene {
    static let width = 1920
    static let height = 1080
    static let layerCount = 300

    let renderer: CARenderer
    private(set) var time = 0.5

    /// Builds the scene on the installed clock; call inside `MediaClock.withInstalled`.
    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.backgroundColor = CGColor(srgbRed: 0.96, green: 0.95, blue: 0.92, alpha: 1)
        do {
            let columns = 20
            let cellWidth = Double(Self.width) / Double(columns)
            let cellHeight = Double(Self.height) / Double(Self.layerCount / columns)
            for index in 0..<Self.layerCount {
                let layer = CAShapeLayer()
                layer.position = CGPoint(
                    x: (Double(index % columns) + 0.5) * cellWidth, y: (Double(index / columns) + 0.5) * cellHeight)
                let kind = index % 3
                let outlines = (0..<3).map { _ in
                    kind == 1
                        ? Self.wave(&random, length: cellWidth * 0.8) : Self.blob(&random, radius: cellHeight * 0.4)
                }
                layer.path = outlines[0]
                let hue = random.uniform(0, 1)
                let color = CGColor(
                    srgbRed: 0.5 + 0.45 * hue, green: 0.2 + 0.6 * (1 - hue), blue: random.uniform(0.2, 0.9),
                    alpha: random.chance(0.7) ? 1 : 0.75)
                switch kind {
                case 0:
                    layer.fillColor = color
                case 1:
                    layer.fillColor = nil
                    layer.strokeColor = color
                    layer.lineWidth = 3
                    layer.lineCap = .round
                    layer.lineJoin = .round
                default:
                    layer.fillColor = color.copy(alpha: 0.5)
                    layer.strokeColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.15, alpha: 1)
                    layer.lineWidth = 2
                    layer.lineDashPattern = [8, 4]
                }
                let morph = CAKeyframeAnimation(keyPath: "path")
                morph.values = [outlines[0], outlines[1], outlines[2], outlines[0]]
                morph.duration = random.uniform(1.5, 3)
                morph.repeatCount = .infinity
                morph.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                layer.add(morph, forKey: "morph")
                if kind != 0 {
                    let draw = CABasicAnimation(keyPath: "strokeEnd")
                    draw.fromValue = 0.1
                    draw.toValue = 1
                    draw.duration = random.uniform(1, 2)
                    draw.autoreverses = true
                    draw.repeatCount = .infinity
                    layer.add(draw, forKey: "draw")
                }
                root.addSublayer(layer)
            }
        }
        renderer = CARenderer(width: Self.width, height: Self.height)!
        renderer.layer = root
    }

    /// Renders the next frame (1/60 s after the last).
    mutating func renderNextFrame() {
        time += 1.0 / 60
        renderer.beginFrame(atTime: time, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
    }

    /// A closed blob about the origin: six cubic arcs through points at seeded radii around `radius`.
    static func blob(_ random: inout SeededGenerator, radius: Double) -> CGPath {
        let path = CGMutablePath()
        let count = 6
        var points: [CGPoint] = []
        for index in 0..<count {
            let angle = Double(index) / Double(count) * 2 * .pi
            let r = radius * random.uniform(0.6, 1)
            points.append(CGPoint(x: r * cos(angle), y: r * sin(angle)))
        }
        path.move(to: points[0])
        for index in 0..<count {
            let from = points[index]
            let to = points[(index + 1) % count]
            let bulge = random.uniform(0.2, 0.45)
            path.addCurve(
                to: to, control1: CGPoint(x: from.x - from.y * bulge, y: from.y + from.x * bulge),
                control2: CGPoint(x: to.x + to.y * bulge, y: to.y - to.x * bulge))
        }
        path.closeSubpath()
        return path
    }

    /// An open wave across `length` points centred on the origin: four cubic humps of seeded heights.
    static func wave(_ random: inout SeededGenerator, length: Double) -> CGPath {
        let path = CGMutablePath()
        let step = length / 4
        var x = -length / 2
        path.move(to: CGPoint(x: x, y: 0))
        for hump in 0..<4 {
            let height = random.uniform(8, 22) * (hump % 2 == 0 ? 1 : -1)
            path.addCurve(
                to: CGPoint(x: x + step, y: 0), control1: CGPoint(x: x + step * 0.3, y: height),
                control2: CGPoint(x: x + step * 0.7, y: height))
            x += step
        }
        return path
    }
}

/// Runs `body` with the shape scene built on a manual clock installed for the duration, after 3 warm-up frames
/// (by then every scratch buffer of the renderer has grown to its size).
func withShapeScene(seed: UInt64, _ body: (inout ShapeScene) -> Void) {
    MediaClock.withInstalled(MediaClock(startingAt: 0)) { clock in
        var scene = ShapeScene(seed: seed)
        clock.advance(by: 0)
        for _ in 0..<3 { scene.renderNextFrame() }
        body(&scene)
    }
}

/// Times `count` frames of the shape scene (`--shape-scene N`) and prints the fastest, the tenth percentile and the
/// median frame.
func timeShapeScene(seed: UInt64, count: Int) {
    withShapeScene(seed: seed) { scene in
        var times: [Double] = []
        for _ in 0..<Swift.max(count, 1) {
            times.append(timed { scene.renderNextFrame() } * 1000)
        }
        times.sort()
        print(
            "SHAPE SCENE (issue 22): \(ShapeScene.layerCount) CAShapeLayers, path and strokeEnd animated, "
                + "\(ShapeScene.width)×\(ShapeScene.height), CARenderer"
        )
        print(
            "\(times.count) frames: fastest \(format(times[0], 2)) ms (\(format(1000 / times[0], 1)) fps), "
                + "10th percentile \(format(times[times.count / 10], 2)) ms, median \(format(times[times.count / 2], 2)) ms"
        )
    }
}

/// Renders 3 warm-up frames and then `count` frames of the shape scene and nothing else (`--shape-frames N`), for
/// a heap profiler: the difference between runs of N and 2N frames, divided by N, is the allocations per frame. Prints
/// a checksum (FNV-1a) of the last frame's pixels, to check that a change to the renderer left them identical, and
/// writes that frame to `DIRECTORY/shape-scene.png` when a directory is given (`--paths-dump`).
func renderShapeFrames(seed: UInt64, count: Int, dumpDirectory: String?) {
    withShapeScene(seed: seed) { scene in
        for _ in 0..<count { scene.renderNextFrame() }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        scene.renderer.makeImage().withUnsafePremultipliedRGBABytes { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        print("shape scene, frame \(3 + count): checksum \(String(hash, radix: 16))")
        if let dumpDirectory { writePNG(scene.renderer.makeImage(), to: dumpDirectory + "/shape-scene.png") }
    }
}
