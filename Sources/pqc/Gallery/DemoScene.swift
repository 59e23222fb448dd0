import PortableQuartzCore

/// One timed step of a demo's script: what the seed's code does when the user taps, drags or waits, run at a
/// chosen media time (our stand-in for user input).
///
/// Only input belongs in a script. What the engine itself triggers (an `animationDidStop(_:finished:)` that starts
/// the next animation, a transaction's completion block) is left to the engine, so it happens when the engine says.
struct DemoEvent {
    /// The scene time in seconds at which the step runs (the scene's clock starts at 0).
    let time: Double
    /// What the step stands for, in a few words ("tap Change Color").
    let label: String
    /// The seed's handler for the input.
    let action: () -> Void
}

/// A seed demo as a layer tree on a manual clock, which a renderer samples at any time it likes, forwards (our
/// addition).
///
/// The scene owns a `MediaClock` that starts at 0 and a white root layer the size of the canvas; the demo's builder
/// puts the seed's layers under the root, adds the animations the seed adds when its view loads, and writes the
/// script of `DemoEvent`s for what the seed does on taps, gestures and timers. Everything the builder does is
/// committed at time 0. `advance(to:)` then plays the script: each due event runs at its own time, in its own
/// run-loop turn, so the implicit transaction it opens commits at that time; animation delegates and completion
/// blocks are delivered by the engine on the way.
///
/// Reading the scene: `presentation(of:)` sees a layer as it is on screen at the clock's current time. Walk a
/// presentation tree (its `sublayers`, `superlayer`, `mask`) only inside `withClock(_:)`: those copies are made
/// when they are read, at `CACurrentMediaTime()`, which outside the scene's clock is the system's time.
/// `layer(named:)` finds a layer by its `name`; `notes` keeps what the seed prints (`print`, `NSLog`) with the
/// time it was printed.
///
/// A scene plays forwards only and belongs to one thread at a time: to show an earlier time, build the demo again.
///
/// Scenes of PortableUIKit views (seed 002) are built with `init(viewCanvas:duration:setUp:)` and their scripts with
/// `onMainActor(at:_:_:)`: views are main-actor objects, so such a scene (`runsOnMainActor`) is built, played and
/// rendered on the main actor only, and its events check that they run there.
final class DemoScene {
    /// The canvas the gallery renders by default, in points.
    static let defaultSize = CGSize(width: 480, height: 360)

    /// A line the seed's code printed, with the scene time (seconds) it was printed at.
    struct Note: Equatable, Sendable {
        let time: Double
        let text: String
    }

    /// The canvas in points: the root layer's bounds, and the `view.bounds` of the seed's view controller.
    let size: CGSize
    /// How long the demo should be recorded, in seconds from 0: long enough to show every scripted step and its
    /// animations once (a looping animation once or twice).
    let duration: Double
    /// The clock the scene runs on. Advance it through `advance(to:)`, which also plays the script.
    let clock: MediaClock
    /// The root layer: the canvas, white, its frame `(0, 0, size)`.
    let root: CALayer
    /// The script, in the order it plays (time, then the order the events were added).
    private(set) var events: [DemoEvent] = []
    /// How many events of `events` have run.
    private(set) var eventsRun = 0
    /// What the seed's code printed so far.
    private(set) var notes: [Note] = []
    /// Objects the layer tree holds only weakly (a layer's delegate) but the scene needs alive, such as the stand-in
    /// for the seed's view controller.
    private var keptAlive: [AnyObject] = []
    /// Whether the scene is made of main-actor objects (PortableUIKit views): it must then be built, played, read and
    /// rendered on the main actor (the main thread, or the main queue).
    let runsOnMainActor: Bool

    /// Builds a scene: makes the clock and the root layer, runs `setUp` with the clock installed, and commits what it
    /// did at time 0.
    ///
    /// - Parameters:
    ///   - size: the canvas in points; a size that is not finite and positive in both directions falls back to
    ///     `defaultSize`.
    ///   - duration: seconds to record; must be finite and not negative.
    ///   - setUp: builds the layers and the script (it may call `at(_:_:_:)`, `keepAlive(_:)` and `note(_:)`).
    convenience init(size: CGSize = DemoScene.defaultSize, duration: Double, setUp: (DemoScene) -> Void) {
        self.init(size: size, duration: duration, runsOnMainActor: false, setUp: setUp)
    }

