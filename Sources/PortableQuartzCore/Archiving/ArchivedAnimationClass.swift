import Foundation

/// The animation classes a layer archive names (our addition). An animation of a class you declared yourself is
/// archived as the nearest of these it inherits from, like `CAAnimation.copy()` does.
public enum ArchivedAnimationClass: String, CaseIterable, Sendable {
    case animation = "CAAnimation"
    case propertyAnimation = "CAPropertyAnimation"
    case basicAnimation = "CABasicAnimation"
    case springAnimation = "CASpringAnimation"
    case keyframeAnimation = "CAKeyframeAnimation"
    case animationGroup = "CAAnimationGroup"
    case transition = "CATransition"

    /// The nearest class of `animation` among the cases.
    public init(of animation: CAAnimation) {
        switch animation {
        case is CASpringAnimation: self = .springAnimation
        case is CABasicAnimation: self = .basicAnimation
        case is CAKeyframeAnimation: self = .keyframeAnimation
        case is CAPropertyAnimation: self = .propertyAnimation
        case is CAAnimationGroup: self = .animationGroup
        case is CATransition: self = .transition
        default: self = .animation
        }
    }

    /// A new animation of this class with every property at its default.
    func makeAnimation() -> CAAnimation {
        switch self {
        case .animation: CAAnimation()
        case .propertyAnimation: CAPropertyAnimation()
        case .basicAnimation: CABasicAnimation()
        case .springAnimation: CASpringAnimation()
        case .keyframeAnimation: CAKeyframeAnimation()
        case .animationGroup: CAAnimationGroup()
        case .transition: CATransition()
        }
    }

    /// The JSON fields an animation of this class may have (besides `class`).
    var fields: Set<String> {
        switch self {
        case .animation: Self.common
        case .propertyAnimation: Self.property
        case .basicAnimation: Self.basic
        case .springAnimation:
            Self.basic.union(["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping"])
        case .keyframeAnimation:
            Self.property.union([
                "values", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode", "tensionValues",
                "continuityValues", "biasValues",
            ])
        case .animationGroup: Self.common.union(["animations"])
        case .transition: Self.common.union(["type", "subtype", "startProgress", "endProgress"])
        }
    }

    private static let common = ArchivedTiming.fields.union([
        "key", "timingFunction", "removedOnCompletion", "extraValues",
    ])
    private static let property = common.union(["keyPath", "additive", "cumulative", "valueFunction"])
    private static let basic = property.union(["fromValue", "toValue", "byValue"])

    /// Every field any class has.
    static let allFields: Set<String> = allCases.reduce(into: ["class"]) { $0.formUnion($1.fields) }
}
