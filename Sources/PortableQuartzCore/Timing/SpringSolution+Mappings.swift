import Foundation

// MARK: - Perceptual duration and bounce (SPEC §5.4)

extension SpringSolution {
    /// The spring of `CASpringAnimation(perceptualDuration:bounce:)` (iOS 17; also SwiftUI's
    /// `Spring(duration:bounce:)` and UIKit's `duration:bounce:` springs): mass 1, overdamping allowed,
    ///
    ///     stiffness = (2π / perceptualDuration)²        (infinity when perceptualDuration ≤ 0)
    ///     ζ         = bounce ≥ 0 ? 1 − bounce : 1 / (1 + bounce)
    ///     damping   = ζ · 4π / perceptualDuration
    ///
    /// The results go through the setter validation of `init(mass:stiffness:damping:initialVelocity:
    /// allowsOverdamping:)`, as Apple's initializer goes through its setters: for example a bounce above 1 or a
    /// negative duration gives a negative damping, which becomes 10. The animation's `duration` is then
    /// `settlingDuration`.
    ///
    /// - Parameters:
    ///   - perceptualDuration: seconds; the period the spring would have without damping.
    ///   - bounce: 0 is critically damped, 0…1 bounces more, below 0 is overdamped; −1 damps infinitely, which
    ///     Core Animation turns into an immediate step (settling duration 0).
    ///   - initialVelocity: from→to distances per second, positive towards the target.
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let twoPi = 2 * Double.pi
        let stiffness =
            perceptualDuration <= 0
            ? Double.infinity : twoPi / perceptualDuration * (twoPi / perceptualDuration)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (bounce + 1)
        let damping = ratio * (4 * Double.pi) / perceptualDuration
        self.init(
            mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
            allowsOverdamping: true)
    }

    /// `CASpringAnimation.perceptualDuration`'s getter: `2π·√(mass / stiffness)` seconds, 0 when the stiffness is
    /// not finite.
    @inlinable
    public static func perceptualDuration(mass: Double, stiffness: Double) -> Double {
        stiffness.isFinite ? (mass / stiffness).squareRoot() * (2 * Double.pi) : 0
    }

    /// `CASpringAnimation.bounce`'s getter, the inverse of the perceptual mapping: with `D` the perceptual
    /// duration and `r = c·D / (4π·m)` (which equals ζ), the bounce is `1 − r` when ζ ≤ 1 and `1/r − 1` above.
    ///
    /// Follows Apple's arithmetic exactly, so an infinitely stiff and infinitely damped spring gives NaN there as
    /// here.
    @inlinable
    public static func bounce(mass: Double, stiffness: Double, damping: Double) -> Double {
        let duration = perceptualDuration(mass: mass, stiffness: stiffness)
        let ratio = duration * damping / (mass * (4 * Double.pi))
        let root = (stiffness * mass).squareRoot()
        return damping / (root + root) <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// This spring's perceptual duration (see `perceptualDuration(mass:stiffness:)`).
    public var perceptualDuration: Double {
        Self.perceptualDuration(mass: mass, stiffness: stiffness)
    }

    /// This spring's bounce (see `bounce(mass:stiffness:damping:)`).
    public var bounce: Double {
        Self.bounce(mass: mass, stiffness: stiffness, damping: damping)
    }
}

// MARK: - UIKit's duration and damping ratio (SPEC §11.5)

extension SpringSolution {
    /// The tolerance UIKit solves its duration equation for.
    @usableFromInline static let uiKitEpsilon = 0.001

    /// The spring UIKit builds for `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:…)`: mass 1, stiffness ω², damping 2ζω, overdamping not allowed, with ω from
    /// `uiKitNaturalFrequency(duration:dampingRatio:initialVelocity:)` and ζ the clamped damping ratio. The values
    /// pass the setter validation like any other (a negative damping would become 10).
    ///
    /// - Parameters:
    ///   - duration: the block's duration in seconds (clamped to 0.01…10 for the fit).
    ///   - dampingRatio: UIKit's `usingSpringWithDamping` (clamped to 1.1920929e-7…1).
    ///   - initialVelocity: `initialSpringVelocity`, in total animation distances per second.
    public init(uiKitDuration duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let ratio = Self.uiKitClampedDampingRatio(dampingRatio)
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        let omega = Self.uiKitNaturalFrequency(
            duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: velocity,
            allowsOverdamping: false)
    }

    /// UIKit's damping-ratio clamp to 1.1920929e-7…1; NaN becomes 1.
    @inlinable
    public static func uiKitClampedDampingRatio(_ ratio: Double) -> Double {
        if ratio.isNaN { return 1 }
        return Swift.min(Swift.max(ratio, 1.1920929e-7), 1)
    }

    /// The natural frequency ω (radians per second) UIKit picks so that the spring's deviation from rest has
    /// shrunk to 0.001 after `duration` seconds (SPEC §11.5).
    ///
    /// With ζ the clamped ratio, `d` the duration clamped to 0.01…10 (NaN → 10) and `v` the velocity
    /// (non-finite → 0), it solves
    ///
    ///     ζ < 1:  |(ζω − v) / (ω√(1−ζ²))| · e^(−ζωd) = 0.001
    ///     ζ = 1:  |1 + (ω − v)·d| · e^(−ωd)           = 0.001
    ///
    /// by exactly 12 Newton steps with the analytic derivative, starting from ω = 5/d. Should a step hit a zero
    /// derivative or leave the finite numbers, the iteration stops at the last good ω.
    public static func uiKitNaturalFrequency(
        duration: Double, dampingRatio: Double, initialVelocity: Double
    )
        -> Double
    {
        let zeta = uiKitClampedDampingRatio(dampingRatio)
        let d = duration.isNaN ? 10 : Swift.min(Swift.max(duration, 0.01), 10)
        let v = initialVelocity.isFinite ? initialVelocity : 0
        var omega = 5 / d
        for _ in 0..<12 {
            let decay = exp(-zeta * omega * d)
            let residual: Double
            let slope: Double
            if zeta < 1 {
                let root = (1 - zeta * zeta).squareRoot()
                let g = (zeta * omega - v) / (omega * root) * decay
                // dg/dω = e^(−ζωd)·(v + v·ζωd − ζ²ω²d) / (ω²·√(1−ζ²))
                let dg = decay * (v + v * zeta * omega * d - zeta * zeta * omega * omega * d) / (omega * omega * root)
                residual = Swift.abs(g) - uiKitEpsilon
                slope = g < 0 ? -dg : dg
            } else {
                let h = (1 + (omega - v) * d) * decay
                // dh/dω = e^(−ωd)·(v − ω)·d²
                let dh = decay * (v - omega) * d * d
                residual = Swift.abs(h) - uiKitEpsilon
                slope = h < 0 ? -dh : dh
            }
            let next = omega - residual / slope
            guard slope != 0, next.isFinite else { break }
            omega = next
        }
        return omega
    }
}
