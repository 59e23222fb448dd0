import Benchmark
import Foundation
import PortableUIKit

// Gallery benchmark (issue 8): rendering throughput at 1280×720 of the gallery's heaviest demo, seed 002's
// "from-to-transition". Measured with thread CPU time for every demo's whole timeline at 1280×720 and 20 fps (see
// the issue note), it costs the most per frame: its second tap flips `testOptionView` in 3-D for 5 s (an "oglFlip"
// transition, drawn as two perspective planes). `pqc` is an executable, so its demos cannot be imported here; this
// file rebuilds the demo's view tree as `pqc` builds it (Sources/pqc/Gallery/Demos/FromToTransitionDemo.swift and
// Support/ViewAnimationScreen.swift: keep them in step) on the canvas `pqc gallery --size 1280x720` uses, 640×360
// points at 2 pixels per point.
//
// Frames per second = 1 / (time per frame), or 100 / (time of the "100 frames" benchmark).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        maxDuration: .seconds(5)
    )

    // Views are main-actor objects: the rendering hops to the main actor once per measurement (a few µs).
    // One sample is one frame of the flip, the scene's time moving on by 1/20 s from one sample to the next, as an
    // export at 20 fps draws them; after the flip's 100 frames the scene is built again, outside the measurement.
    Benchmark(
        "from-to-transition, 1280×720: one frame of the 5 s flip (time moving on by 1/20 s per frame)",
        configuration: .init(scalingFactor: .one)
    ) { benchmark async in
        for _ in benchmark.scaledIterations {
            await MainActor.run { FlipPlayer.shared.prepare() }
            benchmark.startMeasurement()
            await MainActor.run { FlipPlayer.shared.renderNextFrame() }
            benchmark.stopMeasurement()
        }
    }

    // The whole flip with a fresh scene and renderer, so the first frame's work (backing stores, snapshots) counts.
    Benchmark(
        "from-to-transition, 1280×720: the 5 s flip at 20 fps (100 frames, t = 2 … 6.95 s)",
        configuration: .init(scalingFactor: .one)
    ) { benchmark async in
        let times = (0..<100).map { 2 + Double($0) / 20 }
        for _ in benchmark.scaledIterations {
            let scene = await MainActor.run { FromToTransitionScene() }
            benchmark.startMeasurement()
            await MainActor.run { scene.render(times: times) }
            benchmark.stopMeasurement()
        }
    }
}

/// The screen of `pqc`'s from-to-transition demo at 2 s, when its second tap starts the 5 s flip: a white view of
/// the canvas size; the red `testView` (100, 50, 200, 100); `testOptionView` (200, 50, 150, 50), dark grey, with a
/// green `leftView`, a pink "custom" label and a hidden cyan `centerView`; two blue buttons with white titles.
@MainActor
final class FromToTransitionScene {
    let clock = MediaClock(startingAt: 0)
    let renderer: CARenderer
    /// The view controller's view; the scene keeps the view tree alive (layers hold their views weakly).
    private let view: UIView

    init() {
        let canvas = CGSize(width: 640, height: 360)
        let clock = clock
        let root = CALayer()
        let view = UIView(frame: CGRect(origin: .zero, size: canvas))
        MediaClock.withInstalled(clock) { clock in
            root.frame = CGRect(origin: .zero, size: canvas)
            root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            view.backgroundColor = .white
            let testView = UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 100))
            testView.backgroundColor = .red
            view.addSubview(testView)
            let custom = CustomView(frame: CGRect(x: 200, y: 50, width: 150, height: 50))
            view.addSubview(custom)
            for (index, title) in ["Test UIViewAnimationOptions usage", "Restore the views"].enumerated() {
                let button = UIView(frame: CGRect(x: 0, y: 200 + 50 * CGFloat(index), width: canvas.width, height: 30))
                button.backgroundColor = .blue
                button.addSubview(
                    TextView(
                        frame: CGRect(x: 8, y: 6, width: canvas.width - 16, height: 20), text: title, fontSize: 15,
                        colour: .white, alignment: .center))
                view.addSubview(button)
            }
            root.addSublayer(view.layer)
            clock.advance(to: 2)
            // The demo's restore button (1.5 s) has added leftView and rightView again, in front of centerView.
            custom.addSubview(custom.leftView)
            custom.addSubview(custom.rightView)
            UIView.transition(
                from: custom.leftView, to: custom.centerView, duration: 5,
                options: [.showHideTransitionViews, .transitionFlipFromLeft], completion: nil)
            clock.advance(by: 0)
        }
        renderer = CARenderer(width: 1280, height: 720, scale: 2)!
        renderer.bounds = CGRect(origin: .zero, size: canvas)
        renderer.layer = root
        self.view = view
    }

    /// Renders a frame at each of `times` (seconds, not decreasing, from 2).
    func render(times: [Double]) {
        MediaClock.withInstalled(clock) { clock in
            for time in times {
                if time > clock.now { clock.advance(to: time) }
                blackHole(renderer.renderFrame(atTime: time))
            }
        }
    }
}

/// Plays the flip frame by frame across benchmark samples.
@MainActor
final class FlipPlayer {
    static let shared = FlipPlayer()
    /// The frames of the flip at 20 fps: 2 s … 6.95 s.
    static let frameCount = 100
    private var scene = FromToTransitionScene()
    private var frame = 0

    /// Builds the scene again after the flip's last frame.
    func prepare() {
        guard frame >= Self.frameCount else { return }
        scene = FromToTransitionScene()
        frame = 0
    }

    /// Renders the next frame of the flip.
    func renderNextFrame() {
        scene.render(times: [2 + Double(frame) / 20])
        frame += 1
    }
}

/// Seed 002's `RCCustomView`: subviews laid out from its size.
@MainActor
final class CustomView: UIView {
    let leftView = UIView(frame: .zero)
    let rightView = TextView(frame: .zero, text: "custom", fontSize: 15, colour: .black, alignment: .left)
    let centerView = UIView(frame: CGRect(x: 20, y: 10, width: 70, height: 30))

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .darkGray
        leftView.backgroundColor = .green
        addSubview(leftView)
        rightView.backgroundColor = .systemPink
        addSubview(rightView)
        centerView.backgroundColor = .cyan
        addSubview(centerView)
        centerView.isHidden = true
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func layoutSubviews() {
        leftView.frame = CGRect(x: 5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
        rightView.frame = CGRect(
            x: bounds.midX + 2.5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
    }
}

/// A view backed by a text layer (pqc's `DemoLabel`).
@MainActor
final class TextView: UIView {
    override class var layerClass: AnyClass {
        CATextLayer.self
    }

    init(frame: CGRect, text: String, fontSize: CGFloat, colour: UIColor, alignment: CATextLayerAlignmentMode) {
        super.init(frame: frame)
        let textLayer = layer as? CATextLayer
        textLayer?.string = text
        textLayer?.fontSize = fontSize
        textLayer?.foregroundColor = colour.cgColor
        textLayer?.alignmentMode = alignment
    }

    required init?(coder: NSCoder) {
        nil
    }
}
