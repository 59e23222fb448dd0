import CRLottie
import Foundation
import PortableLottie
import PortableQuartzCore
@_spi(Engine) import PortableRaster

// Lottie speed side by side (issue 18): the same ten samples of ../shared/lottie at 512×512, frames spread evenly
// over each animation, through PortableLottie (decode + layer tree; frames paused and drawn with
// presentation().render(in:)), rlottie through its C API (Debian's librlottie-dev) and ThorVG through its C library
// (thorvg-python's ctypes layer, one C call per step; Scripts/thorvg-lottie-timing.py). Ours and rlottie alternate
// load by load and pass by pass; ThorVG runs in its own process right after them, sample by sample. All three draw
// the same whole frames (rlottie takes only whole frame numbers). Medians per sample over every load and every frame
// of every round.
//
//   swift run -c release LottieComparison [FRAMES [ROUNDS]] [--one-thread]
//
// (from Benchmarks/; FRAMES default 30, ROUNDS 3). Large shapes are drawn with the helper thread (rlottie rasterizes
// on worker threads too); `--one-thread` draws ours on one thread.

/// The ten samples: vector animations without text or images, small to large.
let sampleNames = [
    "HamburgerArrow", "TwitterHeart", "LottieLogo1", "9squares_AlBoardman", "PinJump", "Watermelon",
    "MotionCorpse_Jrcanest", "vcTransition1", "LottieFiles/loading_dots_2", "LottieFiles/fireworks",
]
let size = 512
if CommandLine.arguments.contains("--one-thread") { HelperThread.isEnabled = false }
let frameCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 30 : 30
/// Rounds of passes over the frames per sample (ours and rlottie take turns, a whole pass each).
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 3 : 3

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
    /// Processor time of a frame, every thread of the process counted (rlottie rasterizes on worker threads).
    var frameCPU = Double.nan
    /// Ours only: a frame through a reused `CARenderer`.
    var rendererFrame = Double.nan
}

/// Ours and rlottie measured turn about, so that a slow phase of the machine falls on both alike: five loads each,
/// alternating; then `rounds` rounds of three passes over the frames (our snapshot path, our `CARenderer`, rlottie).
/// Medians over every load and every frame.
func measureSideBySide(_ data: Data) -> (ours: Timing, rlottie: Timing) {
    var ours = Timing()
    var peer = Timing()
    let text = String(decoding: data, as: UTF8.self)
    var loads: ([Double], [Double]) = ([], [])
    var layer: LottieAnimationLayer?
    var animation: OpaquePointer?
    for index in 0..<5 {
        // The previous trees are freed outside the timing: rlottie's is destroyed, and ours goes when the implicit
        // transaction holding the layers it changed is committed, as a run loop turn would commit it.
        layer = nil
        CATransaction.flush()
        if let previous = animation { lottie_animation_destroy(previous) }
        loads.0.append(milliseconds { layer = try? LottieAnimationLayer(animation: LottieAnimation(data: data)) })
        // A distinct key each time, so rlottie's cache does not answer instead of its parser.
        loads.1.append(milliseconds { animation = lottie_animation_from_data(text, "sample-\(index)-\(UUID())", "") })
    }
    ours.load = median(loads.0)
    peer.load = median(loads.1)
    defer { if let animation { lottie_animation_destroy(animation) } }
    // The snapshot path and the player each get their own tree: the player sizes its layer to the frame.
    guard let layer, let animation, let playerLayer = try? LottieAnimationLayer(animation: LottieAnimation(data: data))
    else { return (ours, peer) }
    let player = RendererPlayer(layer: playerLayer, size: size)
    let total = lottie_animation_get_totalframe(animation)
    var buffer = [UInt32](repeating: 0, count: size * size)
    var frames: (snapshot: [Double], renderer: [Double], rlottie: [Double]) = ([], [], [])
    var processor: (renderer: [Double], rlottie: [Double]) = ([], [])
    buffer.withUnsafeMutableBufferPointer { pixels in
        // One unmeasured frame each first: our first frame sizes the renderer's storage.
        _ = layer.snapshot(progress: 0, width: size, height: size)
        _ = player.frame(progress: 0)
        lottie_animation_render(animation, 0, pixels.baseAddress, size, size, size * 4)
        // Whole passes rather than single frames alternate, so each renderer draws with its own data in the caches,
        // as a player does; the order turns round every round.
        for round in 0..<rounds {
            for pass in round.isMultiple(of: 2) ? [0, 1, 2] : [2, 1, 0] {
                switch pass {
                case 0:
                    frames.snapshot +=
                        timedPass { layer.snapshot(progress: progress($0, of: total), width: size, height: size) }
                        .wall
                case 1:
                    let pass = timedPass { player.frame(progress: progress($0, of: total)) }
                    frames.renderer += pass.wall
                    processor.renderer += pass.processor
                default:
                    let pass = timedPass { index in
                        lottie_animation_render(
                            animation, wholeFrame(index, of: total), pixels.baseAddress, size, size, size * 4)
                    }
                    frames.rlottie += pass.wall
                    processor.rlottie += pass.processor
                }
            }
        }
    }
    ours.frame = median(frames.snapshot)
    ours.rendererFrame = median(frames.renderer)
    ours.frameCPU = median(processor.renderer)
    peer.frame = median(frames.rlottie)
    peer.frameCPU = median(processor.rlottie)
    return (ours, peer)
}

