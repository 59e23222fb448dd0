import Foundation
import PortableQuartzCoreExport

/// Images for the export tests, built from premultiplied RGBA bytes.
enum TestImages {
    /// An image whose pixel (x, y) is `color(x, y)` as premultiplied (r, g, b, a).
    static func image(
        width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) -> CGImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                bytes += [r, g, b, a]
            }
        }
        return CGImage(premultipliedRGBA: bytes, width: width, height: height)!
    }

    /// A single opaque colour.
    static func solid(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> CGImage {
        image(width: width, height: height) { _, _ in (r, g, b, 255) }
    }

    /// Tightly packed RGBA of an image.
    static func pixels(_ image: CGImage) -> [UInt8] { image.premultipliedRGBABytes }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Names in a folder, sorted, hidden ones included.
    static func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The path of `ffmpeg` when it is installed on PATH.
    static let ffmpegPath: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Runs ffmpeg with `arguments` and returns what it wrote to standard output.
    static func runFFmpeg(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpegPath!)
        process.arguments = ["-hide_banner", "-loglevel", "error"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
