import Testing

@testable import PortableQuartzCore

/// A string enum shaped like Apple's `CAShapeLayerFillRule`.
private struct FillRuleLike: RawRepresentable {
    var rawValue: String
}

/// An option set shaped like Apple's `CACornerMask`.
private struct CornersLike: OptionSet {
    var rawValue: UInt
}

@Suite("AnimatableValue conversion from Apple's Any values")
struct AnimatableValueConversionTests {
    private func convert(_ value: Any?, _ kind: AnimatableValue.Kind) -> AnimatableValue? {
        AnimatableValue(converting: value, as: kind)
    }

    // MARK: Numbers

    @Test("every Swift numeric type and NSNumber converts to a number")
    func numbers() {
        #expect(convert(CGFloat(1.5), .number) == .number(1.5))
        #expect(convert(1.5 as Double, .number) == .number(1.5))
        #expect(convert(Float(0.25), .number) == .number(0.25))
        #expect(convert(3, .number) == .number(3))
        #expect(convert(Int8(-4), .number) == .number(-4))
        #expect(convert(UInt64(7), .number) == .number(7))
        #expect(convert(Int32(9), .number) == .number(9))
        #expect(convert(NSNumber(value: 2.5), .number) == .number(2.5))
        #expect(convert(NSNumber(value: Int64.max), .number) == .number(Double(Int64.max)))
        #expect(convert(true, .number) == .number(1))
        #expect(convert(CornersLike(rawValue: 5), .number) == .number(5))
    }

    @Test("a NaN number converts as NaN")
    func nanConverts() throws {
        let value = try #require(convert(Double.nan, .number))
        guard case .number(let number) = value else {
            Issue.record("expected a number")
            return
        }
        #expect(number.isNaN)
        #expect(convert(NSNumber(value: Double.nan), .number).map { PropertyFixtures.number($0)?.isNaN } == true)
    }

    @Test("booleans come from Bool, NSNumber and numbers (non-zero is true)")
    func booleans() {
        #expect(convert(true, .bool) == .bool(true))
        #expect(convert(NSNumber(value: false), .bool) == .bool(false))
        #expect(convert(0.5, .bool) == .bool(true))
        #expect(convert(0, .bool) == .bool(false))
    }

    // MARK: Geometry

    @Test("points come from CGPoint, NSValue and two numbers ([0, 100] as in the seeds)")
    func points() {
        let expected = AnimatableValue.point(CGPoint(x: 0, y: 100))
        #expect(convert(CGPoint(x: 0, y: 100), .point) == expected)
        #expect(convert(NSValue(cgPoint: CGPoint(x: 0, y: 100)), .point) == expected)
        #expect(convert([0, 100], .point) == expected)
        #expect(convert([0.0, 100.0], .point) == expected)
        #expect(convert([CGFloat(0), CGFloat(100)], .point) == expected)
        #expect(convert(NSArray(array: [NSNumber(value: 0), NSNumber(value: 100)]), .point) == expected)
        #expect(convert([0, 100, 3], .point) == nil)
        #expect(convert(["0", "100"], .point) == nil)
    }

    @Test("sizes and rectangles come from the struct, NSValue or numbers (w h; x y w h)")
    func sizesAndRects() {
        #expect(convert(CGSize(width: 3, height: 4), .size) == .size(CGSize(width: 3, height: 4)))
        #expect(convert(NSValue(cgSize: CGSize(width: 3, height: 4)), .size) == .size(CGSize(width: 3, height: 4)))
        #expect(convert([3, 4], .size) == .size(CGSize(width: 3, height: 4)))
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(convert(rect, .rect) == .rect(rect))
        #expect(convert(NSValue(cgRect: rect), .rect) == .rect(rect))
        #expect(convert([1, 2, 3, 4], .rect) == .rect(rect))
        #expect(convert([1, 2, 3], .rect) == nil)
    }

    @Test("an NSValue of another struct does not convert (a boxed size is not a point)")
    func wrongNSValue() {
        #expect(convert(NSValue(cgSize: CGSize(width: 1, height: 2)), .point) == nil)
        #expect(convert(NSNumber(value: 1), .point) == nil)
    }

    // MARK: Colours

