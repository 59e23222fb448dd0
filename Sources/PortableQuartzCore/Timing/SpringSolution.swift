import Foundation

/// The closed-form motion of a damped spring released from 0 towards 1, as `CASpringAnimation` evaluates it
/// (SPEC §5; our addition, not Apple API).
///
/// The position `q(t)` is normalised travel: 0 at the from-value, 1 at the to-value, and it may overshoot past 1.
/// Physically the spring solves `m·x'' + c·x' + k·x = 0` for the remaining distance `x = 1 − q`, with `x(0) = 1`
/// and `q'(0) = initialVelocity` (whole from→to distances per second, positive towards the target). With
/// `ω = √(k/m)` and damping ratio `ζ = c / (2√(k·m))`:
///
/// * `ζ < 1`, underdamped: `q = 1 − e^(−ζωt)·(cos ωd·t + B·sin ωd·t)`, `ωd = ω√(1−ζ²)`, `B = (ζω − v0)/ωd`.
/// * `ζ = 1`, or `ζ > 1` while `allowsOverdamping` is false: critically damped *at ω* (the excess damping is
///   ignored, as in Core Animation): `q = 1 − (1 + (ω − v0)·t)·e^(−ωt)`.
/// * `ζ > 1` with `allowsOverdamping`: the physically correct overdamped solution with `γ = ω√(ζ²−1)`:
///   `q = 1 − C1·e^(−(ζω+γ)t) − C2·e^(−(ζω−γ)t)`, `C1 = (γ − ζω + v0)/(2γ)`, `C2 = (ζω + γ − v0)/(2γ)`.
///   Decompiled Core Animation appears to attach the two coefficients the other way round (which would give an
///   initial velocity of `2ζω + v0`); SPEC §5.2 leaves that unverified and asks for the physical form.
///
/// Time is in seconds of the animation's basic local time; `duration` never stretches the spring, it only cuts
/// it. Evaluation costs one or two `exp` and, when underdamped, a sine and a cosine; nothing allocates.
///
/// Degenerate values are given a defined meaning (no NaN for finite times):
/// * infinite stiffness (from a perceptual duration ≤ 0): the spring jumps, `q = 1` for every `t > 0`;
/// * a stiffness/mass ratio that underflows to `ω = 0`: no restoring force, `q = v0·t`;
/// * infinite damping with `allowsOverdamping`: the spring never moves, `q = 0`.
public struct SpringSolution: Hashable, Sendable {
    /// The mass (> 0), after validation.
    public let mass: Double
    /// The spring constant k (> 0, possibly infinite), after validation.
    public let stiffness: Double
    /// The damping coefficient c (≥ 0), after validation.
    public let damping: Double
    /// The initial velocity in from→to distances per second (finite), after validation.
    public let initialVelocity: Double
    /// Whether a damping ratio above 1 is honoured (otherwise the spring is critically damped).
    public let allowsOverdamping: Bool
    /// The undamped angular frequency ω = √(k/m), in radians per second.
    public let naturalFrequency: Double
    /// The damping ratio ζ = c / (2√(k·m)), as given (before any clamping to critical damping).
    public let dampingRatio: Double

    /// Which closed form applies.
    @usableFromInline let regime: Regime
    /// Regime constants: see `Regime`.
    @usableFromInline let rate1: Double
    @usableFromInline let rate2: Double
    @usableFromInline let coefficient1: Double
    @usableFromInline let coefficient2: Double

    /// The closed form in use and the meaning of the four constants.
    @usableFromInline
    enum Regime: Hashable, Sendable {
        /// rate1 = ζω, rate2 = ωd, coefficient1 = B.
        case underdamped
        /// rate1 = ω, coefficient1 = ω − v0.
        case critical
        /// rate1 = ζω + γ (fast), rate2 = ζω − γ (slow), coefficient1 = C1 (fast), coefficient2 = C2 (slow).
        case overdamped
        /// Infinitely stiff, or infinitely damped with overdamping allowed: q jumps to 1.
        case immediate
    }

    /// The default mass of `CASpringAnimation`.
    public static let defaultMass = 1.0
    /// The default stiffness of `CASpringAnimation`.
    public static let defaultStiffness = 100.0
    /// The default damping of `CASpringAnimation`.
    public static let defaultDamping = 10.0

