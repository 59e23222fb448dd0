import Foundation

/// The Swift source of a demo as the project holds it, for the gallery page's code panel (our helper).
///
/// Each demo is built by `Demos/TYPE.swift` (`Demo.typeName`), a port of the seed's listing. The file is read when
/// the gallery is written, from the source tree this program was built from (found through `#filePath`), so the
/// page shows exactly the code that ran. A program moved away from its sources finds none and the page says so.
enum DemoSource {
    /// The folder of the demos' sources in the tree this program was built from.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demos", isDirectory: true)

    /// The path of `demo`'s source relative to the package (`Sources/pqc/Gallery/Demos/OpacityFadeDemo.swift`).
    static func relativePath(of demo: Demo) -> String {
        "Sources/pqc/Gallery/Demos/\(demo.typeName).swift"
    }

    /// The source of `demo` without its `import` lines and the blank lines after them, or nil when the file
    /// cannot be read.
    static func text(of demo: Demo) -> String? {
        let url = folder.appendingPathComponent("\(demo.typeName).swift")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.drop { $0.hasPrefix("import ") || $0.trimmingCharacters(in: .whitespaces).isEmpty }
        return body.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
