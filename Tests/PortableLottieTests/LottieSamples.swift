import Foundation

/// The Lottie samples with Apple's pictures in `../shared/lottie` (test data, never copied into the project; see
/// its README). Tests that use them skip when the folder is absent.
enum LottieSamples {
    /// One sample of the manifest.
    struct Sample {
        let name: String
        let json: URL
        let snapshots: [Int: URL]
        let precision: Double
        let width: Double
        let height: Double
    }

    /// The folder, found from this file's location (package root / ../shared/lottie); nil when absent.
    static let folder: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/lottie")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path)
            ? folder : nil
    }()

    /// Every sample of the manifest; empty when the folder is absent.
    static let all: [Sample] = {
        guard let folder,
            let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let samples = manifest["samples"] as? [[String: Any]]
        else { return [] }
        return samples.compactMap { entry in
            guard let name = entry["name"] as? String, let json = entry["json"] as? String,
                let snapshots = entry["snapshots"] as? [String: String]
            else { return nil }
            var pictures: [Int: URL] = [:]
            for (percent, path) in snapshots {
                if let value = Int(percent) { pictures[value] = folder.appendingPathComponent(path) }
            }
            return Sample(
                name: name, json: folder.appendingPathComponent(json), snapshots: pictures,
                precision: entry["precision"] as? Double ?? 0.985, width: entry["width"] as? Double ?? 0,
                height: entry["height"] as? Double ?? 0)
        }
    }()
}
