import PortableQuartzCore
import PortableQuartzCoreExport

/// Renders the frames of a scene for an `AnimationExporter` (our helper): frame `i` is the scene played to the
/// frame's media time and drawn by a `CARenderer` at that time.
///
/// A scene plays forwards only, so when the exporter asks for an earlier time than the last frame's (a GIF with a
/// global palette samples frames before writing them all), the scene is built again from the start. The same
/// scene asked for the same times therefore gives the same pixels, whatever was asked before.
final class SceneFrameSource<Scene: PlayableScene>: FrameSource {
    /// Makes a fresh scene at time 0.
    private let makeScene: () throws -> Scene
    private let canvas: RenderCanvas
    private let renderer: CARenderer
    private var scene: Scene?

    /// A source drawing scenes from `makeScene` on `canvas`.
    /// - Throws: `ExportError.invalidSize` when the canvas is larger than a renderer can draw.
    init(canvas: RenderCanvas, makeScene: @escaping () throws -> Scene) throws(ExportError) {
        guard let renderer = canvas.makeRenderer() else {
            throw .invalidSize(width: canvas.pixels.width, height: canvas.pixels.height)
        }
        self.canvas = canvas
        self.renderer = renderer
        self.makeScene = makeScene
    }

    /// The scene as the last frame left it (at that frame's time), or nil before the first frame.
    var currentScene: Scene? { scene }

    func frame(at index: Int, time: Double) throws -> CGImage {
        let time = time.isFinite ? Swift.max(time, 0) : 0
        var current = try scene ?? makeScene()
        if current.time > time { current = try makeScene() }
        scene = current
        current.advance(to: time)
        renderer.layer = current.root
        return current.withClock { renderer.renderFrame(atTime: time) }
    }
}
