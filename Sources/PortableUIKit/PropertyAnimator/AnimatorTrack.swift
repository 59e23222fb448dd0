import Foundation

/// One property a property animator animates (our helper): where it starts and ends, and from which fraction of
/// the animator's run (animations added later start later, `addAnimations(_:delayFactor:)`).
struct AnimatorTrack {
    let layer: CALayer
    let property: LayerProperty
    let from: AnimatableValue
    let to: AnimatableValue
    /// The animator fraction at which this track starts moving (0 for animations given before the start).
    let startFraction: Double
    /// The key of the track's animation on `layer`.
    let key: String

    /// The track's own fraction (0…1) when the animator is at fraction `f`.
    func localFraction(atAnimatorFraction f: Double) -> Double {
        let span = 1 - startFraction
        guard span > 0 else { return f >= startFraction ? 1 : 0 }
        return Swift.min(Swift.max((f - startFraction) / span, 0), 1)
    }
}

/// Collects the changes a property animator's animations make (our helper): for each property of each layer
/// the value before the first change and the value after the last.
final class AnimatorChangeRecorder: PropertyChangeRecording {
    private(set) var changes: [(layer: CALayer, property: LayerProperty, old: AnimatableValue, new: AnimatableValue)] =
        []

    func record(
        layer: CALayer, property: LayerProperty, old: AnimatableValue, new: AnimatableValue,
        window: (start: Double, length: Double)
    ) {
        if let index = changes.firstIndex(where: { $0.layer === layer && $0.property == property }) {
            changes[index].new = new
        } else {
            changes.append((layer, property, old, new))
        }
    }
}
