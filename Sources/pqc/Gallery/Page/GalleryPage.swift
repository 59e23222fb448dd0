import PortableQuartzCoreExport

/// The gallery's `index.html` (our helper): a contents list by seed, then every demo with its title, the seed and
/// section it comes from, a player for its frames with the animated properties' values beside it, its Swift
/// source highlighted, and a link to its exported file (GIF, video, PNG frames, scene file).
///
/// The page is self-contained for `file://`: the style and the player's script are inline, the per-demo data comes
/// from `player/NAME.js` scripts next to it (see `DemoPlayerWriter`), and nothing is loaded from the network. Without
/// script, a GIF gallery still shows each GIF.
struct GalleryPage {
    /// The folder, inside the gallery, that holds the scene files.
    static let scenesFolder = "scenes"

    /// What the gallery holds for one demo.
    struct Entry {
        let demo: Demo
        /// The exported animation (a file, or a PNG sequence's first frame), relative to the gallery folder.
        var animation: String?
        /// The animation's format.
        var format: ExportFormat?
        /// How many frames the animation holds.
        var frameCount = 0
        /// The scene file, relative to the gallery folder.
        var sceneFile: String?
        /// The player's data script, relative to the gallery folder.
        var playerScript: String?
        /// The frame size of the player, in pixels.
        var pixels: ExportSize?
    }

    let entries: [Entry]
    let plan: GalleryOptions.Plan
    /// The Lottie animations, shown after the demos.
    var lottie: [LottieEntry] = []

    var html: String {
        var contents = ""
        var sections = ""
        for seed in Seed.allCases {
            let ofSeed = entries.filter { $0.demo.seed == seed }
            guard !ofSeed.isEmpty else { continue }
            let heading = "Seed \(seed.rawValue): \(escape(seed.subject))"
            contents += "<div class=\"seed\"><h3><a href=\"#seed-\(seed.rawValue)\">\(heading)</a></h3>\n<ol>\n"
            for entry in ofSeed {
                contents += "<li><a href=\"#\(escape(entry.demo.name))\">\(escape(entry.demo.title))</a></li>\n"
            }
            contents += "</ol></div>\n"
            sections += "<h2 id=\"seed-\(seed.rawValue)\">\(heading)</h2>\n"
            sections += "<p class=\"origin\">Article: \(escape(seed.articleTitle))</p>\n"
            for entry in ofSeed { sections += section(entry) }
        }
        let rendered = entries.filter { $0.animation != nil }.count
        let pixels = plan.canvas.pixels
        let scripts = entries.compactMap(\.playerScript).map { "<script src=\"\(escape($0))\"></script>\n" }.joined()
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>PortableQuartzCore gallery</title>
            <style>\(Self.style)</style>
            <script>var pqcGallery={demos:{},add:function(d){this.demos[d.name]=d;}};</script>
            \(scripts)</head><body>
            <h1>PortableQuartzCore gallery</h1>
            <p>\(entries.count) demo(s) from the seed articles; \(rendered) rendered by CARenderer on a manual clock \
            (\(pixels.width)×\(pixels.height) pixels, \(GalleryPage.number(plan.framesPerSecond)) frames per \
            second, exported as \(plan.format.rawValue.uppercased())). Each player shows the engine's frames: play, \
            pause, drag the time slider (as seed 003 drives <code>timeOffset</code> with a slider), step frame by \
            frame (or ← → and space), change the speed; the table lists the animated properties' presentation \
            values at the frame's time.</p>
            <nav><h2>Contents</h2><div class="seeds">
            \(contents)\(lottie.isEmpty ? "" : "<div class=\"seed\"><h3><a href=\"#lottie\">Lottie</a></h3></div>\n")\
            </div></nav>
            \(sections)\(lottieSection(lottie))<script>\(Self.script)</script>
            </body></html>

            """
    }

    private func section(_ entry: Entry) -> String {
        let demo = entry.demo
        let name = escape(demo.name)
        var origin = "Seed \(demo.seed.rawValue) · § \(escape(demo.section))"
        if let listing = demo.listing { origin += " · \(escape(listing))" }
        var html = """
            <section class="demo" id="\(name)">
            <h3>\(escape(demo.title)) <small><code>\(name)</code></small></h3>
            <p class="origin">\(origin)</p>
            <div class="row">

            """
        html += player(entry)
        let path = escape(DemoSource.relativePath(of: demo))
        if let source = DemoSource.text(of: demo) {
            html += "<div class=\"code\"><small>\(path)</small><pre>\(SwiftHighlighter.html(source))</pre></div>\n"
        } else {
            html += "<div class=\"code\"><small>\(path) was not found beside this build of pqc.</small></div>\n"
        }
        return html + "</div>\n</section>\n"
    }

    private func player(_ entry: Entry) -> String {
        let demo = entry.demo
        var html = ""
        if entry.playerScript != nil, let pixels = entry.pixels {
            html += """
                <div class="player" data-demo="\(escape(demo.name))" tabindex="0">
                <canvas width="\(pixels.width)" height="\(pixels.height)" \
                style="width:\(pixels.width)px" aria-label="\(escape(demo.title))"></canvas>
                <div class="controls"><button class="play">Play</button>\
                <button class="back" title="previous frame (←)">◀</button>\
                <button class="forward" title="next frame (→)">▶</button>\
                <input class="scrub" type="range" min="0" max="0" step="any" value="0" aria-label="time">\
                <select class="speed" aria-label="speed"><option value="0.25">¼×</option>\
                <option value="0.5">½×</option><option value="1" selected>1×</option>\
                <option value="2">2×</option></select></div>
                <p class="time"></p>
                <table class="values"><thead><tr><th>layer</th><th>key path</th><th>presentation value</th></tr>\
                </thead><tbody></tbody></table>

                """
        } else {
            html += "<div class=\"player\">\n"
        }
        if let animation = entry.animation.map(escape) {
            let alt = escape(demo.title)
            switch entry.format {
            case .mp4, .webm:
                html += "<p><video src=\"\(animation)\" loop muted playsinline controls></video></p>\n"
            case .png:
                html += "<p><small><a href=\"\(escape(demo.name))/\">\(entry.frameCount) PNG frames</a></small></p>\n"
            case .gif, nil:
                let link = "<small>Exported: <a href=\"\(animation)\">\(animation)</a></small>"
                html += entry.playerScript == nil ? "<p><img src=\"\(animation)\" alt=\"\(alt)\"></p>" : ""
                html += "<p>\(link)</p><noscript><img src=\"\(animation)\" alt=\"\(alt)\"></noscript>\n"
            }
            if let scene = entry.sceneFile.map(escape) {
                html += "<p><small>Scene file: <a href=\"\(scene)\">\(scene)</a></small></p>\n"
            }
        }
        return html + "</div>\n"
    }

    /// `value` without a fractional part when it is whole (30, not 30.0).
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func escape(_ text: String) -> String {
        SwiftHighlighter.escape(text)
    }
}
