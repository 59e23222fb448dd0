import Foundation
import PortableQuartzCore
import Testing

@Suite("NSValue(caTransform3D:)")
struct NSValueCATransform3DTests {
    /// Sixteen distinct elements, including a negative zero and values that are not exact in binary.
    private let sample = CATransform3D(
        m11: 1.5, m12: -0.0, m13: 0.1, m14: -0.002, m21: 2.25, m22: 3, m23: 1e-300, m24: 4,
        m31: 5, m32: -6.75, m33: 7, m34: 1.0 / 3, m41: 100, m42: -200, m43: 1e300, m44: 0.5
    )

    @Test("caTransform3DValue returns the sixteen elements bit for bit (−0 and 1/3 included)")
    func roundTrip() {
        let boxed = NSValue(caTransform3D: sample)
        let unboxed = boxed.caTransform3DValue
        let bits = { (t: CATransform3D) in TransformFixtures.elements(t).map(\.bitPattern) }
        #expect(bits(unboxed) == bits(sample))
        #expect(unboxed.m12.sign == .minus)
    }

    @Test("objCType is Apple's encoding {CATransform3D=dddddddddddddddd}")
    func typeEncoding() {
        let boxed = NSValue(caTransform3D: CATransform3DIdentity)
        #expect(String(cString: boxed.objCType) == "{CATransform3D=dddddddddddddddd}")
    }

    @Test("getValue writes the 128-byte struct layout")
    func getValueWritesStruct() {
        var out = CATransform3D()
        NSValue(caTransform3D: sample).getValue(&out)
        #expect(out == sample)
        #expect(MemoryLayout<CATransform3D>.size == 128)
    }

    @Test("two boxes of equal transforms are == and isEqual with equal hashes; a different m43 is not equal")
    func equalityAndHash() {
        let first = NSValue(caTransform3D: CATransform3DMakeTranslation(1, 2, 3))
        let second = NSValue(caTransform3D: CATransform3DMakeTranslation(1, 2, 3))
        let other = NSValue(caTransform3D: CATransform3DMakeTranslation(1, 2, 4))
        #expect(first == second)
        #expect(first.isEqual(second))
        #expect(first.hash == second.hash)
        #expect(first != other)
        #expect(!first.isEqual(NSValue(point: .zero)))
        #expect(Set([first, second, other]).count == 2)
    }

    @Test("copy() gives an equal value")
    func copyIsEqual() throws {
        let boxed = NSValue(caTransform3D: sample)
        let copied = try #require(boxed.copy() as? NSValue)
        #expect(copied == boxed)
        #expect(copied.caTransform3DValue == sample)
    }

    @Test("keyed archiving round-trips the transform (m34 −0.002 survives)")
    func keyedArchiving() throws {
        let boxed = NSValue(caTransform3D: sample)
        let data = try NSKeyedArchiver.archivedData(withRootObject: boxed, requiringSecureCoding: false)
        let restored = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? NSValue)
        #expect(restored.caTransform3DValue == sample)
        #expect(restored == boxed)
    }

    @Test("a value that holds no transform reads as the all-zero matrix, not as reinterpreted bytes")
    func foreignValueReadsZero() {
        #expect(NSValue(point: CGPoint(x: 3, y: 4)).caTransform3DValue == CATransform3D())
        #expect(NSNumber(value: 1).caTransform3DValue == CATransform3D())
    }

    @Test("description lists the rows like Apple's: starts with \"CATransform3D: {{1.0, 0.0, 0.0, 0.0}, {0.0, 1.0\"")
    func description() {
        let text = NSValue(caTransform3D: CATransform3DIdentity).description
        #expect(text.hasPrefix("CATransform3D: {{1.0, 0.0, 0.0, 0.0}, {0.0, 1.0"))
        #expect(text.hasSuffix("{0.0, 0.0, 0.0, 1.0}}"))
    }
}
