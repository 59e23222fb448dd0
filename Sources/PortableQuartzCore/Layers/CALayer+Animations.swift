import Foundation

extension CALayer {
    /// Attaches `anim` itself under `key`, without the copy `add(_:forKey:)` makes (our addition, for PortableUIKit).
    ///
    /// For an animation its creator has just made and never touches again (UIKit's view animations): the layer
    /// owns it from here on, sets its duration when it is ≤ 0 and its `beginTime` at the commit, and hands it to
    /// its delegate's callbacks. `typed`, when the creator has it, is the animation's key path and values in typed
    /// form, which spares compiling them from strings and `Any` (it must describe `anim` exactly, see
    /// `TypedAnimationValues`). Everything else is `add(_:forKey:)`'s behaviour; user code must go through that.
    ///
    /// The animation goes through `add(_:forKey:)`, as UIKit's do on Apple platforms, so a subclass that overrides
    /// it sees it: the handover is offered for this layer and this animation object, and `add(_:forKey:)` takes the
    /// animation itself when it receives exactly that (an override passing it on to `super`), else a copy.
    package func add(ownedAnimation anim: CAAnimation, forKey key: String?, typed: TypedAnimationValues? = nil) {
        let stack = TransactionStack.current
        let previous = stack.animationHandover
        stack.animationHandover = AnimationHandover(animation: anim, layer: self, typed: typed)
        defer { stack.animationHandover = previous }
        add(anim, forKey: key)
    }

    /// What `add(_:forKey:)` does: attaches the animation itself when it was handed over for this layer
    /// (`add(ownedAnimation:forKey:typed:)`), else a copy.
    final func attachAnimation(_ anim: CAAnimation, forKey key: String?) {
        let stack = TransactionStack.current
        if let handover = stack.animationHandover, handover.animation === anim, handover.layer === self {
            stack.animationHandover = nil
            attach(ownedAnimation: anim, forKey: key, typed: handover.typed)
        } else {
            attach(ownedAnimation: anim.copy() as! CAAnimation, forKey: key, typed: nil)
        }
    }

    /// Attaches to this layer a copy of each animation of `other` that is not being removed, under the same keys and
    /// in the same order, as `add(_:forKey:)` would attach copies of them (package access, for builders that make
    /// many identical layers, such as PortableLottie's repeater copies). Each copy shares its original's compiled
    /// form instead of being compiled again; an animation that took a value from `other`'s presentation (a basic
    /// animation without `fromValue`, `toValue` and `byValue`, alone or in a group) is compiled anew for this layer.
    /// The copies go past `add(_:forKey:)`, so a subclass override of it does not see them.
    ///
    /// An animation without a delegate whose `beginTime` is not 0 is attached as the same object rather than a copy:
    /// a layer changes its private animation only to stamp a `beginTime` of 0 at the commit, and hands it out only
    /// to delegates (`animation(forKey:)` returns a copy), so no one can tell the two apart.
    package func addCopies(ofAnimationsOf other: CALayer) {
        let entries = LayerTreeLock.withLock { other.animationStorage?.entries.filter { $0.status != .removing } }
        for entry in entries ?? [] {
            if Self.readsPresentation(entry.animation) {
                attach(ownedAnimation: entry.animation.copy() as! CAAnimation, forKey: entry.key, typed: nil)
                continue
            }
            let shared = entry.animation.delegate == nil && !entry.startsAtCommit
            let animation = shared ? entry.animation : entry.animation.copy() as! CAAnimation
            LayerTreeLock.withLock {
                attach(ownedAnimation: animation, forKey: entry.key, compiled: entry.compiled, transaction: .current)
            }
        }
    }

    /// Whether compiling `animation` reads the layer's presentation: a basic animation with no values, or a group
    /// holding one.
    private static func readsPresentation(_ animation: CAAnimation) -> Bool {
        switch animation {
        case let group as CAAnimationGroup:
            group.animations?.contains(where: readsPresentation) ?? false
        case let basic as CABasicAnimation:
            basic.fromValue == nil && basic.toValue == nil && basic.byValue == nil
        default:
            false
        }
    }

