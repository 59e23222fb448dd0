import Foundation
import Testing

@testable import PortableQuartzCore

/// One property's round trip: the value set by key, in the Swift type code uses for it, and whether the value read
/// back casts as code casts it.
private struct RoundTrip {
    let value: Any
    let casts: (Any?) -> Bool
}

/// Values read back through key-value coding cast as on Apple platforms, where Core Animation hands out `NSNumber`,
/// `NSValue` and `NSString` and Swift's overlays bridge them (issue 17 §1): `as? CGFloat`, `as? Float`, `as? CGPoint`,
/// `as? NSValue`, `as? CALayerContentsGravity`, `as? [CGFloat]`…
@Suite("Key-value coding casts")
struct KeyValueCastTests {
    static let image = squareImage(side: 2, red: 0, green: 0, blue: 1)

    /// A layer of the class that declares `property`.
    static func layer(for property: LayerProperty) -> CALayer {
        switch property.family {
        case .layer: CALayer()
        case .shapeLayer: CAShapeLayer()
        case .gradientLayer: CAGradientLayer()
        case .textLayer: CATextLayer()
        case .replicatorLayer: CAReplicatorLayer()
        case .emitterLayer: CAEmitterLayer()
        }
    }

    /// A value of `property` other than its default, given as code gives it, with the casts code applies to what it
    /// reads back.
    private static func roundTrip(for property: LayerProperty) -> RoundTrip {
        switch property {
        case .opacity, .shadowOpacity, .minificationFilterBias, .instanceRedOffset, .instanceGreenOffset,
            .instanceBlueOffset, .instanceAlphaOffset, .birthRate, .lifetime, .velocity, .scale, .spin:
            // `Float` properties: 0.3 comes back as exactly the `Float` 0.3, and as that `Float` widened.
            RoundTrip(value: Float(0.3)) {
                $0 as? Float == 0.3 && $0 as? CGFloat == CGFloat(Float(0.3)) && $0 as? Double == Double(Float(0.3))
            }
        case .instanceCount:
            RoundTrip(value: 5) { $0 as? Int == 5 && $0 as? CGFloat == 5 }
        case .seed:
            RoundTrip(value: UInt32(7)) { $0 as? UInt32 == 7 && $0 as? Int == 7 }
        case .maskedCorners:
            RoundTrip(value: CACornerMask.layerMinXMinYCorner) { $0 as? UInt == 1 }
        case .edgeAntialiasingMask:
            RoundTrip(value: CAEdgeAntialiasingMask.layerLeftEdge) { $0 as? UInt32 == 1 }
        case .instanceDelay:
            RoundTrip(value: CFTimeInterval(0.3)) { $0 as? CFTimeInterval == 0.3 && $0 as? CGFloat == 0.3 }
        case .isHidden, .isDoubleSided, .isGeometryFlipped, .masksToBounds, .allowsGroupOpacity, .isOpaque,
            .needsDisplayOnBoundsChange, .drawsAsynchronously, .allowsEdgeAntialiasing, .shouldRasterize, .isWrapped,
            .allowsFontSubpixelQuantization, .preservesDepth:
            RoundTrip(value: !(property.defaultValue == .bool(true))) {
                $0 as? Bool == !(property.defaultValue == .bool(true)) && $0 is NSNumber
            }
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition:
            RoundTrip(value: CGPoint(x: 0.25, y: 7)) {
                $0 as? CGPoint == CGPoint(x: 0.25, y: 7)
                    && ($0 as? NSValue)?.cgPointValue == CGPoint(x: 0.25, y: 7)
            }
        case .shadowOffset, .emitterSize:
            RoundTrip(value: CGSize(width: 3, height: 4)) {
                $0 as? CGSize == CGSize(width: 3, height: 4)
                    && ($0 as? NSValue)?.cgSizeValue == CGSize(width: 3, height: 4)
            }
        case .bounds, .contentsRect, .contentsCenter:
            RoundTrip(value: CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.25)) {
                let rect = CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.25)
                return $0 as? CGRect == rect && ($0 as? NSValue)?.cgRectValue == rect
            }
        case .transform, .sublayerTransform, .instanceTransform:
            RoundTrip(value: CATransform3DMakeScale(2, 3, 1)) {
                $0 as? CATransform3D == CATransform3DMakeScale(2, 3, 1)
                    && ($0 as? NSValue)?.caTransform3DValue == CATransform3DMakeScale(2, 3, 1)
            }
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor:
            RoundTrip(value: CGColor(srgbRed: 0.25, green: 0.5, blue: 0.75, alpha: 1)) {
                ($0 as? CGColor)?.components == [0.25, 0.5, 0.75, 1]
            }
        case .shadowPath, .path:
            RoundTrip(value: CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)) {
                ($0 as? CGPath)?.boundingBox == CGRect(x: 0, y: 0, width: 8, height: 8)
            }
        case .contents:
            RoundTrip(value: image) { ($0 as? CGImage) === image }
        case .contentsGravity: name(CALayerContentsGravity.center)
        case .contentsFormat: name(CALayerContentsFormat.RGBA16Float)
        case .minificationFilter: name(CALayerContentsFilter.nearest)
        case .magnificationFilter: name(CALayerContentsFilter.trilinear)
        case .cornerCurve: name(CALayerCornerCurve.continuous)
        case .fillRule: name(CAShapeLayerFillRule.evenOdd)
        case .lineCap: name(CAShapeLayerLineCap.round)
        case .lineJoin: name(CAShapeLayerLineJoin.bevel)
        case .gradientType: name(CAGradientLayerType.radial)
        case .truncationMode: name(CATextLayerTruncationMode.end)
        case .alignmentMode: name(CATextLayerAlignmentMode.center)
        case .emitterShape: name(CAEmitterLayerEmitterShape.circle)
        case .emitterMode: name(CAEmitterLayerEmitterMode.outline)
        case .renderMode: name(CAEmitterLayerRenderMode.additive)
        case .compositingFilter, .name, .string, .font:
            RoundTrip(value: "multiplyBlendMode") { $0 as? String == "multiplyBlendMode" }
        case .lineDashPattern, .locations:
            RoundTrip(value: [NSNumber(value: 0.25), NSNumber(value: 2)]) {
                $0 as? [CGFloat] == [0.25, 2] && $0 as? [Double] == [0.25, 2] && ($0 as? [NSNumber])?.count == 2
            }
        case .colors:
            RoundTrip(value: [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)]) {
                ($0 as? [CGColor])?.first?.components == [1, 0, 0, 1]
            }
        case .zPosition, .anchorPointZ, .cornerRadius, .borderWidth, .shadowRadius, .contentsScale,
            .rasterizationScale, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase, .fontSize,
            .emitterZPosition, .emitterDepth:
            // `CGFloat` properties, the commonest cast: `value(forKey: "cornerRadius") as? CGFloat`.
            RoundTrip(value: CGFloat(0.75)) {
                $0 as? CGFloat == 0.75 && $0 as? Double == 0.75 && ($0 as? NSNumber)?.doubleValue == 0.75
            }
        }
    }

    /// A name given as its typed constant; it reads back as that type and as a `String`.
    private static func name<Name: RawRepresentable<String> & Equatable>(_ value: Name) -> RoundTrip {
        RoundTrip(value: value) { $0 as? Name == value && $0 as? String == value.rawValue }
    }

    @Test(
        "every registered property round-trips through setValue(_:forKeyPath:) and casts as code casts it",
        arguments: LayerProperty.allCases)
    func everyPropertyRoundTrips(property: LayerProperty) {
        let trip = Self.roundTrip(for: property)
        let layer = Self.layer(for: property)
        layer.setValue(trip.value, forKeyPath: property.key)
        let read = layer.value(forKeyPath: property.key)
        #expect(trip.casts(read), "\(property.key): \(String(describing: read))")
    }

    @Test("struct and transform parts cast as CGFloat: rotation.z π/2, scale 2, position.x 7, bounds.size 8 × 4")
    func componentsCast() {
        // The commonest reads in the wild: `layer.value(forKeyPath: "transform.rotation.z") as? CGFloat` (spinners
        // resuming a rotation), `presentation()?.value(forKeyPath: "transform.scale") as? CGFloat`.
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        layer.setValue(2, forKeyPath: "transform.scale")
        layer.setValue(7, forKeyPath: "position.x")
        layer.setValue(CGSize(width: 8, height: 4), forKeyPath: "bounds.size")
        let rotation = layer.value(forKeyPath: "transform.rotation.z") as? CGFloat
        #expect(rotation.map { abs($0 - .pi / 2) < 1e-12 } == true)
        #expect((layer.value(forKeyPath: "transform.rotation") as? Double).map { abs($0 - .pi / 2) < 1e-12 } == true)
        #expect((layer.value(forKeyPath: "transform.scale") as? CGFloat).map { abs($0 - 2) < 1e-12 } == true)
        #expect(layer.value(forKeyPath: "position.x") as? CGFloat == 7)
        #expect(layer.value(forKeyPath: "position") as? CGPoint == CGPoint(x: 7, y: 0))
        #expect(layer.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 8, height: 4))
        #expect(layer.value(forKeyPath: "bounds.size.width") as? CGFloat == 8)
        #expect(layer.value(forKey: "speed") as? Float == 1)
        #expect(layer.value(forKey: "fillMode") as? CAMediaTimingFillMode == .removed)
    }

    @Test("defaultValue(forKey:) casts: opacity 1 as CGFloat, anchorPoint as CGPoint, contentsGravity as its type")
    func defaultsCast() {
        // Custom layers answer `defaultValue(forKey:)` by asking super and casting, e.g. `as? CGFloat`.
        #expect(CALayer.defaultValue(forKey: "opacity") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? NSValue == NSValue(cgPoint: CGPoint(x: 0.5, y: 0.5)))
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
        #expect(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat == 3)
        #expect(CALayer.defaultValue(forKey: "duration") as? Double == .infinity)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "lineCap") as? CAShapeLayerLineCap == .butt)
    }

    @Test("defaultValue(forKey:) answers NSNumber(false) for flags: hidden, masksToBounds, opaque … allowsOverdamping")
    func flagDefaults() {
        // A peer's tests cross-checked on macOS (issue 17 §2.6): Apple boxes false flags instead of answering nil.
        for key in [
            "hidden", "masksToBounds", "geometryFlipped", "opaque", "shouldRasterize", "drawsAsynchronously",
            "needsDisplayOnBoundsChange", "allowsEdgeAntialiasing", "autoreverses",
        ] {
            #expect(CALayer.defaultValue(forKey: key) as? NSNumber == NSNumber(value: false), "\(key)")
            #expect(CALayer.defaultValue(forKey: key) as? Bool == false, "\(key)")
        }
        #expect(CALayer.defaultValue(forKey: "doubleSided") as? Bool == true)
        #expect(CASpringAnimation.defaultValue(forKey: "allowsOverdamping") as? Bool == false)
        #expect(CABasicAnimation.defaultValue(forKey: "additive") as? Bool == false)
        #expect(CABasicAnimation.defaultValue(forKey: "removedOnCompletion") as? Bool == true)
    }

    @Test("CATransition's endProgress default reads 1 (a Float) and CAEmitterCell's duration infinity")
    func transitionAndCellDefaults() {
        // Issue 17 §2.6, peer-checked on macOS.
        #expect(CATransition.defaultValue(forKey: "endProgress") as? Float == 1)
        #expect(CATransition.defaultValue(forKey: "startProgress") == nil)
        #expect(CATransition().endProgress == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "duration") as? CFTimeInterval == .infinity)
        #expect(CAEmitterCell().duration == .infinity)
    }

    @Test("animation names read by key cast to their types: fillMode, calculationMode, the transition type")
    func animationNamesCast() {
        let keyframes = CAKeyframeAnimation(keyPath: "position")
        keyframes.calculationMode = .paced
        keyframes.fillMode = .forwards
        #expect(keyframes.value(forKey: "calculationMode") as? CAAnimationCalculationMode == .paced)
        #expect(keyframes.value(forKey: "fillMode") as? CAMediaTimingFillMode == .forwards)
        #expect(keyframes.value(forKey: "keyPath") as? String == "position")
        let transition = CATransition()
        transition.type = .push
        #expect(transition.value(forKey: "type") as? CATransitionType == .push)
    }
}

