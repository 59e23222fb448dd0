import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("LayerGeometry")
struct LayerGeometryTests {
    // MARK: Helpers

    static func expectPoint(
        _ actual: CGPoint, _ expected: CGPoint, tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(actual.x - expected.x) <= tolerance && abs(actual.y - expected.y) <= tolerance,
            "\(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
    }

    static func expectRect(
        _ actual: CGRect, _ expected: CGRect, tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pairs = [
            (actual.origin.x, expected.origin.x), (actual.origin.y, expected.origin.y),
            (actual.size.width, expected.size.width), (actual.size.height, expected.size.height),
        ]
        #expect(
            pairs.allSatisfy { abs($0.0 - $0.1) <= tolerance }, "\(actual) is not within \(tolerance) of \(expected)",
            sourceLocation: sourceLocation)
    }

    /// The perspective most demos use: m34 = −1/500 (the eye 500 points in front of the plane).
    static var perspective: CATransform3D {
        var matrix = CATransform3DIdentity
        matrix.m34 = -1.0 / 500
        return matrix
    }

    /// Transforms with an exact inverse in the plane, for round trips.
    static let invertibleTransforms: [CATransform3D] = [
        CATransform3DMakeScale(2, 2, 1),
        CATransform3DMakeScale(-1, 0.5, 1),
        CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
        CATransform3DMakeRotation(.pi / 6, 0, 0, 1),
        CATransform3DMakeTranslation(10, -4, 3),
        CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.5, c: 0.25, d: 2, tx: 3, ty: -7)),
        CATransform3DConcat(CATransform3DMakeRotation(.pi / 3, 0, 1, 0), perspective),
    ]

    // MARK: Frame

    @Test("frame with an identity transform: bounds 80×40, position (100, 60), anchor (0.25, 0.5) ⇒ (80, 40, 80, 40)")
    func frameIdentity() {
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 80, height: 40), position: CGPoint(x: 100, y: 60),
            anchorPoint: CGPoint(x: 0.25, y: 0.5))
        #expect(geometry.frame == CGRect(x: 80, y: 40, width: 80, height: 40))
    }

    @Test(
        "bounds origin, zPosition, anchorPointZ and the superlayer's sublayerTransform leave the frame alone",
        arguments: [
            LayerGeometry(bounds: CGRect(x: 13, y: -7, width: 80, height: 40)),
            LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 80, height: 40), zPosition: 90),
            LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 80, height: 40), anchorPointZ: -25),
            LayerGeometry(
                bounds: CGRect(x: 0, y: 0, width: 80, height: 40), superlayerProjection: CATransform3DMakeScale(3, 3, 1)
            ),
        ])
    func frameIgnoresDepthAndOrigin(geometry: LayerGeometry) {
        var placed = geometry
        placed.position = CGPoint(x: 100, y: 60)
        placed.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        #expect(placed.frame == CGRect(x: 80, y: 40, width: 80, height: 40))
    }

    @Test("frame under scale (2, 2) about the centre of a 50×50 layer at (25, 25) is (−25, −25, 100, 100)")
    func frameUnderScale() {
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 25, y: 25),
            transform: CATransform3DMakeScale(2, 2, 1))
        #expect(geometry.frame == CGRect(x: -25, y: -25, width: 100, height: 100))
    }

    @Test("frame under a quarter turn of a 100×50 layer at (0, 0) is the box (−25, −50, 50, 100)")
    func frameUnderQuarterTurn() {
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 50), transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        Self.expectRect(geometry.frame, CGRect(x: -25, y: -50, width: 50, height: 100), tolerance: 1e-12)
    }

    @Test("frame under an eighth turn of a 100×100 layer at (0, 0) is the box ±50√2")
    func frameUnderEighthTurn() {
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 100), transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let half = 50 * 2.0.squareRoot()
        Self.expectRect(geometry.frame, CGRect(x: -half, y: -half, width: 2 * half, height: 2 * half), tolerance: 1e-12)
    }

    @Test("frame includes the transform's translation: translate (10, −4) moves (0, 0, 20, 20) at (10, 10) to (10, −4)")
    func frameUnderTranslation() {
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 10, y: 10),
            transform: CATransform3DMakeTranslation(10, -4, 0))
        #expect(geometry.frame == CGRect(x: 10, y: -4, width: 20, height: 20))
    }

    @Test("anchorPointZ 50 under a quarter turn about y puts the edge-on layer 50 points left of its position")
    func frameAnchorPointZUnderTurnAboutY() {
        // A bounds point at anchor-relative (x, y) sits at depth −50; the turn maps (x, y, −50) to
        // (x·cos 90° − 50·sin 90°, y) = (−50, y): every point lands on x = 200 − 50.
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 200, y: 200), anchorPointZ: 50,
            transform: CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        Self.expectRect(geometry.frame, CGRect(x: 150, y: 150, width: 0, height: 100), tolerance: 1e-12)
    }

    @Test("a negative bounds size gives the standardized frame: bounds −80×−40, anchor (0.25, 0.5) ⇒ (40, 40, 80, 40)")
    func frameOfNegativeBounds() {
        // origin = position − anchor × size = (100 + 20, 60 + 20) = (120, 80); the box runs back 80 and 40 from there.
        let geometry = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: -80, height: -40), position: CGPoint(x: 100, y: 60),
            anchorPoint: CGPoint(x: 0.25, y: 0.5))
        #expect(geometry.frame == CGRect(x: 40, y: 40, width: 80, height: 40))
    }

    @Test("a NaN in bounds or position gives a null frame")
    func frameOfNaN() {
        let nanPosition = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: CGFloat.nan, y: 0))
        let nanBounds = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), transform: CATransform3DMakeScale(2, 2, 1))
        #expect(nanPosition.frame.isNull)
        #expect(nanBounds.frame.isNull)
    }

    // MARK: Setting the frame

    @Test("setting frame (10, 20, 100, 50) with anchor (0, 0) gives position (10, 20) and bounds (0, 0, 100, 50)")
    func setFrameTopLeftAnchor() throws {
        let geometry = LayerGeometry(anchorPoint: .zero)
        let placement = try #require(geometry.settingFrame(CGRect(x: 10, y: 20, width: 100, height: 50)))
        #expect(placement.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(placement.position == CGPoint(x: 10, y: 20))
    }

    @Test("setting a frame keeps the bounds origin and puts the default anchor at the frame's centre (60, 45)")
    func setFrameKeepsBoundsOrigin() throws {
        let geometry = LayerGeometry(bounds: CGRect(x: 5, y: -3, width: 1, height: 1))
        let placement = try #require(geometry.settingFrame(CGRect(x: 10, y: 20, width: 100, height: 50)))
        #expect(placement.bounds == CGRect(x: 5, y: -3, width: 100, height: 50))
        #expect(placement.position == CGPoint(x: 60, y: 45))
    }

    @Test("a negative frame size is standardized: (110, 70, −100, −50) acts as (10, 20, 100, 50)")
    func setFrameStandardizes() throws {
        let geometry = LayerGeometry(anchorPoint: .zero)
        let placement = try #require(geometry.settingFrame(CGRect(x: 110, y: 70, width: -100, height: -50)))
        #expect(placement.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(placement.position == CGPoint(x: 10, y: 20))
    }

    @Test("with scale (2, 2), setting frame (−25, −25, 100, 100) gives bounds 50×50 at position (25, 25)")
    func setFrameUnderScale() throws {
        let geometry = LayerGeometry(transform: CATransform3DMakeScale(2, 2, 1))
        let placement = try #require(geometry.settingFrame(CGRect(x: -25, y: -25, width: 100, height: 100)))
        #expect(placement.bounds == CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(placement.position == CGPoint(x: 25, y: 25))
    }

    @Test("with a quarter turn, setting a 100×50 frame gives 50×100 bounds (the frame reads back unchanged)")
    func setFrameUnderQuarterTurn() throws {
        let geometry = LayerGeometry(anchorPoint: .zero, transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let placement = try #require(geometry.settingFrame(CGRect(x: 10, y: 20, width: 100, height: 50)))
        Self.expectRect(placement.bounds, CGRect(x: 0, y: 0, width: 50, height: 100), tolerance: 1e-12)
        // The top-left anchor turns to the top-right corner of the box: (10 + 100, 20).
        Self.expectPoint(placement.position, CGPoint(x: 110, y: 20), tolerance: 1e-12)
    }

    @Test("with an eighth turn, a 100×100 frame maps back to 100√2 square bounds centred on the frame")
    func setFrameUnderEighthTurn() throws {
        // The frame's corners about its centre, (±50, ±50), turned back by 45° land on (±50√2, 0) and (0, ±50√2).
        let geometry = LayerGeometry(transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let placement = try #require(geometry.settingFrame(CGRect(x: 10, y: 20, width: 100, height: 100)))
        let side = 100 * 2.0.squareRoot()
        Self.expectRect(placement.bounds, CGRect(x: 0, y: 0, width: side, height: side), tolerance: 1e-9)
        Self.expectPoint(placement.position, CGPoint(x: 60, y: 70), tolerance: 1e-9)
    }

    @Test(
        "setting then reading the frame gives it back under scales, mirrors, quarter turns and translations",
        arguments: [0, 1, 2, 4])
    func setFrameRoundTrip(index: Int) throws {
        let frame = CGRect(x: -12, y: 30, width: 64, height: 24)
        var geometry = LayerGeometry(
            bounds: CGRect(x: 3, y: 4, width: 1, height: 1), anchorPoint: CGPoint(x: 0.2, y: 0.7),
            transform: Self.invertibleTransforms[index])
        let placement = try #require(geometry.settingFrame(frame))
        geometry.bounds = placement.bounds
        geometry.position = placement.position
        #expect(placement.bounds.origin == CGPoint(x: 3, y: 4))
        Self.expectRect(geometry.frame, frame, tolerance: 1e-9)
    }

    @Test("under a 30° turn or a shear the frame read back is larger but centred where it was set", arguments: [3, 5])
    func setFrameKeepsCentre(index: Int) throws {
        let frame = CGRect(x: -12, y: 30, width: 64, height: 24)
        var geometry = LayerGeometry(anchorPoint: CGPoint(x: 0.2, y: 0.7), transform: Self.invertibleTransforms[index])
        let placement = try #require(geometry.settingFrame(frame))
        geometry.bounds = placement.bounds
        geometry.position = placement.position
        let readBack = geometry.frame
        Self.expectPoint(CGPoint(x: readBack.midX, y: readBack.midY), CGPoint(x: 20, y: 42), tolerance: 1e-9)
        #expect(readBack.width > frame.width && readBack.height > frame.height)
    }

    @Test("a frame that cannot be inverted through (zero scale) is set as with the identity")
    func setFrameSingularTransform() throws {
        let geometry = LayerGeometry(transform: CATransform3DMakeScale(0, 0, 1))
        let placement = try #require(geometry.settingFrame(CGRect(x: 10, y: 20, width: 100, height: 50)))
        #expect(placement.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(placement.position == CGPoint(x: 60, y: 45))
    }

    @Test(
        "a frame with a NaN or infinite coordinate is refused",
        arguments: [
            CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 10, height: CGFloat.nan),
            CGRect(x: 0, y: CGFloat.infinity, width: 10, height: 10), CGRect.null,
        ])
    func setFrameNonFinite(frame: CGRect) {
        #expect(LayerGeometry().settingFrame(frame) == nil)
    }

    // MARK: Points

    @Test("parent 100×100, child 20×20 at (50, 30): the child's (0, 0) is the parent's (40, 20), and back")
    func childToParent() {
        let child = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 30))
        #expect(child.convertToSuperlayer(.zero) == CGPoint(x: 40, y: 20))
        #expect(child.convertFromSuperlayer(CGPoint(x: 40, y: 20)) == .zero)
    }

    @Test("with the child scaled 3× about its centre, its (0, 0) is the parent's (50 − 30, 30 − 30) = (20, 0)")
    func scaledChildToParent() {
        let child = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 50, y: 30),
            transform: CATransform3DMakeScale(3, 3, 1))
        #expect(child.convertToSuperlayer(.zero) == CGPoint(x: 20, y: 0))
        Self.expectPoint(child.convertFromSuperlayer(CGPoint(x: 20, y: 0)), .zero, tolerance: 1e-12)
    }

    @Test("the bounds origin shifts the layer's coordinates: bounds origin (5, 5) makes (5, 5) the top-left corner")
    func boundsOriginShiftsCoordinates() {
        let child = LayerGeometry(bounds: CGRect(x: 5, y: 5, width: 20, height: 20), position: CGPoint(x: 50, y: 30))
        #expect(child.convertToSuperlayer(CGPoint(x: 5, y: 5)) == CGPoint(x: 40, y: 20))
    }

    @Test("a layer turned 60° about y under m34 = −1/500 shows its corners foreshortened, worked by hand")
    func perspectiveTurnAboutY() {
        // Bounds 100×100 with the default anchor at position (100, 100). transform = rotation 60° about y, then
        // the perspective (CATransform3DRotate(perspective, …) puts the rotation first).
        // Child (100, 0) is (50, −50, 0) from the anchor. The turn gives (50·cos 60°, −50, −50·sin 60°)
        // = (25, −50, −43.30127). w = 1 + z·m34 = 1 + 43.30127/500 = 1.0866025. Divided: (23.0074927, −46.0149854),
        // so the parent sees (123.0074927, 53.9850146).
        // Child (0, 0) is (−50, −50, 0): turned (−25, −50, +43.30127), w = 0.9133975 (nearer the eye, larger):
        // (−27.3703411, −54.7406821) ⇒ parent (72.6296589, 45.2593179).
        let child = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100),
            transform: CATransform3DRotate(Self.perspective, .pi / 3, 0, 1, 0))
        Self.expectPoint(
            child.convertToSuperlayer(CGPoint(x: 100, y: 0)), CGPoint(x: 123.0074927, y: 53.9850146), tolerance: 1e-6)
        Self.expectPoint(child.convertToSuperlayer(.zero), CGPoint(x: 72.6296589, y: 45.2593179), tolerance: 1e-6)
        // Going down finds the point of the turned plane that shows there: x with 0.5x / (1 + 0.0017321x) =
        // 23.0074927 is x = 23.0074927 / (0.5 − 0.0017321 × 23.0074927) = 50, so child (100, 50).
        Self.expectPoint(
            child.convertFromSuperlayer(CGPoint(x: 123.0074927, y: 100)), CGPoint(x: 100, y: 50), tolerance: 1e-6)
    }

    @Test("the superlayer's sublayerTransform acts about the superlayer's anchor point, not its bounds origin")
    func sublayerTransformAboutAnchor() {
        // The parent (bounds 200×200, default anchor ⇒ pivot (100, 100)) carries the perspective; the child turns
        // 60° about y at (100, 100). Relative to the pivot this is the previous test: (123.0074927, 53.9850146).
        let projection = LayerGeometry.projection(
            sublayerTransform: Self.perspective, bounds: CGRect(x: 0, y: 0, width: 200, height: 200),
            anchorPoint: CGPoint(x: 0.5, y: 0.5), anchorPointZ: 0)
        let child = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100),
            transform: CATransform3DMakeRotation(.pi / 3, 0, 1, 0), superlayerProjection: projection)
        Self.expectPoint(
            child.convertToSuperlayer(CGPoint(x: 100, y: 0)), CGPoint(x: 123.0074927, y: 53.9850146), tolerance: 1e-6)
        // About the bounds origin instead, x would be (100 + 25) / 1.0866 = 115.04: the pivot matters.
        let aboutOrigin = LayerGeometry.projection(
            sublayerTransform: Self.perspective, bounds: CGRect(x: 0, y: 0, width: 200, height: 200),
            anchorPoint: .zero, anchorPointZ: 0)
        var shifted = child
        shifted.superlayerProjection = aboutOrigin
        Self.expectPoint(
            shifted.convertToSuperlayer(CGPoint(x: 100, y: 0)), CGPoint(x: 115.0374634, y: 46.0149854), tolerance: 1e-6)
    }

    @Test("zPosition 100 under a superlayer perspective of −1/500 enlarges by 1/(1 − 100/500) = 1.25")
    func zPositionUnderPerspective() {
        let projection = LayerGeometry.projection(
            sublayerTransform: Self.perspective, bounds: CGRect(x: 0, y: 0, width: 200, height: 200),
            anchorPoint: CGPoint(x: 0.5, y: 0.5), anchorPointZ: 0)
        let child = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 100, y: 100), zPosition: 100,
            superlayerProjection: projection)
        // Child (20, 10) is 10 right of the anchor: 10 × 1.25 = 12.5 right of the pivot.
        Self.expectPoint(child.convertToSuperlayer(CGPoint(x: 20, y: 10)), CGPoint(x: 112.5, y: 100), tolerance: 1e-12)
        var flat = child
        flat.superlayerProjection = CATransform3DIdentity
        #expect(flat.convertToSuperlayer(CGPoint(x: 20, y: 10)) == CGPoint(x: 110, y: 100))
    }

    @Test("up then down is the identity under every invertible transform", arguments: 0..<7)
    func pointRoundTrip(index: Int) {
        let child = LayerGeometry(
            bounds: CGRect(x: -4, y: 6, width: 80, height: 50), position: CGPoint(x: 33, y: -21), zPosition: 12,
            anchorPoint: CGPoint(x: 0.3, y: 0.9), anchorPointZ: 7, transform: Self.invertibleTransforms[index])
        for point in [CGPoint(x: 0, y: 0), CGPoint(x: 17.5, y: -3), CGPoint(x: 60, y: 44)] {
            Self.expectPoint(child.convertFromSuperlayer(child.convertToSuperlayer(point)), point, tolerance: 1e-9)
        }
    }

    @Test("a layer flattened to a line (zero x scale, or a quarter turn about y) converts points into it as NaN")
    func flattenedLayerHasNoInverse() {
        for transform in [CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)] {
            var singular = transform
            // The turn leaves cos 90° ≈ 6e-17 in m11; clear it so the plane is exactly edge-on.
            if singular.m11.magnitude < 1e-15 { singular.m11 = 0 }
            let child = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 20, height: 20), transform: singular)
            let point = child.convertFromSuperlayer(CGPoint(x: 1, y: 1))
            #expect(point.x.isNaN && point.y.isNaN)
        }
    }

    @Test("a NaN coordinate converts to NaN in both directions, without trapping")
    func nanPointsStayNaN() {
        let child = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 20, height: 20), transform: CATransform3DMakeScale(2, 2, 1))
        #expect(child.convertToSuperlayer(CGPoint(x: CGFloat.nan, y: 1)).x.isNaN)
        #expect(child.convertFromSuperlayer(CGPoint(x: 1, y: CGFloat.nan)).y.isNaN)
    }

    // MARK: Plane maps

    @Test("flattening keeps rows and columns 1, 2 and 4 of the 4×4 matrix")
    func flatteningPicksElements() {
        let matrix = CATransform3D(
            m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8, m31: 9, m32: 10, m33: 11, m34: 12,
            m41: 13, m42: 14, m43: 15, m44: 16)
        let map = LayerGeometry.PlaneMap(flattening: matrix)
        #expect(
            map.transform == PlaneTransform(m11: 1, m12: 2, m13: 4, m21: 5, m22: 6, m23: 8, m31: 13, m32: 14, m33: 16))
        // (1, 1): X = 1 + 5 + 13 = 19, Y = 2 + 6 + 14 = 22, W = 4 + 8 + 16 = 28.
        Self.expectPoint(map.apply(to: CGPoint(x: 1, y: 1)), CGPoint(x: 19.0 / 28, y: 22.0 / 28), tolerance: 1e-15)
    }

    @Test("a map followed by its inverse is the identity (perspective included)", arguments: 0..<7)
    func inverseComposesToIdentity(index: Int) {
        let map = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 40, height: 30), position: CGPoint(x: 9, y: 9),
            transform: Self.invertibleTransforms[index]
        ).mapToSuperlayer
        let product = map.followed(by: map.inverted).transform
        let scale = product.m33
        let elements = [
            product.m11 / scale - 1, product.m12 / scale, product.m13 / scale, product.m21 / scale,
            product.m22 / scale - 1, product.m23 / scale, product.m31 / scale, product.m32 / scale,
        ]
        #expect(elements.allSatisfy { abs($0) < 1e-12 }, "\(product)")
    }

    @Test("mapping through a product equals mapping through each factor in turn")
    func productMatchesSteps() {
        let first = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100),
            transform: CATransform3DRotate(Self.perspective, .pi / 5, 1, 1, 0)
        ).mapToSuperlayer
        let second = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 300, height: 300), position: CGPoint(x: -7, y: 40),
            transform: CATransform3DMakeScale(0.5, 2, 1)
        ).mapToSuperlayer
        let point = CGPoint(x: 12, y: 80)
        Self.expectPoint(
            first.followed(by: second).apply(to: point), second.apply(to: first.apply(to: point)), tolerance: 1e-9)
    }

    // MARK: Rectangles

    @Test("the bounding box of no points, or of a NaN point, is null; of two points, the box between them")
    func boundingBoxRules() {
        #expect(LayerGeometry.boundingBox(of: []).isNull)
        #expect(LayerGeometry.boundingBox(of: [CGPoint(x: 1, y: 1), CGPoint(x: CGFloat.nan, y: 0)]).isNull)
        #expect(LayerGeometry.boundingBox(of: [CGPoint(x: 1, y: CGFloat.infinity)]).isNull)
        #expect(
            LayerGeometry.boundingBox(of: [CGPoint(x: 4, y: -1), CGPoint(x: -2, y: 3)])
                == CGRect(x: -2, y: -1, width: 6, height: 4))
    }

    @Test("a rectangle's corners map to their bounding box; a null rectangle stays null")
    func planeMapBoundingBox() {
        let map = LayerGeometry(transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)).mapToSuperlayer
        Self.expectRect(
            map.boundingBox(of: CGRect(x: 0, y: 0, width: 10, height: 4)), CGRect(x: -4, y: 0, width: 4, height: 10),
            tolerance: 1e-12)
        #expect(map.boundingBox(of: .null).isNull)
    }

    @Test(
        "containment counts min edges in and max edges out, like CGRectContainsPoint",
        arguments: [
            (CGPoint(x: 0, y: 0), true), (CGPoint(x: 9.999, y: 4.999), true), (CGPoint(x: 10, y: 2), false),
            (CGPoint(x: 2, y: 5), false), (CGPoint(x: -0.001, y: 2), false), (CGPoint(x: CGFloat.nan, y: 2), false),
        ])
    func containment(point: CGPoint, inside: Bool) {
        #expect(LayerGeometry.rect(CGRect(x: 0, y: 0, width: 10, height: 5), contains: point) == inside)
        // The same rectangle written with a negative size.
        #expect(LayerGeometry.rect(CGRect(x: 10, y: 5, width: -10, height: -5), contains: point) == inside)
    }

    @Test("empty and null rectangles contain nothing")
    func emptyContainsNothing() {
        #expect(!LayerGeometry.rect(.zero, contains: .zero))
        #expect(!LayerGeometry.rect(CGRect(x: 0, y: 0, width: 0, height: 10), contains: CGPoint(x: 0, y: 1)))
        #expect(!LayerGeometry.rect(.null, contains: .zero))
    }

    @Test("an identity sublayerTransform needs no pivot; a scale 2 about pivot (50, 50) sends (60, 50) to (70, 50)")
    func projectionPivot() {
        let identity = LayerGeometry.projection(
            sublayerTransform: CATransform3DIdentity, bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
            anchorPoint: CGPoint(x: 0.5, y: 0.5), anchorPointZ: 4)
        #expect(CATransform3DIsIdentity(identity))
        let scale = LayerGeometry.projection(
            sublayerTransform: CATransform3DMakeScale(2, 2, 1), bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
            anchorPoint: CGPoint(x: 0.5, y: 0.5), anchorPointZ: 0)
        #expect(LayerGeometry.PlaneMap(flattening: scale).apply(to: CGPoint(x: 60, y: 50)) == CGPoint(x: 70, y: 50))
    }

    @Test(
        "placementMatrix is toAnchor · transform · translation(position): 2 000 seeded layers, flipped or not, 3D, equal to the two concatenations"
    )
    func placementMatrixEqualsTheConcatenations() {
        var state: UInt64 = 0x5EED_2026
        func unit() -> CGFloat {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return CGFloat(state >> 11) / CGFloat(1 << 53)
        }
        func value() -> CGFloat { (unit() - 0.5) * 400 }
        var mismatches = 0
        for index in 0..<2_000 {
            var transform = CATransform3DIdentity
            if index % 4 != 0 {
                transform = CATransform3DRotate(
                    CATransform3DMakeScale(unit() * 3, unit() * 3, 1), unit() * 6, unit() - 0.5, unit() - 0.5, 1)
                transform = CATransform3DTranslate(transform, value(), value(), value() / 10)
                if index % 3 == 0 { transform.m34 = -1 / (200 + unit() * 800) }
            }
            let geometry = LayerGeometry(
                bounds: CGRect(x: value(), y: value(), width: value(), height: value()),
                position: CGPoint(x: value(), y: value()), zPosition: index % 5 == 0 ? value() : 0,
                anchorPoint: CGPoint(x: unit(), y: unit()), anchorPointZ: index % 7 == 0 ? value() : 0,
                transform: transform, isGeometryFlipped: index % 2 == 1)
            let anchor = geometry.anchorInBounds
            var toAnchor = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -geometry.anchorPointZ)
            if geometry.isGeometryFlipped {
                toAnchor.m22 = -1
                toAnchor.m42 = geometry.bounds.minY + geometry.bounds.maxY - anchor.y
            }
            let expected = CATransform3DConcat(
                CATransform3DConcat(toAnchor, transform),
                CATransform3DMakeTranslation(geometry.position.x, geometry.position.y, geometry.zPosition))
            if geometry.placementMatrix != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // A worked case: a 100 × 50 layer anchored at its centre, at (200, 80), turned a quarter: its origin goes to
        // (200 + 25, 80 − 50), so row 4 is (225, 30, 0, 1).
        let turned = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 80),
            transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        #expect(abs(turned.placementMatrix.m41 - 225) < 1e-12 && abs(turned.placementMatrix.m42 - 30) < 1e-12)
    }
}
