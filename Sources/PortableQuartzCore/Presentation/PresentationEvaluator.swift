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
///
/// How a frame is computed (the result is always the same as writing every entry in full):
/// * Each entry keeps a copy of what its layer presents from — committed values and flattened animations
///   (`PresentationProgram`) — under the layer's presentation stamp (see `CALayer.presentationStamp`). When the same
///   layer comes back to the same entry with the same stamp, the entry already holds its committed values: only the
///   animated properties are reset and re-evaluated, from the copies, without reading the layer's own storage.
///   Other entries are written in full and their copies refreshed.
/// * When nothing in the layer world has changed since the last frame (no property set, no commit, no animation
///   added, removed or finished anywhere: `PresentationEpoch`), the frame is replayed from the entries alone without
///   visiting a single layer. Trees with layers that were never committed, or with presentation copies, are always
///   walked.
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
    /// What each entry was written from.
    private var sources = EntrySources()
    /// Whether the last evaluation replayed the entries instead of walking the tree (for tests).
    private(set) var replayedLastFrame = false
    /// The walk's stack of layers still to visit, kept for its capacity.
    private var pending: [PendingLayer] = []

    /// An evaluator with empty storage.
    public init() {}

    /// Evaluates the tree below and including `root` at absolute media time `mediaTime` (seconds; pass
    /// `CACurrentMediaTime()` for now). The root's own superlayers, if any, still contribute their timing.
    public func evaluate(_ root: CALayer, atMediaTime mediaTime: Double) {
        // The arrays are moved out of the object for the frame (no copy: they are uniquely referenced) so the loops
        // write plain local storage instead of going through class property accessors.
        var storage = Storage(
            states: states, localTimes: localTimes, parentIndices: parentIndices, count: count, sources: sources,
            pending: pending)
        states = []
        localTimes = []
        parentIndices = []
        sources = EntrySources()
        pending = []
        LayerTreeLock.withLock {
            let parentTime = root.superlayerStorage?.localTime(atMediaTime: mediaTime) ?? mediaTime
            let epoch = PresentationEpoch.current
            replayedLastFrame = storage.sources.describe(root, epoch: epoch, count: storage.count)
            if replayedLastFrame {
                storage.replay(parentTime: parentTime)
                return
            }
            storage.count = 0
            storage.sources.isReplayable = true
            Self.walk(root, parentTime: parentTime, into: &storage)
            storage.sources.finishWalk(root: root, epoch: epoch, count: storage.count)
        }
        states = storage.states
        localTimes = storage.localTimes
        parentIndices = storage.parentIndices
        count = storage.count
        sources = storage.sources
        pending = storage.pending
    }

    /// A layer waiting to be visited, with what its entry needs from its superlayer's. The reference is not
    /// retained: the walk holds the layer tree's lock, and the tree holds its layers.
    struct PendingLayer {
        unowned(unsafe) let layer: CALayer
        let parentIndex: Int
        let parentTime: Double
    }

    /// Everything a frame writes, and how many entries are current.
    struct Storage {
        var states: [LayerState]
        var localTimes: [Double]
        var parentIndices: [Int]
        var count: Int
        var sources: EntrySources
        var pending: [PendingLayer]
    }

    /// Visits the tree of `root` depth first (a layer, then its sublayers' trees back to front) with an explicit
    /// stack, so a tree 10,000 layers deep needs no call-stack depth.
    private static func walk(_ root: CALayer, parentTime: Double, into storage: inout Storage) {
        var pending = storage.pending
        pending.removeAll(keepingCapacity: true)
        pending.append(PendingLayer(layer: root, parentIndex: -1, parentTime: parentTime))
        while let next = pending.popLast() {
            let layer = next.layer
            let parentIndex = next.parentIndex
            let index = storage.count
            storage.count += 1
            let timing = layer.timingStorage
            let time = timing.layerTime(fromParentTime: next.parentTime)
            if index == storage.states.count {
                storage.states.append(.defaults)
                storage.localTimes.append(time)
                storage.parentIndices.append(parentIndex)
                storage.sources.appendEntry()
            } else {
                storage.localTimes[index] = time
                storage.parentIndices[index] = parentIndex
            }
            storage.sources.setTiming(timing, parentIndex: parentIndex, at: index)
            let stamp = layer.presentationStamp
            if stamp != 0 && storage.sources.stamp(at: index) == stamp {
                storage.apply(index, layerTime: time)
            } else {
                layer.writePresentation(into: &storage.states[index], layerTime: time)
                storage.sources.record(layer, at: index)
            }
            guard let sublayers = layer.sublayerStorage else { continue }
            sublayers.withUnsafeBufferPointer { sublayers in
                for sublayer in sublayers.reversed() {
                    pending.append(PendingLayer(layer: sublayer, parentIndex: index, parentTime: time))
                }
            }
        }
        storage.pending = pending
    }
}

