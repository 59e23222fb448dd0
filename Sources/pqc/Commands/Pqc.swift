import ArgumentParser
import PortableQuartzCoreExport

/// The `pqc` command-line tool: the seed demo gallery, scene rendering and export, timing plots.
@main
struct Pqc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pqc",
        abstract: "PortableQuartzCore's tool: the gallery of the seed demos, computed by the real engine.",
        discussion: """
            `pqc gallery` renders every seed demo with CARenderer and exports it (GIF, PNG frames, or MP4 \
            through ffmpeg), with an index.html showing them all. `pqc render SCENE.json` renders a scene file \
            (a layer archive; `pqc gallery --export-scenes` writes examples). `pqc timing` draws seed 003's \
            CAMediaTiming illustrations and `pqc curve` plots timing functions and springs, both as PNG.
            """,
        subcommands: [GalleryCommand.self, RenderCommand.self, TimingCommand.self, CurveCommand.self],
        defaultSubcommand: GalleryCommand.self
    )

    /// Runs the command line, after making Ctrl-C and `kill` remove the hidden staging files of an export in
    /// progress (exports never leave a half-written file under the destination's name in any case).
    static func main() {
        ExportInterruption.removeStagingFilesOnTermination()
        main(nil)
    }
}
