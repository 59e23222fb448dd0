import Foundation
import PortableCoreGraphics
@_spi(Engine) import PortableRaster

/// Compares rendered images with the PNG goldens in `Goldens/` next to this file.
///
/// Comparison is exact: every premultiplied byte must match (PNG stores the pixels losslessly). On a mismatch
/// `<name>.actual.png` and `<name>.diff.png` (differing pixels in red, brightness by the largest channel
/// difference, over a faded copy of the golden) are written to a temporary folder whose path the failure
/// message gives; the source tree is never touched. With the environment variable `PQC_RECORD_GOLDENS=1`
/// (see `Scripts/update-goldens.sh`) the rendered image is written as the new golden instead and the check
/// passes. Never set it on CI.
enum GoldenImage {
    /// The folder holding the goldens, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Whether this run records goldens instead of comparing.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["PQC_RECORD_GOLDENS"] == "1" }

    /// `nil` when `image` matches the golden `name`, otherwise a message saying what differs and where the
    /// actual and diff images were written.
    static func mismatch(_ image: CGImage, name: String) -> String? {
        let actual = pixels(of: image)
        let goldenURL = folder.appendingPathComponent("\(name).png")
        if isRecording {
            do {
                try Data(PNG.encode(actual)).write(to: goldenURL, options: .atomic)
                return nil
            } catch {
                return "could not record \(goldenURL.path): \(error)"
            }
        }
        guard let data = try? Data(contentsOf: goldenURL) else {
            return "no golden at \(goldenURL.path); record it with Scripts/update-goldens.sh"
        }
        let golden: PixelBuffer
        do {
            golden = try data.withUnsafeBytes { raw throws(PNGError) in try PNG.decode(raw) }
        } catch {
            return "golden \(goldenURL.path) is not a readable PNG: \(error)"
        }
        if golden == actual { return nil }
        let outputFolder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-golden-failures")
        try? FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        let actualURL = outputFolder.appendingPathComponent("\(name).actual.png")
        let diffURL = outputFolder.appendingPathComponent("\(name).diff.png")
        try? Data(PNG.encode(actual)).write(to: actualURL, options: .atomic)
        let (diff, count, largest) = difference(golden, actual)
        if let diff { try? Data(PNG.encode(diff)).write(to: diffURL, options: .atomic) }
        if golden.width != actual.width || golden.height != actual.height {
            return "\(name): size \(actual.width)×\(actual.height) differs from the golden's "
                + "\(golden.width)×\(golden.height); actual image at \(actualURL.path)"
        }
        return "\(name): \(count) pixels differ (largest channel difference \(largest)); actual image at "
            + "\(actualURL.path), difference at \(diffURL.path)"
    }

    /// The image's pixels as a raster buffer.
    static func pixels(of image: CGImage) -> PixelBuffer {
        let bytes = image.withUnsafePremultipliedRGBABytes { [UInt8]($0) }
        // CGImage sizes are always within the buffer's limits.
        return try! PixelBuffer(width: image.width, height: image.height, bytesPerRow: image.bytesPerRow, bytes: bytes)
    }

    /// The diff image, the number of differing pixels and the largest channel difference.
    static func difference(_ golden: PixelBuffer, _ actual: PixelBuffer) -> (PixelBuffer?, Int, Int) {
        guard golden.width == actual.width, golden.height == actual.height,
            var diff = try? PixelBuffer(width: golden.width, height: golden.height)
        else { return (nil, 0, 0) }
        var count = 0
        var largest = 0
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let a = golden[x: x, y: y]
                let b = actual[x: x, y: y]
                let delta = max(
                    abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)),
                    abs(Int(a.a) - Int(b.a)))
                if delta > 0 {
                    count += 1
                    largest = max(largest, delta)
                    diff[x: x, y: y] = RGBA8(r: UInt8(min(255, 64 + delta * 4)), g: 0, b: 0, a: 255)
                } else {
                    let faded = UInt8((Int(a.a) + 2 * 255) / 3 / 4)
                    diff[x: x, y: y] = RGBA8(r: faded, g: faded, b: faded, a: 255)
                }
            }
        }
        return (diff, count, largest)
    }
}
