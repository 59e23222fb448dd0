import PortableQuartzCore

/// Every demo of the seeds that exists as a scene, by its `DemoCatalog` name (our addition).
///
/// Each builder makes a fresh scene at time 0 for a canvas of the given size; build again to replay. Seed 002's
/// demos are scenes of PortableUIKit views, which are main-actor objects: they are built (and then played and
/// rendered) on the main actor only; the other seeds' scenes are layers and work on any one thread.
enum DemoRegistry {
    /// How a demo's scene is built.
    enum Builder: Sendable {
        /// A scene of layers (seeds 000, 001, 003, 004), built, played and rendered on any one thread.
        case layers(@Sendable (CGSize) -> DemoScene)
        /// A scene of PortableUIKit views (seed 002), built, played and rendered on the main actor.
        case views(@MainActor @Sendable (CGSize) -> DemoScene)

        /// Whether the scene belongs to the main actor.
        var runsOnMainActor: Bool {
            if case .views = self { return true }
            return false
        }
    }

    /// Every builder, by demo name.
    static let builders: [String: Builder] = [
        // Seed 000: CAAnimation family.
        "opacity-fade": .layers { OpacityFadeDemo.scene(size: $0) },
        "background-to-red": .layers { BackgroundToRedDemo.scene(size: $0) },
        "position-from-array": .layers { PositionFromArrayDemo.scene(size: $0) },
        "scale-y-by-to": .layers { ScaleYByToDemo.scene(size: $0) },
        "spring-jump": .layers { SpringJumpDemo.scene(size: $0) },
        "wobble": .layers { WobbleDemo.scene(size: $0) },
        "balloon-flight": .layers { BalloonFlightDemo.scene(size: $0) },
        "text-push-red-blue": .layers { TextPushRedBlueDemo.scene(size: $0) },
        "navigation-push-pop": .layers { NavigationPushPopDemo.scene(size: $0) },
        "group-fade-scale-rotate": .layers { GroupFadeScaleRotateDemo.scene(size: $0) },
        "delegate-chain": .layers { DelegateChainDemo.scene(size: $0) },
        "remove-running": .layers { RemoveRunningDemo.scene(size: $0) },
        // Seed 001: implicit animation and transactions.
        "random-colour": .layers { RandomColourDemo.scene(size: $0) },
        "completion-rotate": .layers { CompletionRotateDemo.scene(size: $0) },
        "backing-layer": .layers { BackingLayerDemo.scene(size: $0) },
        "custom-push-action": .layers { CustomPushActionDemo.scene(size: $0) },
        "tap-to-move": .layers { TapToMoveDemo.scene(size: $0) },
        // Seed 002: UIView animation (PortableUIKit).
        "shear": .views { ShearDemo.scene(size: $0) },
        "layout-subviews": .views { LayoutSubviewsDemo.scene(size: $0) },
        "interrupted-alpha": .views { InterruptedAlphaDemo.scene(size: $0) },
        "nested-durations": .views { NestedDurationsDemo.scene(size: $0) },
        "curl-up": .views { CurlUpDemo.scene(size: $0) },
        "from-to-transition": .views { FromToTransitionDemo.scene(size: $0) },
        "nested-spring": .views { NestedSpringDemo.scene(size: $0) },
        "keyframe-sequence": .views { KeyframeSequenceDemo.scene(size: $0) },
        "system-delete": .views { SystemDeleteDemo.scene(size: $0) },
        // Seed 003: CAMediaTiming illustrated.
        "timing-cheat-sheet": .layers { TimingCheatSheetDemo.scene(size: $0) },
        "slider-scrub": .layers { SliderScrubDemo.scene(size: $0) },
        "pull-to-refresh": .layers { PullToRefreshDemo.scene(size: $0) },
        // Seed 004: layer time.
        "rotating-ship": .layers { RotatingShipDemo.scene(size: $0) },
        "swinging-door": .layers { SwingingDoorDemo.scene(size: $0) },
        "ship-on-path": .layers { ShipOnPathDemo.scene(size: $0) },
        "pan-driven-door": .layers { PanDrivenDoorDemo.scene(size: $0) },
    ]

    /// Whether the demo called `name` is a scene of views, which only the main actor may build, play and render.
    static func runsOnMainActor(_ name: String) -> Bool {
        builders[name]?.runsOnMainActor ?? false
    }

    /// A fresh scene of the demo called `name` on a canvas of `size` points, or nil for an unknown name.
    ///
    /// - Precondition: a scene of views (seed 002) is asked for on the main actor (`MainActor.assumeIsolated` traps
    ///   otherwise).
    static func scene(named name: String, size: CGSize = DemoScene.defaultSize) -> DemoScene? {
        switch builders[name] {
        case .layers(let build):
            return build(size)
        case .views(let build):
            // `assumeIsolated` runs its closure synchronously on the calling thread, which it has checked is on the
            // main actor, so the scene never changes threads on the way out; the box only says so to the compiler,
            // which cannot see that the closure is synchronous.
            return MainActor.assumeIsolated { UncheckedSendableBox(build(size)) }.value
        case nil:
            return nil
        }
    }

    /// A fresh scene of `demo`, or nil when it has none.
    static func scene(for demo: Demo, size: CGSize = DemoScene.defaultSize) -> DemoScene? {
        scene(named: demo.name, size: size)
    }
}
