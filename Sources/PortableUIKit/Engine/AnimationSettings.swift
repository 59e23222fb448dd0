import Foundation

/// What a block's property changes turn into (our helper).
enum AnimationKind {
    /// `CABasicAnimation`s paced by the block's curve.
    case curve
    /// `CASpringAnimation`s.
    case spring(SpringRecipe)
    /// One `CAKeyframeAnimation` per changed property, built when the block ends.
    case keyframes(CAAnimationCalculationMode)
    /// Changes are handed to a recorder (a property animator) instead of animating.
    case recorded(any PropertyChangeRecording)

    var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }
}

/// How a spring block gets its spring (our helper).
enum SpringRecipe {
    /// UIKit's duration + damping-ratio form (SPEC §11.5): the spring is fitted to the block's duration, so a
    /// nested block with its own duration gets a spring fitted to that.
    case dampingRatio(Double, velocity: Double)
    /// A spring given outright (the iOS 17 perceptual form, or mass, stiffness and damping).
    case fixed(SpringSolution)

    /// The spring for a block lasting `duration` seconds.
    func solution(forDuration duration: Double) -> SpringSolution {
        switch self {
        case .dampingRatio(let ratio, let velocity):
            SpringSolution(uiKitDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
        case .fixed(let solution):
            solution
        }
    }
}

/// The resolved settings of one animation block (our helper): what its call asked for, after the nesting rules of
/// SPEC §11.4 were applied against the enclosing block.
struct AnimationSettings {
    /// Seconds each animation lasts (one cycle).
    var duration: Double
    /// Seconds between the commit and the start; never inherited.
    var delay: Double
    /// The curve for `.curve` animations (a spring block records `.linear`, which its children inherit).
    var curve: UIView.AnimationCurve
    var kind: AnimationKind
    /// `Float.greatestFiniteMagnitude` for `.repeat`, else 0 (play once).
    var repeatCount: Float
    var autoreverses: Bool
    var beginsFromCurrentState: Bool
    var allowsUserInteraction: Bool
    var layoutsSubviews: Bool
    /// The frame interval asked for with the frame-rate options, in seconds (0: the display's rate). Inherited.
    /// Stored only: our animations have no frame-rate range (see Docs/Deviations.md).
    var frameInterval: Double
    /// Whether property changes animate: animations were enabled when the block began and its duration is
    /// positive (SPEC §11.2, §11.8).
    var isEnabled: Bool

    /// Settings for a block started with `duration`, `delay` and `options`, nested in `parent` (nil for a
    /// top-level block), asking for animations of kind `requested`.
    ///
    /// Nesting (SPEC §11.4): the duration comes from the parent unless `overrideInheritedDuration`; the curve from
    /// the parent unless `overrideInheritedCurve`; a spring parent makes a `.curve` child a spring unless
    /// `overrideInheritedOptions`; the frame rate always comes from the parent. Delay, repeat, autoreverse,
    /// `beginFromCurrentState`, user interaction and layout come from the block's own options. A spring block
    /// records the linear curve, so a child that leaves the spring but keeps the curve is linear (seed 002).
    ///
    /// A NaN, infinite-negative or non-positive duration disables animation; a negative or NaN delay counts as 0.
    init(
        duration: Double, delay: Double, options: UIView.AnimationOptions, requested: AnimationKind,
        parent: AnimationSettings?, animationsEnabled: Bool
    ) {
        let inherits = parent != nil
        self.duration =
            inherits && !options.contains(.overrideInheritedDuration) ? parent!.duration : duration
        self.delay = delay > 0 && delay.isFinite ? delay : 0
        var curve = inherits && !options.contains(.overrideInheritedCurve) ? parent!.curve : options.curve
        var kind = requested
        if case .curve = requested, let parent, !options.contains(.overrideInheritedOptions), parent.kind.isSpring {
            kind = parent.kind
        }
        if kind.isSpring { curve = .linear }
        self.curve = curve
        self.kind = kind
        repeatCount = options.contains(.repeat) ? Float.greatestFiniteMagnitude : 0
        autoreverses = options.contains(.autoreverse)
        beginsFromCurrentState = options.contains(.beginFromCurrentState)
        allowsUserInteraction = options.contains(.allowUserInteraction)
        layoutsSubviews = options.contains(.layoutSubviews)
        frameInterval = parent?.frameInterval ?? options.preferredFrameInterval
        isEnabled = animationsEnabled && self.duration > 0
    }

    /// The settings of a legacy `beginAnimations` block: 0.2 s, no delay, ease-in-out, nothing inherited
    /// (SPEC §11.8).
    static func legacy(animationsEnabled: Bool) -> AnimationSettings {
        AnimationSettings(
            duration: 0.2, delay: 0, options: [], requested: .curve, parent: nil,
            animationsEnabled: animationsEnabled)
    }

    /// The timing function for `.curve` and `.keyframes` animations.
    var timingFunction: CAMediaTimingFunction {
        curve.timingFunction
    }

    /// The spring of a `.spring` block, fitted to its duration.
    var springSolution: SpringSolution? {
        if case .spring(let recipe) = kind { return recipe.solution(forDuration: duration) }
        return nil
    }
}