    /// Builds a scene of views on the main actor: as `init(size:duration:setUp:)` on a canvas of `size` points,
    /// with `setUp` isolated to the main actor, and the scene marked as `runsOnMainActor`.
    ///
    /// Put the seed's view controller's view (a `UIView` the size of the canvas) under `root`, and keep it alive.
    @MainActor
    convenience init(viewCanvas size: CGSize, duration: Double, setUp: (DemoScene) -> Void) {
        self.init(size: size, duration: duration, runsOnMainActor: true, setUp: setUp)
    }

    private init(size: CGSize, duration: Double, runsOnMainActor: Bool, setUp: (DemoScene) -> Void) {
        precondition(duration.isFinite && duration >= 0, "DemoScene needs a finite duration ≥ 0, got \(duration)")
        let usable =
            size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        self.size = usable ? size : DemoScene.defaultSize
        self.duration = duration
        self.runsOnMainActor = runsOnMainActor
        let clock = MediaClock(startingAt: 0)
        self.clock = clock
        let canvas = self.size
        root = MediaClock.withInstalled(clock) { _ in
            let root = CALayer()
            root.name = "root"
            root.frame = CGRect(origin: .zero, size: canvas)
            root.backgroundColor = DemoPalette.white
            return root
        }
        MediaClock.withInstalled(clock) { clock in
            setUp(self)
            clock.advance(by: 0)
        }
    }

    // MARK: Building

    /// Adds a scripted step at scene time `time` (seconds). A time already passed runs at the next advance; a time
    /// that is not finite never comes.
    func at(_ time: Double, _ label: String, _ action: @escaping () -> Void) {
        let event = DemoEvent(time: time.isNaN ? .infinity : time, label: label, action: action)
        // After every event due at or before it, so equal times keep the order they were added in.
        var index = events.count
        while index > eventsRun, events[index - 1].time > event.time {
            index -= 1
        }
        events.insert(event, at: index)
    }

    /// Adds a scripted step of a scene of views: as `at(_:_:_:)`, with `action` isolated to the main actor. The step
    /// traps when the scene is played off the main actor.
    @MainActor
    func onMainActor(at time: Double, _ label: String, _ action: @escaping @MainActor () -> Void) {
        at(time, label) { MainActor.assumeIsolated { action() } }
    }

    /// Keeps `object` alive as long as the scene.
    func keepAlive(_ object: AnyObject) {
        keptAlive.append(object)
    }

    /// Records a line the seed prints, at the clock's current time.
    func note(_ text: String) {
        notes.append(Note(time: clock.now, text: text))
    }

    // MARK: Playing

    /// The scene's current time in seconds.
    var time: Double { clock.now }

    /// Plays the scene up to `time` (seconds): runs every scripted event due at or before it, in order — first
    /// moving the clock to the event's time, so that what came before is committed and delivered, then running the
    /// event in a turn of its own — and finally moves the clock to `time`, committing the last event's changes at
    /// its own time and delivering every callback due on the way.
    ///
    /// A time that is not finite leaves the scene where it is.
    ///
    /// - Precondition: `time` is not earlier than the scene's current time (a scene only plays forwards), and the
    ///   call does not come from inside an event or a callback of this scene.
    func advance(to time: Double) {
        guard time.isFinite else { return }
        precondition(
            time >= clock.now,
            "DemoScene.advance(to: \(time)) is earlier than the scene's time \(clock.now); build the demo again "
                + "to show an earlier moment")
        MediaClock.withInstalled(clock) { clock in
            while eventsRun < events.count, events[eventsRun].time <= time {
                let event = events[eventsRun]
                eventsRun += 1
                clock.advance(to: Swift.max(clock.now, event.time))
                event.action()
            }
            clock.advance(to: time)
        }
    }

    // MARK: Reading

    /// Runs `body` with the scene's clock installed, so that `CACurrentMediaTime()` and `presentation()` read the
    /// scene's time.
    func withClock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try MediaClock.withInstalled(clock) { _ in try body() }
    }

    /// `layer` as it is on screen at the scene's current time (nil before it was first committed).
    func presentation(of layer: CALayer) -> CALayer? {
        withClock { layer.presentation() }
    }

    /// The first layer of the model tree, depth first from the root, whose `name` is `name`; nil when none is.
    func layer(named name: String) -> CALayer? {
        var stack = [root]
        while let layer = stack.popLast() {
            if layer.name == name { return layer }
            if let sublayers = layer.sublayers { stack.append(contentsOf: sublayers.reversed()) }
        }
        return nil
    }
}
