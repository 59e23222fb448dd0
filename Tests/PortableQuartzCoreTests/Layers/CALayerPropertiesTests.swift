import Foundation
import Testing

@testable import PortableQuartzCore

/// A string-backed name type, as apps declare for their filter names.
private enum BlendName: String {
    case multiply = "multiplyBlendMode"
}

@Suite("CALayer properties")
struct CALayerPropertiesTests {
    /// A 2×2 transparent image, for `contents`.
    static func smallImage() throws -> CGImage {
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let context = try #require(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        return try #require(context.makeImage())
    }

    @Test("a new layer reports Apple's default for every geometry and appearance property (SPEC §11b)")
    func geometryAndAppearanceDefaults() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            #expect(layer.bounds == .zero && layer.position == .zero)
            #expect(layer.zPosition == 0 && layer.anchorPointZ == 0)
            #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
            #expect(layer.transform == CATransform3DIdentity && layer.sublayerTransform == CATransform3DIdentity)
            #expect(!layer.isHidden && layer.isDoubleSided && !layer.isGeometryFlipped && !layer.masksToBounds)
            #expect(layer.opacity == 1 && layer.allowsGroupOpacity)
            #expect(layer.backgroundColor == nil && layer.cornerRadius == 0 && layer.borderWidth == 0)
            #expect(
                layer.maskedCorners == [
                    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
                ])
            #expect(layer.maskedCorners.rawValue == 15 && layer.cornerCurve == .circular)
            #expect(layer.borderColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            #expect(layer.shadowColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3 && layer.shadowPath == nil)
            #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
            #expect(layer.name == nil)
        }
    }

    @Test("a new layer reports Apple's default for every contents and rendering property")
    func contentsAndRenderingDefaults() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            #expect(layer.contents == nil)
            #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(layer.contentsGravity == .resize && layer.contentsScale == 1)
            #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
            #expect(layer.minificationFilterBias == 0)
            #expect(!layer.isOpaque && !layer.needsDisplayOnBoundsChange && !layer.drawsAsynchronously)
            #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
            #expect(layer.edgeAntialiasingMask.rawValue == 15 && !layer.allowsEdgeAntialiasing)
            #expect(layer.compositingFilter == nil && !layer.shouldRasterize && layer.rasterizationScale == 1)
        }
    }

    @Test("the default contents format is Apple's RGBA8Uint, raw value \"RGBA8\"")
    func contentsFormatDefault() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            #expect(layer.contentsFormat == .RGBA8Uint)
            layer.contentsFormat = .RGBA16Float
            #expect(layer.contentsFormat.rawValue == "RGBAh")
        }
    }

    @Test("geometry setters store what they are given: bounds (10, 20, 80, 40), position (100, 60), m34 −1/500")
    func geometryRoundTrip() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.bounds = CGRect(x: 10, y: 20, width: 80, height: 40)
            layer.position = CGPoint(x: 100, y: 60)
            layer.zPosition = 5
            layer.anchorPoint = CGPoint(x: 0.25, y: 1)
            layer.anchorPointZ = -3
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            layer.sublayerTransform = perspective
            layer.isGeometryFlipped = true
            #expect(layer.bounds == CGRect(x: 10, y: 20, width: 80, height: 40))
            #expect(layer.position == CGPoint(x: 100, y: 60))
            #expect(layer.zPosition == 5 && layer.anchorPointZ == -3)
            #expect(layer.anchorPoint == CGPoint(x: 0.25, y: 1))
            #expect(layer.transform == CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
            #expect(layer.sublayerTransform.m34 == -0.002)
            #expect(layer.isGeometryFlipped)
        }
    }

    @Test("appearance setters store what they are given")
    func appearanceRoundTrip() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.isHidden = true
            layer.isDoubleSided = false
            layer.masksToBounds = true
            layer.allowsGroupOpacity = false
            layer.cornerRadius = 12
            layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            layer.cornerCurve = .continuous
            layer.borderWidth = 2.5
            layer.shadowOpacity = 0.5
            layer.shadowOffset = CGSize(width: 4, height: 6)
            layer.shadowRadius = 8
            layer.name = "card"
            #expect(layer.isHidden && !layer.isDoubleSided && layer.masksToBounds && !layer.allowsGroupOpacity)
            #expect(layer.cornerRadius == 12 && layer.borderWidth == 2.5)
            #expect(layer.maskedCorners.rawValue == 9 && layer.cornerCurve.rawValue == "continuous")
            #expect(layer.shadowOpacity == 0.5 && layer.shadowRadius == 8)
            #expect(layer.shadowOffset == CGSize(width: 4, height: 6))
            #expect(layer.name == "card")
            layer.name = nil
            #expect(layer.name == nil)
        }
    }

    @Test("contents and rendering setters store what they are given")
    func contentsAndRenderingRoundTrip() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
            layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            layer.contentsGravity = .resizeAspectFill
            layer.contentsScale = 2
            layer.minificationFilter = .trilinear
            layer.magnificationFilter = .nearest
            layer.minificationFilterBias = 0.5
            layer.isOpaque = true
            layer.needsDisplayOnBoundsChange = true
            layer.drawsAsynchronously = true
            layer.edgeAntialiasingMask = [.layerTopEdge]
            layer.allowsEdgeAntialiasing = true
            layer.shouldRasterize = true
            layer.rasterizationScale = 3
            #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
            #expect(layer.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
            #expect(layer.contentsGravity.rawValue == "resizeAspectFill" && layer.contentsScale == 2)
            #expect(layer.minificationFilter.rawValue == "trilinear" && layer.magnificationFilter.rawValue == "nearest")
            #expect(layer.minificationFilterBias == 0.5)
            #expect(layer.isOpaque && layer.needsDisplayOnBoundsChange && layer.drawsAsynchronously)
            #expect(layer.edgeAntialiasingMask.rawValue == 8 && layer.allowsEdgeAntialiasing)
            #expect(layer.shouldRasterize && layer.rasterizationScale == 3)
        }
    }

    @Test("opacity is a Float: 0.3 set from a Double reads back 0.30000001192092896")
    func opacityRoundsToFloat() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            let computed: Double = 0.1 + 0.2
            layer.opacity = Float(computed)
            #expect(Double(layer.opacity) == 0.30000001192092896)
            layer.shadowOpacity = Float(computed)
            #expect(Double(layer.shadowOpacity) == 0.30000001192092896)
        }
    }

    @Test("an sRGB colour round-trips by value; the getter builds a new CGColor")
    func colorRoundTrip() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            let color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            layer.backgroundColor = color
            let read = try #require(layer.backgroundColor)
            #expect(read == color)
            #expect(read !== color)
            #expect(read.colorSpace?.name == CGColorSpace.sRGB)
            layer.borderColor = nil
            #expect(layer.borderColor == nil)
            layer.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            #expect(layer.shadowColor?.components == [1, 0, 0, 1])
        }
    }

    @Test("a colour outside 0…1 keeps its components in extended sRGB: red 1.25")
    func extendedColor() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            let space = try #require(CGColorSpace(name: CGColorSpace.extendedSRGB))
            let components: [CGFloat] = [1.25, 0.5, -0.125, 1]
            let color = try #require(
                components.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) })
            layer.backgroundColor = color
            let read = try #require(layer.backgroundColor)
            #expect(read.components == [1.25, 0.5, -0.125, 1])
            #expect(read.colorSpace?.name == CGColorSpace.extendedSRGB)
        }
    }

    @Test("a gray colour reads back as sRGB with three equal channels")
    func grayColorConvertsToRGB() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.backgroundColor = CGColor(gray: 1, alpha: 0.5)
            let read = try #require(layer.backgroundColor)
            #expect(read.colorSpace?.name == CGColorSpace.sRGB)
            let components = try #require(read.components)
            #expect(components.count == 4 && components[3] == 0.5)
            #expect(components[0..<3].allSatisfy { abs($0 - 1) < 1e-12 })
        }
    }

    @Test("NaN, infinities and negative sizes are stored as given")
    func nonFiniteValuesStoredAsGiven() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.cornerRadius = .nan
            layer.opacity = .infinity
            layer.position = CGPoint(x: CGFloat.nan, y: 2)
            layer.bounds = CGRect(x: 0, y: 0, width: -10, height: 5)
            layer.shadowRadius = -1
            #expect(layer.cornerRadius.isNaN)
            #expect(layer.opacity == .infinity)
            #expect(layer.position.x.isNaN && layer.position.y == 2)
            #expect(layer.bounds.size == CGSize(width: -10, height: 5))
            #expect(layer.shadowRadius == -1)
        }
    }

    @Test("contents keeps a CGImage (the same object), and any other object as set (see LayerContentsObjectTests)")
    func contentsKeepsImages() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            let image = try Self.smallImage()
            layer.contents = image
            #expect((layer.contents as? CGImage) === image)
            layer.contents = "not an image"
            #expect(layer.contents as? String == "not an image")
            layer.contents = image
            layer.contents = nil
            #expect(layer.contents == nil)
        }
    }

    @Test("compositingFilter keeps a filter name, from a String or a string-backed value, and nil for other values")
    func compositingFilterNames() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.compositingFilter = "screenBlendMode"
            #expect(layer.compositingFilter as? String == "screenBlendMode")
            layer.compositingFilter = BlendName.multiply
            #expect(layer.compositingFilter as? String == "multiplyBlendMode")
            layer.compositingFilter = 42
            #expect(layer.compositingFilter == nil)
        }
    }

    @Test("shadowPath is copied when set: later changes to the mutable path do not reach the layer")
    func shadowPathIsCopied() throws {
        try MediaClock.withManualTime { _ in
            let layer = CALayer()
            let path = CGMutablePath()
            path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            layer.shadowPath = path
            path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
            let stored = try #require(layer.shadowPath)
            #expect(stored.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    @Test("setters go through the action machinery: cornerRadius animates on a committed layer, contentsGravity not")
    func settersPostActions() throws {
        try MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { CALayer() }
            layer.contentsGravity = .center
            #expect(layer.animationKeys() == nil)
            layer.cornerRadius = 10
            #expect(layer.animationKeys() == ["cornerRadius"])
            let animation = try #require(layer.animation(forKey: "cornerRadius") as? CABasicAnimation)
            #expect(animation.keyPath == "cornerRadius")
            #expect(layer.cornerRadius == 10, "the model value changes at once")
        }
    }

    @Test("with needsDisplayOnBoundsChange a bounds change marks the contents for display")
    func boundsChangeMarksDisplay() {
        MediaClock.withManualTime { _ in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            #expect(!layer.needsDisplay())
            layer.needsDisplayOnBoundsChange = true
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
            #expect(layer.needsDisplay())
            layer.displayIfNeeded()
            #expect(!layer.needsDisplay())
        }
    }

    @Test("a presentation copy reports the value on screen: opacity 1 while the model is 0")
    func presentationGetters() throws {
        try MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { CALayer() }
            layer.opacity = 0
            let presentation = try #require(layer.presentation())
            #expect(presentation.opacity == 1 && layer.opacity == 0)
        }
    }

    @Test("the option sets have Apple's raw bits")
    func optionSetBits() {
        #expect(CACornerMask.layerMinXMinYCorner.rawValue == 1 && CACornerMask.layerMaxXMinYCorner.rawValue == 2)
        #expect(CACornerMask.layerMinXMaxYCorner.rawValue == 4 && CACornerMask.layerMaxXMaxYCorner.rawValue == 8)
        #expect(
            CAEdgeAntialiasingMask.layerLeftEdge.rawValue == 1 && CAEdgeAntialiasingMask.layerRightEdge.rawValue == 2)
        #expect(
            CAEdgeAntialiasingMask.layerBottomEdge.rawValue == 4 && CAEdgeAntialiasingMask.layerTopEdge.rawValue == 8)
    }

    @Test("the name types have Apple's raw strings")
    func nameRawValues() {
        let gravities: [CALayerContentsGravity] = [
            .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize,
            .resizeAspect, .resizeAspectFill,
        ]
        #expect(
            gravities.map(\.rawValue) == [
                "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                "resize", "resizeAspect", "resizeAspectFill",
            ])
        #expect(
            [CALayerContentsFilter.nearest, .linear, .trilinear].map(\.rawValue) == ["nearest", "linear", "trilinear"])
        #expect([CALayerCornerCurve.circular, .continuous].map(\.rawValue) == ["circular", "continuous"])
        #expect(
            [CALayerContentsFormat.RGBA8Uint, .RGBA16Float, .gray8Uint].map(\.rawValue) == ["RGBA8", "RGBAh", "Gray8"])
        #expect(CALayerContentsGravity("center") == .center && CALayerCornerCurve("x").rawValue == "x")
    }
}
