import Dispatch
import Foundation
import PortableQuartzCore
import PortableQuartzCoreExport

/// Writes the gallery folder: every demo rendered by `CARenderer` and exported (GIF by default), its player's frames
/// and data (`DemoPlayerWriter`), optionally its scene file, and `index.html` showing them all (`GalleryPage`).
///
/// Every file is written atomically (under a temporary name, renamed into place when complete), so an interrupted
/// or failed run never leaves a half-written file; `index.html` is written last, once every demo is done.
struct GalleryWriter {
    /// Where the gallery goes; created if missing.
    let folder: URL
    /// What to render and how.
    var options: GalleryOptions

    /// Why the gallery could not be written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A writer into `folder` with `options`.
    init(folder: URL, options: GalleryOptions = GalleryOptions()) {
        self.folder = folder
        self.options = options
    }

    /// Renders and writes `demos` and the index; returns the files written (a PNG sequence as its folder), index
    /// first, then each demo's files in catalog order.
    ///
    /// Each demo's frames are rendered on `options.jobs` threads at once, each thread with its own copy of the demo on
    /// its own clock and renderer; the files do not depend on how many threads made them.
    /// Seed 002's demos are scenes of PortableUIKit views and render on the main actor: call this on the main actor,
    /// or from another thread while the main queue is free to run.
    /// - Throws: `Failure` when the folder cannot be created, a file cannot be written or a demo has no scene,
    ///   `ExportError` when an export fails (an absent ffmpeg is reported before anything is written). On an error
    ///   the demos already finished keep their complete files and `index.html` is not written.
    func write(demos: [Demo]) throws -> [URL] {
        let plan = try options.plan()
        if plan.format.videoContainer != nil { _ = try options.videoEncoder.locate() }
        try makeFolder(folder)
        if options.exportsScenes { try makeFolder(folder.appendingPathComponent(GalleryPage.scenesFolder)) }
        if let missing = demos.first(where: { DemoRegistry.builders[$0.name] == nil }) {
            throw Failure(description: "The demo \(missing.name) has no scene.")
        }
        let rendered = try renderScenes(of: demos, plan: plan)
        var written: [URL] = []
        var entries: [GalleryPage.Entry] = []
        for demo in demos {
            var entry = GalleryPage.Entry(demo: demo)
            if let output = rendered[demo.name] {
                written += output.files
                entry.animation = output.animation
                entry.format = plan.format
                entry.frameCount = output.frameCount
                entry.sceneFile = output.sceneFile
                entry.playerScript = output.playerScript
                entry.pixels = plan.canvas.pixels
            }
            entries.append(entry)
        }
        let lottie = options.includesLottie ? try writeLottieSection(plan: plan) : []
        written += lottie.map { folder.appendingPathComponent($0.animation) }
        var index = GalleryPage(entries: entries, plan: plan)
        index.lottie = lottie
        return [try save(Data(index.html.utf8), as: "index.html")] + written
    }

    /// What the gallery wrote for one demo with a scene.
    fileprivate struct RenderedDemo: Sendable {
        /// The scene file (when scenes are exported), the animation (a PNG sequence as its folder), then the
        /// player's strips and data script.
        let files: [URL]
        /// The animation file, or a PNG sequence's first frame, relative to the gallery folder.
        let animation: String
        /// How many frames the animation holds.
        let frameCount: Int
        /// The scene file relative to the gallery folder, when written.
        let sceneFile: String?
        /// The player's data script relative to the gallery folder.
        let playerScript: String
    }

    /// The shared state of the rendering threads: which demo of layers comes next and what each finished demo gave.
    private final class RenderQueue: Sendable {
        private struct State {
            /// The bar counting finished demos.
            let progress: any ExportProgress
            /// Indices of the demos of layers, in catalog order; the worker threads take them in turn.
            let order: [Int]
            var next = 0
            var results: [Int: Result<RenderedDemo, any Error>] = [:]
            var failed = false
        }

        private let state: LockedValue<State>

        init(progress: sending any ExportProgress, order: [Int]) {
            state = LockedValue(State(progress: progress, order: order))
        }

        /// Whether a demo has failed (no more are started then).
        var hasFailed: Bool { state.withLock { $0.failed } }

        /// The next demo of layers to render, or nil when all are taken or one has failed.
        func take() -> Int? {
            state.withLock { state in
                guard !state.failed, state.next < state.order.count else { return nil }
                defer { state.next += 1 }
                return state.order[state.next]
            }
        }

        /// Records what rendering demo `index` gave, and advances the bar.
        func finish(_ index: Int, with result: Result<RenderedDemo, any Error>) {
            state.withLock { state in
                state.results[index] = result
                if case .failure = result { state.failed = true }
                state.progress.exportAdvanced(completedSteps: state.results.count)
            }
        }

        /// Ends the bar and returns the results, by demo index.
        func end() -> [Int: Result<RenderedDemo, any Error>] {
            state.withLock { state in
                state.progress.exportEnded(succeeded: !state.failed)
                return state.results
            }
        }
    }

