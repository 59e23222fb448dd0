import ArgumentParser
import Foundation
import PortableQuartzCoreExport

/// `pqc gallery`: renders every seed demo and writes the gallery into a folder.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every seed demo and write OUT/index.html: a page that plays, scrubs and steps each one.",
        discussion: """
            Each demo is played on its own clock and drawn by CARenderer over its duration, then exported to \
            OUT/NAME.gif (or OUT/NAME/ as PNG frames, or OUT/NAME.mp4 through ffmpeg); its frames also go to \
            OUT/player/NAME/ as PNG strips with OUT/player/NAME.js, the animated properties' values per frame, \
            for the page's player. index.html works offline from file:// and shows each demo's seed and \
            section, its Swift source and its player. Seed 002's demos are \
            PortableUIKit views and render on the main actor while the others render on worker threads. \
            --export-scenes also writes OUT/scenes/NAME.json: the demo's layer tree and its attached animations \
            at time 0, which `pqc render` plays back (a demo's later taps and timers are code, not part of it). \
            A last section shows the project's own Lottie animations built by PortableLottie (OUT/lottie/NAME.gif).

            Examples:
              pqc gallery                       ./gallery/index.html and a GIF per demo
              pqc gallery --export-scenes       also ./gallery/scenes/NAME.json
              pqc gallery --only swinging-door --size 960x720 --fps 60
              pqc gallery --format mp4          videos (sudo apt-get install ffmpeg)
            """
    )

    @Option(name: .long, help: "Folder to write into; created if missing.")
    var out: String = "gallery"

    @Option(name: .long, help: "Only this demo (see the names in index.html).")
    var only: String?

    @Option(name: .long, help: "gif, png (a folder of frames per demo), mp4 or webm (both need ffmpeg).")
    var format: String = ExportFormat.gif.rawValue

    @Option(name: .long, help: "Frame size as WIDTHxHEIGHT pixels.")
    var size: String = GalleryOptions.defaultSize.description

    @Option(name: .long, help: "Frames per second, above 0 and up to 240.")
    var fps: Double = GalleryOptions.defaultFramesPerSecond

    @Flag(name: .long, help: "Also write each demo's scene file (scenes/NAME.json) for `pqc render`.")
    var exportScenes = false

    @OptionGroup var jobs: Jobs

    func validate() throws {
        if let only, DemoCatalog.demo(named: only) == nil {
            let names = DemoCatalog.all.map(\.name).joined(separator: ", ")
            throw ValidationError("No demo is called '\(only)'. Known demos: \(names).")
        }
        guard ExportFormat(rawValue: format.lowercased()) != nil else {
            throw ValidationError("--format \(format) is unknown; use gif, png, mp4 or webm.")
        }
        guard ExportSize(parsing: size) != nil else {
            throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT in pixels; use e.g. --size 480x360.")
        }
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw ValidationError("--fps \(fps) is out of range; use a frame rate above 0 and up to 240.")
        }
    }

    /// The rendering settings the options ask for.
    var options: GalleryOptions {
        var options = GalleryOptions()
        options.format = ExportFormat(rawValue: format.lowercased()) ?? .gif
        options.size = ExportSize(parsing: size) ?? GalleryOptions.defaultSize
        options.framesPerSecond = fps
        options.exportsScenes = exportScenes
        options.includesLottie = only == nil
        options.jobs = jobs.count
        return options
    }

    func run() throws {
        let demos = only.flatMap(DemoCatalog.demo(named:)).map { [$0] } ?? DemoCatalog.all
        let folder = URL(fileURLWithPath: out, isDirectory: true).standardizedFileURL
        let options = options
        let report = CommandReport()
        report.begin(
            "pqc gallery: rendering \(demos.count) demo(s) at \(options.size), "
                + "\(GalleryPage.number(options.framesPerSecond)) fps into \(folder.path)/ …")
        let written = try GalleryWriter(folder: folder, options: options).write(demos: demos)
        print(
            "Rendered \(demos.count) demo(s) as \(options.format.rawValue.uppercased()) in \(report.elapsed): "
                + "\(written.count) file(s), \(CommandReport.size(CommandReport.bytes(of: written))) in "
                + "\(folder.path)/; open \(folder.path)/index.html")
    }
}
