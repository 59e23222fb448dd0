import Foundation
import PortableCoreGraphics
import Testing

@Suite("NSValue CoreGraphics boxes")
struct NSValueTests {
    @Test("a point round-trips and equals Foundation's own point box")
    func point() {
        let value = NSValue(cgPoint: CGPoint(x: 1.5, y: -2.25))
        #expect(value.cgPointValue == CGPoint(x: 1.5, y: -2.25))
        #expect(value.isEqual(NSValue(point: CGPoint(x: 1.5, y: -2.25))))
        #expect(String(cString: value.objCType) == "{CGPoint=dd}")
    }

    @Test("a size round-trips")
    func size() {
        let value = NSValue(cgSize: CGSize(width: 320, height: 0.125))
        #expect(value.cgSizeValue == CGSize(width: 320, height: 0.125))
        #expect(String(cString: value.objCType) == "{CGSize=dd}")
    }

    @Test("a rect round-trips without being standardized")
    func rect() {
        let rect = CGRect(x: 10, y: 20, width: -30, height: 40.5)
        let value = NSValue(cgRect: rect)
        #expect(value.cgRectValue.origin == rect.origin)
        #expect(value.cgRectValue.size == rect.size)
    }

    @Test("Foundation's own boxes are read by their kind, so no conversion asks for the leaking objCType")
    func foundationBoxesReadWithoutObjCType() {
        // Linux Foundation's boxes allocate a new C string on each `objCType` call (found by FuzzAnimation's
        // LeakSanitizer: 13–33 bytes per conversion); the helper reads the stored struct instead.
        let point = NSValue(point: CGPoint(x: 3, y: 4))
        let rect = NSValue(rect: CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(point.foundationBoxedStruct(CGPoint.self) == CGPoint(x: 3, y: 4))
        #expect(point.foundationBoxedStruct(CGSize.self) == nil)
        #expect(rect.foundationBoxedStruct(CGRect.self)?.size.width == 30)
        #expect(NSValue(cgVector: CGVector(dx: 1, dy: 2)).foundationBoxedStruct(CGPoint.self) == nil)
        #expect(NSNumber(value: 2).foundationBoxedStruct(CGPoint.self) == nil)
        #expect((point as Any as? CGPoint) == CGPoint(x: 3, y: 4))
        #expect((rect as Any as? CGPoint) == nil)
    }

    @Test("a transform round-trips bit for bit, including -0 and NaN")
    func transform() {
        let transform = CGAffineTransform(a: 0.5, b: -0.0, c: .nan, d: 3, tx: -1e300, ty: .infinity)
        let read = NSValue(cgAffineTransform: transform).cgAffineTransformValue
        let fields = [read.a, read.b, read.c, read.d, read.tx, read.ty]
        let expected = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        #expect(fields.map(\.bitPattern) == expected.map(\.bitPattern))
    }

    @Test("a rotation transform round-trips exactly")
    func rotation() {
        let transform = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 12, y: -7)
        #expect(NSValue(cgAffineTransform: transform).cgAffineTransformValue == transform)
    }

    @Test("a vector round-trips")
    func vector() {
        let vector = CGVector(dx: -4.75, dy: 1e-9)
        #expect(NSValue(cgVector: vector).cgVectorValue == vector)
    }

    @Test("boxes of equal transforms are equal; different ones are not")
    func transformEquality() {
        let first = NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(first.isEqual(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3))))
        #expect(!first.isEqual(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 4))))
    }

    @Test("reading the wrong kind gives the zero value")
    func wrongKind() {
        let point = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        let size = NSValue(cgSize: CGSize(width: 3, height: 4))
        let vector = NSValue(cgVector: CGVector(dx: 5, dy: 6))
        let transform = NSValue(cgAffineTransform: .identity)
        let number = NSNumber(value: 7.0)
        #expect(point.cgSizeValue == .zero)
        #expect(point.cgRectValue == .zero)
        #expect(point.cgVectorValue == .zero)
        #expect(size.cgPointValue == .zero)
        #expect(vector.cgSizeValue == .zero)
        #expect(vector.cgAffineTransformValue == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(transform.cgVectorValue == .zero)
        #expect(transform.cgRectValue == .zero)
        #expect(number.cgPointValue == .zero)
        #expect(number.cgAffineTransformValue == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    @Test("transforms and vectors report Apple's struct encodings and descriptions")
    func appleEncodings() {
        let transform = NSValue(cgAffineTransform: CGAffineTransform(translationX: 3, y: 4))
        #expect(String(cString: transform.objCType) == "{CGAffineTransform=dddddd}")
        #expect(transform.description == "CGAffineTransform: {{1.0, 0.0}, {0.0, 1.0}, {3.0, 4.0}}")
        let vector = NSValue(cgVector: CGVector(dx: 1, dy: -2))
        #expect(String(cString: vector.objCType) == "{CGVector=dd}")
        #expect(vector.description == "CGVector: {1.0, -2.0}")
        #expect(!vector.isEqual(NSValue(cgAffineTransform: .identity)))
    }

    @Test("a boxed transform survives keyed archiving (tx 12.5)")
    func affineKeyedArchiving() throws {
        let boxed = NSValue(cgAffineTransform: CGAffineTransform(a: 2, b: 0, c: 0.5, d: 1, tx: 12.5, ty: -1))
        let data = try NSKeyedArchiver.archivedData(withRootObject: boxed, requiringSecureCoding: false)
        let restored = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? NSValue)
        #expect(restored.cgAffineTransformValue.tx == 12.5)
        #expect(restored.isEqual(boxed))
    }
}
