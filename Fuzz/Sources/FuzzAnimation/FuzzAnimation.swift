import Foundation
import FuzzSupport
import PortableQuartzCore

/// Animations of every kind (basic, spring, keyframe with every calculation mode, path keyframes, groups,
/// transitions, value functions, additive and cumulative) with hostile timing and values, attached to a small
/// tree on a manual clock that the input advances in hostile steps; every property of the presentation copy is
/// read at each step.
///
/// The input's first byte chooses between two modes. In the *moderate* mode every number is finite and at most
/// 10⁶ in size, and then every number the presentation copy reports must be finite: NaN or an infinity there is
/// a failure, with one exception: a transform property that a cumulative animation drives. Its value in the k-th
/// repeat is the matrix power `Mᵏ`, which grows like the largest eigenvalue of `M` to the k-th power, so moderate
/// matrices overflow after some thousand repeats (1.31¹⁰⁸⁰⁰ in a case the fuzzer found); the layer then draws
/// nothing, as any non-finite transform does (Docs/Behaviour.md, policy). In the *hostile* mode numbers are anything
/// (NaN, infinities, 1e308) and only crashes, hangs and memory count.
enum AnimationTarget: FuzzTarget {
    static func test(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let moderate = input.bool()
        var maker = ValueMaker(input: input, moderate: moderate)
        // The clock's start must be finite (its documented precondition); everything else may be hostile.
        let start = maker.time()
        MediaClock.withManualTime(startingAt: start.isFinite ? start : 0) { clock in
            clock.advance(by: 0)
            let root = maker.layer()
            let child = maker.layer()
            root.addSublayer(child)
            let layers = [root, child]
            // What was added to each layer (with or without a key), for `Finite.mayOverflow`.
            var added: [ObjectIdentifier: [CAAnimation]] = [:]
            let count = maker.input.int(in: 1...4)
            for index in 0..<count {
                let target = maker.input.pick(layers)
                let animation = maker.animation(depth: 0)
                if FuzzDriver.isTracing { Trace.describe(animation, on: target === root ? "root" : "child") }
                target.add(animation, forKey: maker.input.bool() ? "a\(index)" : nil)
                added[ObjectIdentifier(target), default: []].append(animation)
            }
            clock.advance(by: 0)
            for _ in 0..<maker.input.int(in: 1...6) {
                let step = maker.step()
                if step.isFinite, step >= 0, step < 1e12 { clock.advance(by: step) }
                for layer in layers {
                    guard let presentation = layer.presentation() else { continue }
                    for property in LayerProperty.allCases {
                        let value = presentation.value(forKey: property.key)
                        if moderate, let value, !Finite.check(value),
                            !Finite.mayOverflow(property.key, animations: added[ObjectIdentifier(layer)] ?? [])
                        {
                            FuzzDriver.fail("presentation \(property.key) is \(value) for finite input")
                        }
                    }
                    _ = presentation.frame
                    _ = presentation.convert(CGPoint(x: 1, y: 2), to: root)
                }
            }
        }
    }

    static var seeds: [[UInt8]] {
        // Mode, start time, two layers' values, an animation count, then per animation its kind and fields; the
        // bytes are read by `ValueMaker`, so these are small programs in its encoding.
        [
            [1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 2, 0, 0, 3, 9, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 3],
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1, 1, 2, 3, 2, 4, 4, 40, 8, 3, 9, 9, 3, 5],
            [1, 2, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 0, 2, 0, 5, 3, 1, 7, 2, 6, 0, 1, 4, 5, 6, 7],
            [1, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 3, 1, 1, 4, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            [1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 2, 3, 2, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3],
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 3, 0, 2, 1, 4, 1, 3, 1, 5, 9, 2, 6],
            [0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 2, 0, 2, 6, 9, 6, 1, 2, 8, 8, 8, 8, 8, 8],
        ]
    }
}

/// Reads animations, layers and values from the input; in the moderate mode every number is finite.
struct ValueMaker {
    var input: FuzzInput
    let moderate: Bool

    static let keyPaths: [String] =
        LayerProperty.allCases.map(\.key) + [
            "transform.rotation.z", "transform.rotation.x", "transform.scale", "transform.scale.x",
            "transform.translation", "transform.translation.x", "sublayerTransform.rotation", "position.x",
            "position.y", "bounds.size", "bounds.size.width", "bounds.origin", "anchorPoint.x", "shadowOffset.height",
            "contentsRect.origin.x", "transform", "not.a.key", "", "transform.rotation.w",
        ]

    mutating func number() -> Double {
        moderate ? input.moderateDouble(input.pick([1, 10, 1000, 1e6])) : input.double()
    }

