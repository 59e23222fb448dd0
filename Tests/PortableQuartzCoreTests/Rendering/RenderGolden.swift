import Foundation

@testable import PortableQuartzCore

/// Compares renderer frames with the PNG goldens in `Goldens/` next to this file: every premultiplied byte must
/// match. On a mismatch the actual frame is written to a temporary folder named in the message. With
/// `PQC_RECORD_GOLDENS=1` (Scripts/update-goldens.sh) the frame becomes the new golden instead. Never set it on CI.
enum RenderGolden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func mismatch(_ image: CGImage, name: String) -> String? {
        let url = folder.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["PQC_RECORD_GOLDENS"] == "1" {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try image.pngData().write(to: url, options: .atomic)
                return nil
            } catch {
                return "could not record \(url.path): \(error)"
            }
        }
        guard let data = try? Data(contentsOf: url) else {
            return "no golden at \(url.path); record it with Scripts/update-goldens.sh"
        }
        guard let golden = CGImage(pngData: data) else { return "golden \(url.path) is not a readable PNG" }
        let same =
            golden.width == image.width && golden.height == image.height
            && (0..<image.height).allSatisfy { y in
                (0..<image.width).allSatisfy { x in pixel(golden, x, y) == pixel(image, x, y) }
            }
        if same { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-golden-failures")
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let actual = output.appendingPathComponent("\(name).actual.png")
        try? image.pngData().write(to: actual, options: .atomic)
        return "\(name) differs from its golden; actual frame at \(actual.path)"
    }
}
