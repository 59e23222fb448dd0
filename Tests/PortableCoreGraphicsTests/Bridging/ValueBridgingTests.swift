import Foundation
import Testing

@testable import PortableCoreGraphics

/// Casts between Core Graphics values and Foundation's boxes, as Apple's Swift overlays provide them: on Apple
/// platforms `NSNumber` casts to `CGFloat` and `NSValue` to `CGPoint`, `CGSize`, `CGRect`, `CGAffineTransform` and
/// `CGVector` (and back), and code reading values out of `Any` relies on it.
@Suite("Value bridging")
struct ValueBridgingTests {
    @Test("an NSNumber casts to CGFloat when Double would: 1.5, 3 and Float 0.3 do, 2⁶³ − 1 does not")
    func numbersToCGFloat() {
        let boxed: [Any] = [NSNumber(value: 1.5), NSNumber(value: 3), NSNumber(value: Float(0.3))]
        #expect(boxed.map { $0 as? CGFloat } == [1.5, 3, CGFloat(Float(0.3))])
        // Not exactly a Double, so not a CGFloat either (Swift's exact bridging of NSNumber, SE-0170).
        #expect((NSNumber(value: Int64.max) as Any) as? CGFloat == nil)
        #expect(([NSNumber(value: 1), NSNumber(value: 0.5)] as Any) as? [CGFloat] == [1, 0.5])
    }

    @Test("a CGFloat casts to NSNumber holding its Double: 0.25")
    func cgFloatToNumber() {
        let number = (CGFloat(0.25) as Any) as? NSNumber
        #expect(number?.doubleValue == 0.25)
        #expect(([CGFloat(1), 2] as Any) as? [NSNumber] == [NSNumber(value: 1.0), NSNumber(value: 2.0)])
    }

    @Test("points, sizes, rectangles, affine transforms and vectors cast to NSValue and back")
    func structsThroughNSValue() {
        let point = CGPoint(x: 1, y: 2)
        let size = CGSize(width: 3, height: 4)
        let rect = CGRect(x: 5, y: 6, width: 7, height: 8)
        let transform = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let vector = CGVector(dx: 9, dy: 10)
        #expect(((point as Any) as? NSValue).map { $0 as Any as? CGPoint } == point)
        #expect(((size as Any) as? NSValue).map { $0 as Any as? CGSize } == size)
        #expect(((rect as Any) as? NSValue).map { $0 as Any as? CGRect } == rect)
        #expect(((transform as Any) as? NSValue).map { $0 as Any as? CGAffineTransform } == transform)
        #expect(((vector as Any) as? NSValue).map { $0 as Any as? CGVector } == vector)
        #expect((NSValue(cgPoint: point) as Any) as? CGPoint == point)
        #expect((NSValue(cgAffineTransform: transform) as Any) as? CGAffineTransform == transform)
    }

    @Test("an NSValue of another type does not cast: a size is no point, a number no rectangle")
    func wrongBoxes() {
        #expect((NSValue(cgSize: CGSize(width: 1, height: 2)) as Any) as? CGPoint == nil)
        #expect((NSNumber(value: 4) as Any) as? CGRect == nil)
        #expect((NSValue(cgVector: CGVector(dx: 1, dy: 2)) as Any) as? CGAffineTransform == nil)
    }

    @Test("equalTo compares as ==: (1, 2) equals (1, 2), a rectangle equals its flipped form")
    func equalTo() {
        // Apple's CoreGraphics overlay keeps equalTo for code written against CGPointEqualToPoint.
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
        // CGRectEqualToRect compares standardized rectangles, and so does Foundation's ==.
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 10, y: 10, width: -10, height: -10)))
        #expect(!CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 11)))
        #expect(!CGPoint(x: CGFloat.nan, y: 0).equalTo(CGPoint(x: CGFloat.nan, y: 0)))
        // divided(atDistance:from:) comes from Linux Foundation itself.
        let (slice, remainder) = CGRect(x: 0, y: 0, width: 100, height: 40).divided(atDistance: 30, from: .minXEdge)
        #expect(slice == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(remainder == CGRect(x: 30, y: 0, width: 70, height: 40))
    }

    @Test("HUGE and MAXFLOAT are the largest Float 3.40282347e38; NSEC_PER_SEC is 10⁹ as UInt64")
    func constants() {
        // `animation.repeatCount = HUGE` is the commonest "for ever" in Core Animation code; Darwin's math.h
        // defines HUGE as MAXFLOAT, the largest finite float.
        let forever: Float = HUGE
        #expect(forever == 3.40282347e38 && MAXFLOAT == forever)
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && NSEC_PER_USEC == 1_000)
        #expect(USEC_PER_SEC == 1_000_000)
        #expect(Double(NSEC_PER_SEC) * 0.5 == 500_000_000)
        let wide: CGFloat = CGFLOAT_MAX
        #expect(wide == .greatestFiniteMagnitude)
    }
}
