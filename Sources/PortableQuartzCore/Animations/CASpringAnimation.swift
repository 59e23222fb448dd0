import Foundation

/// A property animation driven by a damped spring (Apple API).
///
/// The value moves from its start to its end as a mass on a spring would: `from + (to − from)·q(t)`, where `q`
/// is `SpringSolution`'s normalised position at `t` seconds into the cycle (so it may overshoot past `to` and
/// swing back). The start and end come from `fromValue`, `toValue` and `byValue` exactly as for
/// `CABasicAnimation`. The spring's pacing replaces `timingFunction`, which is ignored.
///
/// `duration` does not stretch the spring; it only says when the animation ends. A duration shorter than
/// `settlingDuration` cuts the motion off (the model value then shows, usually a visible jump); set
/// `duration = settlingDuration` to let it come to rest.
///
/// Invalid parameters are replaced as Apple replaces them (Apple also logs a message; we do not): a mass ≤ 0
/// becomes 1, a stiffness ≤ 0 becomes 100, a damping < 0 becomes 10. NaN is treated the same way.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (> 0). Default 1. Larger masses swing longer and further.
    open var mass: CGFloat = 1 {
        willSet { checkMutable("mass") }
        didSet { mass = CGFloat(SpringSolution.validatedMass(Double(mass))) }
    }

    /// The spring constant (> 0). Default 100. Stiffer springs move faster and settle sooner.
    open var stiffness: CGFloat = 100 {
        willSet { checkMutable("stiffness") }
        didSet { stiffness = CGFloat(SpringSolution.validatedStiffness(Double(stiffness))) }
    }

    /// The damping coefficient (≥ 0). Default 10. 0 never settles; more damping swings less.
    open var damping: CGFloat = 10 {
        willSet { checkMutable("damping") }
        didSet { damping = CGFloat(SpringSolution.validatedDamping(Double(damping))) }
    }

    /// The velocity at release, in whole from→to distances per second; positive is towards `toValue`. Default 0.
    /// To start at 300 points per second on a 200-point move, use 1.5.
    open var initialVelocity: CGFloat = 0 {
        willSet { checkMutable("initialVelocity") }
    }

    /// Whether a damping above critical is honoured (iOS 17). When false (the default) such a spring moves as a
    /// critically damped one at its natural frequency.
    open var allowsOverdamping: Bool = false {
        willSet { checkMutable("allowsOverdamping") }
    }

    /// A spring described by how long it takes and how much it bounces (iOS 17, Apple API): mass 1, stiffness
    /// `(2π / perceptualDuration)²`, a damping ratio of `1 − bounce` (or `1 / (1 + bounce)` for a negative
    /// bounce), overdamping allowed, and `duration` set to the resulting `settlingDuration`.
    ///
    /// - Parameters:
    ///   - perceptualDuration: seconds; ≤ 0 makes an infinitely stiff spring that jumps to the end.
    ///   - bounce: 0 is critically damped, up to 1 bounces more, below 0 is overdamped.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringSolution(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(spring.mass)
        stiffness = CGFloat(spring.stiffness)
        damping = CGFloat(spring.damping)
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The spring these parameters describe (our addition).
    public var springSolution: SpringSolution {
        SpringSolution(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// How long the spring takes to come to rest, in seconds of the layer's time: the time after which it stays
    /// within 0.001 of its end, divided by `|speed|` (Apple API). Read-only; depends on the current parameters.
    /// See `SpringSolution.duration(forEpsilon:speed:)` for the exact rule.
    open var settlingDuration: CFTimeInterval {
        springSolution.duration(forEpsilon: 0.001, speed: speed)
    }

    /// The spring's period without damping, `2π·√(mass / stiffness)` seconds; 0 for an infinitely stiff spring
    /// (iOS 17, Apple API).
    open var perceptualDuration: CFTimeInterval {
        SpringSolution.perceptualDuration(mass: Double(mass), stiffness: Double(stiffness))
    }

    /// How much the spring bounces, the inverse of `init(perceptualDuration:bounce:)`'s mapping (iOS 17, Apple
    /// API): 0 critically damped, positive for bouncy springs, negative for overdamped ones.
    open var bounce: CGFloat {
        CGFloat(SpringSolution.bounce(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping)))
    }

    /// Apple's default table plus the spring's own defaults: `"mass"` 1, `"stiffness"` 100, `"damping"` 10,
    /// `"allowsOverdamping"` false.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "mass": NSNumber(value: SpringSolution.defaultMass)
        case "stiffness": NSNumber(value: SpringSolution.defaultStiffness)
        case "damping": NSNumber(value: SpringSolution.defaultDamping)
        case "allowsOverdamping": NSNumber(value: false)
        default: super.defaultValue(forKey: key)
        }
    }

    override func makeBlankCopy() -> CAAnimation {
        CASpringAnimation()
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }

    override func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "mass": AnimationPropertyValue(value: NSNumber(value: Double(mass)))
        case "stiffness": AnimationPropertyValue(value: NSNumber(value: Double(stiffness)))
        case "damping": AnimationPropertyValue(value: NSNumber(value: Double(damping)))
        case "initialVelocity", "velocity": AnimationPropertyValue(value: NSNumber(value: Double(initialVelocity)))
        case "allowsOverdamping": AnimationPropertyValue(value: NSNumber(value: allowsOverdamping))
        case "settlingDuration": AnimationPropertyValue(value: NSNumber(value: settlingDuration))
        case "perceptualDuration": AnimationPropertyValue(value: NSNumber(value: perceptualDuration))
        case "bounce": AnimationPropertyValue(value: NSNumber(value: Double(bounce)))
        default: super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        let number = KeyValueCoercion.double(value).map { CGFloat($0) }
        switch key {
        case "mass": if let number { mass = number }
        case "stiffness": if let number { stiffness = number }
        case "damping": if let number { damping = number }
        case "initialVelocity", "velocity": if let number { initialVelocity = number }
        case "allowsOverdamping": if let flag = KeyValueCoercion.bool(value) { allowsOverdamping = flag }
        case "settlingDuration", "perceptualDuration", "bounce": break  // read-only: ignored
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
