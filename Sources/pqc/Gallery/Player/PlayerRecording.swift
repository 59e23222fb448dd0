import PortableQuartzCore
import PortableQuartzCoreExport

/// The frame source of a gallery export that also feeds the demo's player (our helper): it passes the exporter's
/// requests to a `SceneFrameSource` and hands every frame of the timeline, in order, with the animated properties
/// at its time, to a `DemoPlayerWriter` — so each frame the export renders is rendered once for both.
///
/// A frame is recorded when it is the next one the player lacks. Exporters ask for increasing indices in one or two
/// passes (a GIF's palette samples, then its frames), so the second pass records them all; `finish()` renders
/// whatever no pass asked for in order (a GIF above 50 frames per second skips frames).
final class PlayerRecording<Scene: PlayableScene>: FrameSource {
    private let source: SceneFrameSource<Scene>
    private let player: DemoPlayerWriter

    /// A recording of `source`'s frames into `player`.
    init(source: SceneFrameSource<Scene>, player: DemoPlayerWriter) {
        self.source = source
        self.player = player
    }

    func frame(at index: Int, time: Double) throws -> CGImage {
        let image = try source.frame(at: index, time: time)
        if index == player.frameCount, let scene = source.currentScene {
            try player.add(image, properties: AnimatedProperties.read(in: scene))
        }
        return image
    }

    /// Records the frames no export pass asked for in order, then writes the player's data script; returns its
    /// path relative to the gallery folder.
    func finish() throws -> String {
        let timeline = player.timeline
        while player.frameCount < timeline.frameCount {
            let index = player.frameCount
            _ = try frame(at: index, time: timeline.time(ofFrame: index))
        }
        return try player.finish()
    }
}
