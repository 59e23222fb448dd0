import PortableQuartzCore
import PortableQuartzCoreTesting
import Testing

@Suite("PropertyPath parsing (SPEC §3.1)")
struct PropertyPathParsingTests {
    @Test(
        "every sub-path form of SPEC §3.1 parses to its property and component",
        arguments: [
            ("position.x", LayerProperty.position, PropertyComponent.x),
            ("anchorPoint.y", .anchorPoint, .y),
            ("shadowOffset.height", .shadowOffset, .height),
            ("shadowOffset.width", .shadowOffset, .width),
            ("bounds.size.width", .bounds, .sizeWidth),
            ("bounds.size.height", .bounds, .sizeHeight),
            ("bounds.size", .bounds, .size),
            ("bounds.origin", .bounds, .origin),
            ("bounds.origin.x", .bounds, .originX),
            ("bounds.origin.y", .bounds, .originY),
            ("contentsRect.size.width", .contentsRect, .sizeWidth),
            ("transform.rotation", .transform, .rotationZ),
            ("transform.rotation.x", .transform, .rotationX),
            ("transform.rotation.y", .transform, .rotationY),
            ("transform.rotation.z", .transform, .rotationZ),
            ("transform.scale", .transform, .scale),
            ("transform.scale.xy", .transform, .scaleXY),
            ("transform.scale.x", .transform, .scaleX),
            ("transform.scale.y", .transform, .scaleY),
            ("transform.scale.z", .transform, .scaleZ),
            ("transform.translation", .transform, .translation),
            ("transform.translation.x", .transform, .translationX),
            ("transform.translation.y", .transform, .translationY),
            ("transform.translation.z", .transform, .translationZ),
            ("sublayerTransform.scale", .sublayerTransform, .scale),
            ("instanceTransform.rotation.z", .instanceTransform, .rotationZ),
            ("emitterPosition.x", .emitterPosition, .x),
        ]
    )
    func subPaths(keyPath: String, property: LayerProperty, component: PropertyComponent) throws {
        let path = try #require(PropertyPath(keyPath: keyPath))
        #expect(path.property == property)
        #expect(path.component == component)
    }

    @Test(
        "malformed or unknown key paths give nil",
        arguments: [
            "", "position.q", "transform.rotation.w", "bounds..size", "position.", ".position", "opacity.x",
            "isHidden", "frame", "Position", "bounds.size.width.x", "transform.scale.xyz", "transform.rotation.",
            "bounds.width", "position.width", "shadowOffset.x", "transform.x", "backgroundColor.red", " position",
            "myCustomKey",
        ]
    )
    func rejects(keyPath: String) {
        #expect(PropertyPath(keyPath: keyPath) == nil)
    }

    @Test("every registered key parses to its property and prints back unchanged")
    func everyKey() throws {
        for property in LayerProperty.allCases {
            let path = try #require(PropertyPath(keyPath: property.key), "\(property.key)")
            #expect(path.property == property && path.component == nil)
            #expect(path.keyPath == property.key)
            #expect(path.kind == property.kind)
        }
    }

    @Test("Apple's keys differ from the Swift names for flags and the gradient type")
    func appleKeys() {
        #expect(PropertyPath(keyPath: "hidden")?.property == .isHidden)
        #expect(PropertyPath(keyPath: "doubleSided")?.property == .isDoubleSided)
        #expect(PropertyPath(keyPath: "geometryFlipped")?.property == .isGeometryFlipped)
        #expect(PropertyPath(keyPath: "opaque")?.property == .isOpaque)
        #expect(PropertyPath(keyPath: "wrapped")?.property == .isWrapped)
        #expect(PropertyPath(keyPath: "type")?.property == .gradientType)
    }