extension PresentationEvaluator.Storage {
    /// Re-evaluates entry `index`, which holds its layer's committed values with at most its animated properties
    /// changed, at `layerTime`, from the entry's copies.
    @inline(__always)
    mutating func apply(_ index: Int, layerTime: Double) {
        sources.withCopies(of: index) { steps, finishTimings, curves, model, animations in
            states[index].applySteps(
                steps, finishTimings: finishTimings, curves: curves, of: animations, model: model,
                layerTime: layerTime, resetting: true)
        }
    }

    /// Computes the frame at `parentTime` (the root's parent time) from the entries alone: each local time from its
    /// parent's with the recorded layer timing, then the animated properties.
    mutating func replay(parentTime: Double) {
        for index in 0..<count {
            let (timing, parent) = sources.timing(at: index)
            let time = timing.layerTime(fromParentTime: parent < 0 ? parentTime : localTimes[parent])
            localTimes[index] = time
            apply(index, layerTime: time)
        }
    }
}

/// What each entry of a `PresentationEvaluator` was written from (our helper): per entry its layer's presentation
/// stamp, timing and superlayer entry, and copies of the layer's committed values and flattened animations, kept
/// in flat arrays of plain values so that re-evaluating an entry reads no layer.
///
/// Validity: an entry's copies describe its layer while the layer's presentation stamp equals the entry's `stamp`
/// (a stamp is never reused, so an equal stamp also means the same layer). Entries of layers never committed, and
/// of presentation copies, get stamp 0 and are always written in full.
struct EntrySources {
    /// One entry.
    struct Entry {
        /// The layer's presentation stamp when the entry was written in full; 0: nothing to reuse.
        var stamp: UInt64 = 0
        /// The layer's own timing and its superlayer entry (refreshed at every walk).
        var timing = TimingParameters.layerDefaults
        var parentIndex = -1
        /// The stamp of the program the steps were copied from (`LayerAnimations.programStamp`), 0 for none.
        var programStamp: UInt64 = 0
        /// Where the layer's steps, finish timings and curves are in the flat arrays (empty without animations on
        /// screen).
        var steps: Range<Int> = 0..<0
        var finishTimings: Range<Int> = 0..<0
        var curves: Range<Int> = 0..<0
        /// Index into `committed`, −1 when the entry has none.
        var committedIndex = -1
        /// How many flat-array elements the entry's ranges cover (what becomes garbage when they are dropped).
        var garbage: Int { steps.count + finishTimings.count + curves.count }
        /// The layer's animations, for general steps. Not retained: the layer keeps them for its whole life, and the
        /// entry is only used while its stamp matches a live layer (during a walk) or the epoch stands still (during
        /// a replay, when the tree holds every layer).
        var animations: Unmanaged<LayerAnimations>?
    }

    private var entries: [Entry] = []
    private var steps: [PresentationStep] = []
    private var finishTimings: [TimingParameters] = []
    private var curves: [UnitBezier] = []
    /// The committed values of the layers with animations.
    private var committed: [LayerState] = []
    /// How many elements of `steps`, `finishTimings` and `curves` no entry refers to any more.
    private var garbage = 0
    /// What the last walk covered, for replays: nil root while it cannot be replayed.
    private var root: ObjectIdentifier?
    private var rootStamp: UInt64 = 0
    private var epoch: UInt64 = 0
    private var walkCount = 0
    /// Whether every entry written by the current walk has a stamp.
    var isReplayable = true

    /// Whether the entries are a complete walk of `root`'s tree at `epoch` with `count` entries, so the frame can be
    /// replayed. The root is compared by identity and stamp, so a new layer that reuses a released root's address
    /// does not match (it has another stamp, or none yet).
    func describe(_ root: CALayer, epoch: UInt64, count: Int) -> Bool {
        self.root == ObjectIdentifier(root) && self.epoch == epoch && rootStamp == root.presentationStamp
            && count == walkCount
    }

    /// Notes the end of a walk of `root`'s tree at `epoch` that wrote `count` entries. Entries beyond them keep their
    /// copies (a later, larger tree may reuse them; their stamps decide).
    mutating func finishWalk(root: CALayer, epoch: UInt64, count: Int) {
        walkCount = count
        self.root = isReplayable ? ObjectIdentifier(root) : nil
        rootStamp = root.presentationStamp
        self.epoch = epoch
        compactIfNeeded()
    }

    mutating func appendEntry() {
        entries.append(Entry())
    }

    func stamp(at index: Int) -> UInt64 {
        entries[index].stamp
    }

