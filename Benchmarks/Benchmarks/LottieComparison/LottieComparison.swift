import CRLottie
import Foundation
import PortableLottie
import PortableQuartzCore

// Lottie speed side by side (issue 18): the same ten samples of ../shared/lottie at 512×512, frames spread evenly
// over each animation, through PortableLottie (decode + layer tree; frames paused and drawn with
// presentation().render(in:)), rlottie through its C API (Debian's librlottie-dev) and ThorVG through its C library
// (thorvg-python's ctypes layer, one C call per step; Scripts/thorvg-lottie-timing.py). Medians per sample.
//
//   swift run -c release LottieComparison [FRAMES]        (from Benchmarks/; FRAMES default 30)

/// The ten samples: vector animations without text or images, small to large.
let sampleNames = [
    "HamburgerArrow", "TwitterHeart", "LottieLogo1", "9squares_AlBoardman", "PinJump", "Watermelon",
    "MotionCorpse_Jrcanest", "vcTransition1", "LottieFiles/loading_dots_2", "LottieFiles/fireworks",
]
let size = 512
let frameCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 30 : 30

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let corpus = packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/lottie")
guard FileManager.default.fileExists(atPath: corpus.path) else {
    print("LottieComparison: \(corpus.path) is absent; nothing to measure")
    exit(0)
}

/// Milliseconds `body` takes (monotonic clock).
func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

struct Timing {
    var load = Double.nan
    var frame = Double.nan
    /// Ours only: a frame through a reused `CARenderer`.
    var rendererFrame = Double.nan
}

/// PortableLottie: decode and build the tree (load); then frames paused at evenly spaced progress and drawn.
func measureOurs(_ data: Data) -> Timing {
    var timing = Timing()
    var loads: [Double] = []
    var layer: LottieAnimationLayer?
    for _ in 0..<5 {
        // The previous tree is freed outside the timing, as rlottie's and ThorVG's are destroyed outside theirs: the
        // implicit transaction holds the layers it changed until it is committed, as a run loop turn would.
        layer = nil
        CATransaction.flush()
        loads.append(milliseconds { layer = try? LottieAnimationLayer(animation: LottieAnimation(data: data)) })
    }
    timing.load = median(loads)
    guard let layer else { return timing }
    _ = layer.snapshot(progress: 0, width: size, height: size)
    var frames: [Double] = []
    for index in 0..<frameCount {
        frames.append(
            milliseconds { _ = layer.snapshot(progress: Double(index) / Double(frameCount), width: size, height: size) }
        )
    }
    timing.frame = median(frames)
    let player = RendererPlayer(layer: layer, size: size)
    _ = player.frame(progress: 0)
    frames = []
    for index in 0..<frameCount {
        frames.append(milliseconds { _ = player.frame(progress: Double(index) / Double(frameCount)) })
    }
    timing.rendererFrame = median(frames)
    return timing
}

/// The normal playback path: the layer in a 512×512 frame drawn by one `CARenderer` kept for every frame.
final class RendererPlayer {
    let layer: LottieAnimationLayer
    let renderer: CARenderer

    init(layer: LottieAnimationLayer, size: Int) {
        self.layer = layer
        renderer = CARenderer(width: size, height: size)!
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.fitComposition()
        CATransaction.commit()
        renderer.layer = layer
    }

    func frame(progress: Double) -> CGImage {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.currentProgress = progress
        CATransaction.commit()
        CATransaction.flush()
        return renderer.renderFrame(atTime: CACurrentMediaTime())
    }
}

