import Foundation

extension SpringSolution {
    /// A spring animation of `keyPath` with this spring's mass, stiffness, damping, initial velocity and
    /// overdamping (our helper for spring blocks and spring-timed property animators); its duration, timing and
    /// values are left for the caller.
    func animation(keyPath: String) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        animation.mass = CGFloat(mass)
        animation.stiffness = CGFloat(stiffness)
        animation.damping = CGFloat(damping)
        animation.initialVelocity = CGFloat(initialVelocity)
        animation.allowsOverdamping = allowsOverdamping
        return animation
    }
}
