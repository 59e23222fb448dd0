import Foundation

// How a layer's model values change (our helpers behind the property setters of CALayer.swift): reading and writing
// the `LayerState` under the layer tree lock, joining the transaction, marking the contents for display, and
// finding and running the action of a change (SPEC §9).

extension CALayer {
    // MARK: Model values

    /// Reads one model value.
    @inline(__always)
    final func modelValue<Value>(_ keyPath: KeyPath<LayerState, Value>) -> Value {
        LayerTreeLock.withLock { modelState[keyPath: keyPath] }
    }

    /// Sets one model value through the action machinery (SPEC §9): the layer joins the transaction; when it has
    /// been committed before and actions are enabled, the action for `property` is looked up before the value is
    /// stored and run after.
    final func setModelValue<Value>(
        _ value: Value, for property: LayerProperty, at keyPath: WritableKeyPath<LayerState, Value>
    ) {
        LayerTreeLock.withLock {
            let oldBounds = modelState.bounds
            let action = prepareChange(of: property)
            modelState[keyPath: keyPath] = value
            if property == .bounds { noteBoundsChange(from: oldBounds) }
            action?.run(forKey: property.key, object: self, arguments: nil)
        }
    }

    /// Sets one model value given as an `AnimatableValue` (the KVC path); same rules as the typed setter. A value
    /// of the wrong kind leaves the property unchanged.
    final func setModelValue(_ value: AnimatableValue, for path: PropertyPath) {
        LayerTreeLock.withLock {
            let oldBounds = modelState.bounds
            let action = prepareChange(of: path.property)
            path.set(value, in: &modelState)
            if path.property == .bounds { noteBoundsChange(from: oldBounds) }
            action?.run(forKey: path.keyPath, object: self, arguments: nil)
        }
    }

    /// Marks the layer for layout when its bounds differ from `oldBounds`, as Apple's layers do (a bounds change
    /// asks for `layoutSublayers`; setting the same bounds does not). Called with the lock held.
    final func noteBoundsChange(from oldBounds: CGRect) {
        if modelState.bounds != oldBounds, !flags.contains(.isPresentation) { markNeedsLayout() }
    }

    /// Records a coming change of `property` and returns the action to run once the value is stored, if any.
    /// Called with the lock held.
    final func prepareChange(of property: LayerProperty) -> (any CAAction)? {
        prepareChange(forKey: property.key, changesBounds: property == .bounds)
    }

    /// Records a coming change of the value named `key` (a property or an extra key): the layer joins the
    /// transaction, keeps its committed values, and is marked for display when `needsDisplay(forKey:)` (or
    /// `needsDisplayOnBoundsChange` for a bounds change) asks for it. Returns the action to run once the value is
    /// stored, if any. Called with the lock held.
    final func prepareChange(forKey key: String, changesBounds: Bool = false) -> (any CAAction)? {
        if flags.contains(.isPresentation) { return nil }
        noteChange()
        if type(of: self).needsDisplay(forKey: key)
            || (changesBounds && modelState.details.needsDisplayOnBoundsChange)
        {
            markNeedsDisplay()
        }
        return actionToRun(forKey: key)
    }

    /// The action a change or event named `key` runs now: nil for a layer never committed, for a presentation copy,
    /// and while the transaction disables actions (SPEC §9). Called with the lock held.
    final func actionToRun(forKey key: String) -> (any CAAction)? {
        guard flags.contains(.isCommitted), !flags.contains(.isPresentation),
            !TransactionStack.current.actionsDisabled
        else { return nil }
        return action(forKey: key)
    }

    /// Records a change that has no action (hierarchy, timing, contents drawn by `display()`): the layer joins the
    /// transaction and keeps its committed values for the presentation. Called with the lock held.
    final func noteChange() {
        PresentationEpoch.advance()
        if flags.contains(.isPresentation) { return }
        TransactionStack.current.register(self)
        if flags.contains(.isCommitted), committedSnapshot == nil { committedSnapshot = LayerStateBox(modelState) }
    }

    // MARK: Flags the transaction machinery uses

    /// Marks the layer for layout, and its ancestors as leading to it. Called with the lock held.
    final func markNeedsLayout() {
        flags.insert(.needsLayout)
        markAncestors(.descendantNeedsLayout)
    }

