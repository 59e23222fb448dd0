import Foundation

extension ArchivedAnimation {
    /// The archive of `animation`, attached under `key` (`nil` for a group member).
    ///
    /// Every property that differs from its class's default is recorded. Untyped values (`fromValue`, `toValue`,
    /// `byValue`, keyframe `values`) are converted with the kind at the animation's key path
    /// (`PropertyPath(keyPath:)`), or, when the key path names no registered property or a value function turns
    /// numbers into a transform, by what the value is (see `ArchivedValue.init(appleValue:preferring:)`). A
    /// keyframe value that nothing accepts is archived as `null`, which the animation engine skips the same way; a
    /// basic animation's value that nothing accepts is left out. Extra keys are kept when they hold numbers, flags
    /// or strings.
    public init(_ animation: CAAnimation, key: String?) {
        let animationClass = ArchivedAnimationClass(of: animation)
        self.init(className: animationClass.rawValue, key: key)
        timing = ArchivedTiming(animation, defaultDuration: 0)
        timingFunction = animation.timingFunction.map(ArchivedTimingFunction.init)
        isRemovedOnCompletion = animation.isRemovedOnCompletion ? nil : false
        let extras = animation.attributes.compactMapValues { ArchivedValue(plainValue: $0) }
        extraValues = extras.isEmpty ? nil : extras

        if let property = animation as? CAPropertyAnimation {
            capture(property)
        }
        if let group = animation as? CAAnimationGroup {
            animations = group.animations.map { members in members.map { ArchivedAnimation($0, key: nil) } }
        }
        if let transition = animation as? CATransition {
            type = transition.type == .fade ? nil : transition.type.rawValue
            subtype = transition.subtype?.rawValue
            startProgress = transition.startProgress == 0 ? nil : transition.startProgress
            endProgress = transition.endProgress == 1 ? nil : transition.endProgress
        }
    }

    /// Records the properties of a property animation and its subclasses.
    private mutating func capture(_ animation: CAPropertyAnimation) {
        keyPath = animation.keyPath
        isAdditive = animation.isAdditive ? true : nil
        isCumulative = animation.isCumulative ? true : nil
        valueFunction = animation.valueFunction?.name.rawValue
        let propertyPath = animation.keyPath.flatMap { PropertyPath(keyPath: $0) }
        // With a value function on a whole transform, the values are the function's numbers.
        let usesFunction =
            animation.valueFunction != nil && propertyPath?.component == nil && propertyPath?.kind == .transform
        let kind = usesFunction ? nil : propertyPath?.kind

        if let basic = animation as? CABasicAnimation {
            fromValue = basic.fromValue.flatMap { ArchivedValue(appleValue: $0, preferring: kind) }
            toValue = basic.toValue.flatMap { ArchivedValue(appleValue: $0, preferring: kind) }
            byValue = basic.byValue.flatMap { ArchivedValue(appleValue: $0, preferring: kind) }
        }
        if let spring = animation as? CASpringAnimation {
            func differing(_ value: CGFloat, _ defaultValue: Double) -> Double? {
                Double(value) == defaultValue ? nil : Double(value)
            }
            mass = differing(spring.mass, 1)
            stiffness = differing(spring.stiffness, 100)
            damping = differing(spring.damping, 10)
            initialVelocity = differing(spring.initialVelocity, 0)
            allowsOverdamping = spring.allowsOverdamping ? true : nil
        }
        if let keyframe = animation as? CAKeyframeAnimation {
            if let list = keyframe.values {
                values = list.map { (element: Any) -> ArchivedValue in
                    ArchivedValue(appleValue: element, preferring: kind) ?? .null
                }
            }
            path = keyframe.path.map(ArchivedPathElement.elements(of:))
            keyTimes = keyframe.keyTimes.map { $0.map(\.doubleValue) }
            timingFunctions = keyframe.timingFunctions.map { $0.map(ArchivedTimingFunction.init) }
            calculationMode = keyframe.calculationMode == .linear ? nil : keyframe.calculationMode.rawValue
            rotationMode = keyframe.rotationMode?.rawValue
            tensionValues = keyframe.tensionValues.map { $0.map(\.doubleValue) }
            continuityValues = keyframe.continuityValues.map { $0.map(\.doubleValue) }
            biasValues = keyframe.biasValues.map { $0.map(\.doubleValue) }
        }
    }
}