    @Test("the canonical key path of a bare rotation names the z axis; kinds follow the component")
    func canonicalForm() throws {
        let rotation = try #require(PropertyPath(keyPath: "transform.rotation"))
        #expect(rotation.keyPath == "transform.rotation.z")
        #expect(rotation.kind == .number)
        #expect(PropertyPath(keyPath: "transform.translation")?.kind == .size)
        #expect(PropertyPath(keyPath: "bounds.origin")?.kind == .point)
        #expect(PropertyPath(keyPath: "bounds")?.kind == .rect)
        #expect(PropertyPath(keyPath: "bounds.size.width")?.description == "bounds.size.width")
    }

    @Test("a component that the property's kind lacks cannot be combined with it")
    func invalidCombination() {
        #expect(PropertyPath(.opacity, .x) == nil)
        #expect(PropertyPath(.position, .sizeWidth) == nil)
        #expect(PropertyPath(.transform, .x) == nil)
        #expect(PropertyPath(.transform, .rotationX) != nil)
        #expect(PropertyPath(.bounds, nil) == PropertyPath(.bounds))
    }

    @Test("2-D transforms have the SPEC's 2-D subset of components")
    func affineSubset() {
        for suffix in ["rotation", "scale", "scale.x", "scale.y", "translation", "translation.x", "translation.y"] {
            #expect(PropertyComponent(keyPathSuffix: suffix, for: .affineTransform) != nil, "\(suffix)")
        }
        for suffix in ["rotation.x", "rotation.z", "scale.z", "scale.xy", "translation.z"] {
            #expect(PropertyComponent(keyPathSuffix: suffix, for: .affineTransform) == nil, "\(suffix)")
        }
    }
}

@Suite("PropertyPath reading and writing components of LayerState")
struct PropertyPathComponentTests {
    typealias F = PropertyFixtures

    private func read(_ keyPath: String, _ state: LayerState) throws -> AnimatableValue {
        try #require(PropertyPath(keyPath: keyPath)).value(in: state)
    }

    private func write(_ keyPath: String, _ value: AnimatableValue, _ state: inout LayerState) throws {
        try #require(PropertyPath(keyPath: keyPath)).set(value, in: &state)
    }

    @Test("point, size and rectangle components read and write their field only")
    func structComponents() throws {
        var state = LayerState()
        state.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        #expect(try read("bounds.size.width", state) == .number(30))
        #expect(try read("bounds.origin", state) == .point(CGPoint(x: 1, y: 2)))
        #expect(try read("bounds.size", state) == .size(CGSize(width: 30, height: 40)))
        try write("bounds.size.width", .number(80), &state)
        #expect(state.bounds == CGRect(x: 1, y: 2, width: 80, height: 40))
        try write("bounds.origin", .point(CGPoint(x: -5, y: 6)), &state)
        #expect(state.bounds == CGRect(x: -5, y: 6, width: 80, height: 40))
        try write("position.x", .number(12), &state)
        #expect(state.position == CGPoint(x: 12, y: 0))
        try write("shadowOffset.height", .number(-8), &state)
        #expect(state.shadowOffset == CGSize(width: 0, height: -8))
        try write("contentsRect.size.height", .number(0.5), &state)
        #expect(state.details.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 0.5))
    }

    @Test("transform.scale reads the mean of the three scales: scale(2, 3, 4) reads 3; scale.xy reads 2.5")
    func scaleGetters() throws {
        var state = LayerState()
        state.transform = CATransform3DMakeScale(2, 3, 4)
        let scale = try #require(F.number(try read("transform.scale", state)))
        #expect(abs(scale - 3) < 1e-15)
        let scaleXY = try #require(F.number(try read("transform.scale.xy", state)))
        #expect(abs(scaleXY - 2.5) < 1e-15)
        #expect(try read("transform.scale.z", state) == .number(4))
    }

    @Test("setting transform.rotation.z to π/2 on scale(2, 3, 4) keeps the scale: S·Rz(π/2)")
    func rotationKeepsScale() throws {
        var state = LayerState()
        state.transform = CATransform3DMakeScale(2, 3, 4)
        try write("transform.rotation.z", .number(.pi / 2), &state)
        let expected = CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        #expect(F.maxDifference(state.transform, expected) < 1e-15)
        #expect(abs((F.number(try read("transform.scale.x", state)) ?? 0) - 2) < 1e-15)
        #expect(abs((F.number(try read("transform.scale.y", state)) ?? 0) - 3) < 1e-15)
        #expect(abs((F.number(try read("transform.rotation", state)) ?? 0) - .pi / 2) < 1e-15)
    }

