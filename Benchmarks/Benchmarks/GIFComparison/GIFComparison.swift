import Foundation
import PortableQuartzCoreExport
@_spi(Engine) import PortableRaster

/// Compares our GIF encoder with ffmpeg's palettegen/paletteuse on the same frames (issue 21): file size, time, and
/// how far the GIF's pictures are from the frames (`FrameMetrics`).
///
/// Input: a folder with one folder of PNG frames per demo, as `pqc gallery --format png --out DIR` writes it.
///
///     swift run -c release GIFComparison DIR [--fps 20] [--dithering ordered|none|floydSteinberg] [--no-ffmpeg]
///         [--keep OUT] [--per-frame]
///
/// ffmpeg runs once per demo as `-framerate FPS -i frame_%05d.png` with the filter graph
/// `split[a][b];[a]palettegen[p];[b][p]paletteuse` (its defaults: 256 colours from every frame, sierra2_4a error
/// diffusion). Our time includes decoding the PNG files, as ffmpeg's does.
@main
struct GIFComparison {
    struct Options {
        var folder = ""
        var framesPerSecond = 20.0
        var dithering = GIFDithering.ordered
        var runsFFmpeg = true
        var keep: String?
        /// Print each frame's mean error too.
        var perFrame = false
    }

    struct Row {
        let name: String
        let frames: Int
        var bytes: Int
        var seconds: Double
        var metrics: FrameMetrics
    }

    static func main() throws {
        let options = try parse(Array(CommandLine.arguments.dropFirst()))
        let root = URL(fileURLWithPath: options.folder, isDirectory: true)
        let demos = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted().filter { name in
            var isFolder: ObjCBool = false
            let path = root.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                && ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).contains {
                    $0.hasSuffix(".png")
                }
        }
        guard !demos.isEmpty else {
            print("No folders of PNG frames in \(root.path); write them with `pqc gallery --format png --out DIR`.")
            exit(1)
        }
        let keep = options.keep.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let keep { try FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gifcomparison-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var ours: [Row] = []
        var theirs: [Row] = []
        print("| demo | frames | ours: KB, s, mean, area, flat noise % | ffmpeg: KB, s, mean, area, flat noise % |")
        print("|---|---|---|---|")
        for demo in demos {
            let folder = root.appendingPathComponent(demo)
            let ourFile = (keep ?? scratch).appendingPathComponent("\(demo).ours.gif")
            let start = DispatchTime.now()
            let frames = try loadFrames(folder)
            try encodeOurs(frames, options, to: ourFile)
            let ourSeconds = seconds(since: start)
            var row = try measure(ourFile, against: frames, name: demo, seconds: ourSeconds, options)
            ours.append(row)
            var line = "| \(demo) | \(frames.count) | \(describe(row))"
            if options.runsFFmpeg {
                let theirFile = (keep ?? scratch).appendingPathComponent("\(demo).ffmpeg.gif")
                let ffmpegStart = DispatchTime.now()
                try runFFmpeg(folder: folder, fps: options.framesPerSecond, to: theirFile)
                row = try measure(
                    theirFile, against: frames, name: demo, seconds: seconds(since: ffmpegStart), options)
                theirs.append(row)
                line += " | \(describe(row))"
            }
            print(line + " |")
        }
        print(
            "| **all** | \(ours.reduce(0) { $0 + $1.frames }) | \(describe(total(ours))) | "
                + (theirs.isEmpty ? "—" : describe(total(theirs))) + " |")
    }

    // MARK: Frames

    struct Frame {
        let image: CGImage
        /// RGB over white, top row first.
        let rgb: [UInt8]
    }