    /// The spring with these parameters, validated the way `CASpringAnimation`'s setters validate them
    /// (SPEC §5.1): a mass ≤ 0 becomes 1, a stiffness ≤ 0 becomes 100, a damping < 0 becomes 10. Values that
    /// `CASpringAnimation` would accept pass unchanged, so feeding an animation's stored values through here is
    /// harmless.
    ///
    /// Beyond Apple's rules (which would store NaN): NaN mass, stiffness or damping also become the defaults, and
    /// a non-finite initial velocity becomes 0.
    public init(
        mass: Double = SpringSolution.defaultMass,
        stiffness: Double = SpringSolution.defaultStiffness,
        damping: Double = SpringSolution.defaultDamping,
        initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        let m = Self.validatedMass(mass)
        let k = Self.validatedStiffness(stiffness)
        let c = Self.validatedDamping(damping)
        let v0 = initialVelocity.isFinite ? initialVelocity : 0
        self.mass = m
        self.stiffness = k
        self.damping = c
        self.initialVelocity = v0
        self.allowsOverdamping = allowsOverdamping

        let omega = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        naturalFrequency = omega
        dampingRatio = zeta

        var regime = Regime.critical
        var rate1 = omega
        var rate2 = 0.0
        var coefficient1 = omega - v0
        var coefficient2 = 0.0
        if omega == .infinity || (zeta == .infinity && allowsOverdamping) {
            // Infinitely stiff, or infinitely damped with overdamping allowed (bounce −1): Core Animation settles
            // at once (settlingDuration 0) and steps to the end.
            regime = .immediate
            rate1 = 0
            coefficient1 = 0
        } else if omega > 0 && zeta < 1 {
            regime = .underdamped
            rate1 = zeta * omega
            rate2 = omega * (1 - zeta * zeta).squareRoot()
            coefficient1 = (rate1 - v0) / rate2
        } else if omega > 0 && zeta > 1 && allowsOverdamping {
            regime = .overdamped
            let beta = zeta * omega
            let gamma = omega * (zeta * zeta - 1).squareRoot()
            if gamma.isFinite && beta.isFinite {
                rate1 = beta + gamma
                rate2 = omega * omega / (beta + gamma)  // ζω − γ without cancellation
                coefficient1 = (gamma - beta + v0) / (2 * gamma)
                coefficient2 = (beta + gamma - v0) / (2 * gamma)
            } else {
                // A damping so large the rates overflow: the mass cannot move. x = 1 forever.
                rate1 = 0
                rate2 = 0
                coefficient1 = 0
                coefficient2 = 1
            }
        }
        // Everything else (ζ = 1, ζ > 1 without overdamping, NaN ζ, ω = 0) uses the critical form at ω.
        self.regime = regime
        self.rate1 = rate1
        self.rate2 = rate2
        self.coefficient1 = coefficient1
        self.coefficient2 = coefficient2
    }

    /// `CASpringAnimation.mass`'s setter rule: values ≤ 0 (and NaN) become 1.
    @inlinable
    public static func validatedMass(_ mass: Double) -> Double {
        mass > 0 ? mass : defaultMass
    }

    /// `CASpringAnimation.stiffness`'s setter rule: values ≤ 0 (and NaN) become 100. Infinity is kept.
    @inlinable
    public static func validatedStiffness(_ stiffness: Double) -> Double {
        stiffness > 0 ? stiffness : defaultStiffness
    }

    /// `CASpringAnimation.damping`'s setter rule: values < 0 (and NaN) become 10. Infinity is kept.
    @inlinable
    public static func validatedDamping(_ damping: Double) -> Double {
        damping >= 0 ? damping : defaultDamping
    }
}

// MARK: - Evaluation

extension SpringSolution {
    /// The normalised position at `t` seconds after release: 0 at the start, 1 at rest, possibly beyond.
    ///
    /// Times ≤ 0 and NaN give 0; `+infinity` gives 1 (the rest position, also the centre of an undamped
    /// oscillation).
    @inlinable
    public func position(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t.isFinite else { return 1 }
        switch regime {
        case .underdamped:
            let envelope = exp(-rate1 * t)
            let (sine, cosine) = SineCosine.of(rate2 * t)
            return 1 - envelope * (cosine + coefficient1 * sine)
        case .critical:
            return 1 - (1 + coefficient1 * t) * exp(-rate1 * t)
        case .overdamped:
            return 1 - coefficient1 * exp(-rate1 * t) - coefficient2 * exp(-rate2 * t)
        case .immediate:
            return 1
        }
    }

