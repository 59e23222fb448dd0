import PortableQuartzCore
import PortableQuartzCoreExport

/// Feeds a demo's player from its gallery export (our helper): every frame of the timeline, in order, with the
/// animated properties at its time, goes to a `DemoPlayerWriter`, so each frame the export renders is rendered once
/// for both.
///
/// The export renders with sources from ``sources`` (one per rendering thread), each reading the animated
/// properties of its own scene after each frame into a shared log; ``record(_:_:)``, the export's frame observer,
/// takes the frames in order with their logged properties. Frames the export does not write (a GIF above 50 frames
/// per second leaves some out) are rendered here when the player reaches them, by a source of its own, and so are
/// those after the export's last by ``finish()``.
final class PlayerRecording<Scene: PlayableScene> {
    /// Makes the rendering threads' sources; safe to call from any thread.
    let sources: RecordingSources<Scene>
    private let player: DemoPlayerWriter
    /// This thread's source for the frames the export leaves out, made when first needed.
    private var source: RecordingSources<Scene>.Source?
    /// What stopped the player, if anything did.
    private(set) var failure: (any Error)?

    /// A recording into `player` of the scenes `makeScene` builds (on the thread that renders them), drawn on
    /// `canvas`.
    init(player: DemoPlayerWriter, canvas: RenderCanvas, makeScene: @escaping @Sendable () throws -> Scene) {
        self.player = player
        sources = RecordingSources(canvas: canvas, makeScene: makeScene)
    }

    /// The export's frame observer: hands frame `index` to the player, after any frames before it the player lacks.
    /// - Throws: `ExportError.cancelled` when the player cannot write (``failure`` says why).
    func record(_ index: Int, _ image: CGImage) throws(ExportError) {
        do {
            try fill(upTo: index)
            if player.frameCount == index { try player.add(image, properties: sources.log.take(index)) }
        } catch {
            failure = failure ?? error
            throw .cancelled
        }
    }

    /// Records the frames the export did not hand over, then writes the player's data script; returns its path
    /// relative to the gallery folder.
    func finish() throws -> String {
        try fill(upTo: player.timeline.frameCount)
        return try player.finish()
    }

    /// Renders and records the frames from the player's next one up to, not including, `end`.
    private func fill(upTo end: Int) throws {
        while player.frameCount < end {
            let index = player.frameCount
            if source == nil { source = try sources.makeSource() }
            let image = try source!.frame(at: index, time: player.timeline.time(ofFrame: index))
            try player.add(image, properties: sources.log.take(index))
        }
    }
}

/// The frame sources of a `PlayerRecording` (our helper): each draws a scene of its own and logs the scene's
/// animated properties after each frame.
struct RecordingSources<Scene: PlayableScene>: Sendable {
    let canvas: RenderCanvas
    let makeScene: @Sendable () throws -> Scene
    /// The properties the sources logged, by frame.
    let log = PropertyLog()

    /// A source for the calling thread.
    /// - Throws: `ExportError.invalidSize` when the canvas is larger than a renderer can draw.
    func makeSource() throws -> Source {
        Source(source: try SceneFrameSource(canvas: canvas, makeScene: makeScene), log: log)
    }

    /// One thread's source: a `SceneFrameSource` whose scene's animated properties are logged after each frame.
    final class Source: FrameSource {
        private let source: SceneFrameSource<Scene>
        private let log: PropertyLog

        fileprivate init(source: SceneFrameSource<Scene>, log: PropertyLog) {
            self.source = source
            self.log = log
        }

        func frame(at index: Int, time: Double) throws -> CGImage {
            let image = try source.frame(at: index, time: time)
            if let scene = source.currentScene { log.put(index, AnimatedProperties.read(in: scene)) }
            return image
        }
    }
}

/// The animated properties of rendered frames, by frame index, waiting for the player (our helper); shared by the
/// rendering threads.
///
/// Entries are taken in frame order; taking frame `i` also drops every entry before `i` (palette samples the player
/// never takes), so the log holds no more frames than the export has in flight.
final class PropertyLog: Sendable {
    typealias Properties = [(track: AnimatedProperties.Track, value: String)]

    private let entries = LockedValue<[Int: Properties]>([:])

    /// Keeps the properties of frame `index`, replacing what was kept for it.
    func put(_ index: Int, _ properties: Properties) {
        entries.withLock { $0[index] = properties }
    }

    /// The properties kept for frame `index`, dropping them and those of earlier frames.
    /// - Precondition: frame `index` was rendered by a source that logs (every frame the player takes is).
    func take(_ index: Int) -> Properties {
        entries.withLock { entries in
            guard let properties = entries.removeValue(forKey: index) else {
                preconditionFailure("PropertyLog: no properties were logged for frame \(index)")
            }
            entries = entries.filter { $0.key > index }
            return properties
        }
    }
}
