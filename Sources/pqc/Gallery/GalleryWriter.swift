import Foundation

/// Writes the gallery folder: `index.html` listing the demos and one SVG per geometry preview.
/// Every file is written atomically (a temporary file renamed into place), so an interrupted run never leaves a
/// half-written file.
struct GalleryWriter {
    /// Where the gallery goes; created if missing.
    let folder: URL

    /// Why the gallery could not be written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes the index and previews for `demos`; returns the files written, index first.
    func write(demos: [Demo]) throws -> [URL] {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                description: "Cannot create the folder \(folder.path) (\(error.localizedDescription)) "
                    + "Choose another with --out DIR.")
        }
        var written: [URL] = []
        var previews: [String: GeometryPreview] = [:]
        for demo in demos {
            guard let preview = GeometryPreview.forDemo(demo) else { continue }
            previews[demo.name] = preview
            written.append(try save(preview.svg, as: "\(demo.name).svg"))
        }
        let index = try save(GalleryIndex(demos: demos, previews: previews).html, as: "index.html")
        return [index] + written
    }

    private func save(_ text: String, as name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw Failure(
                description: "Cannot write \(url.path) (\(error.localizedDescription)) "
                    + "Check that the folder is writable, or choose another with --out DIR.")
        }
        return url
    }
}

/// The gallery's `index.html`: every demo with its name, title and the seed it comes from.
struct GalleryIndex {
    let demos: [Demo]
    let previews: [String: GeometryPreview]

    var html: String {
        var rows = ""
        for seed in Seed.allCases {
            let ofSeed = demos.filter { $0.seed == seed }
            guard !ofSeed.isEmpty else { continue }
            rows += "<h2>Seed \(seed.rawValue): \(escape(seed.subject))</h2>\n<ul>\n"
            for demo in ofSeed {
                rows += "<li id=\"\(demo.name)\"><b>\(escape(demo.title))</b> <code>\(demo.name)</code>"
                if let preview = previews[demo.name] {
                    rows += "<br><img src=\"\(demo.name).svg\" alt=\"\(escape(demo.title))\">"
                    rows += "<br><small>\(escape(preview.caption))</small>"
                } else {
                    rows += " <small>(animated render pending: needs the renderer)</small>"
                }
                rows += "</li>\n"
            }
            rows += "</ul>\n"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>PortableQuartzCore gallery</title>
            <style>body{font-family:sans-serif;max-width:60em;margin:2em auto}img{border:1px solid #ccc;margin:.5em 0}</style>
            </head><body>
            <h1>PortableQuartzCore gallery</h1>
            <p>\(demos.count) demo(s) from the seed articles. Still previews are computed by the engine's geometry; \
            animated renders arrive with the renderer and exporters.</p>
            \(rows)</body></html>

            """
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