    @Test("transform.scale and scale.xy setters set all three / both scales")
    func scaleSetters() throws {
        var state = LayerState()
        state.transform = CATransform3DMakeTranslation(5, 6, 7)
        try write("transform.scale", .number(1.5), &state)
        var expected = CATransform3DMakeScale(1.5, 1.5, 1.5)
        (expected.m41, expected.m42, expected.m43) = (5, 6, 7)
        #expect(F.maxDifference(state.transform, expected) < 1e-15)
        try write("transform.scale.xy", .number(2), &state)
        #expect(state.transform.m11 == 2 && state.transform.m22 == 2 && state.transform.m33 == 1.5)
    }

    @Test("transform.translation is a size of (tx, ty); translation.z writes tz")
    func translation() throws {
        var state = LayerState()
        try write("transform.translation", .size(CGSize(width: 10, height: -4)), &state)
        #expect(state.transform == CATransform3DMakeTranslation(10, -4, 0))
        #expect(try read("transform.translation", state) == .size(CGSize(width: 10, height: -4)))
        try write("transform.translation.z", .number(3), &state)
        #expect(state.transform == CATransform3DMakeTranslation(10, -4, 3))
        #expect(try read("transform.translation.x", state) == .number(10))
    }

    @Test("rotation about x and y on the identity equal Apple's rotation matrices")
    func rotationXY() throws {
        var state = LayerState()
        try write("transform.rotation.x", .number(0.7), &state)
        #expect(F.maxDifference(state.transform, CATransform3DMakeRotation(0.7, 1, 0, 0)) < 1e-15)
        state.transform = CATransform3DIdentity
        try write("transform.rotation.y", .number(-0.4), &state)
        #expect(F.maxDifference(state.transform, CATransform3DMakeRotation(-0.4, 0, 1, 0)) < 1e-15)
        #expect(abs((F.number(try read("transform.rotation.y", state)) ?? 0) + 0.4) < 1e-15)
    }

    @Test("seed 000's transform.scale.y from 2.5 to 3 at p 0.5 sets the y scale to 2.75")
    func seedScaleY() throws {
        var state = LayerState()
        let value = AnimatableValue.interpolate(from: .number(2.5), to: .number(3), progress: 0.5)
        try write("transform.scale.y", value, &state)
        #expect(state.transform == CATransform3DMakeScale(1, 2.75, 1))
    }

