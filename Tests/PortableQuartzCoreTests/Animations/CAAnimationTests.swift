import Foundation
import PortableQuartzCore
import Testing

/// A delegate that records its callbacks.
final class RecordingDelegate: NSObject, CAAnimationDelegate {
    var started: [CAAnimation] = []
    var stopped: [(CAAnimation, Bool)] = []

    func animationDidStart(_ anim: CAAnimation) {
        started.append(anim)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stopped.append((anim, flag))
    }
}

/// A delegate that implements only one of the two optional methods.
final class StopOnlyDelegate: CAAnimationDelegate {
    var stops = 0

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops += 1
    }
}

@Suite("CAAnimation object semantics (SPEC §7)")
struct CAAnimationTests {
    @Test("defaults: timing zeros, speed 1, fill removed, removedOnCompletion true, no timing function or delegate")
    func defaults() {
        let animation = CAAnimation()
        #expect(animation.beginTime == 0)
        #expect(animation.duration == 0)
        #expect(animation.speed == 1)
        #expect(animation.timeOffset == 0)
        #expect(animation.repeatCount == 0)
        #expect(animation.repeatDuration == 0)
        #expect(animation.autoreverses == false)
        #expect(animation.fillMode == .removed)
        #expect(animation.isRemovedOnCompletion)
        #expect(animation.timingFunction == nil)
        #expect(animation.delegate == nil)

        let property = CABasicAnimation(keyPath: "opacity")
        #expect(property.keyPath == "opacity")
        #expect(!property.isAdditive && !property.isCumulative && property.valueFunction == nil)
        #expect(property.fromValue == nil && property.toValue == nil && property.byValue == nil)
        #expect(CABasicAnimation().keyPath == nil)

        let keyframe = CAKeyframeAnimation()
        #expect(keyframe.calculationMode == .linear)
        #expect(keyframe.values == nil && keyframe.path == nil && keyframe.keyTimes == nil)
        #expect(keyframe.timingFunctions == nil && keyframe.rotationMode == nil)
        #expect(keyframe.tensionValues == nil && keyframe.continuityValues == nil && keyframe.biasValues == nil)

        let transition = CATransition()
        #expect(transition.type == .fade && transition.subtype == nil)
        #expect(transition.startProgress == 0 && transition.endProgress == 1)
        #expect(CAAnimationGroup().animations == nil)
    }

    @Test("defaultValue(forKey:) follows Core Animation's table (SPEC §7)")
    func defaultValues() {
        #expect(CAAnimation.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CAAnimation.defaultValue(forKey: "speed") as? Double == 1)
        #expect(CAAnimation.defaultValue(forKey: "removedOnCompletion") as? Bool == true)
        #expect(CAAnimation.defaultValue(forKey: "enabled") as? Bool == true)
        #expect(CAAnimation.defaultValue(forKey: "fillMode") as? String == "removed")
        #expect(CAAnimation.defaultValue(forKey: "calculationMode") as? String == "linear")
        #expect(CAAnimation.defaultValue(forKey: "type") as? String == "fade")
        #expect(CAAnimation.defaultValue(forKey: "beginTimeMode") as? String == "non-zero")
        #expect(CAAnimation.defaultValue(forKey: "duration") == nil)
        #expect(CAAnimation.defaultValue(forKey: "whatever") == nil)
        #expect(CASpringAnimation.defaultValue(forKey: "mass") as? Double == 1)
        #expect(CASpringAnimation.defaultValue(forKey: "stiffness") as? Double == 100)
        #expect(CASpringAnimation.defaultValue(forKey: "damping") as? Double == 10)
        #expect(CASpringAnimation.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CABasicAnimation.defaultValue(forKey: "mass") == nil)
    }

    @Test("the delegate is held strongly: it outlives every other reference")
    func delegateIsStrong() {
        let animation = CABasicAnimation(keyPath: "opacity")
        weak var weakDelegate: RecordingDelegate?
        do {
            let delegate = RecordingDelegate()
            weakDelegate = delegate
            animation.delegate = delegate
        }
        #expect(weakDelegate != nil)
        animation.delegate = nil
        #expect(weakDelegate == nil)
    }

    @Test("delegate methods are optional: an adopter may implement only one")
    func optionalDelegateMethods() {
        let delegate = StopOnlyDelegate()
        let animation = CAAnimation()
        animation.delegate = delegate
        animation.delegate?.animationDidStart(animation)
        animation.delegate?.animationDidStop(animation, finished: true)
        #expect(delegate.stops == 1)
    }