/// rlottie through its C API.
func measureRLottie(_ data: Data) -> Timing {
    var timing = Timing()
    let text = String(decoding: data, as: UTF8.self)
    var loads: [Double] = []
    var animation: OpaquePointer?
    for index in 0..<5 {
        if let previous = animation { lottie_animation_destroy(previous) }
        // A distinct key each time, so rlottie's cache does not answer instead of its parser.
        loads.append(milliseconds { animation = lottie_animation_from_data(text, "sample-\(index)-\(UUID())", "") })
    }
    timing.load = median(loads)
    guard let animation else { return timing }
    defer { lottie_animation_destroy(animation) }
    let total = lottie_animation_get_totalframe(animation)
    var buffer = [UInt32](repeating: 0, count: size * size)
    var frames: [Double] = []
    buffer.withUnsafeMutableBufferPointer { pixels in
        for index in 0..<frameCount {
            let frame = total * index / frameCount
            frames.append(
                milliseconds {
                    lottie_animation_render(animation, frame, pixels.baseAddress, size, size, size * 4)
                })
        }
    }
    timing.frame = median(frames)
    return timing
}

/// ThorVG through thorvg-python (one process for all samples).
func measureThorVG(_ files: [URL]) -> [Timing] {
    let script = packageRoot.appendingPathComponent("Scripts/thorvg-lottie-timing.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, String(size), String(frameCount)] + files.map(\.path)
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return files.map { _ in Timing() } }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
    return files.indices.map { index in
        guard index < lines.count,
            let object = try? JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any]
        else { return Timing() }
        return Timing(load: object["load_ms"] as? Double ?? .nan, frame: object["frame_ms"] as? Double ?? .nan)
    }
}

/// Draws `count` frames evenly spread over the animation (its own symbol, for callgrind's `--toggle-collect`).
@inline(never)
func profiledFrames(_ count: Int, _ frame: (Double) -> Void) {
    for index in 0..<count { frame(Double(index) / Double(count)) }
}

/// `LottieComparison profile NAME FRAMES snapshot|renderer|load`: ours only, for a profiler (callgrind, perf).
if CommandLine.arguments.count > 4, CommandLine.arguments[1] == "profile" {
    let arguments = CommandLine.arguments
    guard let data = try? Data(contentsOf: corpus.appendingPathComponent("samples/\(arguments[2]).json")),
        let count = Int(arguments[3])
    else { exit(1) }
    switch arguments[4] {
    case "load":
        for _ in 0..<count {
            _ = try? LottieAnimationLayer(animation: LottieAnimation(data: data))
            // The tree stays in the open implicit transaction until it is committed, as a run loop turn would.
            CATransaction.flush()
        }
    case "renderer":
        guard let layer = try? LottieAnimationLayer(animation: LottieAnimation(data: data)) else { exit(1) }
        let player = RendererPlayer(layer: layer, size: size)
        _ = player.frame(progress: 0)
        profiledFrames(count) { _ = player.frame(progress: $0) }
    default:
        guard let layer = try? LottieAnimationLayer(animation: LottieAnimation(data: data)) else { exit(1) }
        _ = layer.snapshot(progress: 0, width: size, height: size)
        profiledFrames(count) { _ = layer.snapshot(progress: $0, width: size, height: size) }
    }
    exit(0)
}

let files = sampleNames.map { corpus.appendingPathComponent("samples/\($0).json") }
let thorvg = measureThorVG(files)
func format(_ value: Double) -> String { value.isNaN ? "—" : String(format: "%.2f", value) }
print(
    "| sample | ours load | rlottie load | ThorVG load | ours frame (snapshot) | ours frame (CARenderer) "
        + "| rlottie frame | ThorVG frame |")
print("|---|---|---|---|---|---|---|---|")
var sums = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
for (index, file) in files.enumerated() {
    guard let data = try? Data(contentsOf: file) else { continue }
    let ours = measureOurs(data)
    let rlottie = measureRLottie(data)
    let peer = thorvg[index]
    let row = [ours.load, rlottie.load, peer.load, ours.frame, ours.rendererFrame, rlottie.frame, peer.frame]
    for column in row.indices { sums[column] += row[column] }
    print("| \(sampleNames[index]) | " + row.map(format).joined(separator: " | ") + " |")
}
print("| mean (ms) | " + sums.map { format($0 / Double(files.count)) }.joined(separator: " | ") + " |")
