import ArgumentParser

/// The `pqc` command-line tool: the seed demo gallery, scene rendering and export, timing plots.
@main
struct Pqc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pqc",
        abstract: """
            Start with `pqc gallery` (in the package: `swift run pqc gallery`): it renders all 33 seed demos into \
            ./gallery/ and writes ./gallery/index.html; open that page in a browser to play, scrub and step each \
            animation beside its Swift code and its animated values.
            """,
        discussion: """
            `pqc gallery` renders every seed demo with the real engine (CARenderer on a manual clock) and \
            exports it (GIF by default, PNG frames, or MP4 through ffmpeg), plus the frames and values the \
            page's players show; a debug build takes a few minutes on two cores, -c release far less. \
            `pqc render SCENE.json` renders a scene file \
            (a layer archive; `pqc gallery --export-scenes` writes examples). `pqc timing` draws seed 003's \
            CAMediaTiming illustrations and `pqc curve` plots timing functions and springs, both as PNG.
            """,
        subcommands: [
            GalleryCommand.self, RenderCommand.self, JoinCommand.self, TimingCommand.self, CurveCommand.self,
        ],
        defaultSubcommand: GalleryCommand.self
    )
}
