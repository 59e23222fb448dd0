import ArgumentParser

/// The `pqc` command-line tool: the seed demo gallery, and later render/export and timing plots.
@main
struct Pqc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pqc",
        abstract: "PortableQuartzCore's tool: the gallery of the seed demos, computed by the real engine.",
        discussion: """
            Today `pqc gallery` writes an index of every seed demo with geometry previews (SVG) computed by \
            PortableQuartzCore's transforms and paths. Animated renders (GIF, PNG, MP4), `pqc render SCENE.json`, \
            `pqc timing` and `pqc curve` come with the renderer and the exporters.
            """,
        subcommands: [GalleryCommand.self],
        defaultSubcommand: GalleryCommand.self
    )
}