    /// A clock time or step: in the moderate mode within ±10⁴ s.
    mutating func time() -> Double {
        moderate ? input.moderateDouble(input.pick([1, 10, 1e4])) : input.double()
    }

    mutating func step() -> Double {
        moderate ? abs(input.moderateDouble(input.pick([0.1, 1, 100]))) : input.double()
    }

    mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }

    mutating func layer() -> CALayer {
        let layer: CALayer = input.pick([CALayer(), CAShapeLayer(), CAGradientLayer(), CAReplicatorLayer()])
        layer.bounds = CGRect(x: number(), y: number(), width: abs(number()), height: abs(number()))
        layer.position = point()
        layer.anchorPoint = CGPoint(x: number() / 1e6, y: number() / 1e6)
        layer.speed = Float(moderate ? input.moderateDouble(4) : number())
        layer.timeOffset = time()
        layer.beginTime = time()
        return layer
    }

    /// A value of one of the kinds animations take, or one of no kind at all.
    mutating func value() -> Any? {
        switch input.int(in: 0...9) {
        case 0: return number()
        case 1: return point()
        case 2: return CGSize(width: number(), height: number())
        case 3: return CGRect(x: number(), y: number(), width: number(), height: number())
        case 4:
            var transform = CATransform3DIdentity
            transform.m11 = number()
            transform.m12 = number()
            transform.m21 = number()
            transform.m34 = number() / 1e6
            transform.m41 = number()
            return transform
        case 5: return CGColor(srgbRed: number(), green: number(), blue: number(), alpha: number())
        case 6: return [number(), number(), number()]
        case 7:
            let path = CGMutablePath()
            path.move(to: point())
            path.addCurve(to: point(), control1: point(), control2: point())
            if input.bool() { path.addLine(to: point()) }
            return path
        case 8: return NSNull()
        default: return nil
        }
    }

    mutating func timingFunction() -> CAMediaTimingFunction? {
        switch input.int(in: 0...3) {
        case 0: return nil
        case 1: return CAMediaTimingFunction(name: input.pick([.linear, .easeIn, .easeOut, .easeInEaseOut, .default]))
        default:
            return CAMediaTimingFunction(
                controlPoints: Float(number() / 1e6), Float(number()), Float(number() / 1e6), Float(number()))
        }
    }

    mutating func applyTiming(_ animation: CAAnimation) {
        animation.duration = moderate ? abs(input.moderateDouble(input.pick([1, 100]))) : input.double()
        if input.bool() { animation.beginTime = time() }
        if input.bool() { animation.speed = Float(moderate ? input.moderateDouble(8) : input.double()) }
        if input.bool() { animation.timeOffset = time() }
        if input.bool() { animation.repeatCount = Float(moderate ? input.moderateDouble(100) : input.double()) }
        if input.bool() { animation.repeatDuration = time() }
        animation.autoreverses = input.bool()
        animation.fillMode = input.pick([.removed, .forwards, .backwards, .both])
        animation.timingFunction = timingFunction()
        animation.isRemovedOnCompletion = input.bool()
    }

    mutating func animation(depth: Int) -> CAAnimation {
        let kind = input.int(in: 0...5)
        let animation: CAAnimation
        switch kind {
        case 0, 1:
            let basic = kind == 0 ? CABasicAnimation(keyPath: input.pick(Self.keyPaths)) : spring()
            if input.bool() { basic.fromValue = value() }
            if input.bool() { basic.toValue = value() }
            if input.bool() { basic.byValue = value() }
            animation = basic
        case 2, 3:
            let keyframe = CAKeyframeAnimation(keyPath: input.pick(Self.keyPaths))
            keyframe.values = (0..<input.int(in: 0...6)).map { _ in value() as Any }
            if input.bool() { keyframe.keyTimes = (0..<input.int(in: 0...6)).map { _ in NSNumber(value: number()) } }
            if input.bool() {
                keyframe.timingFunctions = (0..<input.int(in: 0...5)).compactMap { _ in timingFunction() }
            }
            keyframe.calculationMode = input.pick([.linear, .discrete, .paced, .cubic, .cubicPaced])
            if input.bool() {
                keyframe.tensionValues = (0..<input.int(in: 0...6)).map { _ in NSNumber(value: number()) }
            }
            if input.bool() { keyframe.continuityValues = [NSNumber(value: number()), NSNumber(value: number())] }
            if input.bool() { keyframe.biasValues = [NSNumber(value: number())] }
            if kind == 3, let path = value() as? CGPath { keyframe.path = path }
            if input.bool() { keyframe.rotationMode = input.pick([.rotateAuto, .rotateAutoReverse]) }
            animation = keyframe
        case 4 where depth < 2:
            let group = CAAnimationGroup()
            group.animations = (0..<input.int(in: 0...3)).map { _ in self.animation(depth: depth + 1) }
            animation = group
        default:
            let transition = CATransition()
            transition.type = input.pick([.fade, .moveIn, .push, .reveal])
            transition.subtype = input.pick([nil, .fromLeft, .fromRight, .fromTop, .fromBottom])
            transition.startProgress = Float(number())
            transition.endProgress = Float(number())
            animation = transition
        }
        if let property = animation as? CAPropertyAnimation {
            property.isAdditive = input.bool()
            property.isCumulative = input.bool()
            if input.int(in: 0...3) == 0 {
                property.valueFunction = CAValueFunction(
                    name: input.pick([.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .translate, .translateZ]))
            }
        }
        applyTiming(animation)
        return animation
    }

    mutating func spring() -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: input.pick(Self.keyPaths))
        spring.mass = moderate ? abs(input.moderateDouble(100)) : number()
        spring.stiffness = moderate ? abs(input.moderateDouble(1e4)) : number()
        spring.damping = moderate ? abs(input.moderateDouble(1e3)) : number()
        spring.initialVelocity = number()
        spring.allowsOverdamping = input.bool()
        return spring
    }
}