    @Test("copy() copies every property; mutating the copy leaves the original alone and the reverse")
    func copyIsIndependent() throws {
        let delegate = RecordingDelegate()
        let original = CABasicAnimation(keyPath: "position")
        original.fromValue = CGPoint(x: 1, y: 2)
        original.toValue = CGPoint(x: 3, y: 4)
        original.duration = 2
        original.beginTime = 5
        original.speed = 2
        original.timeOffset = 0.5
        original.repeatCount = 3
        original.repeatDuration = 7
        original.autoreverses = true
        original.fillMode = .both
        original.timingFunction = CAMediaTimingFunction(name: .easeIn)
        original.delegate = delegate
        original.isRemovedOnCompletion = false
        original.isAdditive = true
        original.isCumulative = true
        original.valueFunction = CAValueFunction(name: .rotateZ)

        let copy = try #require(original.copy() as? CABasicAnimation)
        #expect(copy !== original)
        #expect(copy.keyPath == "position")
        #expect(copy.fromValue as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(copy.toValue as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(copy.duration == 2 && copy.beginTime == 5 && copy.speed == 2 && copy.timeOffset == 0.5)
        #expect(copy.repeatCount == 3 && copy.repeatDuration == 7 && copy.autoreverses && copy.fillMode == .both)
        #expect(copy.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(copy.delegate === delegate)
        #expect(!copy.isRemovedOnCompletion && copy.isAdditive && copy.isCumulative)
        #expect(copy.valueFunction?.name == .rotateZ)

        copy.duration = 9
        copy.keyPath = "opacity"
        copy.toValue = 7
        #expect(original.duration == 2 && original.keyPath == "position")
        #expect(original.toValue as? CGPoint == CGPoint(x: 3, y: 4))
        original.fillMode = .removed
        #expect(copy.fillMode == .both)
    }

    @Test("copies keep their class for every animation class of the family")
    func copyKeepsClass() {
        #expect(CAAnimation().copy() is CAAnimation)
        #expect(CABasicAnimation().copy() is CABasicAnimation)
        #expect(CAKeyframeAnimation().copy() is CAKeyframeAnimation)
        #expect(CASpringAnimation().copy() is CASpringAnimation)
        #expect(CAAnimationGroup().copy() is CAAnimationGroup)
        #expect(CATransition().copy() is CATransition)
        #expect(CAPropertyAnimation(keyPath: "x").copy() is CAPropertyAnimation)
    }

    @Test("subclass properties survive copy: keyframe, spring, transition and group")
    func subclassCopies() throws {
        let keyframe = CAKeyframeAnimation(keyPath: "position")
        keyframe.values = [CGPoint.zero, CGPoint(x: 1, y: 1)]
        keyframe.keyTimes = [0, 1]
        keyframe.calculationMode = .cubic
        keyframe.tensionValues = [1, 0]
        keyframe.continuityValues = [0, 1]
        keyframe.biasValues = [0.5, 0]
        keyframe.rotationMode = .rotateAuto
        keyframe.timingFunctions = [CAMediaTimingFunction(name: .easeOut)]
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        keyframe.path = path
        let keyframeCopy = try #require(keyframe.copy() as? CAKeyframeAnimation)
        #expect(keyframeCopy.values?.count == 2 && keyframeCopy.keyTimes == [0, 1])
        #expect(keyframeCopy.calculationMode == .cubic && keyframeCopy.rotationMode == .rotateAuto)
        #expect(keyframeCopy.tensionValues == [1, 0] && keyframeCopy.continuityValues == [0, 1])
        #expect(keyframeCopy.biasValues == [0.5, 0] && keyframeCopy.timingFunctions?.count == 1)
        #expect(keyframeCopy.path == keyframe.path)

        let spring = CASpringAnimation(keyPath: "position.y")
        spring.mass = 10
        spring.stiffness = 1500
        spring.damping = 50
        spring.initialVelocity = 100
        spring.allowsOverdamping = true
        let springCopy = try #require(spring.copy() as? CASpringAnimation)
        #expect(springCopy.mass == 10 && springCopy.stiffness == 1500 && springCopy.damping == 50)
        #expect(springCopy.initialVelocity == 100 && springCopy.allowsOverdamping)

        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromTop
        transition.startProgress = 0.2
        transition.endProgress = 0.8
        let transitionCopy = try #require(transition.copy() as? CATransition)
        #expect(transitionCopy.type == .push && transitionCopy.subtype == .fromTop)
        #expect(transitionCopy.startProgress == 0.2 && transitionCopy.endProgress == 0.8)
    }

    @Test("a group's copy copies its members, so mutating a copied member leaves the original member alone")
    func groupCopyIsDeep() throws {
        let member = CABasicAnimation(keyPath: "opacity")
        member.duration = 1
        let group = CAAnimationGroup()
        group.animations = [member]
        let copy = try #require(group.copy() as? CAAnimationGroup)
        let copiedMember = try #require(copy.animations?.first as? CABasicAnimation)
        #expect(copiedMember !== member)
        copiedMember.duration = 5
        #expect(member.duration == 1)
    }

