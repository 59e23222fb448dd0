import Foundation

/// Computes the presentation values of a whole layer tree at one media time into storage it reuses frame after
/// frame (our addition, not Apple API): the per-frame step between the model tree and the renderer.
///
/// `evaluate(_:atMediaTime:)` walks the tree depth first (a layer, then its sublayers back to front) and writes,
/// for each layer, its presentation values (the committed model values with its animations applied at its own
/// local time, SPEC Appendix A), its local time and the index of its superlayer's entry. After the first frame of
/// a tree of unchanged size it allocates nothing: the arrays keep their capacity and entries are overwritten in
/// place.
///
/// Layers are visited with the layer tree's lock held for the whole walk, so the result is one consistent moment
/// even while other threads change layers. Mask layers are not visited (the renderer reads them separately).
public final class PresentationEvaluator {
    /// The presentation values, one entry per visited layer, in depth-first order; only the first `count` are
    /// current.
    public private(set) var states: [LayerState] = []
    /// The local time of each entry's layer, in seconds of that layer's time space.
    public private(set) var localTimes: [Double] = []
    /// The index of each entry's superlayer entry, −1 for the root.
    public private(set) var parentIndices: [Int] = []
    /// How many entries the last evaluation wrote.
    public private(set) var count = 0

    /// An evaluator with empty storage.
    public init() {}

    /// Evaluates the tree below and including `root` at absolute media time `mediaTime` (seconds; pass
    /// `CACurrentMediaTime()` for now). The root's own superlayers, if any, still contribute their timing.
    public func evaluate(_ root: CALayer, atMediaTime mediaTime: Double) {
        // The arrays are moved out of the object for the walk (no copy: they are uniquely referenced) so the
        // recursion writes plain local storage instead of going through class property accessors.
        var storage = Storage(states: states, localTimes: localTimes, parentIndices: parentIndices)
        states = []
        localTimes = []
        parentIndices = []
        LayerTreeLock.withLock {
            let parentTime = root.superlayerStorage?.localTime(atMediaTime: mediaTime) ?? mediaTime
            Self.visit(root, parentIndex: -1, parentTime: parentTime, into: &storage)
        }
        states = storage.states
        localTimes = storage.localTimes
        parentIndices = storage.parentIndices
        count = storage.count
    }

    /// The arrays being written, and how many entries are current.
    private struct Storage {
        var states: [LayerState]
        var localTimes: [Double]
        var parentIndices: [Int]
        var count = 0
    }

    private static func visit(_ layer: CALayer, parentIndex: Int, parentTime: Double, into storage: inout Storage) {
        let index = storage.count
        storage.count += 1
        let time = layer.timingStorage.layerTime(fromParentTime: parentTime)
        if index == storage.states.count {
            storage.states.append(.defaults)
            storage.localTimes.append(time)
            storage.parentIndices.append(parentIndex)
        } else {
            storage.localTimes[index] = time
            storage.parentIndices[index] = parentIndex
        }
        layer.writePresentation(into: &storage.states[index], layerTime: time)
        guard let sublayers = layer.sublayerStorage else { return }
        sublayers.withUnsafeBufferPointer { sublayers in
            for sublayer in sublayers {
                visit(sublayer, parentIndex: index, parentTime: time, into: &storage)
            }
        }
    }
}
