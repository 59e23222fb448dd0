import Foundation

/// One open (or finished but still running) view animation block: the settings its property changes animate
/// with, and the bookkeeping that calls its completion once the last of its animations stops (our helper; UIKit's
/// private animation state, SPEC §11.2–§11.3).
///
/// A block is pushed on the thread's `ViewAnimationContext` while its `animations` closure runs. Every view whose
/// layer changes an animatable property meanwhile asks it for an action (`action(for:key:)`); the animations those
/// actions add, and any the block adds itself (transitions, keyframes), have the block as their delegate. When the
/// closure returns the block is closed: it counts its animations that made it onto layers and, as each stops,
/// remembers that stop's `finished` flag; the completion runs with the flag of the last one (SPEC §11.3). A block
/// that added nothing completes with `true` on the next turn of the clock.
///
/// Thread confinement: a block is created, used and closed on one thread, and its delegate callbacks arrive on the
/// thread that runs the clock (the main actor for views). It is not `Sendable`.
final class AnimationBlock: CAAnimationDelegate {
    /// The resolved settings; the legacy `setAnimation…` calls change them while the block is open.
    var settings: AnimationSettings {
        didSet { timingFunctionCache = nil }
    }
    /// The timing function of `settings`, made once for all the block's animations (nil until first used).
    private var timingFunctionCache: CAMediaTimingFunction?
    /// The spring of `settings` (meaningful once `timingFunctionCache` is set).
    private var springCache: SpringSolution?
    /// Called once with the finished flag of the last animation to stop.
    private var completion: ((Bool) -> Void)?
    /// Layers the block handed actions to or added animations to, each once, in that order.
    private var touched: [TouchedLayer] = []
    /// For each layer of `touched`, by identity: its index there.
    private var touchedIndices = LayerIndexTable()
    /// Property changes recorded by a keyframe block, turned into keyframe animations when it closes.
    var keyframeRecorder: KeyframeRecorder?
    /// Counters of views that ignore touches until the block completes.
    private var interactionGates: [ViewInteractionGate] = []
    private var pendingStops = 0
    private var isClosed = false
    private var lastFinished = true
    private var hasCompleted = false

    init(settings: AnimationSettings, completion: ((Bool) -> Void)?) {
        self.settings = settings
        self.completion = completion
        if case .keyframes = settings.kind { keyframeRecorder = KeyframeRecorder() }
    }

    /// Replaces the completion (legacy blocks learn theirs after they open).
    func setCompletion(_ completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// Where changes go instead of animating: the keyframe recorder, or a property animator's recorder.
    private var changeRecorder: (any PropertyChangeRecording)? {
        if let keyframeRecorder { return keyframeRecorder }
        if case .recorded(let recorder) = settings.kind { return recorder }
        return nil
    }

    /// Layers the block handed actions to or added animations to, each once, in that order.
    var touchedLayers: [CALayer] {
        touched.map(\.layer)
    }

    /// Remembers that `layer` may carry one of the block's animations, and returns its index in `touched`.
    /// `gate` is the interaction gate of the view `layer` backs, when the caller knows it.
    @discardableResult
    func note(_ layer: CALayer, gate: ViewInteractionGate? = nil) -> Int {
        let candidate = touched.count
        let index = touchedIndices.value(for: ObjectIdentifier(layer), insertingIfAbsent: candidate)
        if index == candidate {
            touched.append(TouchedLayer(layer: layer, gate: gate))
        } else if let gate {
            touched[index].gate = gate
        }
        return index
    }

    /// Adds `animation`, which the block has just made (its delegate is the block), to `layer` under `key`,
    /// counting it for the completion. `index` is the layer's index in `touched` when the caller knows it
    /// (a wrong one is ignored). The layer takes the animation itself, not a copy: nothing else refers to it.
    /// `typed` is the animation's key path and values in typed form when the caller has them (it must describe
    /// the animation exactly, see `TypedAnimationValues`).
    func add(
        _ animation: CAAnimation, to layer: CALayer, forKey key: String?, index: Int? = nil,
        typed: TypedAnimationValues? = nil
    ) {
        let index = if let index, index < touched.count, touched[index].layer === layer { index } else { note(layer) }
        if let count = touched[index].ownAdditions { touched[index].ownAdditions = count + 1 }
        layer.add(ownedAnimation: animation, forKey: key, typed: typed)
    }

    // MARK: Actions

    /// The action for a change of `key` on `layer` made while this block is the innermost one, or nil when the
    /// change should apply without animation (animations disabled, zero duration, or a key views do not animate).
    ///
    /// Geometry (`position`, `bounds`, `transform`) gets an additive action, colours, opacity and the other
    /// animatable layer properties a `CABasicAnimation` (or `CASpringAnimation`) starting at the model value
    /// before the change, or at the value on screen with `beginFromCurrentState` (SPEC §11.2). In a keyframe
    /// block (or a property animator's) every change is recorded instead.
    ///
    /// `gate` is the interaction gate of the view whose layer `layer` is, when the view asking knows it backs it.
    func action(for layer: CALayer, key: String, gate: ViewInteractionGate? = nil) -> (any CAAction)? {
        guard settings.isEnabled, let property = ViewAnimatedKey.property(forKey: key),
            ViewAnimatedKey.animates(property)
        else { return nil }
        let index = note(layer, gate: gate)
        if let recorder = changeRecorder {
            let window = ViewAnimationContext.current.keyframeWindow ?? (0, 1)
            return RecordingAction(
                recorder: recorder, property: property,
                oldValue: ViewAnimatedKey.modelValue(of: property, in: layer), window: window)
        }
        if ViewAnimatedKey.isAdditive(property), let old = ViewAnimatedKey.modelValue(of: property, in: layer) {
            return AdditiveAnimationAction(block: self, property: property, oldValue: old, layerIndex: index)
        }
        // Core Animation adds this one (CAAnimation's own `run`), so the block counts it on the layer at close.
        touched[index].ownAdditions = nil
        let animation = makePropertyAnimation(keyPath: key, for: layer)
        if settings.beginsFromCurrentState, let shown = layer.presentation()?.value(forKey: key) {
            animation.fromValue = shown
        } else {
            animation.fromValue = layer.value(forKey: key)
        }
        return animation
    }

    /// A basic (or, in a spring block, spring) animation of `keyPath` with the block's timing, delegate and
    /// delay; values are left for the caller.
    func makePropertyAnimation(keyPath: String, for layer: CALayer) -> CABasicAnimation {
        let animation: CABasicAnimation =
            timing.spring?.animation(keyPath: keyPath) ?? CABasicAnimation(keyPath: keyPath)
        configureTiming(of: animation, for: layer)
        return animation
    }

    /// Gives `animation` the block's duration, curve, repeat, autoreverse, fill, delay and delegate (SPEC §11.2).
    /// Springs pace themselves, so only curve and keyframe blocks set a timing function: the open transaction's
    /// `animationTimingFunction` when one is set, else the block's curve. Code in the wild gives `UIView.animate`
    /// a custom curve that way (a `CATransaction` with a timing function around the call), which only looks right
    /// on iOS if the transaction's function wins over UIKit's own curve. A keyframe block's curve warps its whole
    /// duration, ease-in-ease-out unless the options' curve bits say otherwise (SPEC §11.6, changed: code in the
    /// wild passes `AnimationOptions.curveLinear.rawValue` in keyframe options to get linear timing, "not the
    /// normal ease in ease out curve"); the segments between keyframes stay linear.
    ///
    /// A delay becomes an absolute `beginTime` in `layer`'s time (the current media time plus the delay) with a
    /// backwards fill, so the old value shows during the delay; without delay the begin time stays 0 and the
    /// commit stamps it.
    func configureTiming(of animation: CAAnimation, for layer: CALayer) {
        animation.duration = settings.duration
        switch settings.kind {
        case .curve, .keyframes:
            animation.timingFunction = CATransaction.animationTimingFunction() ?? timing.timingFunction
        case .spring, .recorded:
            break
        }
        let (repeatCount, autoreverses) =
            ViewAnimationContext.current.repeatOverride ?? (settings.repeatCount, settings.autoreverses)
        // The animation is new: its repeat count is 0 and it does not autoreverse until told otherwise.
        if repeatCount != 0 { animation.repeatCount = repeatCount }
        if autoreverses { animation.autoreverses = true }
        animation.fillMode = .both
        if settings.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + settings.delay
        }
        animation.delegate = self
    }