/// Milliseconds of processor time the whole process has used (every thread).
func processorMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

/// The wall-clock and processor milliseconds `draw` takes for each frame index `0 ..< frameCount`.
func timedPass<Result>(_ draw: (Int) -> Result) -> (wall: [Double], processor: [Double]) {
    var pass: (wall: [Double], processor: [Double]) = ([], [])
    for index in 0..<frameCount {
        let processor = processorMilliseconds()
        pass.wall.append(milliseconds { _ = draw(index) })
        pass.processor.append(processorMilliseconds() - processor)
    }
    return pass
}

/// The whole frame drawn as frame `index` of `frameCount`, spread evenly over an animation of `total` frames (its
/// `op − ip`, rlottie's `totalframe`): frame `⌊total · index / frameCount⌋` after the first.
func wholeFrame(_ index: Int, of total: Int) -> Int { total * index / frameCount }

/// ``wholeFrame(_:of:)`` as a progress in `0 ..< 1`, which lottie-ios maps to frame `ip + progress · (op − ip)`: the
/// same whole frame.
func progress(_ index: Int, of total: Int) -> Double { Double(wholeFrame(index, of: total)) / Double(total) }

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

/// ThorVG through thorvg-python, in a process of its own run for each sample just after ours and rlottie's turns,
/// so that the three measurements of a sample lie close together in time.
func measureThorVG(_ files: [URL]) -> [Timing] {
    let script = packageRoot.appendingPathComponent("Scripts/thorvg-lottie-timing.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, String(size), String(frameCount), String(rounds)] + files.map(\.path)
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
        return Timing(
            load: object["load_ms"] as? Double ?? .nan, frame: object["frame_ms"] as? Double ?? .nan,
            frameCPU: object["frame_cpu_ms"] as? Double ?? .nan)
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
func format(_ value: Double) -> String { value.isNaN ? "—" : String(format: "%.2f", value) }
print(
    "| sample | ours load | rlottie load | ThorVG load | ours frame (snapshot) | ours frame (CARenderer) "
        + "| rlottie frame | ThorVG frame | ours CPU | rlottie CPU | ThorVG CPU |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
var sums = [Double](repeating: 0, count: 10)
for (index, file) in files.enumerated() {
    guard let data = try? Data(contentsOf: file) else { continue }
    let (ours, rlottie) = measureSideBySide(data)
    let peer = measureThorVG([file])[0]
    let row = [
        ours.load, rlottie.load, peer.load, ours.frame, ours.rendererFrame, rlottie.frame, peer.frame, ours.frameCPU,
        rlottie.frameCPU, peer.frameCPU,
    ]
    for column in row.indices { sums[column] += row[column] }
    print("| \(sampleNames[index]) | " + row.map(format).joined(separator: " | ") + " |")
}
print("| mean (ms) | " + sums.map { format($0 / Double(files.count)) }.joined(separator: " | ") + " |")
