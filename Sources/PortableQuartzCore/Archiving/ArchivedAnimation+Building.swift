import Foundation

extension ArchivedAnimation {
    /// A new animation with the archived class and properties. `path` names the animation in errors
    /// (`root.animations["spin"]`).
    ///
    /// Throws a ``LayerArchiveError`` for an unknown class, a field the class does not have, a timing function or
    /// value function name that does not exist, an image that cannot be made, or a group member with a key.
    /// Other names (`fillMode`, `calculationMode`, `rotationMode`, transition `type` and `subtype`) are accepted as
    /// written, as Apple's setters accept any name; a key path naming no layer property is kept too (the animation
    /// then animates nothing, as on Apple platforms).
    public func makeAnimation(at path: String) throws -> CAAnimation {
        guard let animationClass = ArchivedAnimationClass(rawValue: className) else {
            throw LayerArchiveError(path: path, reason: .unknownAnimationClass(className))
        }
        let allowed = animationClass.fields
        for field in presentFields where !allowed.contains(field) {
            throw LayerArchiveError(
                path: ArchivePath.field(path, field),
                reason: .fieldNotApplicable(field: field, animationClass: className))
        }
        let animation = animationClass.makeAnimation()
        timing.apply(to: animation)
        if let timingFunction {
            animation.timingFunction = try timingFunction.makeFunction(at: ArchivePath.field(path, "timingFunction"))
        }
        if let isRemovedOnCompletion { animation.isRemovedOnCompletion = isRemovedOnCompletion }
        for (name, value) in (extraValues ?? [:]).sorted(by: { $0.key < $1.key }) {
            let valuePath = ArchivePath.field(ArchivePath.field(path, "extraValues"), name)
            guard value.isPlain else {
                throw LayerArchiveError(
                    path: valuePath, reason: .invalidValue("extra values are numbers, flags or strings"))
            }
            guard animation.propertyValue(forKey: name) == nil else {
                throw LayerArchiveError(
                    path: valuePath,
                    reason: .invalidValue("\"\(name)\" is a property of \(className), not an extra key"))
            }
            animation.setValue(try value.appleValue(at: valuePath), forKey: name)
        }
        if let property = animation as? CAPropertyAnimation {
            try configure(property, at: path)
        }
        if let group = animation as? CAAnimationGroup, let animations {
            let membersPath = ArchivePath.field(path, "animations")
            group.animations = try animations.enumerated().map { index, member in
                let memberPath = ArchivePath.index(membersPath, index)
                if member.key != nil {
                    throw LayerArchiveError(
                        path: ArchivePath.field(memberPath, "key"),
                        reason: .invalidValue("members of a group have no key"))
                }
                return try member.makeAnimation(at: memberPath)
            }
        }
        if let transition = animation as? CATransition {
            if let type { transition.type = CATransitionType(rawValue: type) }
            transition.subtype = subtype.map { CATransitionSubtype(rawValue: $0) }
            if let startProgress { transition.startProgress = startProgress }
            if let endProgress { transition.endProgress = endProgress }
        }
        return animation
    }

    /// Sets the properties of a property animation and its subclasses.
    private func configure(_ animation: CAPropertyAnimation, at path: String) throws {
        animation.keyPath = keyPath
        if let isAdditive { animation.isAdditive = isAdditive }
        if let isCumulative { animation.isCumulative = isCumulative }
        if let valueFunction {
            guard let function = CAValueFunction(name: CAValueFunctionName(rawValue: valueFunction)) else {
                throw LayerArchiveError(
                    path: ArchivePath.field(path, "valueFunction"),
                    reason: .invalidValue("unknown value function \"\(valueFunction)\""))
            }
            animation.valueFunction = function
        }
        if let basic = animation as? CABasicAnimation {
            basic.fromValue = try fromValue?.appleValue(at: ArchivePath.field(path, "fromValue"))
            basic.toValue = try toValue?.appleValue(at: ArchivePath.field(path, "toValue"))
            basic.byValue = try byValue?.appleValue(at: ArchivePath.field(path, "byValue"))
        }
        if let spring = animation as? CASpringAnimation {
            if let mass { spring.mass = CGFloat(mass) }
            if let stiffness { spring.stiffness = CGFloat(stiffness) }
            if let damping { spring.damping = CGFloat(damping) }
            if let initialVelocity { spring.initialVelocity = CGFloat(initialVelocity) }
            if let allowsOverdamping { spring.allowsOverdamping = allowsOverdamping }
        }
        if let keyframe = animation as? CAKeyframeAnimation {
            let valuesPath = ArchivePath.field(path, "values")
            keyframe.values = try values?.enumerated().map { index, value in
                try value.appleValue(at: ArchivePath.index(valuesPath, index))
            }
            keyframe.path = self.path.map(ArchivedPathElement.makePath)
            keyframe.keyTimes = keyTimes.map(Self.numbers)
            if let timingFunctions {
                let functionsPath = ArchivePath.field(path, "timingFunctions")
                keyframe.timingFunctions = try timingFunctions.enumerated().map { index, function in
                    try function.makeFunction(at: ArchivePath.index(functionsPath, index))
                }
            }
            if let calculationMode { keyframe.calculationMode = CAAnimationCalculationMode(rawValue: calculationMode) }
            keyframe.rotationMode = rotationMode.map { CAAnimationRotationMode(rawValue: $0) }
            keyframe.tensionValues = tensionValues.map(Self.numbers)
            keyframe.continuityValues = continuityValues.map(Self.numbers)
            keyframe.biasValues = biasValues.map(Self.numbers)
        }
    }

    private static func numbers(_ values: [Double]) -> [NSNumber] {
        values.map { NSNumber(value: $0) }
    }
}