    @Test("the path is copied on assignment: later changes to a mutable path do not reach the animation")
    func pathCopiedOnSet() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        path.addLine(to: CGPoint(x: 10, y: 10))
        #expect(animation.path?.currentPoint == CGPoint(x: 10, y: 0))
        #expect(!(animation.path is CGMutablePath))
    }

    @Test("setValue(_:forKey:) stores arbitrary keys; value(forKey:) reads them, also on a copy (seed 000)")
    func keyValueStorage() throws {
        let animation = CABasicAnimation(keyPath: "position.x")
        let marker = NSObject()
        animation.setValue("form", forKey: "name")
        animation.setValue(marker, forKey: "layer")
        #expect(animation.value(forKey: "name") as? String == "form")
        #expect(animation.value(forKey: "layer") as? NSObject === marker)
        #expect(animation.value(forKey: "missing") == nil)

        let copy = try #require(animation.copy() as? CAAnimation)
        #expect(copy.value(forKey: "name") as? String == "form")
        #expect(copy.value(forKey: "layer") as? NSObject === marker)

        // The storage is copied, not shared.
        copy.setValue(nil, forKey: "layer")
        #expect(copy.value(forKey: "layer") == nil)
        #expect(animation.value(forKey: "layer") as? NSObject === marker)
    }

    @Test("value(forKey:) and setValue(_:forKey:) reach the properties by their Objective-C names")
    func keyValueProperties() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(2.5, forKey: "duration")
        animation.setValue(NSNumber(value: 3), forKey: "repeatCount")
        animation.setValue(false, forKey: "removedOnCompletion")
        animation.setValue("forwards", forKey: "fillMode")
        animation.setValue(CGFloat(1.5), forKey: "speed")
        animation.setValue(0.5, forKey: "toValue")
        #expect(animation.duration == 2.5)
        #expect(animation.repeatCount == 3)
        #expect(!animation.isRemovedOnCompletion)
        #expect(animation.fillMode == .forwards)
        #expect(animation.speed == 1.5)
        #expect(animation.toValue as? Double == 0.5)
        #expect(animation.value(forKey: "duration") as? Double == 2.5)
        #expect(animation.value(forKey: "removedOnCompletion") as? Bool == false)
        #expect(animation.value(forKey: "fillMode") as? String == "forwards")
        #expect(animation.value(forKey: "keyPath") as? String == "opacity")
        // A value of the wrong type leaves the property unchanged.
        animation.setValue("long", forKey: "duration")
        #expect(animation.duration == 2.5)

        let spring = CASpringAnimation()
        spring.setValue(5, forKey: "mass")
        spring.setValue(2, forKey: "velocity")
        #expect(spring.mass == 5 && spring.initialVelocity == 2)
        #expect(spring.value(forKey: "settlingDuration") as? Double == spring.settlingDuration)

        let keyframe = CAKeyframeAnimation()
        keyframe.setValue([0, 0.5, 1], forKey: "keyTimes")
        keyframe.setValue("paced", forKey: "calculationMode")
        #expect(keyframe.keyTimes == [0, 0.5, 1])
        #expect(keyframe.calculationMode == .paced)
    }

    @Test("shouldArchiveValue(forKey:) is true for every key")
    func archiving() {
        #expect(CAAnimation().shouldArchiveValue(forKey: "duration"))
        #expect(CABasicAnimation().shouldArchiveValue(forKey: "anything"))
    }

    @Test("the name types carry Apple's raw values")
    func rawValues() {
        #expect(CAAnimationCalculationMode.linear.rawValue == "linear")
        #expect(CAAnimationCalculationMode.discrete.rawValue == "discrete")
        #expect(CAAnimationCalculationMode.paced.rawValue == "paced")
        #expect(CAAnimationCalculationMode.cubic.rawValue == "cubic")
        #expect(CAAnimationCalculationMode.cubicPaced.rawValue == "cubicPaced")
        #expect(CAAnimationRotationMode.rotateAuto.rawValue == "auto")
        #expect(CAAnimationRotationMode.rotateAutoReverse.rawValue == "autoReverse")
        #expect(CATransitionType.fade.rawValue == "fade" && CATransitionType.moveIn.rawValue == "moveIn")
        #expect(CATransitionType.push.rawValue == "push" && CATransitionType.reveal.rawValue == "reveal")
        #expect(CATransitionSubtype.fromRight.rawValue == "fromRight")
        #expect(CATransitionSubtype.fromLeft.rawValue == "fromLeft")
        #expect(CATransitionSubtype.fromTop.rawValue == "fromTop")
        #expect(CATransitionSubtype.fromBottom.rawValue == "fromBottom")
        #expect(CAAnimationCalculationMode("cubic") == .cubic)
    }
}
