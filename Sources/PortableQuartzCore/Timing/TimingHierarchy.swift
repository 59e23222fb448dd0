/// Time mapped through a chain of timed objects: media time → root layer → … → layer → animation → group →
/// child animation (SPEC §1.9, §1.11; our addition, not Apple API).
///
/// Each hop takes the parent's local time as its parent time. Layers use the layer map of
/// `TimingParameters.layerTime(fromParentTime:)`; animations are sampled with
/// `TimingParameters.sample(atParentTime:)`; a group's children see the group's *basic* local time (after its own
/// repeat and autoreverse fold) and nothing at all outside the group's active period unless the group fills.
/// Speeds therefore multiply down the tree.
///
/// Paths are ordered root first and may be any collection of `TimingParameters` (an array, a slice, a lazily
/// mapped view of layer objects); the functions are generic so nothing is boxed.
public enum TimingHierarchy {
    /// The local time of the last layer of `layers` at the given absolute media time (`CACurrentMediaTime()`
    /// seconds). `layers` runs from the root layer down to the layer in question; an empty path gives the media
    /// time unchanged.
    @inlinable
    public static func layerTime<Layers: Sequence>(
        atMediaTime mediaTime: Double, along layers: Layers
    ) -> Double where Layers.Element == TimingParameters {
        var time = mediaTime
        for layer in layers {
            time = layer.layerTime(fromParentTime: time)
        }
        return time
    }

    /// The absolute media time at which the last layer of `layers` (root first) shows the local time `layerTime`:
    /// the inverse maps applied from that layer up to the root. Frozen layers answer as
    /// `TimingParameters.parentTime(fromLayerTime:)` describes.
    @inlinable
    public static func mediaTime<Layers: BidirectionalCollection>(
        fromLayerTime layerTime: Double, along layers: Layers
    ) -> Double where Layers.Element == TimingParameters {
        var time = layerTime
        for layer in layers.reversed() {
            time = layer.parentTime(fromLayerTime: time)
        }
        return time
    }

    /// `convertTime(_:from:)` between two layers of one tree: a local time of the last layer of `source` becomes
    /// a local time of the last layer of `destination`, going up to media time and back down (SPEC §1.11). An
    /// empty path stands for absolute media time (Apple's `nil`).
    @inlinable
    public static func convertTime<Source: BidirectionalCollection, Destination: Sequence>(
        _ time: Double, from source: Source, to destination: Destination
    ) -> Double where Source.Element == TimingParameters, Destination.Element == TimingParameters {
        layerTime(atMediaTime: mediaTime(fromLayerTime: time, along: source), along: destination)
    }

    /// Samples an animation nested in zero or more groups, given the local time of the layer it is attached to.
    ///
    /// `groups` runs from the outermost group inwards and may be empty. The result is the innermost animation's
    /// own sample, evaluated at the (possibly clamped) basic time of its group, with `contributes` cleared when
    /// any group contributes nothing at that time.
    @inlinable
    public static func sample<Groups: Sequence>(
        atLayerTime layerTime: Double, groups: Groups, animation: TimingParameters
    ) -> TimingSample where Groups.Element == TimingParameters {
        var time = layerTime
        var contributes = true
        var held = false
        for group in groups {
            let groupSample = group.sample(atParentTime: time, heldAtGroupEnd: held)
            contributes = contributes && groupSample.contributes
            held = group.holdsEnd(groupSample, heldAtGroupEnd: held)
            time = groupSample.basicTime
        }
        var result = animation.sample(atParentTime: time, heldAtGroupEnd: held)
        result.contributes = result.contributes && contributes
        return result
    }

    /// Samples an animation at an absolute media time: the layer path (root first) gives the layer's local time,
    /// then the groups (outermost first) and the animation are evaluated as in `sample(atLayerTime:groups:
    /// animation:)`.
    @inlinable
    public static func sample<Layers: Sequence, Groups: Sequence>(
        atMediaTime mediaTime: Double, layers: Layers, groups: Groups, animation: TimingParameters
    ) -> TimingSample where Layers.Element == TimingParameters, Groups.Element == TimingParameters {
        sample(
            atLayerTime: layerTime(atMediaTime: mediaTime, along: layers), groups: groups, animation: animation)
    }
}
