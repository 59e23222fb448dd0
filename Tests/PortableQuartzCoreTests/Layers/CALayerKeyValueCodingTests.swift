import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer class with a custom key: a default for it, and it marks the contents for display.
private final class ProgressLayer: CALayer, @unchecked Sendable {
    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? NSNumber(value: 0.25) : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

/// An action that records the events it ran for and the value the layer held under that key then.
private final class RecordingAction: CAAction {
    var runs: [(String, Any?)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, (anObject as? CALayer)?.value(forKey: event)))
    }
}

/// A layer committed under `clock`. The first advance commits what earlier tests on this thread left uncommitted: a
/// layer left needing display is displayed during that commit, which defers the rest of the commit by one turn.
func freshCommittedLayer<Layer: CALayer>(_ clock: MediaClock, _ make: () -> Layer) -> Layer {
    clock.advance(by: 0)
    let layer = make()
    clock.advance(by: 0)
    return layer
}

/// A delegate with no behaviour of its own.
private final class PlainDelegate: CALayerDelegate {}

@Suite("CALayer key-value coding")
struct CALayerKeyValueCodingTests {
    /// The `CALayer` properties of the registry.
    static let layerProperties = LayerProperty.allCases.filter { $0.family == .layer }

    /// A value of `kind` different from every CALayer default (`.null` for the kinds no CALayer property has).
    static func sample(for kind: AnimatableValue.Kind, image: CGImage) -> AnimatableValue {
        switch kind {
        case .number: .number(7)
        case .bool: .bool(true)
        case .point: .point(CGPoint(x: 3, y: 4))
        case .size: .size(CGSize(width: 5, height: 6))
        case .rect: .rect(CGRect(x: 1, y: 2, width: 30, height: 40))
        case .transform: .transform(CATransform3DMakeScale(2, 3, 1))
        case .color: .color(ColorComponents(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        case .path: .path(CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil))
        case .image: .image(image)
        case .string: .string("custom")
        default: .null
        }
    }

    @Test("every CALayer property key reads its default in Apple's boxed form")
    func everyKeyReadsItsDefault() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            for property in Self.layerProperties {
                let boxed = layer.value(forKey: property.key)
                #expect(
                    AnimatableValue(converting: boxed, as: property.kind) == property.defaultValue, "\(property.key)")
            }
        }
    }

    @Test("every CALayer property key stores a value of its kind and reads it back")
    func everyKeyRoundTrips() throws {
        try MediaClock.withManualTime { _ in
            let image = try CALayerPropertiesTests.smallImage()
            for property in Self.layerProperties {
                let layer = CALayer()
                var sample = Self.sample(for: property.kind, image: image)
                if property.defaultValue == .bool(true) { sample = .bool(false) }
                layer.setValue(sample.appleValue, forKey: property.key)
                let read = AnimatableValue(converting: layer.value(forKey: property.key), as: property.kind)
                #expect(read == sample, "\(property.key)")
            }
        }
    }

    @Test("numbers and flags come back as NSNumber: opacity 0.3 reads Float 0.3 and Double 0.30000001192092896")
    func numbersAreNSNumbers() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.setValue(0.3, forKey: "opacity")
            #expect(layer.opacity == Float(0.3))
            #expect(layer.value(forKey: "opacity") is NSNumber)
            #expect(layer.value(forKey: "opacity") as? Float == 0.3)
            #expect(layer.value(forKey: "opacity") as? Double == 0.30000001192092896)
            layer.setValue(NSNumber(value: true), forKey: "hidden")
            #expect(layer.isHidden && layer.value(forKey: "hidden") as? Bool == true)
            layer.setValue(CGFloat(12), forKey: "cornerRadius")
            #expect(layer.cornerRadius == 12 && layer.value(forKey: "cornerRadius") as? Int == 12)
        }
    }

    @Test("geometry is accepted as NSValue or struct and comes back as the struct")
    func geometryValues() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.setValue(NSValue(cgPoint: CGPoint(x: 10, y: 20)), forKey: "position")
            layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 80, height: 40)), forKey: "bounds")
            layer.setValue(CGSize(width: 2, height: 2), forKey: "shadowOffset")
            layer.setValue(NSValue(caTransform3D: CATransform3DMakeTranslation(5, 0, 0)), forKey: "transform")
            #expect(layer.position == CGPoint(x: 10, y: 20))
            #expect(layer.bounds == CGRect(x: 0, y: 0, width: 80, height: 40))
            #expect(layer.shadowOffset == CGSize(width: 2, height: 2))
            #expect(layer.transform.m41 == 5)
            #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 10, y: 20))
            #expect(layer.value(forKey: "bounds") as? CGRect == CGRect(x: 0, y: 0, width: 80, height: 40))
            #expect(layer.value(forKey: "transform") as? CATransform3D == CATransform3DMakeTranslation(5, 0, 0))
        }
    }

    @Test("colours, names and option sets convert: CGColor, CALayerContentsGravity, CACornerMask")
    func typedValues() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "backgroundColor")
            layer.setValue(CALayerContentsGravity.center, forKey: "contentsGravity")
            layer.setValue(CACornerMask.layerMaxXMaxYCorner, forKey: "maskedCorners")
            layer.setValue("card", forKey: "name")
            #expect(layer.backgroundColor?.components == [1, 0, 0, 1])
            #expect(layer.contentsGravity == .center && layer.value(forKey: "contentsGravity") as? String == "center")
            #expect(layer.maskedCorners == .layerMaxXMaxYCorner && layer.value(forKey: "maskedCorners") as? Int == 8)
            #expect(layer.name == "card" && layer.value(forKey: "name") as? String == "card")
            #expect((layer.value(forKey: "backgroundColor") as? CGColor)?.components == [1, 0, 0, 1])
            layer.setValue(nil, forKey: "backgroundColor")
            #expect(layer.backgroundColor == nil && layer.value(forKey: "backgroundColor") == nil)
        }
    }

    @Test("a value of the wrong type, or nil for a non-optional property, is ignored")
    func wrongTypesAreIgnored() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.cornerRadius = 5
            layer.setValue("big", forKey: "cornerRadius")
            layer.setValue(nil, forKey: "opacity")
            layer.setValue(CGPoint(x: 1, y: 1), forKey: "bounds")
            layer.setValue(42, forKey: "backgroundColor")
            layer.setValue([1, 2, 3], forKey: "position")
            #expect(layer.cornerRadius == 5 && layer.opacity == 1 && layer.bounds == .zero)
            #expect(layer.backgroundColor == nil && layer.position == .zero)
            #expect(layer.value(forKey: "cornerRadius") as? Double == 5)
        }
    }

    @Test("contents keeps any object by key; compositingFilter stores nil for a value it cannot use")
    func anyTypedProperties() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            let image = try CALayerPropertiesTests.smallImage()
            layer.setValue(image, forKey: "contents")
            #expect((layer.value(forKey: "contents") as? CGImage) === image)
            layer.setValue("no image", forKey: "contents")
            #expect(layer.contents as? String == "no image")
            layer.setValue("multiplyBlendMode", forKey: "compositingFilter")
            #expect(layer.compositingFilter as? String == "multiplyBlendMode")
            layer.setValue(3, forKey: "compositingFilter")
            #expect(layer.compositingFilter == nil)
        }
    }

    @Test("struct sub-paths: setting \"position.x\" = 7 on (3, 4) gives (7, 4)")
    func pointAndRectSubPaths() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            layer.setValue(7, forKeyPath: "position.x")
            #expect(layer.position == CGPoint(x: 7, y: 4))
            #expect(layer.value(forKeyPath: "position.y") as? Double == 4)
            layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
            layer.setValue(80, forKeyPath: "bounds.size.width")
            #expect(layer.bounds == CGRect(x: 1, y: 2, width: 80, height: 40))
            layer.setValue(NSValue(cgPoint: CGPoint(x: 5, y: 6)), forKeyPath: "bounds.origin")
            #expect(layer.bounds == CGRect(x: 5, y: 6, width: 80, height: 40))
            #expect(layer.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 80, height: 40))
            #expect(layer.value(forKeyPath: "bounds.origin.y") as? Double == 6)
            #expect(layer.value(forKeyPath: "shadowOffset.height") as? Double == -3)
            #expect(layer.value(forKeyPath: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        }
    }

    @Test("\"transform.rotation.z\" = π/2 on a scale-2 transform keeps the scale: m12 2, m21 −2")
    func transformRotation() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.transform = CATransform3DMakeScale(2, 2, 2)
            layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
            let m = layer.transform
            #expect(abs(m.m11) < 1e-12 && abs(m.m12 - 2) < 1e-12)
            #expect(abs(m.m21 + 2) < 1e-12 && abs(m.m22) < 1e-12 && abs(m.m33 - 2) < 1e-12)
            let rotation = try #require(layer.value(forKeyPath: "transform.rotation.z") as? Double)
            #expect(abs(rotation - .pi / 2) < 1e-12)
            let sameRotation = try #require(layer.value(forKeyPath: "transform.rotation") as? Double)
            #expect(abs(sameRotation - .pi / 2) < 1e-12)
            let scale = try #require(layer.value(forKeyPath: "transform.scale") as? Double)
            #expect(abs(scale - 2) < 1e-12)
        }
    }

    @Test("\"transform.scale\" = 3 sets all three scales; \"transform.translation.x\" = 10 sets m41")
    func transformScaleAndTranslation() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.setValue(3, forKeyPath: "transform.scale")
            #expect(layer.transform == CATransform3DMakeScale(3, 3, 3))
            layer.setValue(10, forKeyPath: "transform.translation.x")
            #expect(abs(layer.transform.m41 - 10) < 1e-12 && abs(layer.transform.m11 - 3) < 1e-12)
            #expect(abs(layer.transform.m33 - 3) < 1e-12)
            let translation = try #require(layer.value(forKeyPath: "transform.translation") as? CGSize)
            #expect(abs(translation.width - 10) < 1e-12 && translation.height == 0)
            layer.setValue(CGSize(width: 1, height: 2), forKeyPath: "sublayerTransform.translation")
            #expect(layer.sublayerTransform == CATransform3DMakeTranslation(1, 2, 0))
        }
    }

    @Test("a sub-path with a value of the wrong type or an unknown component changes nothing")
    func badSubPathsAreIgnored() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            layer.setValue("seven", forKeyPath: "position.x")
            layer.setValue(1, forKeyPath: "position.q")
            layer.setValue(1, forKeyPath: "opacity.x")
            #expect(layer.position == CGPoint(x: 3, y: 4) && layer.opacity == 1)
            #expect(layer.value(forKeyPath: "position.q") == nil)
            #expect(layer.value(forKeyPath: "transform.rotation.w") == nil)
            #expect(layer.value(forKey: "position.x") == nil, "value(forKey:) does not follow dots")
        }
    }

    @Test("a change through a key animates a committed layer like the property setter")
    func keyChangesAnimate() {
        MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { CALayer() }
            layer.setValue(10, forKey: "cornerRadius")
            #expect(layer.animationKeys() == ["cornerRadius"])
            #expect(layer.cornerRadius == 10)
        }
    }

    @Test("the CAMediaTiming keys: duration ∞, speed 1, fillMode \"removed\" by default; settable by key")
    func timingKeys() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            #expect(layer.value(forKey: "duration") as? Double == .infinity)
            #expect(layer.value(forKey: "speed") as? Float == 1)
            #expect(layer.value(forKey: "fillMode") as? String == "removed")
            #expect(layer.value(forKey: "autoreverses") as? Bool == false)
            layer.setValue(2, forKey: "speed")
            layer.setValue(1.5, forKey: "beginTime")
            layer.setValue(NSNumber(value: 0.5), forKey: "timeOffset")
            layer.setValue(Float(3), forKey: "repeatCount")
            layer.setValue(4, forKey: "repeatDuration")
            layer.setValue(10, forKey: "duration")
            layer.setValue(true, forKey: "autoreverses")
            layer.setValue("both", forKey: "fillMode")
            #expect(layer.speed == 2 && layer.beginTime == 1.5 && layer.timeOffset == 0.5)
            #expect(layer.repeatCount == 3 && layer.repeatDuration == 4 && layer.duration == 10)
            #expect(layer.autoreverses && layer.fillMode == .both)
            layer.setValue(CAMediaTimingFillMode.forwards, forKey: "fillMode")
            layer.setValue(nil, forKey: "speed")
            layer.setValue("fast", forKey: "speed")
            #expect(layer.fillMode == .forwards && layer.speed == 2)
            #expect(layer.value(forKey: "beginTime") as? Double == 1.5)
        }
    }

    @Test("hierarchy and object keys: sublayers, superlayer, mask, delegate, actions, style")
    func objectKeys() throws {
        try MediaClock.withManualTime { _ in
            let parent = CALayer()
            let child = CALayer()
            let mask = CALayer()
            parent.setValue([child], forKey: "sublayers")
            #expect(parent.sublayers?.first === child)
            #expect((child.value(forKey: "superlayer") as? CALayer) === parent)
            #expect((parent.value(forKey: "sublayers") as? [CALayer])?.count == 1)
            child.setValue(CALayer(), forKey: "superlayer")
            #expect(child.superlayer === parent, "superlayer is read-only")
            parent.setValue(mask, forKey: "mask")
            #expect(parent.mask === mask && (parent.value(forKey: "mask") as? CALayer) === mask)
            let delegate = PlainDelegate()
            parent.setValue(delegate, forKey: "delegate")
            #expect((parent.value(forKey: "delegate") as? PlainDelegate) === delegate)
            parent.setValue(["opacity": NSNull()], forKey: "actions")
            #expect(parent.actions?["opacity"] is NSNull)
            parent.setValue(["radius": 4], forKey: "style")
            let style = try #require(parent.value(forKey: "style") as? [AnyHashable: Any])
            #expect(style["radius"] as? Int == 4)
            parent.setValue(nil, forKey: "sublayers")
            parent.setValue(nil, forKey: "mask")
            parent.setValue(nil, forKey: "actions")
            #expect(parent.sublayers == nil && parent.mask == nil && parent.actions == nil)
            #expect(child.superlayer == nil)
        }
    }

    @Test("\"frame\" reads and sets the derived frame: (10, 20, 100, 50) gives position (60, 45)")
    func frameKey() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.setValue(NSValue(cgRect: CGRect(x: 10, y: 20, width: 100, height: 50)), forKey: "frame")
            #expect(layer.position == CGPoint(x: 60, y: 45))
            #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
            #expect(layer.value(forKey: "frame") as? CGRect == CGRect(x: 10, y: 20, width: 100, height: 50))
            #expect(layer.value(forKeyPath: "frame.size.width") as? Double == 100)
        }
    }

    @Test("an extra key stores any value and reads it back; nil removes it")
    func extraKeys() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            #expect(layer.value(forKey: "tag") == nil)
            layer.setValue("header", forKey: "tag")
            layer.setValue(NSNumber(value: 3), forKey: "index")
            #expect(layer.value(forKey: "tag") as? String == "header")
            #expect(layer.value(forKey: "index") as? Int == 3)
            layer.setValue(nil, forKey: "tag")
            #expect(layer.value(forKey: "tag") == nil)
            #expect(layer.value(forKey: "isHidden") == nil, "the Swift spelling is not a key")
            let copy = CALayer(layer: layer)
            #expect(copy.value(forKey: "index") as? Int == 3)
        }
    }

    @Test("an unset extra key reads the style chain, then the class's defaultValue(forKey:)")
    func extraKeyFallbacks() {
        MediaClock.withManualTime { _ in
            let layer = ProgressLayer()
            #expect(layer.value(forKey: "progress") as? Double == 0.25)
            layer.style = ["progress": 0.5, "style": ["depth": 2]]
            #expect(layer.value(forKey: "progress") as? Double == 0.5)
            #expect(layer.value(forKey: "depth") as? Int == 2)
            layer.setValue(0.75, forKey: "progress")
            #expect(layer.value(forKey: "progress") as? Double == 0.75)
            layer.displayIfNeeded()
        }
    }

    @Test("an extra key change marks display per needsDisplay(forKey:) and runs the action found for it")
    func extraKeyChangesPostEvents() {
        MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { ProgressLayer() }
            #expect(layer.isCommitted && !layer.needsDisplay())
            let action = RecordingAction()
            layer.actions = ["progress": action, "tag": action]
            layer.setValue(0.5, forKey: "progress")
            #expect(layer.needsDisplay())
            layer.setValue("a", forKey: "tag")
            #expect(action.runs.map(\.0) == ["progress", "tag"])
            #expect(action.runs.first?.1 as? Double == 0.5, "the action runs after the value is stored")
            #expect(layer.animationKeys() == nil, "no built-in animation for extra keys")
            layer.displayIfNeeded()
        }
    }

    @Test("key paths continue into layers, dictionaries and structs stored under extra keys")
    func keyPathsFollowValues() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            let mask = CALayer()
            mask.position = CGPoint(x: 8, y: 9)
            layer.mask = mask
            #expect(layer.value(forKeyPath: "mask.position.x") as? Double == 8)
            layer.setValue(0.5, forKeyPath: "mask.opacity")
            #expect(mask.opacity == 0.5)
            layer.style = ["metrics": ["gap": 12]]
            #expect(layer.value(forKeyPath: "style.metrics.gap") as? Int == 12)
            layer.setValue(CGPoint(x: 3, y: 4), forKey: "offset")
            layer.setValue(9, forKeyPath: "offset.y")
            #expect(layer.value(forKey: "offset") as? CGPoint == CGPoint(x: 3, y: 9))
            #expect(layer.value(forKeyPath: "offset.x") as? Double == 3)
            layer.setValue(NSValue(cgSize: CGSize(width: 2, height: 5)), forKey: "gap")
            #expect(layer.value(forKeyPath: "gap.height") as? Double == 5)
            layer.setValue(1, forKeyPath: "missing.x")
            #expect(layer.value(forKey: "missing") == nil && layer.value(forKeyPath: "missing.x") == nil)
        }
    }

    @Test("defaultValue(forKey:) answers keys with a non-zero default, nil for zero defaults and unknown keys")
    func defaultValueTable() throws {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "contentsScale") as? Double == 1)
        #expect(CALayer.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "duration") as? Double == .infinity)
        #expect(CALayer.defaultValue(forKey: "fillMode") as? String == "removed")
        #expect(CALayer.defaultValue(forKey: "doubleSided") as? Bool == true)
        #expect(CALayer.defaultValue(forKey: "transform") as? CATransform3D == CATransform3DIdentity)
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "shadowRadius") as? Double == 3)
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? String == "resize")
        #expect(CALayer.defaultValue(forKey: "edgeAntialiasingMask") as? Int == 15)
        #expect(CALayer.defaultValue(forKey: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        let border = try #require(CALayer.defaultValue(forKey: "borderColor") as? CGColor)
        #expect(border.components == [0, 0, 0, 1])
        for key in [
            "bounds", "position", "frame", "zPosition", "cornerRadius", "shadowOpacity", "backgroundColor",
            "contents", "beginTime", "timeOffset", "repeatCount", "lineWidth", "unknownKey",
        ] {
            #expect(CALayer.defaultValue(forKey: key) == nil, "\(key)")
        }
    }
}
