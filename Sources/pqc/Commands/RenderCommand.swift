import ArgumentParser
import Foundation
import PortableLottie
import PortableQuartzCoreExport

/// `pqc render`: renders a scene file (a layer archive, Docs/SceneFormat.md) or a Lottie animation to a GIF, PNG
/// frames or a video, or a Lottie animation at one progress to a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file or a Lottie animation (JSON) to GIF, PNG frames or MP4.",
        discussion: """
            The scene is built on its own clock at time 0 and drawn by CARenderer at frame i's time i / fps. \
            The output's extension chooses the format: .gif, .mp4 or .webm (made by ffmpeg), or a name without \
            an extension for a folder of PNG frames (frame_00000.png, …). Outputs are written atomically: a \
            failed render leaves nothing behind. `pqc gallery --export-scenes` writes a scene file for every \
            demo; the format is described in Docs/SceneFormat.md.

            Examples:
              pqc render gallery/scenes/delegate-chain.json   writes ./delegate-chain.gif
              pqc render chain.json --out chain.mp4 --fps 60  a video (needs ffmpeg)
              pqc render chain.json --out frames --frames 0-59
                                                       PNG frames 0…59 into ./frames/

            A Lottie file (recognised by its members fr, ip, op, w, h and layers) is built into a layer tree by \
            PortableLottie and rendered at its own size and frame rate unless --size and --fps say otherwise. \
            With --progress P it draws one picture of the animation paused at progress P (0 is the first frame, \
            1 the last), scaled to fit --size with its aspect kept, transparent where nothing is drawn:
              pqc render anim.json                             writes ./anim.gif
              pqc render anim.json --progress 0.5 --size 400x400 --out half.png
            What Core Animation cannot show (expressions, some effects) is listed once per layer.
            """
    )

    @Argument(help: "The scene file (JSON) to render.")
    var scene: String

    @Option(
        name: .long,
        help: "Output: FILE.gif, FILE.mp4, FILE.webm, or a folder name for PNG frames (default: SCENE.gif here).")
    var out: String?

    @Option(
        name: .long,
        help: "Seconds to record from 0 (default: until every animation has played once, at most 60 s; 1 s if none).")
    var duration: Double?

    @Option(name: .long, help: "Frames per second, above 0 and up to 240 (default: 30, or a Lottie file's own).")
    var fps: Double?

    @Option(name: .long, help: "Lottie files only: draw one picture at this progress (0 to 1) into a PNG.")
    var progress: Double?

    @Option(name: .long, help: "Frame size as WIDTHxHEIGHT pixels (default: the root layer's size).")
    var size: String?

    @Option(
        name: .customLong("set-color"),
        help: """
            Lottie files only: draw the fills and strokes a keypath names in another colour, as lottie-ios's \
            setValueProvider does, e.g. --set-color '**.Stroke 1.Color=#FF0000' (repeatable; the last match wins).
            """)
    var setColors: [String] = []

    @Option(
        help: """
            Lottie files only: show this rectangle of the composition, X,Y,WIDTH,HEIGHT in its points, scaled to fit \
            the picture, as lottie-ios's viewportFrame does, e.g. --viewport 10,10,65,65.
            """)
    var viewport: String?

    @Option(name: .long, help: "Render only frames A to B of the timeline (inclusive, counted from 0), e.g. 0-59.")
    var frames: String?

    @Option(
        name: .long,
        help: "Render only piece I of N nearly equal pieces of the timeline (I from 0), e.g. 2/8; join with `pqc join`."
    )
    var shard: String?

    @OptionGroup var jobs: Jobs

    func validate() throws {
        for setting in setColors where ColorSetting(parsing: setting) == nil {
            throw ValidationError(
                "--set-color '\(setting)' is not KEYPATH=#RRGGBB; use e.g. --set-color '**.Fill 1.Color=#FF0000'.")
        }
        if let viewport, ViewportSetting(parsing: viewport) == nil {
            throw ValidationError(
                "--viewport '\(viewport)' is not X,Y,WIDTH,HEIGHT with a width and height above 0; use e.g. "
                    + "--viewport 10,10,65,65.")
        }
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration \(duration) is not a positive number of seconds; use e.g. --duration 2.")
        }
        if let fps, !(fps.isFinite && fps > 0 && fps <= 240) {
            throw ValidationError("--fps \(fps) is out of range; use a frame rate above 0 and up to 240.")
        }
        if let progress {
            guard progress.isFinite, (0...1).contains(progress) else {
                throw ValidationError("--progress \(progress) is out of range; use a number from 0 to 1.")
            }
            guard outputURL.pathExtension.lowercased() == "png" else {
                throw ValidationError("--progress draws one picture; give --out a .png file name.")
            }
            return
        }
        if let size, ExportSize(parsing: size) == nil {
            throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT in pixels; use e.g. --size 640x480.")
        }
        if let frames, AnimationExporter.frameRange(parsing: frames) == nil {
            throw ValidationError("--frames '\(frames)' is not a range A-B with 0 ≤ A ≤ B; use e.g. --frames 0-59.")
        }
        if let shard, ShardSelection.piece(parsing: shard) == nil {
            throw ValidationError("--shard '\(shard)' is not I/N with 0 ≤ I < N; use e.g. --shard 0/4 … --shard 3/4.")
        }
        if frames != nil, shard != nil {
            throw ValidationError("--frames and --shard both choose frames; give one of them.")
        }
        if SceneRenderJob.format(forOutput: outputURL) == nil {
            throw ValidationError(
                "--out \(outputURL.lastPathComponent): unknown extension; use .gif, .mp4, .webm, or a folder name "
                    + "without an extension for PNG frames.")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: scene)
        if let data = try? Data(contentsOf: url), LottieAnimation.looksLikeLottie(data) {
            return try runLottie(LottieAnimation(data: data))
        }
        guard progress == nil else {
            throw ValidationError("--progress is for Lottie files; \(scene) is not one.")
        }
        guard setColors.isEmpty else {
            throw ValidationError("--set-color is for Lottie files; \(scene) is not one.")
        }
        guard viewport == nil else {
            throw ValidationError("--viewport is for Lottie files; \(scene) is not one.")
        }
        let fps = fps ?? SceneRenderJob.defaultFramesPerSecond
        let archive = try SceneFile.load(from: URL(fileURLWithPath: scene))
        var job = SceneRenderJob(archive: archive, destination: outputURL)
        job.duration = duration
        job.framesPerSecond = fps
        job.size = size.flatMap(ExportSize.init(parsing:))
        job.selection = selection
        job.jobs = jobs.count
        let report = CommandReport()
        report.begin("pqc render: rendering \(scene) to \(outputURL.path) …")
        let outcome = try job.run()
        let range = selection == nil ? "" : " (frames \(outcome.frames.lowerBound)-\(outcome.frames.upperBound))"
        print(
            "Wrote \(outcome.result.destination.path) in \(report.elapsed): \(outcome.format.rawValue.uppercased()), "
                + "\(outcome.size.width)×\(outcome.size.height) pixels, \(outcome.result.framesWritten) frame(s) "
                + "written\(range) of a \(outcome.timeline.frameCount)-frame timeline at \(GalleryPage.number(fps)) fps."
        )
    }

    /// Renders a Lottie animation: one picture with `--progress`, else the whole animation.
    private func runLottie(_ animation: LottieAnimation) throws {
        var job = LottieRenderJob(animation: animation, destination: outputURL)
        job.size = size.flatMap(ExportSize.init(parsing:))
        job.framesPerSecond = fps
        job.selection = selection
        job.jobs = jobs.count
        job.colors = setColors.compactMap(ColorSetting.init(parsing:))
        job.viewport = viewport.flatMap(ViewportSetting.init(parsing:))?.frame
        let outcome: LottieRenderJob.Outcome
        if let progress {
            outcome = try job.renderPicture(at: progress)
        } else {
            guard let format = SceneRenderJob.format(forOutput: outputURL) else {
                throw ValidationError("--out \(outputURL.lastPathComponent): unknown extension.")
            }
            outcome = try job.renderAnimation(format: format)
        }
        for issue in outcome.issues { print("not drawn: \(issue)") }
        print(
            "Wrote \(outcome.destination.path): \(outcome.size.width)×\(outcome.size.height) pixels, "
                + "\(outcome.frames) frame(s) at \(GalleryPage.number(outcome.framesPerSecond)) fps.")
    }

    /// The frames `--frames` or `--shard` choose, nil for all.
    var selection: ShardSelection? {
        if let range = frames.flatMap(AnimationExporter.frameRange(parsing:)) { return .frames(range) }
        return shard.flatMap(ShardSelection.piece(parsing:))
    }

    /// Where the output goes: `--out`, or the scene's name with `.gif` (`.png` with `--progress`) here.
    var outputURL: URL {
        if let out { return URL(fileURLWithPath: out).standardizedFileURL }
        let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        let ending = progress == nil ? ".gif" : ".png"
        return URL(fileURLWithPath: (name.isEmpty ? "scene" : name) + ending).standardizedFileURL
    }
}
