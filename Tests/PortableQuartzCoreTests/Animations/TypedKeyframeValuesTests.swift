import Foundation
import Testing

@testable import PortableQuartzCore

/// Keyframe animations attached with their values already converted (`TypedAnimationValues.keyframes`, as
/// PortableLottie attaches every one) must show exactly what converting the animation's own values shows.
@Suite("Typed keyframe values")
struct TypedKeyframeValuesTests {
    @Test("values convert as Core Animation converts them (flags too); a point for a size property is left to it")
    func conversions() throws {
        let opacity = try #require(TypedAnimationValues.keyframes([0.25, 1.0], keyPath: "opacity", keyTimes: [0, 1]))
        #expect(opacity.values == [.number(0.25), .number(1)])
        #expect(opacity.keyTimes == [0, 1])
        #expect(opacity.path == PropertyPath(keyPath: "opacity"))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let colors = try #require(TypedAnimationValues.keyframes([red], keyPath: "backgroundColor", keyTimes: nil))
        #expect(colors.values == [.color(ColorComponents(red: 1, green: 0, blue: 0, alpha: 0.5))])
        #expect(
            TypedAnimationValues.keyframes([CGSize(width: 2, height: 3)], keyPath: "bounds.size", keyTimes: nil) != nil)
        // `transform.translation` holds a size; Core Animation reads a point there too, which is left to it.
        #expect(
            TypedAnimationValues.keyframes([CGPoint(x: 2, y: 3)], keyPath: "transform.translation", keyTimes: nil)
                == nil)
        #expect(
            TypedAnimationValues.keyframes([true, false], keyPath: "hidden", keyTimes: nil)?.values == [
                .bool(true), .bool(false),
            ])
        #expect(TypedAnimationValues.keyframes([1.0], keyPath: "no.such.property", keyTimes: nil) == nil)
    }

    /// What a caller that is itself generic hands over (PortableLottie's builders are generic over their values).
    private static func typedGenerically<Value>(_ values: [Value], keyPath: String) -> TypedAnimationValues? {
        TypedAnimationValues.keyframes(values, keyPath: keyPath, keyTimes: nil)
    }

    @Test("a generic caller's numbers, points, colours, transforms and CGFloats convert as the same values as Any")
    func genericCallers() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let turn = CATransform3DMakeRotation(2, 0, 0, 1)
        #expect(Self.typedGenerically([0.25, 1.0], keyPath: "opacity")?.values == [.number(0.25), .number(1)])
        #expect(
            Self.typedGenerically([CGPoint(x: 1, y: 2), CGPoint(x: 30, y: -4)], keyPath: "position")?.values
                == [.point(CGPoint(x: 1, y: 2)), .point(CGPoint(x: 30, y: -4))])
        #expect(
            Self.typedGenerically([red], keyPath: "backgroundColor")?.values
                == [.color(ColorComponents(red: 1, green: 0, blue: 0, alpha: 0.5))])
        #expect(Self.typedGenerically([turn], keyPath: "transform")?.values == [.transform(turn)])
        // Not one of the types cast as a whole: each value converts on its own, as before.
        #expect(Self.typedGenerically([CGFloat(0.5)], keyPath: "opacity")?.values == [.number(0.5)])
        // A value of the wrong kind leaves the whole animation to be converted from its own values.
        #expect(Self.typedGenerically([CGPoint(x: 1, y: 2)], keyPath: "opacity") == nil)
        #expect(Self.typedGenerically([1.0], keyPath: "position") == nil)
        let anyValues: [Any] = [CGPoint(x: 1, y: 2), CGPoint(x: 30, y: -4)]
        #expect(
            Self.typedGenerically(anyValues, keyPath: "position")?.values
                == Self.typedGenerically([CGPoint(x: 1, y: 2), CGPoint(x: 30, y: -4)], keyPath: "position")?.values)
    }

    /// Two layers with the same keyframe animation, one attached with typed values and one without.
    private static func pair(_ make: () -> CAKeyframeAnimation, layer: () -> CALayer) -> (CALayer, CALayer) {
        let typed = layer()
        let untyped = layer()
        let animation = make()
        let keyPath = animation.keyPath ?? ""
        let values = TypedAnimationValues.keyframes(
            animation.values ?? [], keyPath: keyPath, keyTimes: animation.keyTimes?.map(\.doubleValue))
        typed.add(ownedAnimation: animation, forKey: "a", typed: values)
        untyped.add(make(), forKey: "a")
        return (typed, untyped)
    }

    @Test(
        "typed numbers (NaN too), points, sizes, colours, transforms, paths and flags show what converted ones do, 41 times"
    )
    func typedMatchesConverted() throws {
        let ease = CAMediaTimingFunction(controlPoints: 0.3, 0, 0.2, 1)
        let makers: [() -> CAKeyframeAnimation] = [
            {
                let animation = CAKeyframeAnimation(keyPath: "opacity")
                animation.values = [0.0, 1.0, Double.nan, 0.25] as [Double]
                animation.keyTimes = [0, 0.2, 0.7, 1]
                animation.timingFunctions = [ease, ease, ease]
                return animation
            },
            {
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.values = [CGPoint(x: 1, y: 2), CGPoint(x: 30, y: -4), CGPoint(x: 7, y: 7)]
                animation.calculationMode = .cubic
                return animation
            },
            {
                let animation = CAKeyframeAnimation(keyPath: "bounds.size")
                animation.values = [CGSize(width: 10, height: 20), CGSize(width: 40, height: 5)]
                animation.calculationMode = .discrete
                return animation
            },
            {
                let animation = CAKeyframeAnimation(keyPath: "backgroundColor")
                animation.values = [
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5),
                ]
                return animation
            },
            {
                let animation = CAKeyframeAnimation(keyPath: "transform")
                animation.values = [CATransform3DIdentity, CATransform3DMakeRotation(2, 0, 0, 1)]
                return animation
            },
            {
                let animation = CAKeyframeAnimation(keyPath: "path")
                animation.values = [
                    CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil),
                    CGPath(rect: CGRect(x: 5, y: 5, width: 30, height: 20), transform: nil),
                ]
                return animation
            },
            {
                // PortableLottie's visibility: hidden, shown from 0.3 of the way, hidden again from 0.6.
                let animation = CAKeyframeAnimation(keyPath: "hidden")
                animation.values = [true, false, true]
                animation.keyTimes = [0, 0.3, 0.6, 1]
                animation.calculationMode = .discrete
                return animation
            },
        ]
        try MediaClock.withManualTime { _ in
            for make in makers {
                let (typed, untyped) = Self.pair(
                    {
                        let animation = make()
                        animation.beginTime = 0.5
                        animation.duration = 2
                        animation.fillMode = .both
                        return animation
                    }, layer: CAShapeLayer.init)
                let keyPath = try #require(make().keyPath)
                #expect(
                    TypedAnimationValues.keyframes(make().values ?? [], keyPath: keyPath, keyTimes: nil) != nil,
                    "\(keyPath) is converted here")
                CATransaction.flush()
                for step in 0...40 {
                    let time = Double(step) * 0.075
                    let shown = LayerTreeLock.withLock { typed.presentationState(atMediaTime: time) }
                    let expected = LayerTreeLock.withLock { untyped.presentationState(atMediaTime: time) }
                    #expect(shown == expected, "\(keyPath) at \(time) s")
                }
            }
        }
    }
}