/// What a failing input built, printed when `PQC_FUZZ_TRACE` is set (for turning a crash into a regression test).
enum Trace {
    static func describe(_ animation: CAAnimation, on layer: String, indent: String = "") {
        var line =
            "\(indent)\(type(of: animation)) on \(layer): duration \(animation.duration), begin \(animation.beginTime), "
            + "speed \(animation.speed), offset \(animation.timeOffset), repeat \(animation.repeatCount)/"
            + "\(animation.repeatDuration), autoreverses \(animation.autoreverses), fill \(animation.fillMode.rawValue)"
        if let property = animation as? CAPropertyAnimation {
            line +=
                ", keyPath \(property.keyPath ?? "nil"), additive \(property.isAdditive), cumulative "
                + "\(property.isCumulative), valueFunction \(String(describing: property.valueFunction))"
        }
        if let basic = animation as? CABasicAnimation {
            line +=
                ", from \(String(describing: basic.fromValue)), to \(String(describing: basic.toValue)), by "
                + "\(String(describing: basic.byValue))"
        }
        if let keyframe = animation as? CAKeyframeAnimation {
            line +=
                ", values \(String(describing: keyframe.values)), keyTimes \(String(describing: keyframe.keyTimes)), "
                + "mode \(keyframe.calculationMode.rawValue)"
        }
        print(line)
        for member in (animation as? CAAnimationGroup)?.animations ?? [] {
            describe(member, on: "group", indent: indent + "  ")
        }
    }
}

/// Whether every number a KVC value holds is finite.
enum Finite {
    /// Whether `animations` hold a cumulative animation of the transform property `key` (directly or in a group),
    /// whose repeats raise a matrix to a power that may leave the range of `Double` (see the target's comment).
    static func mayOverflow(_ key: String, animations: [CAAnimation]) -> Bool {
        guard key.hasSuffix("ransform") else { return false }
        return animations.contains { animation in
            if let group = animation as? CAAnimationGroup {
                return mayOverflow(key, animations: group.animations ?? [])
            }
            guard let property = animation as? CAPropertyAnimation, property.isCumulative else { return false }
            return property.keyPath?.hasPrefix(key) == true
        }
    }

    static func check(_ value: Any) -> Bool {
        switch value {
        case let number as Double: return number.isFinite
        case let number as Float: return number.isFinite
        case let number as NSNumber: return number.doubleValue.isFinite
        case let point as CGPoint: return point.x.isFinite && point.y.isFinite
        case let size as CGSize: return size.width.isFinite && size.height.isFinite
        case let rect as CGRect:
            return rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite
        case let transform as CATransform3D:
            return [
                transform.m11, transform.m12, transform.m13, transform.m14, transform.m21, transform.m22,
                transform.m23, transform.m24, transform.m31, transform.m32, transform.m33, transform.m34,
                transform.m41, transform.m42, transform.m43, transform.m44,
            ].allSatisfy(\.isFinite)
        case let color as CGColor: return (color.components ?? []).allSatisfy(\.isFinite)
        case let list as [Any]: return list.allSatisfy(check)
        default: return true
        }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzDriver.initialize(AnimationTarget.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.run(AnimationTarget.self, data, size)
}