    @Test("on an identity base each component is written directly, matching the decomposition route within 1e-15")
    func identityShortcut() throws {
        let cases: [(String, AnimatableValue, (inout TransformDecomposition) -> Void)] = [
            ("transform.rotation.x", .number(0.7), { $0.rotationX = 0.7 }),
            ("transform.rotation.y", .number(-1.1), { $0.rotationY = -1.1 }),
            ("transform.rotation.z", .number(2.5), { $0.rotationZ = 2.5 }),
            ("transform.scale", .number(1.5), { ($0.scaleX, $0.scaleY, $0.scaleZ) = (1.5, 1.5, 1.5) }),
            ("transform.scale.xy", .number(0.5), { ($0.scaleX, $0.scaleY) = (0.5, 0.5) }),
            ("transform.scale.z", .number(3), { $0.scaleZ = 3 }),
            (
                "transform.translation", .size(CGSize(width: 4, height: -2)),
                { ($0.translationX, $0.translationY) = (4, -2) }
            ),
            ("transform.translation.z", .number(9), { $0.translationZ = 9 }),
        ]
        for (keyPath, value, edit) in cases {
            var state = LayerState()
            try write(keyPath, value, &state)
            var parts = TransformDecomposition.identity
            edit(&parts)
            #expect(F.maxDifference(state.transform, parts.transform) < 1e-15, "\(keyPath)")
            // And reading the components of the identity gives the neutral values.
            let neutral = try read(keyPath, LayerState())
            #expect(
                neutral
                    == (keyPath.hasPrefix("transform.scale")
                        ? .number(1) : keyPath == "transform.translation" ? .size(.zero) : .number(0)),
                "\(keyPath)")
        }
    }

    @Test("values are 33 bytes (transforms live out of line), so copying one is cheap")
    func valueSize() {
        #expect(MemoryLayout<AnimatableValue>.size <= 33)
    }

    @Test("300 seeded transforms: a written translation, scale or rotation reads back, the other parts are kept")
    func seededRoundTrips() throws {
        var random = SeededRandom(seed: 0x5EED_0314)
        for _ in 0..<300 {
            var state = LayerState()
            let base = CATransform3DConcat(
                CATransform3DMakeScale(
                    random.nextDouble(in: 0.5...2), random.nextDouble(in: 0.5...2), random.nextDouble(in: 0.5...2)),
                CATransform3DConcat(
                    CATransform3DMakeRotation(random.nextDouble(in: -3...3), 0, 0, 1),
                    CATransform3DMakeTranslation(random.nextDouble(in: -50...50), random.nextDouble(in: -50...50), 0)))
            state.transform = base
            let before = TransformDecomposition(base)
            let tx = random.nextDouble(in: -100...100)
            try write("transform.translation.x", .number(tx), &state)
            let scale = random.nextDouble(in: 0.25...4)
            try write("transform.scale.y", .number(scale), &state)
            let angle = random.nextDouble(in: -3...3)
            try write("transform.rotation.z", .number(angle), &state)
            #expect(abs((F.number(try read("transform.translation.x", state)) ?? .nan) - tx) < 1e-9)
            #expect(abs((F.number(try read("transform.scale.y", state)) ?? .nan) - scale) < 1e-9)
            #expect(abs((F.number(try read("transform.rotation.z", state)) ?? .nan) - angle) < 1e-9)
            let after = TransformDecomposition(state.transform)
            #expect(abs(after.scaleX - before.scaleX) < 1e-9 && abs(after.scaleZ - before.scaleZ) < 1e-9)
            #expect(abs(after.translationY - before.translationY) < 1e-9)
        }
    }

    @Test("a 2-D transform's components read and write through the 2-D decomposition")
    func affineComponents() throws {
        let t = CGAffineTransform(scaleX: 2, y: 4).rotated(by: 0.5).translatedBy(x: 0, y: 0)
        let whole = AnimatableValue.affineTransform(CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 2, y: 4))
        #expect(abs((F.number(PropertyComponent.scale.value(of: whole)) ?? 0) - 3) < 1e-12)
        #expect(abs((F.number(PropertyComponent.rotationZ.value(of: whole)) ?? 0) - 0.5) < 1e-12)
        let rotated = try #require(
            F.affine(PropertyComponent.rotationZ.replacing(in: .affineTransform(.identity), with: .number(0.25))))
        #expect(F.maxDifference(rotated, CGAffineTransform(rotationAngle: 0.25)) < 1e-15)
        let moved = try #require(
            F.affine(
                PropertyComponent.translation.replacing(
                    in: .affineTransform(t), with: .size(CGSize(width: 7, height: 8)))))
        #expect(moved.tx == 7 && moved.ty == 8)
        #expect(PropertyComponent.scaleZ.value(of: whole) == .null)
    }

    @Test("a component value of the wrong kind, or a component the value lacks, changes nothing")
    func wrongKinds() throws {
        var state = LayerState()
        state.position = CGPoint(x: 1, y: 2)
        try write("position.x", .string("left"), &state)
        #expect(state.position == CGPoint(x: 1, y: 2))
        try write("transform.rotation.z", .point(.zero), &state)
        #expect(state.transform == CATransform3DIdentity)
        #expect(PropertyComponent.x.value(of: .number(3)) == .null)
        #expect(PropertyComponent.x.replacing(in: .number(3), with: .number(1)) == .number(3))
    }
}