    static func loadFrames(_ folder: URL) throws -> [Frame] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
            .sorted()
        return try names.map { name in
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let buffer = try PNG.decode(bytes)
            var packed = [UInt8](repeating: 0, count: buffer.width * buffer.height * 4)
            var rgb = [UInt8](repeating: 0, count: buffer.width * buffer.height * 3)
            buffer.withUnsafeBytes { raw in
                for row in 0..<buffer.height {
                    for column in 0..<buffer.width {
                        let from = row * buffer.bytesPerRow + column * 4
                        let pixel = row * buffer.width + column
                        let rest = 255 - Int(raw[from + 3])
                        for channel in 0..<4 { packed[pixel * 4 + channel] = raw[from + channel] }
                        for channel in 0..<3 {
                            rgb[pixel * 3 + channel] = UInt8(min(255, Int(raw[from + channel]) + rest))
                        }
                    }
                }
            }
            guard let image = CGImage(premultipliedRGBA: packed, width: buffer.width, height: buffer.height) else {
                throw Failure(description: "\(name) has a size CGImage refuses")
            }
            return Frame(image: image, rgb: rgb)
        }
    }

    // MARK: Encoders

    static func encodeOurs(_ frames: [Frame], _ options: Options, to file: URL) throws {
        let first = frames[0].image
        let timeline = try FrameTimeline(framesPerSecond: options.framesPerSecond, frameCount: frames.count)
        var exporter = AnimationExporter(
            format: .gif, timeline: timeline, size: ExportSize(width: first.width, height: first.height))
        exporter.gif.dithering = options.dithering
        try exporter.export(
            from: ClosureFrameSource { index, _ in frames[index].image }, to: file, progress: SilentProgress())
    }

    static func runFFmpeg(folder: URL, fps: Double, to file: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-nostdin", "-v", "error", "-y", "-framerate", String(fps), "-i",
            folder.appendingPathComponent("frame_%05d.png").path, "-filter_complex",
            "split[a][b];[a]palettegen[p];[b][p]paletteuse", file.path,
        ]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "ffmpeg failed (\(process.terminationStatus)); run with --no-ffmpeg without it")
        }
    }

    // MARK: Measuring

    static func measure(
        _ file: URL, against frames: [Frame], name: String, seconds: Double, _ options: Options
    ) throws -> Row {
        let bytes = [UInt8](try Data(contentsOf: file))
        let gif = try GIFFileDecoder(bytes)
        var metrics = FrameMetrics()
        for (index, frame) in frames.enumerated() {
            let centiseconds = Int((Double(index) * 100 / options.framesPerSecond).rounded())
            var one = FrameMetrics()
            one.add(
                source: frame.rgb, shown: gif.frame(atCentiseconds: centiseconds).rgb, width: gif.width,
                height: gif.height)
            if options.perFrame {
                print(
                    String(
                        format: "  %@ frame %d: mean %.3f, area %.3f, flat noise %.2f %%", name, index,
                        one.meanError, one.areaError, one.flatNoisePercent))
            }
            metrics.add(one)
        }
        return Row(name: name, frames: frames.count, bytes: bytes.count, seconds: seconds, metrics: metrics)
    }

    static func total(_ rows: [Row]) -> Row {
        var metrics = FrameMetrics()
        for row in rows { metrics.add(row.metrics) }
        return Row(
            name: "all", frames: rows.reduce(0) { $0 + $1.frames }, bytes: rows.reduce(0) { $0 + $1.bytes },
            seconds: rows.reduce(0) { $0 + $1.seconds }, metrics: metrics)
    }

    static func describe(_ row: Row) -> String {
        String(
            format: "%.0f, %.2f, %.3f, %.3f, %.2f", Double(row.bytes) / 1024, row.seconds, row.metrics.meanError,
            row.metrics.areaError, row.metrics.flatNoisePercent)
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--fps":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else {
                    throw Failure(description: "--fps needs a frame rate above 0")
                }
                options.framesPerSecond = value
            case "--dithering":
                guard let value = rest.popFirst().flatMap(GIFDithering.init(rawValue:)) else {
                    throw Failure(description: "--dithering takes none, ordered or floydSteinberg")
                }
                options.dithering = value
            case "--no-ffmpeg":
                options.runsFFmpeg = false
            case "--keep":
                options.keep = rest.popFirst()
            case "--per-frame":
                options.perFrame = true
            default:
                options.folder = argument
            }
        }
        guard !options.folder.isEmpty else {
            throw Failure(
                description: "usage: GIFComparison FRAMES_DIR [--fps 20] [--dithering ordered|none|floydSteinberg] "
                    + "[--no-ffmpeg] [--keep OUT] [--per-frame]")
        }
        return options
    }
}
