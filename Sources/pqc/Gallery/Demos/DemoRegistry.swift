import PortableQuartzCore

/// The demos of seeds 000, 001, 003 and 004 that exist as scenes, by their `DemoCatalog` name (our addition).
///
/// Each builder makes a fresh scene at time 0 for a canvas of the given size; build again to replay. Seed 002's
/// demos (UIKit) are not here yet.
enum DemoRegistry {
    /// Builds a demo's scene for a canvas of the given size, in points.
    typealias Builder = @Sendable (CGSize) -> DemoScene

    /// Every builder, by demo name.
    static let builders: [String: Builder] = [
        // Seed 000: CAAnimation family.
        "opacity-fade": { OpacityFadeDemo.scene(size: $0) },
        "background-to-red": { BackgroundToRedDemo.scene(size: $0) },
        "position-from-array": { PositionFromArrayDemo.scene(size: $0) },
        "scale-y-by-to": { ScaleYByToDemo.scene(size: $0) },
        "spring-jump": { SpringJumpDemo.scene(size: $0) },
        "wobble": { WobbleDemo.scene(size: $0) },
        "balloon-flight": { BalloonFlightDemo.scene(size: $0) },
        "text-push-red-blue": { TextPushRedBlueDemo.scene(size: $0) },
        "navigation-push-pop": { NavigationPushPopDemo.scene(size: $0) },
        "group-fade-scale-rotate": { GroupFadeScaleRotateDemo.scene(size: $0) },
        "delegate-chain": { DelegateChainDemo.scene(size: $0) },
        "remove-running": { RemoveRunningDemo.scene(size: $0) },
        // Seed 001: implicit animation and transactions.
        "random-colour": { RandomColourDemo.scene(size: $0) },
        "completion-rotate": { CompletionRotateDemo.scene(size: $0) },
        "backing-layer": { BackingLayerDemo.scene(size: $0) },
        "custom-push-action": { CustomPushActionDemo.scene(size: $0) },
        "tap-to-move": { TapToMoveDemo.scene(size: $0) },
        // Seed 003: CAMediaTiming illustrated.
        "timing-cheat-sheet": { TimingCheatSheetDemo.scene(size: $0) },
        "slider-scrub": { SliderScrubDemo.scene(size: $0) },
        "pull-to-refresh": { PullToRefreshDemo.scene(size: $0) },
        // Seed 004: layer time.
        "rotating-ship": { RotatingShipDemo.scene(size: $0) },
        "swinging-door": { SwingingDoorDemo.scene(size: $0) },
        "ship-on-path": { ShipOnPathDemo.scene(size: $0) },
        "pan-driven-door": { PanDrivenDoorDemo.scene(size: $0) },
    ]

    /// A fresh scene of the demo called `name` on a canvas of `size` points, or nil when no scene exists for that
    /// name (an unknown name, or a seed 002 demo).
    static func scene(named name: String, size: CGSize = DemoScene.defaultSize) -> DemoScene? {
        builders[name].map { $0(size) }
    }

    /// A fresh scene of `demo`, or nil when it has none yet.
    static func scene(for demo: Demo, size: CGSize = DemoScene.defaultSize) -> DemoScene? {
        scene(named: demo.name, size: size)
    }
}