    /// Marks the layer for display, and its ancestors as leading to it. Called with the lock held.
    final func markNeedsDisplay() {
        flags.insert(.needsDisplay)
        markAncestors(.descendantNeedsDisplay)
    }

    /// Tells the layer's new ancestors about the layout and display waiting in its subtree (it was just attached).
    /// Called with the lock held.
    final func markAncestorsOfPendingWork() {
        if !flags.isDisjoint(with: [.needsLayout, .descendantNeedsLayout]) { markAncestors(.descendantNeedsLayout) }
        if !flags.isDisjoint(with: [.needsDisplay, .descendantNeedsDisplay]) { markAncestors(.descendantNeedsDisplay) }
    }

    /// Sets `flag` on the superlayer and up, stopping at the first layer that has it (its ancestors have it too,
    /// or a layout or display pass is visiting them). Called with the lock held.
    private func markAncestors(_ flag: LayerFlags) {
        var current = superlayerStorage
        while let layer = current, !layer.flags.contains(flag) {
            layer.flags.insert(flag)
            current = layer.superlayerStorage
        }
    }

    /// Whether the layer waits in a transaction's list of changed layers.
    final var isRegisteredForCommit: Bool {
        get { flags.contains(.isRegisteredForCommit) }
        set { if newValue { flags.insert(.isRegisteredForCommit) } else { flags.remove(.isRegisteredForCommit) } }
    }

    /// Whether the layer has been committed at least once (it then has a presentation and animates implicitly).
    final var isCommitted: Bool {
        LayerTreeLock.withLock { flags.contains(.isCommitted) }
    }

    /// Applies a change to the `CAMediaTiming` values: the layer joins the transaction (timing takes effect at once,
    /// see Docs/Deviations.md).
    final func setTiming(_ change: (inout TimingParameters) -> Void) {
        LayerTreeLock.withLock {
            noteChange()
            change(&timingStorage)
        }
    }

    /// The filter name a `compositingFilter` value stands for: a string, or the raw value of a string-backed type.
    static func filterName(_ value: Any?) -> String? {
        switch value {
        case let name as String: name
        case let name as any RawRepresentable<String>: name.rawValue
        default: nil
        }
    }
}

/// State bits of a layer (our helper).
struct LayerFlags: OptionSet {
    let rawValue: UInt16

    /// The layer has been committed at least once.
    static let isCommitted = LayerFlags(rawValue: 1 << 0)
    /// The layer is in a transaction's list of changed layers.
    static let isRegisteredForCommit = LayerFlags(rawValue: 1 << 1)
    /// `setNeedsDisplay()` was called and `display()` has not run since.
    static let needsDisplay = LayerFlags(rawValue: 1 << 2)
    /// `setNeedsLayout()` was called and `layoutSublayers()` has not run since.
    static let needsLayout = LayerFlags(rawValue: 1 << 3)
    /// The layer is a presentation copy.
    static let isPresentation = LayerFlags(rawValue: 1 << 4)
    /// The layer is in its clock's list of layers with animation callbacks to deliver.
    static let isTrackedForEvents = LayerFlags(rawValue: 1 << 5)
    /// `setNeedsDisplay()` was called on a text layer, whose `display()` then draws `draw(in:)` into `contents`
    /// (a change of a text property alone needs no bitmap: the renderer paints the text).
    static let needsDrawnContents = LayerFlags(rawValue: 1 << 6)
    /// A text layer's string is drawn into its `contents` by `draw(in:)` (its class draws its own picture), so the
    /// renderer shows the bitmap and does not paint the text.
    static let textInContents = LayerFlags(rawValue: 1 << 7)
    /// A layer below this one (a sublayer, a mask, or one below those) may need layout: set on every ancestor of a
    /// layer marked with ``needsLayout``, so a layout pass visits only the branches that lead to work.
    static let descendantNeedsLayout = LayerFlags(rawValue: 1 << 8)
    /// A layer below this one may need display (as ``descendantNeedsLayout``, for ``needsDisplay``).
    static let descendantNeedsDisplay = LayerFlags(rawValue: 1 << 9)
}

/// A `LayerState` kept by reference (our helper), so a layer without a snapshot pays one pointer.
final class LayerStateBox {
    var state: LayerState

    init(_ state: LayerState) {
        self.state = state
    }
}