    @Test("a CGColor converts to extended sRGB components; a grey keeps equal channels")
    func colors() throws {
        #expect(
            convert(CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25), .color)
                == .color(ColorComponents(red: 1, green: 0.5, blue: 0, alpha: 0.25)))
        let greyValue = try #require(convert(CGColor(gray: 0.5, alpha: 1), .color))
        let grey = try #require(PropertyFixtures.color(greyValue))
        #expect(grey.red == grey.green && grey.green == grey.blue && grey.alpha == 1)
        #expect(grey.red > 0 && grey.red < 1)
        #expect(
            convert([CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(gray: 0, alpha: 1)], .colors)
                == .colors([ColorComponents(red: 1, green: 0, blue: 0, alpha: 1), .opaqueBlack]))
        #expect(convert([CGColor(red: 1, green: 0, blue: 0, alpha: 1), 3], .colors) == nil)
        #expect(convert(CGColor(gray: 0, alpha: 1), .number) == nil)
    }

    // MARK: Transforms

    @Test("3-D transforms come from CATransform3D, NSValue, 16 numbers and (losslessly) a 2-D transform")
    func transforms() {
        let t = CATransform3DMakeRotation(0.3, 1, 1, 0)
        #expect(convert(t, .transform) == .transform(t))
        #expect(convert(NSValue(caTransform3D: t), .transform) == .transform(t))
        let elements: [Double] = [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 4, 5, 6, 1]
        var expected = CATransform3DMakeScale(1, 2, 3)
        (expected.m41, expected.m42, expected.m43) = (4, 5, 6)
        #expect(convert(elements, .transform) == .transform(expected))
        let affine = CGAffineTransform(rotationAngle: 0.2)
        #expect(convert(affine, .transform) == .transform(CATransform3DMakeAffineTransform(affine)))
        #expect(
            convert(NSValue(cgAffineTransform: affine), .transform)
                == .transform(CATransform3DMakeAffineTransform(affine)))
        #expect(convert(Array(elements.prefix(15)), .transform) == nil)
    }

    @Test("2-D transforms come from CGAffineTransform, NSValue, 6 numbers and an affine CATransform3D only")
    func affineTransforms() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(convert(t, .affineTransform) == .affineTransform(t))
        #expect(convert(NSValue(cgAffineTransform: t), .affineTransform) == .affineTransform(t))
        #expect(convert([1, 2, 3, 4, 5, 6], .affineTransform) == .affineTransform(t))
        #expect(convert(CATransform3DMakeAffineTransform(t), .affineTransform) == .affineTransform(t))
        #expect(convert(CATransform3DMakeRotation(0.5, 0, 1, 0), .affineTransform) == nil)
    }

    // MARK: Arrays, paths, images, strings

    @Test("value-function inputs are numbers: one number is a one-element array, an array stays an array")
    func valueFunctionInputs() {
        #expect(convert(Double.pi, .numbers) == .numbers([.pi]))
        #expect(convert([1, 1, 1], .numbers) == .numbers([1, 1, 1]))
        #expect(convert([1.5, 1.5, 1.5], .numbers) == .numbers([1.5, 1.5, 1.5]))
        #expect(convert([NSNumber(value: 0.5), NSNumber(value: 1)], .numbers) == .numbers([0.5, 1]))
        #expect(convert([1, "x"], .numbers) == nil)
    }

    @Test("a mutable path is copied when converted, so later edits do not leak in")
    func paths() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        let value = try #require(convert(path, .path))
        path.addLine(to: CGPoint(x: 10, y: 10))
        guard case .path(let stored) = value else {
            Issue.record("expected a path")
            return
        }
        #expect(PropertyFixtures.points(stored) == [.zero, CGPoint(x: 10, y: 0)])
    }

    @Test("images, strings, attributed strings and string enums convert to their kinds")
    func imagesAndStrings() {
        let image = PropertyFixtures.image()
        #expect(convert(image, .image) == .image(image))
        #expect(convert("even-odd", .string) == .string("even-odd"))
        #expect(convert(NSString(string: "round"), .string) == .string("round"))
        #expect(convert(NSAttributedString(string: "Hello"), .string) == .string("Hello"))
        #expect(convert(FillRuleLike(rawValue: "even-odd"), .string) == .string("even-odd"))
        #expect(convert(FillRuleLike(rawValue: "even-odd"), .number) == nil)
        #expect(convert("abc", .number) == nil)
        #expect(convert(3, .string) == nil)
    }

    // MARK: nil and typed values

    @Test("nil, NSNull and boxed nil convert to null for any kind")
    func nullValues() {
        #expect(convert(nil, .color) == .null)
        #expect(convert(NSNull(), .number) == .null)
        let boxed: Any = Optional<CGColor>.none as Any
        #expect(convert(boxed, .color) == .null)
        let boxedNumber: Any = Optional(3) as Any
        #expect(convert(boxedNumber, .number) == .number(3))
    }

    @Test("an AnimatableValue passes through when it has the kind, and converts when lossless")
    func typedValues() {
        #expect(convert(AnimatableValue.number(2), .number) == .number(2))
        #expect(convert(AnimatableValue.number(2), .numbers) == .numbers([2]))
        #expect(convert(AnimatableValue.affineTransform(.identity), .transform) == .transform(CATransform3DIdentity))
        #expect(convert(AnimatableValue.point(.zero), .number) == nil)
    }

    @Test("a CGPoint as a number or a rectangle and other unrelated kinds give nil")
    func unconvertible() {
        #expect(convert(CGPoint.zero, .number) == nil)
        #expect(convert(CGPoint.zero, .rect) == nil)
        #expect(convert(CGSize.zero, .point) == nil)
        #expect(convert("x", .image) == nil)
        #expect(convert(3, .null) == nil)
    }

    @Test("a CGPoint (3, 4) or its NSValue as a size is 3 × 4, as Core Animation reads `transform.translation`")
    func pointAsSize() {
        // Issue 17 §2.12: code animates and sets `transform.translation` with points, as it does `position`, and Core
        // Animation reads the two numbers whatever struct holds them.
        #expect(convert(CGPoint(x: 3, y: 4), .size) == .size(CGSize(width: 3, height: 4)))
        #expect(convert(NSValue(cgPoint: CGPoint(x: 3, y: 4)), .size) == .size(CGSize(width: 3, height: 4)))
    }

    // MARK: Back to Apple's types

    @Test("appleValue hands out NSNumber for numbers and flags, Swift structs for geometry, CGColor for colours")
    func appleValues() throws {
        let number = try #require(AnimatableValue.number(0.5).appleValue as? NSNumber)
        #expect(number.doubleValue == 0.5)
        #expect(AnimatableValue.number(0.5).appleValue as? Double == 0.5)
        #expect(AnimatableValue.bool(true).appleValue as? Bool == true)
        #expect(AnimatableValue.point(CGPoint(x: 1, y: 2)).appleValue as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(AnimatableValue.transform(CATransform3DIdentity).appleValue as? CATransform3D == CATransform3DIdentity)
        let color = try #require(
            AnimatableValue.color(ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)).appleValue as? CGColor)
        #expect(color == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(AnimatableValue.null.appleValue == nil)
        #expect((AnimatableValue.numbers([1, 2]).appleValue as? [NSNumber])?.map(\.doubleValue) == [1, 2])
    }

    @Test("an out-of-range colour is handed out in extended sRGB, unclamped, and converts back to itself")
    func extendedColorRoundTrip() throws {
        let wide = ColorComponents(red: 1.2, green: -0.1, blue: 0.5, alpha: 1)
        let cgColor = try #require(AnimatableValue.color(wide).appleValue as? CGColor)
        #expect(cgColor.colorSpace?.name == CGColorSpace.extendedSRGB)
        #expect(convert(cgColor, .color) == .color(wide))
    }

    @Test("a cross-fade reports its dominant image")
    func crossFadeAppleValue() {
        let a = PropertyFixtures.image(1)
        let b = PropertyFixtures.image(2)
        #expect(AnimatableValue.crossFade(from: a, to: b, fraction: 0.4).appleValue as? CGImage === a)
        #expect(AnimatableValue.crossFade(from: a, to: b, fraction: 0.5).appleValue as? CGImage === b)
    }

    @Test("every kind survives appleValue and back (round trip through Apple's types)")
    func roundTrip() {
        let values: [AnimatableValue] = [
            .number(1.25), .point(CGPoint(x: 1, y: 2)), .size(CGSize(width: 3, height: 4)),
            .rect(CGRect(x: 1, y: 2, width: 3, height: 4)),
            .color(ColorComponents(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)),
            .transform(CATransform3DMakeRotation(0.5, 0, 1, 0)), .affineTransform(CGAffineTransform(rotationAngle: 1)),
            .numbers([1, 2]), .colors([.opaqueWhite]), .path(PropertyFixtures.wigglePath()),
            .image(PropertyFixtures.image()),
            .bool(true), .string("axial"),
        ]
        for value in values {
            #expect(AnimatableValue(converting: value.appleValue, as: value.kind) == value, "\(value.kind)")
        }
    }

    @Test("a value that already is its kind's Swift type converts in one cast to what the general path gives")
    func directConversionsMatchTheGeneralOnes() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        let samples: [(Any, AnimatableValue.Kind)] = [
            (CGFloat(2.5), .number), (2.5 as Double, .number), (CGPoint(x: 1, y: 2), .point),
            (CGSize(width: 3, height: 4), .size), (CGRect(x: 1, y: 2, width: 3, height: 4), .rect),
            (CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1), .color), (CATransform3DMakeScale(2, 3, 1), .transform),
            (CGAffineTransform(rotationAngle: 1), .affineTransform), (path as CGPath, .path), (true, .bool),
        ]
        for (value, kind) in samples {
            let direct = AnimatableValue.direct(value, as: kind)
            #expect(direct != nil, "\(kind)")
            #expect(direct == ValueConverter.convert(value, as: kind), "\(kind)")
        }
        // A mutable path is copied, so later changes to it do not reach the value.
        guard case .path(let copied)? = AnimatableValue.direct(path, as: .path) else { return }
        #expect(copied !== path)
        // Other representations still take the general path: an Int as a number, two numbers as a point.
        #expect(AnimatableValue.direct(3 as Int, as: .number) == nil)
        #expect(convert(3 as Int, .number) == .number(3))
        #expect(AnimatableValue.direct([1, 2], as: .point) == nil)
        #expect(convert([1, 2], .point) == .point(CGPoint(x: 1, y: 2)))
    }
}