    /// Attaches `anim`, which the layer owns from now on, under `key`.
    private func attach(ownedAnimation anim: CAAnimation, forKey key: String?, typed: TypedAnimationValues?) {
        LayerTreeLock.withLock {
            let stack = TransactionStack.current
            // The transaction's duration is looked up only when something can use it: a duration ≤ 0 on the
            // animation, or a group (whose members may have one); otherwise nothing reads `defaultDuration`.
            let defaultDuration =
                anim.duration <= 0 || anim is CAAnimationGroup ? stack.animationDuration : anim.duration
            // The value on screen, computed only for an animation that asks for it (no values set).
            var presentation: LayerState?
            let compiled = CompiledAnimation(anim, defaultDuration: defaultDuration, typed: typed) { path in
                guard flags.contains(.isCommitted) else { return nil }
                if presentation == nil { presentation = presentationState(atMediaTime: CACurrentMediaTime()) }
                return presentation.map { path.value(in: $0) }
            }
            if anim.duration <= 0 { anim.duration = defaultDuration }
            attach(ownedAnimation: anim, forKey: key, compiled: compiled, transaction: stack)
        }
    }

    /// Attaches `anim`, compiled as `compiled` (its duration already set), under `key`, counted by `transaction`'s
    /// open completion blocks. Called with the lock held.
    private func attach(
        ownedAnimation anim: CAAnimation, forKey key: String?, compiled: CompiledAnimation,
        transaction stack: TransactionStack
    ) {
        let key = anim is CATransition ? kCATransition : key
        noteChange()
        let completions = stack.openCompletions
        for completion in completions { completion.animationAdded() }
        let animations = animationStorage ?? LayerAnimations(layer: self)
        animationStorage = animations
        if let key { markRemoved(key: key, in: animations) }
        animations.entries.append(
            AttachedAnimation(
                key: key, animation: anim, compiled: compiled, startsAtCommit: anim.beginTime == 0,
                hidesWhenFinished: anim.isRemovedOnCompletion && compiled.timing.fillsForwards,
                completions: completions))
    }

    /// Marks every live animation whose key satisfies `matches` as removed (what `removeAnimation(forKey:)` and
    /// `removeAllAnimations()` do); unkeyed animations are passed a nil key.
    final func detachAnimations(where matches: (String?) -> Bool) {
        LayerTreeLock.withLock {
            guard let animations = animationStorage else { return }
            noteChange()
            for index in animations.entries.indices
            where animations.entries[index].status != .removing && matches(animations.entries[index].key) {
                animations.entries[index].status = .removing
            }
        }
    }

    /// The animation under `key` (Apple API), as a frozen copy of the layer's own: reading it is fine, setting any
    /// property traps (changing an attached animation is an error on Apple platforms too). After the commit that
    /// started it, its `beginTime` is the layer time it was given. Nil when there is none.
    public func animation(forKey key: String) -> CAAnimation? {
        LayerTreeLock.withLock {
            guard let entry = animationStorage?.entries.last(where: { $0.key == key && $0.status != .removing })
            else { return nil }
            let copy = entry.animation.copy() as! CAAnimation
            copy.freeze()
            return copy
        }
    }

    /// The keys of the attached animations, in the order they were added (Apple API); nil when there are none.
    public func animationKeys() -> [String]? {
        LayerTreeLock.withLock {
            let keys = animationStorage?.entries.compactMap { $0.status == .removing ? nil : $0.key } ?? []
            return keys.isEmpty ? nil : keys
        }
    }

    /// Frozen copies of every attached animation that is not being removed, keyed or not, in the order they were
    /// added, with the key each was added under (our helper, for archives: `animationKeys()` cannot name the
    /// animations added with a `nil` key).
    final func attachedAnimations() -> [(key: String?, animation: CAAnimation)] {
        LayerTreeLock.withLock {
            (animationStorage?.entries ?? []).compactMap { entry in
                guard entry.status != .removing else { return nil }
                let copy = entry.animation.copy() as! CAAnimation
                copy.freeze()
                return (entry.key, copy)
            }
        }
    }

    /// Marks the live animation under `key` as removed. Called with the lock held.
    private func markRemoved(key: String, in animations: LayerAnimations) {
        for index in animations.entries.indices
        where animations.entries[index].key == key && animations.entries[index].status != .removing {
            animations.entries[index].status = .removing
        }
    }

    // MARK: Time

    /// The layer's local time at absolute media time `mediaTime`: the superlayer chain's maps applied root first
    /// (SPEC §1.9). Called with the lock held.
    final func localTime(atMediaTime mediaTime: Double) -> Double {
        let parentTime = superlayerStorage?.localTime(atMediaTime: mediaTime) ?? mediaTime
        return timingStorage.layerTime(fromParentTime: parentTime)
    }

    /// The media time at which the layer's local time is `layerTime` (the inverse maps, up to the root). Called
    /// with the lock held.
    final func mediaTime(fromLocalTime layerTime: Double) -> Double {
        let parentTime = timingStorage.parentTime(fromLayerTime: layerTime)
        return superlayerStorage?.mediaTime(fromLocalTime: parentTime) ?? parentTime
    }

