import Foundation

/// The base class of every animation (Apple API): timing, pacing, the delegate and what happens on completion.
///
/// An animation is a description, not a running thing. Adding it to a layer copies it (`copy()`), and the layer's
/// presentation is computed from that copy; later changes to the caller's object do not reach the copy. The
/// concrete classes are `CABasicAnimation`, `CAKeyframeAnimation`, `CASpringAnimation`, `CAAnimationGroup` and
/// `CATransition`; a plain `CAAnimation` animates nothing but still has timing and delegate callbacks.
///
/// * Timing (`CAMediaTiming`): `beginTime` 0 (stamped with the layer's time when added), `duration` 0 (replaced
///   by the transaction's duration or 0.25 s when added), `speed` 1, `timeOffset` 0, `repeatCount` 0,
///   `repeatDuration` 0, `autoreverses` false, `fillMode` `.removed`. `TimingParameters` documents how odd values
///   (NaN, negative counts, infinities) are read.
/// * `timingFunction` `nil` means linear pacing (the identity, not the `.linear` Bézier, which CA solves with a
///   tolerance).
/// * `delegate` is held strongly, as Apple documents.
/// * Arbitrary keys can be stored with `setValue(_:forKey:)` and read back with `value(forKey:)`; the storage is
///   copied with the animation, so the copy attached to a layer answers too.
///
/// Concurrency: like Apple's, animation objects are mutable reference types and not `Sendable`; build them on one
/// thread or task. What the layer tree evaluates is `CompiledAnimation`, a `Sendable` value made from a copy.
///
/// Deviations: Apple's class also adopts `NSSecureCoding` (here layer trees archive with their animations through
/// the Codable `LayerArchive`) and has `preferredFrameRateRange`. `copy()` makes an instance of the nearest class of this module: a subclass you
/// declare yourself is copied as its superclass unless it overrides `copy(with:)`.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming {
    // MARK: CAMediaTiming

    /// When the animation starts, in its layer's local time (seconds). 0 (the default) means "when the transaction
    /// that adds it commits".
    open var beginTime: CFTimeInterval = 0 {
        willSet { checkMutable("beginTime") }
    }

    /// The length of one simple cycle in seconds. 0 or negative (the default is 0) is replaced when the animation
    /// is added to a layer by the transaction's duration, or 0.25 s.
    open var duration: CFTimeInterval = 0 {
        willSet { checkMutable("duration") }
    }

    /// How fast the animation's time runs relative to its layer's (a `Float`, as on Apple platforms). Default 1.
    open var speed: Float = 1 {
        willSet { checkMutable("speed") }
    }

    /// A shift added to the animation's local time, in its own seconds. Default 0.
    open var timeOffset: CFTimeInterval = 0 {
        willSet { checkMutable("timeOffset") }
    }

    /// How many cycles to play (fractions and `.infinity` allowed). Default 0, meaning once.
    open var repeatCount: Float = 0 {
        willSet { checkMutable("repeatCount") }
    }

    /// How long to keep repeating, in the animation's seconds. Default 0, meaning unused.
    open var repeatDuration: CFTimeInterval = 0 {
        willSet { checkMutable("repeatDuration") }
    }

    /// Whether each cycle plays forwards, then backwards. Default false.
    open var autoreverses: Bool = false {
        willSet { checkMutable("autoreverses") }
    }

    /// What the animation shows outside its active period. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed {
        willSet { checkMutable("fillMode") }
    }

    // MARK: Animation attributes

    /// The pacing curve applied to each cycle's time fraction. `nil` (the default) means linear pacing.
    ///
    /// Ignored by `CASpringAnimation`, whose pacing is the spring itself. On a `CAAnimationGroup` it paces the
    /// group's time as its members see it.
    open var timingFunction: CAMediaTimingFunction? {
        willSet { checkMutable("timingFunction") }
    }

    /// Receives `animationDidStart(_:)` and `animationDidStop(_:finished:)`. Held strongly. Default `nil`.
    ///
    /// The delegates of animations inside a `CAAnimationGroup` are ignored; the group's delegate is told instead.
    open var delegate: (any CAAnimationDelegate)? {
        willSet { checkMutable("delegate") }
    }

    /// Whether the layer drops the animation once its active period has passed. Default true. A forwards fill is
    /// only visible with `false`.
    open var isRemovedOnCompletion: Bool = true {
        willSet { checkMutable("removedOnCompletion") }
    }

    // MARK: Storage

    /// Values stored with `setValue(_:forKey:)` under keys that name no property (Apple's "attribute list").
    var attributes: [String: Any] = [:]

    /// Set on the copy a layer hands out from `animation(forKey:)`: mutating it is a programming error.
    private(set) var isFrozen = false

    /// An animation with every property at its default.
    public override init() {
        super.init()
    }

    // MARK: Defaults

    /// The value a property has before it is set (Apple API), as Core Animation's default table gives it.
    ///
    /// Known keys use Apple's Objective-C property names: `"speed"` 1, `"removedOnCompletion"` true,
    /// `"fillMode"` `"removed"`, `"enabled"` true, `"calculationMode"` `"linear"`, `"type"` `"fade"` (the
    /// transition type), `"beginTimeMode"` `"non-zero"`, and the flags `"autoreverses"`, `"additive"` and
    /// `"cumulative"` false (Apple answers flags even when false, issue 17 §2.6). Every other key gives `nil`,
    /// meaning the property's zero value (0, `nil`, an identity transform). Numbers and flags come back as
    /// `NSNumber`, names as `NSString`.
    ///
    /// `CASpringAnimation` adds its own defaults (mass 1, stiffness 100, damping 10, `allowsOverdamping` false),
    /// `CATransition` its `endProgress` 1.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": NSNumber(value: Float(1))
        case "removedOnCompletion", "enabled": NSNumber(value: true)
        case "autoreverses", "additive", "cumulative": NSNumber(value: false)
        case "fillMode": NSString(string: CAMediaTimingFillMode.removed.rawValue)
        case "calculationMode": NSString(string: CAAnimationCalculationMode.linear.rawValue)
        case "type": NSString(string: CATransitionType.fade.rawValue)
        case "beginTimeMode": NSString(string: "non-zero")
        default: nil
        }
    }

    /// Whether the property named `key` would be archived (Apple API). Every property is (`LayerArchive` writes
    /// them all).
    open func shouldArchiveValue(forKey key: String) -> Bool {
        true
    }

    // MARK: Copying

    /// A copy of the animation (Apple API, `NSCopying`; `copy()` calls it).
    ///
    /// Every property is copied, including values stored with `setValue(_:forKey:)`, so mutating the copy never
    /// changes the original and the reverse. Reference-typed property values that are immutable (timing functions,
    /// value functions, colours, images, paths — which are copied when set) are shared; the delegate is shared (the
    /// copy holds it strongly too); the members of a group are copied one by one. The copy is never frozen.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = makeBlankCopy()
        copy.copyState(from: self)
        return copy
    }

    /// A fresh instance of the nearest class of this module, to be filled by `copyState(from:)`. Each class of the
    /// family overrides it.
    func makeBlankCopy() -> CAAnimation {
        CAAnimation()
    }

    /// Copies every stored property of `other` into the receiver. Each class copies its own properties and then
    /// calls `super`.
    func copyState(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        attributes = other.attributes
    }

    // MARK: Key-value coding

    /// The value of the property named `key`, or the value stored earlier under `key` (Apple API).
    ///
    /// Property keys are Apple's Objective-C names (`"duration"`, `"removedOnCompletion"`, `"keyPath"`,
    /// `"fromValue"`, …). Numbers and flags come back as `NSNumber` (so `as? Double`, `as? Float`, `as? Int` and
    /// `as? Bool` all work), names such as `"fillMode"` as `String`, everything else as the property's own value.
    /// Any other key returns what `setValue(_:forKey:)` stored, or `nil`.
    ///
    /// Deviation: key paths with dots are not followed (`value(forKey:)` on Apple platforms does not follow them
    /// either; `value(forKeyPath:)` is not provided).
    open func value(forKey key: String) -> Any? {
        if let value = propertyValue(forKey: key) {
            return value.value
        }
        return attributes[key]
    }

    /// Sets the property named `key`, or stores `value` under `key` when no property has that name (Apple API).
    ///
    /// A property key accepts the types its property has, numbers in any numeric type (`Double`, `Float`,
    /// `CGFloat`, `Int`, `NSNumber`, `Bool`) and names as `String` or the name type. A value of the wrong type, or
    /// `nil` for a property that cannot be `nil`, leaves the property unchanged (Apple raises an exception there).
    /// Any other key stores the value (strongly) in the animation's attribute list, which copies carry along;
    /// `nil` removes it.
    open func setValue(_ value: Any?, forKey key: String) {
        if setPropertyValue(value, forKey: key) { return }
        checkMutable(key)
        attributes[key] = value
    }

    /// The value of one of this class's properties by its Objective-C name, or `nil` when `key` names no
    /// property. Each class answers for its own keys and passes the rest to `super`.
    func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "beginTime": AnimationPropertyValue(value: NSNumber(value: beginTime))
        case "duration": AnimationPropertyValue(value: NSNumber(value: duration))
        case "speed": AnimationPropertyValue(value: NSNumber(value: speed))
        case "timeOffset": AnimationPropertyValue(value: NSNumber(value: timeOffset))
        case "repeatCount": AnimationPropertyValue(value: NSNumber(value: repeatCount))
        case "repeatDuration": AnimationPropertyValue(value: NSNumber(value: repeatDuration))
        case "autoreverses": AnimationPropertyValue(value: NSNumber(value: autoreverses))
        case "fillMode": AnimationPropertyValue(value: fillMode.rawValue)
        case "timingFunction": AnimationPropertyValue(value: timingFunction)
        case "delegate": AnimationPropertyValue(value: delegate)
        case "removedOnCompletion": AnimationPropertyValue(value: NSNumber(value: isRemovedOnCompletion))
        default: nil
        }
    }

    /// Sets one of this class's properties by its Objective-C name. Returns whether `key` names a property (even
    /// when the value had the wrong type and was ignored). Each class handles its own keys and passes the rest to
    /// `super`.
    func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        let number = KeyValueCoercion.double(value)
        switch key {
        case "beginTime": if let number { beginTime = number }
        case "duration": if let number { duration = number }
        case "speed": if let number { speed = Float(number) }
        case "timeOffset": if let number { timeOffset = number }
        case "repeatCount": if let number { repeatCount = Float(number) }
        case "repeatDuration": if let number { repeatDuration = number }
        case "autoreverses": if let flag = KeyValueCoercion.bool(value) { autoreverses = flag }
        case "fillMode":
            if let name = KeyValueCoercion.string(value) { fillMode = CAMediaTimingFillMode(rawValue: name) }
        case "timingFunction":
            if value == nil {
                timingFunction = nil
            } else if let function = value as? CAMediaTimingFunction {
                timingFunction = function
            }
        case "delegate":
            if value == nil {
                delegate = nil
            } else if let object = value as? any CAAnimationDelegate {
                delegate = object
            }
        case "removedOnCompletion": if let flag = KeyValueCoercion.bool(value) { isRemovedOnCompletion = flag }
        default: return false
        }
        return true
    }

    // MARK: Freezing

    /// Makes every later mutation trap (our addition, for the layer tree): `CALayer.animation(forKey:)` hands out a
    /// frozen copy, because changing an attached animation is an error on Apple platforms too. Groups freeze their
    /// members as well.
    func freeze() {
        isFrozen = true
    }

    /// Traps with a message naming the property when the animation is frozen.
    final func checkMutable(_ property: @autoclosure () -> String) {
        if isFrozen {
            preconditionFailure(
                "\(type(of: self)): cannot set '\(property())' on an animation attached to a layer; "
                    + "mutate a copy and add that instead")
        }
    }
}