    /// The normalised velocity dq/dt at `t` seconds after release, in from→to distances per second.
    ///
    /// At `t = 0` (and for negative and NaN times) it is the initial velocity; at `+infinity` it is 0. An
    /// infinitely stiff spring reports 0 after the jump.
    @inlinable
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return regime == .immediate ? 0 : initialVelocity }
        guard t.isFinite else { return 0 }
        switch regime {
        case .underdamped:
            // d/dt of −e^(−βt)(cos + B sin) = e^(−βt)·(v0·cos + (βB + ωd)·sin)
            let envelope = exp(-rate1 * t)
            let (sine, cosine) = SineCosine.of(rate2 * t)
            return envelope * (initialVelocity * cosine + (rate1 * coefficient1 + rate2) * sine)
        case .critical:
            // e^(−ωt)·(v0 + ω(ω − v0)t)
            return exp(-rate1 * t) * (initialVelocity + rate1 * coefficient1 * t)
        case .overdamped:
            return rate1 * coefficient1 * exp(-rate1 * t) + rate2 * coefficient2 * exp(-rate2 * t)
        case .immediate:
            return 0
        }
    }
}

// MARK: - Settling duration

extension SpringSolution {
    /// The largest finite `Float`, Core Animation's ceiling for durations.
    public static let maximumDuration = Double(Float.greatestFiniteMagnitude)

    /// The sampling-loop limit of `duration(forEpsilon:speed:)`: 10⁶ steps of 0.1 s (100 000 s).
    @usableFromInline static let maximumSettlingSamples = 1_000_000

    /// `CASpringAnimation.settlingDuration` for an animation of speed 1: `duration(forEpsilon: 0.001)`.
    public var settlingDuration: Double {
        duration(forEpsilon: 0.001)
    }

    /// How long until the spring stays within `epsilon` of rest, in parent seconds of an animation running at
    /// `speed` (SPEC §5.3, Core Animation's `durationForEpsilon:`).
    ///
    /// * The tolerance is at least 1e-6. A damping ratio of exactly 0 never settles: infinity.
    /// * Underdamped: the time at which the envelope `(1 + |B|)·e^(−ζωt)` reaches the tolerance (not below 0).
    /// * Critically or overdamped: `q` is sampled every 0.1 s (the step added up repeatedly, so the times carry
    ///   the usual binary rounding); the answer is the first sample time at which `|1 − q|` fell below the
    ///   tolerance and then stayed below it for more than 1 s of samples. A non-finite sample gives 0.
    ///   Core Animation loops without limit; we stop after 10⁶ samples and answer infinity (only springs that
    ///   need more than 100 000 s get there, such as an infinitely damped one).
    /// * An infinitely stiff spring reports what Core Animation's arithmetic gives: its damping ratio is 0, so
    ///   infinity, unless the damping is infinite too (ratio NaN), which gives 0.
    ///
    /// The result is divided by `|speed|` and capped at `Float.greatestFiniteMagnitude`; speed 0 gives that cap.
    public func duration(forEpsilon epsilon: Double, speed: Float = 1) -> Double {
        let tolerance = epsilon >= 1e-6 ? epsilon : 1e-6
        let local: Double
        if dampingRatio == 0 {
            local = .infinity
        } else {
            switch regime {
            case .underdamped:
                let amplitude = 1 + Swift.abs(coefficient1)
                local = Swift.max(-log(tolerance / amplitude) / rate1, 0)
            case .critical, .overdamped:
                local = sampledSettlingTime(tolerance: tolerance)
            case .immediate:
                local = 0
            }
        }
        let magnitude = Swift.abs(Double(speed))
        if magnitude == 0 || magnitude.isNaN { return Self.maximumDuration }
        return Swift.min(Swift.abs(local / magnitude), Self.maximumDuration)
    }

    /// The 0.1-s sampling search of `duration(forEpsilon:speed:)`.
    func sampledSettlingTime(tolerance: Double) -> Double {
        if regime == .overdamped && rate2 == 0 { return .infinity }  // never moves
        var time = 0.0
        var candidate = -1.0  // time of the smallest deviation seen, or start of the current run below tolerance
        var smallest = Double.infinity  // deviation at `candidate`; infinity after leaving the band
        for _ in 0..<Self.maximumSettlingSamples {
            let deviation = Swift.abs(1 - position(at: time))
            if !deviation.isFinite { return 0 }
            if smallest >= tolerance {
                if deviation < smallest {
                    candidate = time
                    smallest = deviation
                }
            } else if deviation >= tolerance {
                smallest = .infinity
            } else if time - candidate > 1.0 {
                return candidate
            }
            time += 0.1
        }
        return .infinity
    }
}
