import PortableQuartzCore
import PortableUIKit
import SnapshotTesting

extension Snapshotting where Value == UIView, Format == CGImage {
    /// The view's layer drawn at media time `time` (our strategy; see the `CALayer` strategy of the same name).
    /// Views are main-actor objects: snapshot them from a test on the main actor.
    public static func image(
        at time: CFTimeInterval, clock: MediaClock? = nil, scale: CGFloat = 1, tolerance: UInt8 = 0
    ) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.image(at: time, clock: clock, scale: scale, tolerance: tolerance)
            .pullback(ViewLayer.of)
    }

    /// The view's layer drawn at a point of its animations: 0 when the earliest `UIView.animate…` animation under
    /// it begins, 1 when the latest ends (see the `CALayer` strategy of the same name).
    public static func image(
        atProgress progress: Double, clock: MediaClock? = nil, scale: CGFloat = 1, tolerance: UInt8 = 0
    ) -> Snapshotting {
        Snapshotting<CALayer, CGImage>.image(atProgress: progress, clock: clock, scale: scale, tolerance: tolerance)
            .pullback(ViewLayer.of)
    }
}

extension Snapshotting where Value == UIView, Format == String {
    /// The view's layer tree's presentation values at media time `time` as text (see the `CALayer` strategy).
    public static func dump(at time: CFTimeInterval, clock: MediaClock? = nil) -> Snapshotting {
        Snapshotting<CALayer, String>.dump(at: time, clock: clock).pullback(ViewLayer.of)
    }
}

/// A view's layer, read on the main actor (our helper).
enum ViewLayer {
    static func of(_ view: UIView) -> CALayer {
        MainActor.assumeIsolated { LayerBox(view.layer) }.layer
    }

    /// Carries the layer out of `MainActor.assumeIsolated`, which runs synchronously on the calling thread (after
    /// checking that it is the main actor's), so the layer never changes threads.
    private struct LayerBox: @unchecked Sendable {
        let layer: CALayer

        init(_ layer: CALayer) {
            self.layer = layer
        }
    }
}