    func timing(at index: Int) -> (TimingParameters, Int) {
        (entries[index].timing, entries[index].parentIndex)
    }

    mutating func setTiming(_ timing: TimingParameters, parentIndex: Int, at index: Int) {
        entries[index].timing = timing
        entries[index].parentIndex = parentIndex
    }

    /// Records what `layer` presents from in entry `index`, just written in full by `writePresentation` (so its
    /// program is current). Called with the lock held.
    mutating func record(_ layer: CALayer, at index: Int) {
        guard layer.flags.contains(.isCommitted), !layer.flags.contains(.isPresentation) else {
            isReplayable = false
            release(index)
            entries[index].stamp = 0
            return
        }
        entries[index].stamp = layer.presentationStamp
        guard let animations = layer.currentAnimations() else {
            release(index)
            return
        }
        if entries[index].programStamp != animations.programStamp {
            garbage += entries[index].garbage
            let program = animations.program
            let stepStart = steps.count
            steps.append(contentsOf: program.steps)
            let finishStart = finishTimings.count
            finishTimings.append(contentsOf: program.finishTimings)
            let curveStart = curves.count
            curves.append(contentsOf: program.curves)
            entries[index].steps = stepStart..<steps.count
            entries[index].finishTimings = finishStart..<finishTimings.count
            entries[index].curves = curveStart..<curves.count
            entries[index].programStamp = animations.programStamp
        }
        entries[index].animations = Unmanaged.passUnretained(animations)
        if entries[index].committedIndex < 0 {
            entries[index].committedIndex = committed.count
            layer.withCommittedValues { committed.append($0.pointee) }
        } else {
            layer.withCommittedValues { committed[entries[index].committedIndex] = $0.pointee }
        }
    }

    /// Forgets entry `index`'s steps (its committed slot is kept for reuse).
    private mutating func release(_ index: Int) {
        garbage += entries[index].garbage
        entries[index].steps = 0..<0
        entries[index].finishTimings = 0..<0
        entries[index].curves = 0..<0
        entries[index].programStamp = 0
        entries[index].animations = nil
    }

    /// Once most of the flat arrays are no longer referred to, copies the live parts into new arrays (rare: it takes
    /// thousands of animation changes).
    private mutating func compactIfNeeded() {
        guard garbage > 4096, garbage > steps.count / 2 else { return }
        var liveSteps: [PresentationStep] = []
        var liveFinishTimings: [TimingParameters] = []
        var liveCurves: [UnitBezier] = []
        liveSteps.reserveCapacity(steps.count - garbage)
        for index in entries.indices where !entries[index].steps.isEmpty {
            let stepStart = liveSteps.count
            liveSteps.append(contentsOf: steps[entries[index].steps])
            let finishStart = liveFinishTimings.count
            liveFinishTimings.append(contentsOf: finishTimings[entries[index].finishTimings])
            let curveStart = liveCurves.count
            liveCurves.append(contentsOf: curves[entries[index].curves])
            entries[index].steps = stepStart..<liveSteps.count
            entries[index].finishTimings = finishStart..<liveFinishTimings.count
            entries[index].curves = curveStart..<liveCurves.count
        }
        steps = liveSteps
        finishTimings = liveFinishTimings
        curves = liveCurves
        garbage = 0
    }

    /// Runs `body` with entry `index`'s steps, finish timings, curves, committed values and animations; nothing
    /// when the entry has no steps.
    @inline(__always)
    func withCopies(
        of index: Int,
        _ body: (
            UnsafeBufferPointer<PresentationStep>, UnsafeBufferPointer<TimingParameters>,
            UnsafeBufferPointer<UnitBezier>, UnsafePointer<LayerState>, LayerAnimations
        ) -> Void
    ) {
        entries.withUnsafeBufferPointer { entries in
            let entry = entries.baseAddress.unsafelyUnwrapped + index
            guard let animations = entry.pointee.animations, !entry.pointee.steps.isEmpty else { return }
            steps.withUnsafeBufferPointer { steps in
                finishTimings.withUnsafeBufferPointer { finishTimings in
                    curves.withUnsafeBufferPointer { curves in
                        committed.withUnsafeBufferPointer { committed in
                            animations._withUnsafeGuaranteedRef { animations in
                                body(
                                    UnsafeBufferPointer(rebasing: steps[entry.pointee.steps]),
                                    UnsafeBufferPointer(rebasing: finishTimings[entry.pointee.finishTimings]),
                                    UnsafeBufferPointer(rebasing: curves[entry.pointee.curves]),
                                    committed.baseAddress.unsafelyUnwrapped + entry.pointee.committedIndex,
                                    animations)
                            }
                        }
                    }
                }
            }
        }
    }
}