@Suite("transform.translation with points")
struct TranslationPointTests {
    @Test("setValue(CGPoint(10, 20), forKeyPath: \"transform.translation\") moves the layer by (10, 20)")
    func setWithPoint() {
        // Issue 17 §2.12: Apple's documentation asks for an NSSize or CGSize, and Core Animation also takes the
        // CGPoint code passes, as for `position`.
        let layer = CALayer()
        layer.setValue(CGPoint(x: 10, y: 20), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == 10 && layer.transform.m42 == 20)
        #expect(layer.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 10, height: 20))
        #expect(layer.value(forKeyPath: "transform.translation.y") as? CGFloat == 20)
    }

    @Test("a basic animation of transform.translation from (0, 0) to (100, 40) is at (50, 20) half way")
    func animatedWithPoints() throws {
        try MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { CALayer() }
            let move = CABasicAnimation(keyPath: "transform.translation")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
            move.duration = 1
            layer.add(move, forKey: "move")
            clock.advance(by: 0)
            clock.advance(by: 0.5)
            let shown = try #require(layer.presentation())
            #expect(shown.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 50, height: 20))
            #expect(shown.transform.m41 == 50 && shown.transform.m42 == 20)
        }
    }

    @Test("keyframes of transform.translation given as points: (0, 0), (100, 0), (100, 60) at t = 0.75 is (100, 30)")
    func keyframesWithPoints() throws {
        try MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { CALayer() }
            let path = CAKeyframeAnimation(keyPath: "transform.translation")
            path.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 60)]
            path.duration = 1
            layer.add(path, forKey: "path")
            clock.advance(by: 0)
            clock.advance(by: 0.75)
            let shown = try #require(layer.presentation())
            #expect(shown.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 100, height: 30))
        }
    }
}
