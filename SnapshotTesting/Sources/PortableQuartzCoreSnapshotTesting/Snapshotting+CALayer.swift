import Foundation
import PortableQuartzCore
import PortableQuartzCoreTesting
import SnapshotTesting

extension Snapshotting where Value == CALayer, Format == CGImage {
    /// The layer drawn by `CARenderer` at media time `time` (our strategy): `layer.bounds.size × scale` pixels, the
    /// layer as the root of the picture.
    ///
    /// Build the layer tree on a manual clock (`MediaClock`), commit it (`clock.advance(by: 0)`), then snapshot:
    /// `assertSnapshot(of: layer, as: .image(at: 0.5, clock: clock))`. With `clock`, the clock is first advanced to
    /// `time` (so delegate callbacks, completion blocks and scheduled changes due by then have run) and installed
    /// while drawing; without, the tree is drawn at `time` as it stands. Nothing reads the wall clock, so the same
    /// tree gives the same picture on every machine.
    ///
    /// - Parameters:
    ///   - time: media time in seconds (the clock's time), finite.
    ///   - clock: the manual clock the tree was built on, or nil.
    ///   - scale: pixels per point, finite and above 0.
    ///   - tolerance: the largest channel difference (levels) still counted as equal (``Diffing/image(tolerance:)``).
    public static func image(
        at time: CFTimeInterval, clock: MediaClock? = nil, scale: CGFloat = 1, tolerance: UInt8 = 0
    ) -> Snapshotting {
        precondition(time.isFinite, "Snapshotting.image(at:) needs a finite time, got \(time)")
        precondition(scale.isFinite && scale > 0, "Snapshotting.image(at:) needs a scale above 0, got \(scale)")
        return Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { layer in
            LayerPicture.render(layer, at: time, clock: clock, scale: scale)
        }
    }

    /// The layer drawn at a point of its animations (our strategy): progress 0 is when the earliest animation
    /// attached under it begins, 1 when the latest ends (``AnimationSpan``), in media time; otherwise as
    /// ``image(at:clock:scale:tolerance:)``. A tree without animations is drawn at the clock's time (0 without a
    /// clock). Progress outside 0…1 extrapolates along the same span.
    public static func image(
        atProgress progress: Double, clock: MediaClock? = nil, scale: CGFloat = 1, tolerance: UInt8 = 0
    ) -> Snapshotting {
        precondition(progress.isFinite, "Snapshotting.image(atProgress:) needs a finite progress, got \(progress)")
        return Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { layer in
            let time = LayerPicture.time(atProgress: progress, of: layer, clock: clock)
            return LayerPicture.render(layer, at: time, clock: clock, scale: scale)
        }
    }
}

extension Snapshotting where Value == CALayer, Format == String {
    /// The layer's presentation tree at media time `time` as text (our strategy; ``PresentationDump``): positions,
    /// bounds, opacity, transforms, colours and attached animations of every layer, three decimals. With `clock`, the
    /// clock is advanced to `time` first; without, a clock standing at `time` is installed while reading.
    public static func dump(at time: CFTimeInterval, clock: MediaClock? = nil) -> Snapshotting {
        precondition(time.isFinite, "Snapshotting.dump(at:) needs a finite time, got \(time)")
        return Snapshotting(pathExtension: "txt", diffing: .lines) { layer in
            PresentationDump.text(of: layer, at: time, clock: clock)
        }
    }
}

/// Draws a layer for the snapshot strategies (our helper).
enum LayerPicture {
    static func render(_ layer: CALayer, at time: Double, clock: MediaClock?, scale: CGFloat) -> CGImage {
        let clock = clock ?? MediaClock(startingAt: time)
        return MediaClock.withInstalled(clock) { clock in
            if time > clock.now { clock.advance(to: time) }
            let bounds = layer.bounds
            let width = Swift.max(1, Int((bounds.width * scale).rounded(.up)))
            let height = Swift.max(1, Int((bounds.height * scale).rounded(.up)))
            guard let renderer = CARenderer(width: width, height: height, scale: scale) else {
                preconditionFailure("A layer of \(bounds.size) points at scale \(scale) is too large to draw.")
            }
            renderer.layer = layer
            renderer.bounds = layer.frame
            return renderer.renderFrame(atTime: time)
        }
    }

    static func time(atProgress progress: Double, of layer: CALayer, clock: MediaClock?) -> Double {
        guard let span = AnimationSpan.of(layer) else { return clock?.now ?? 0 }
        return span.lowerBound + progress * (span.upperBound - span.lowerBound)
    }
}
