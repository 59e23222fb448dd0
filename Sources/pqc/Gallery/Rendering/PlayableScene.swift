import PortableQuartzCore

/// A layer tree on a manual clock that plays forwards, as a renderer samples it (our helper): a demo scene, or a
/// tree loaded from a scene file.
///
/// `advance(to:)` moves the scene's clock to a media time (seconds, from 0) and runs whatever is due on the way;
/// `withClock(_:)` runs code with the scene's clock installed, which is where the renderer must read the tree so
/// that `CACurrentMediaTime()` and presentation copies see the scene's time.
protocol PlayableScene: AnyObject {
    /// The root of the layer tree; its frame is the canvas.
    var root: CALayer { get }
    /// The scene's current media time in seconds.
    var time: Double { get }
    /// Plays the scene forwards to `time` (seconds); never called with a time earlier than `time`.
    func advance(to time: Double)
    /// Runs `body` with the scene's clock installed.
    func withClock<Result>(_ body: () throws -> Result) rethrows -> Result
}

extension DemoScene: PlayableScene {}
