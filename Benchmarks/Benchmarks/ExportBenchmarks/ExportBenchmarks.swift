import Benchmark
import Foundation
import PortableQuartzCoreExport

// Export benchmarks (issue 8). Targets (release, one core): 120 frames of 640 × 480 to an animated GIF ≤ 2 s, and
// to a PNG sequence ≤ 1.5 s. The frames are made beforehand with CGContext (a drifting gradient, a moving
// anti-aliased disc, a turning square, a translucent disc), so only encoding and writing are measured.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(20),
        maxIterations: 5
    )

    let frames = (0..<120).map(exportBenchmarkFrame)
    let timeline = try! FrameTimeline(framesPerSecond: 30, frameCount: frames.count)
    let source = ClosureFrameSource { index, _ in frames[index] }
    let size = ExportSize(width: 640, height: 480)

    func measure(_ benchmark: Benchmark, _ exporter: AnimationExporter, _ name: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pqc-export-bench-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        benchmark.startMeasurement()
        let result = try! exporter.export(
            from: source, to: folder.appendingPathComponent(name), progress: SilentProgress())
        benchmark.stopMeasurement()
        blackHole(result)
    }

    Benchmark("GIF export 120 frames 640x480 (default: global palette, ordered dither)") { benchmark in
        measure(benchmark, AnimationExporter(format: .gif, timeline: timeline, size: size), "anim.gif")
    }

    Benchmark("GIF export 120 frames 640x480 (per-frame palettes, Floyd-Steinberg)") { benchmark in
        var exporter = AnimationExporter(format: .gif, timeline: timeline, size: size)
        exporter.gif.palette = .perFrame
        exporter.gif.dithering = .floydSteinberg
        measure(benchmark, exporter, "anim.gif")
    }

    Benchmark("GIF export 120 frames 640x480 (global palette, no dither, no frame differencing)") { benchmark in
        var exporter = AnimationExporter(format: .gif, timeline: timeline, size: size)
        exporter.gif.dithering = .none
        exporter.gif.frameDifferencing = false
        measure(benchmark, exporter, "anim.gif")
    }

    Benchmark("PNG sequence export 120 frames 640x480") { benchmark in
        measure(benchmark, AnimationExporter(format: .png, timeline: timeline, size: size), "frames")
    }
}

/// Frame `index` of the benchmark animation: 640 × 480, opaque, with smooth gradients and anti-aliased edges.
func exportBenchmarkFrame(_ index: Int) -> CGImage {
    let width = 640
    let height = 480
    let space = CGColorSpace(name: CGColorSpace.sRGB)!
    let context = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    let t = Double(index) / 120
    let gradient = CGGradient(
        colorsSpace: space,
        colors: [
            CGColor(red: 0.15 + 0.3 * t, green: 0.2, blue: 0.55, alpha: 1),
            CGColor(red: 0.9, green: 0.55 + 0.3 * t, blue: 0.3, alpha: 1),
        ], locations: nil)!
    context.drawLinearGradient(
        gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 640, y: 480 - 200 * t),
        options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    context.setFillColor(CGColor(red: 0.95, green: 0.95, blue: 0.98, alpha: 1))
    context.fillEllipse(in: CGRect(x: 40 + 480 * t, y: 330 + 60 * sin(t * 6.28), width: 90, height: 90))
    context.saveGState()
    context.translateBy(x: 320, y: 240)
    context.rotate(by: t * 1.2)
    context.setFillColor(CGColor(red: 0.1, green: 0.6, blue: 0.35, alpha: 1))
    context.fill(CGRect(x: -60, y: -60, width: 120, height: 120))
    context.restoreGState()
    context.setFillColor(CGColor(red: 0.8, green: 0.1, blue: 0.2, alpha: 0.5))
    context.fillEllipse(in: CGRect(x: 400 - 200 * t, y: 60, width: 160, height: 160))
    return context.makeImage()!
}
