import ArgumentParser

/// The `pqc` command-line tool: the seed demo gallery, and later render/export and timing plots.
@main
struct Pqc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pqc",
        abstract: "PortableQuartzCore's tool: the gallery of the seed demos, computed by the real engine.",
        discussion: """
            Today `pqc gallery` writes an index of every seed demo with geometry previews (SVG) computed by \
            PortableQuartzCore's transforms and paths. `pqc timing` draws seed 003's CAMediaTiming \
            illustrations and `pqc curve` plots timing functions and springs, both as PNG. Animated renders \
            (GIF, PNG, MP4) and `pqc render SCENE.json` come with the renderer and the exporters.
            """,
        subcommands: [GalleryCommand.self, TimingCommand.self, CurveCommand.self],
        defaultSubcommand: GalleryCommand.self
    )
}
