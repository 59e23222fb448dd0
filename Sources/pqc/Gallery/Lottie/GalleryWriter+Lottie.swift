import Foundation
import PortableLottie
import PortableQuartzCoreExport

extension GalleryWriter {
    /// The folder, inside the gallery, that holds the Lottie animations.
    static let lottieFolder = "lottie"

    /// Renders the project's Lottie samples (``LottieGallerySamples``) into `lottie/` in the gallery's format, at
    /// the gallery's frame size (each animation scaled to fit, aspect kept) and frame rate, over each animation's
    /// duration; returns the index entries.
    /// - Throws: `LottieDecodingError` if a sample does not decode, `ExportError` when an export fails.
    func writeLottieSection(plan: GalleryOptions.Plan) throws -> [GalleryPage.LottieEntry] {
        let pixels = plan.canvas.pixels
        var entries: [GalleryPage.LottieEntry] = []
        let subfolder = folder.appendingPathComponent(Self.lottieFolder)
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        for sample in LottieGallerySamples.all {
            let animation = try LottieAnimation(data: sample.data)
            let layer = LottieAnimationLayer(animation: animation)
            let timeline = try plan.timeline(duration: animation.duration)
            var exporter = AnimationExporter(format: plan.format, timeline: timeline, size: pixels)
            exporter.videoEncoder = options.videoEncoder
            exporter.jobs = options.jobs
            let name = plan.format.writesFolder ? sample.name : "\(sample.name).\(plan.format.fileExtension)"
            let result = try exporter.export(
                sources: { try LottieFrameSource(animation: animation, pixels: pixels) },
                to: subfolder.appendingPathComponent(name), progress: options.makeProgress())
            entries.append(
                GalleryPage.LottieEntry(
                    name: sample.name, title: sample.title,
                    animation: "\(Self.lottieFolder)/\((result.files.first ?? result.destination).lastPathComponent)",
                    format: plan.format, issues: layer.compatibilityIssues.map(\.description)))
        }
        return entries
    }
}

extension GalleryPage {
    /// What the gallery holds for one Lottie animation.
    struct LottieEntry {
        let name: String
        let title: String
        /// The animation file (or first PNG frame), relative to the gallery folder.
        let animation: String
        let format: ExportFormat
        /// What PortableLottie reported it could not draw.
        let issues: [String]
    }

    /// The Lottie section of the index: each animation with its title, name and anything not drawn.
    func lottieSection(_ entries: [LottieEntry]) -> String {
        guard !entries.isEmpty else { return "" }
        var html = "<h2 id=\"lottie\">Lottie animations (PortableLottie)</h2>\n<ul>\n"
        for entry in entries {
            html += "<li id=\"lottie-\(escapeHTML(entry.name))\"><b>\(escapeHTML(entry.title))</b> "
            html += "<code>\(escapeHTML(entry.name)).json</code><br>"
            switch entry.format {
            case .mp4, .webm:
                html +=
                    "<video src=\"\(escapeHTML(entry.animation))\" autoplay loop muted playsinline controls></video>"
            default:
                html += "<img src=\"\(escapeHTML(entry.animation))\" alt=\"\(escapeHTML(entry.title))\">"
            }
            for issue in entry.issues { html += "<br><small>not drawn: \(escapeHTML(issue))</small>" }
            html += "</li>\n"
        }
        return html + "</ul>\n"
    }

    private func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