    /// The block's timing function and spring, computed on first use.
    private var timing: (timingFunction: CAMediaTimingFunction, spring: SpringSolution?) {
        if let timingFunctionCache { return (timingFunctionCache, springCache) }
        let made = (settings.timingFunction, settings.springSolution)
        timingFunctionCache = made.0
        springCache = made.1
        return made
    }

    /// Adds a `CATransition` of `type`/`subtype` to `layer` with the block's timing (SPEC §11.7).
    func addTransition(type: CATransitionType, subtype: CATransitionSubtype?, to layer: CALayer) {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        configureTiming(of: transition, for: layer)
        add(transition, to: layer, forKey: kCATransition)
    }

    // MARK: Closing and completion

    /// Ends the block: builds its keyframe animations, counts the animations that reached layers, and arranges
    /// the completion. The views whose layers the block touched ignore touches until then (unless the block allows
    /// interaction).
    func close() {
        if let keyframeRecorder {
            keyframeRecorder.addAnimations(using: self)
            self.keyframeRecorder = nil
        }
        var count = 0
        for entry in touched {
            count += entry.ownAdditions ?? entry.layer.pendingAnimationCount(withDelegate: self)
        }
        let gates = count > 0 && !settings.allowsUserInteraction ? touchedViewGates() : []
        touched.removeAll()
        touchedIndices.removeAll()
        isClosed = true
        pendingStops = count
        if count == 0 {
            runOnNextTurn { [self] in complete(finished: true) }
            return
        }
        interactionGates = gates
        for gate in gates { gate.block() }
    }

    /// The interaction gates of the views whose layers the block touched: the one each view named when it asked
    /// for an action, else that of the view that is the layer's delegate (none for a layer no view backs).
    private func touchedViewGates() -> [ViewInteractionGate] {
        var gates: [ViewInteractionGate] = []
        gates.reserveCapacity(touched.count)
        for entry in touched {
            if let gate = entry.gate ?? (entry.layer.delegate as? UIView)?.interactionGate { gates.append(gate) }
        }
        return gates
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        lastFinished = flag
        pendingStops -= 1
        if isClosed && pendingStops == 0 {
            complete(finished: lastFinished)
        }
    }

    private func complete(finished: Bool) {
        guard !hasCompleted else { return }
        hasCompleted = true
        for gate in interactionGates { gate.unblock() }
        interactionGates.removeAll()
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}

/// A layer an animation block touched (our helper).
private struct TouchedLayer {
    let layer: CALayer
    /// How many animations the block added to the layer itself, or nil once the layer was handed an animation that
    /// Core Animation adds (then its animations are counted on the layer when the block closes).
    var ownAdditions: Int? = 0
    /// The interaction gate of the view the layer backs, when the view named it as it asked for an action; nil
    /// means "look at the layer's delegate when the block closes".
    var gate: ViewInteractionGate?
}