    /// Whether the layer's time stands still: its speed, or a superlayer's, is 0 (a paused layer). Its animations'
    /// callbacks then wait until it runs again. Called with the lock held.
    final var isTimeFrozen: Bool {
        var current: CALayer? = self
        while let layer = current {
            if layer.timingStorage.effectiveSpeed == 0 { return true }
            current = layer.superlayerStorage
        }
        return false
    }

    // MARK: Commit

    /// The transaction that changed the layer has committed at `mediaTime`: the model values become the committed
    /// ones, added animations start (begin times stamped), removed ones go, and the layer's callbacks are handed
    /// to `events`. Called with the lock held.
    final func commit(atMediaTime mediaTime: Double, events: AnimationEventCenter) {
        flags.insert(.isCommitted)
        presentationStamp = PresentationStamp.next()
        PresentationEpoch.advance()
        flags.remove(.isRegisteredForCommit)
        committedSnapshot = nil
        guard let animations = animationStorage, !animations.entries.isEmpty else { return }
        var layerTime: Double?
        var removed: [AttachedAnimation] = []
        var index = 0
        while index < animations.entries.count {
            switch animations.entries[index].status {
            case .removing:
                removed.append(animations.entries.remove(at: index))
                continue
            case .pending:
                animations.entries[index].status = .active
                if animations.entries[index].startsAtCommit {
                    let time = layerTime ?? localTime(atMediaTime: mediaTime)
                    layerTime = time
                    animations.entries[index].beginShift = time
                    let attached = animations.entries[index].animation
                    attached.beginTime = time
                }
            case .active:
                break
            }
            index += 1
        }
        for entry in removed where !entry.hasStopped {
            events.deliverRemoval(of: entry)
        }
        if animations.hasPendingEvents {
            events.track(self)
        }
    }

    // MARK: Callbacks

    /// The earliest media time at which one of the layer's animations owes a callback, or infinity (always while
    /// the layer's time stands still). Called with the lock held.
    final func nextAnimationEventTime() -> Double {
        guard let animations = animationStorage, !isTimeFrozen else { return .infinity }
        var earliest = Double.infinity
        for entry in animations.entries where entry.status != .pending && !entry.hasStopped && entry.owesCallbacks {
            earliest = Swift.min(earliest, eventTime(of: entry))
        }
        return earliest
    }

    /// The media time of the entry's next callback: its start, or its end once started (infinity when it never
    /// comes, or when the layer's time is frozen).
    private func eventTime(of entry: AttachedAnimation) -> Double {
        let timing = entry.compiled.timing
        let local = entry.hasStarted ? timing.activeEndTime : timing.effectiveBeginTime
        guard !isTimeFrozen else { return .infinity }
        let time = mediaTime(fromLocalTime: local + entry.beginShift)
        return time.isNaN ? .infinity : time
    }

    /// Collects the callbacks due at `mediaTime` (the animation starts and stops whose time has come), marks them
    /// delivered and removes animations finished and removed on completion. Returns whether callbacks remain.
    /// Called with the lock held.
    final func collectAnimationEvents(atMediaTime mediaTime: Double, into events: inout [AnimationEvent]) -> Bool {
        guard let animations = animationStorage else { return false }
        let layerTime = localTime(atMediaTime: mediaTime)
        var index = 0
        while index < animations.entries.count {
            var entry = animations.entries[index]
            guard entry.status != .pending, !entry.hasStopped, entry.owesCallbacks else {
                index += 1
                continue
            }
            let time = layerTime - entry.beginShift
            if !entry.hasStarted {
                let due = eventTime(of: entry)
                guard due <= mediaTime || entry.compiled.hasStarted(atParentTime: time) else {
                    index += 1
                    continue
                }
                entry.hasStarted = true
                events.append(AnimationEvent(time: Swift.min(due, mediaTime), kind: .start(entry.animation)))
            }
            let end = eventTime(of: entry)
            let wasStarted = animations.entries[index].hasStarted
            if end <= mediaTime || entry.compiled.hasFinished(atParentTime: time) {
                entry.hasStopped = true
                events.append(
                    AnimationEvent(
                        time: Swift.min(end, mediaTime),
                        kind: .stop(entry.animation, finished: true, completions: entry.completions)))
                if entry.compiled.isRemovedOnCompletion {
                    // Removing changes what shows: the committed values shown from now on are the model's.
                    animations.entries.remove(at: index)
                    continue
                }
            }
            // Written back only when something changed: any write to the entries makes the layer rebuild its
            // per-frame program.
            if entry.hasStopped || entry.hasStarted != wasStarted { animations.entries[index] = entry }
            index += 1
        }
        return animations.hasPendingEvents
    }
}
