import Foundation

/// The animations of one layer, in the order they were added (our helper; SPEC §3.3 evaluation order), and their
/// flat per-frame form.
final class LayerAnimations {
    /// The layer that owns these animations (it keeps them for its whole life).
    unowned let layer: CALayer

    /// The attached animations. Any change marks the program out of date and gives the layer a new presentation
    /// stamp (its on-screen animations may have changed), and is a change of the layer world (`PresentationEpoch`).
    ///
    /// `entries` and `program` are read for every animated layer on every frame, so they skip Swift's run-time
    /// exclusivity check (`@exclusivity(unchecked)`). Every access happens with the layer lock held, and none spans a
    /// change: they are written only when animations are added, removed or finish and by `updateProgram()`, never
    /// while a frame's evaluation reads them.
    @exclusivity(unchecked) var entries: [AttachedAnimation] = [] {
        didSet {
            isProgramCurrent = false
            layer.presentationStamp = PresentationStamp.next()
            PresentationEpoch.advance()
        }
    }

    /// The on-screen entries flattened for evaluation; current only while `isProgramCurrent` (see
    /// `updateProgram()`).
    @exclusivity(unchecked) private(set) var program = PresentationProgram()
    /// Names the current `program`: a new stamp each time it is rebuilt, so a copy of the steps can be recognised.
    private(set) var programStamp = PresentationStamp.next()
    /// Whether `program` reflects `entries`.
    private(set) var isProgramCurrent = true

    init(layer: CALayer) {
        self.layer = layer
    }

    /// Rebuilds `program` from `entries` when they changed since it was built. Called with the lock held.
    @inline(__always)
    func updateProgram() {
        if isProgramCurrent { return }
        program = PresentationProgram(entries)
        programStamp = PresentationStamp.next()
        isProgramCurrent = true
    }

    /// Whether any entry still owes a start or stop callback (or its removal on completion).
    var hasPendingEvents: Bool {
        entries.contains { $0.status != .pending && !$0.hasStopped && $0.owesCallbacks }
    }
}
