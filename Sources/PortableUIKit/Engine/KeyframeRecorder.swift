import Foundation

/// Something that collects the property changes made inside a block instead of animating them at once (our
/// helper): keyframe blocks and property animators.
protocol PropertyChangeRecording: AnyObject {
    /// `property` of `layer` went from `old` (its value before this change) to `new`, inside `window` (fractions of
    /// the block's duration; 0…1 outside keyframes).
    func record(
        layer: CALayer, property: LayerProperty, old: AnimatableValue, new: AnimatableValue,
        window: (start: Double, length: Double))
}

/// Collects the property changes of a keyframe block and turns them into `CAKeyframeAnimation`s when the block
/// ends (our helper; SPEC §11.6).
final class KeyframeRecorder: PropertyChangeRecording {
    /// The changes of one property of one layer.
    private struct Track {
        let layer: CALayer
        let property: LayerProperty
        let initial: AnimatableValue
        var changes: [KeyframeTimeline<AnimatableValue>.Change] = []
    }

    private var tracks: [Track] = []

    /// Records that `property` of `layer` went from `old` (its value before this change) to `new` within
    /// `window` (fractions of the block's duration). The first change of a property fixes its starting value.
    func record(
        layer: CALayer, property: LayerProperty, old: AnimatableValue, new: AnimatableValue,
        window: (start: Double, length: Double)
    ) {
        let change = KeyframeTimeline.Change(start: window.start, end: window.start + window.length, value: new)
        if let index = tracks.firstIndex(where: { $0.layer === layer && $0.property == property }) {
            tracks[index].changes.append(change)
        } else {
            tracks.append(Track(layer: layer, property: property, initial: old, changes: [change]))
        }
    }

    /// Adds one keyframe animation per changed property, with the block's timing and calculation mode, under the
    /// property's key (replacing an animation already there).
    func addAnimations(using block: AnimationBlock) {
        guard case .keyframes(let mode) = block.settings.kind else { return }
        for track in tracks {
            let timeline = KeyframeTimeline(initial: track.initial, changes: track.changes)
            guard timeline.changesValue else { continue }
            let animation = CAKeyframeAnimation(keyPath: track.property.key)
            animation.values = timeline.values.map { $0.appleValue ?? NSNull() }
            animation.keyTimes = timeline.keyTimes.map { NSNumber(value: $0) }
            animation.calculationMode = mode
            block.configureTiming(of: animation, for: track.layer)
            block.add(animation, to: track.layer, forKey: track.property.key)
        }
        tracks.removeAll()
    }
}

/// The action a view hands its layer for a change inside a keyframe block or a property animator's animations
/// (our helper): it records the change, with the current keyframe window, once the new value is stored; the
/// animation is built later.
final class RecordingAction: CAAction {
    private let recorder: any PropertyChangeRecording
    private let property: LayerProperty
    private let oldValue: AnimatableValue?
    private let window: (start: Double, length: Double)

    init(
        recorder: any PropertyChangeRecording, property: LayerProperty, oldValue: AnimatableValue?,
        window: (start: Double, length: Double)
    ) {
        self.recorder = recorder
        self.property = property
        self.oldValue = oldValue
        self.window = window
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let oldValue,
            let newValue = ViewAnimatedKey.modelValue(of: property, in: layer)
        else { return }
        recorder.record(layer: layer, property: property, old: oldValue, new: newValue, window: window)
    }
}