    /// Renders `demos` (all with scenes), by name, each with its frames on `options.jobs` threads. One demo, or one
    /// job, renders the demos one after another on this thread with a progress bar per export; more demos with more
    /// jobs render with one bar counting finished demos: the scenes of layers one after another on a helper thread
    /// (this one joins it at the end), and meanwhile the scenes of views (seed 002, main-actor objects) one after the
    /// other on the main actor — on this thread when it is on the main actor, else by waiting for the main queue
    /// (`MainActorHop`). A scene of views is drawn on the main actor only, so its frames render one after another
    /// there while its GIF encoding (or PNG compression) runs on the `options.jobs` threads.
    private func renderScenes(of demos: [Demo], plan: GalleryOptions.Plan) throws -> [String: RenderedDemo] {
        var rendered: [String: RenderedDemo] = [:]
        let jobs = options.jobs
        let export = DemoExport(
            folder: folder, plan: plan, exportsScenes: options.exportsScenes, videoEncoder: options.videoEncoder)
        guard jobs > 1, demos.count > 1 else {
            for demo in demos {
                if DemoRegistry.runsOnMainActor(demo.name) {
                    let makeProgress = options.makeProgress
                    rendered[demo.name] = try MainActorHop.run { [export] in
                        try export.run(demo, jobs: jobs, progress: makeProgress())
                    }
                } else {
                    rendered[demo.name] = try export.run(demo, jobs: jobs, progress: options.makeProgress())
                }
            }
            return rendered
        }
        let bar = options.makeProgress()
        bar.exportBegan(totalSteps: demos.count, title: "gallery (\(demos.count) demos)")
        let ofViews = demos.indices.filter { DemoRegistry.runsOnMainActor(demos[$0].name) }
        let ofLayers = demos.indices.filter { !DemoRegistry.runsOnMainActor(demos[$0].name) }
        let queue = RenderQueue(progress: bar, order: ofLayers)
        let renderLayers: @Sendable () -> Void = {
            while let index = queue.take() {
                queue.finish(
                    index, with: Result { try export.run(demos[index], jobs: jobs, progress: SilentProgress()) })
            }
        }
        let helpers = DispatchGroup()
        if !ofLayers.isEmpty { DispatchQueue.global().async(group: helpers, execute: renderLayers) }
        for index in ofViews where !queue.hasFailed {
            let demo = demos[index]
            let result = Result {
                try MainActorHop.run { [export] in try export.run(demo, jobs: jobs, progress: SilentProgress()) }
            }
            queue.finish(index, with: result)
        }
        renderLayers()
        helpers.wait()
        let results = queue.end()
        for index in results.keys.sorted() {
            rendered[demos[index].name] = try results[index]!.get()
        }
        return rendered
    }

    private func makeFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                description: "Cannot create the folder \(url.path) (\(error.localizedDescription)) "
                    + "Choose another with --out DIR.")
        }
    }

    private func save(_ data: Data, as name: String) throws -> URL {
        try Self.save(data, as: name, in: folder)
    }

    /// Writes `data` atomically to `name` (a path relative to `folder`).
    static func save(_ data: Data, as name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw Failure(
                description: "Cannot write \(url.path) (\(error.localizedDescription)) "
                    + "Check that the folder is writable, or choose another with --out DIR.")
        }
        return url
    }

    /// `url`'s path relative to `folder` (for links in the index).
    static func relativePath(of url: URL, in folder: URL) -> String {
        let base = folder.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : url.lastPathComponent
    }
}

/// Renders one demo with a scene into the gallery folder (the part of `GalleryWriter` the rendering threads share).
private struct DemoExport: Sendable {
    let folder: URL
    let plan: GalleryOptions.Plan
    let exportsScenes: Bool
    let videoEncoder: FFmpegVideoEncoder

    /// Renders `demo` over its duration with its frames on `jobs` threads (writing its scene file at time 0 first,
    /// when asked) and exports it. A scene of views renders on this thread, which must then be on the main actor.
    func run(_ demo: Demo, jobs: Int, progress: any ExportProgress) throws -> GalleryWriter.RenderedDemo {
        let size = plan.canvas.bounds.size
        let makeScene = { @Sendable () throws -> DemoScene in
            guard let scene = DemoRegistry.scene(for: demo, size: size) else {
                throw GalleryWriter.Failure(description: "The demo \(demo.name) has no scene.")
            }
            return scene
        }
        let scene = try makeScene()
        var files: [URL] = []
        var sceneFile: String?
        if exportsScenes {
            let name = "\(GalleryPage.scenesFolder)/\(demo.name).json"
            files.append(try GalleryWriter.save(try SceneFile.capture(scene), as: name, in: folder))
            sceneFile = name
        }
        let timeline = try plan.timeline(duration: scene.duration)
        let player = try DemoPlayerWriter(
            name: demo.name, gallery: folder, timeline: timeline, pixels: plan.canvas.pixels)
        let recording = PlayerRecording(player: player, canvas: plan.canvas, makeScene: makeScene)
        var exporter = AnimationExporter(format: plan.format, timeline: timeline, size: plan.canvas.pixels)
        exporter.videoEncoder = videoEncoder
        exporter.jobs = jobs
        let name = plan.format.writesFolder ? demo.name : "\(demo.name).\(plan.format.fileExtension)"
        let destination = folder.appendingPathComponent(name)
        let result: ExportResult
        do {
            if DemoRegistry.runsOnMainActor(demo.name) {
                result = try exporter.export(
                    from: try recording.sources.makeSource(), to: destination, progress: progress,
                    frameObserver: recording.record)
            } else {
                let sources = recording.sources
                result = try exporter.export(
                    sources: { try sources.makeSource() }, to: destination, progress: progress,
                    frameObserver: recording.record)
            }
        } catch {
            throw recording.failure ?? error
        }
        files.append(result.destination)
        let playerScript = try recording.finish()
        return GalleryWriter.RenderedDemo(
            files: files + player.files,
            animation: GalleryWriter.relativePath(of: result.files.first ?? result.destination, in: folder),
            frameCount: result.framesWritten, sceneFile: sceneFile, playerScript: playerScript)
    }
}
