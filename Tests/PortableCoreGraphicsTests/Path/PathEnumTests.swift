import PortableCoreGraphics
import Testing

@Suite("CGPathElementType")
struct CGPathElementTypeTests {
    @Test("raw values are Apple's Int32 constants 0 through 4")
    func rawValues() {
        #expect(CGPathElementType.moveToPoint.rawValue == 0)
        #expect(CGPathElementType.addLineToPoint.rawValue == 1)
        #expect(CGPathElementType.addQuadCurveToPoint.rawValue == 2)
        #expect(CGPathElementType.addCurveToPoint.rawValue == 3)
        #expect(CGPathElementType.closeSubpath.rawValue == 4)
        #expect(CGPathElementType(rawValue: 5) == nil)
        #expect(type(of: CGPathElementType.moveToPoint.rawValue) == Int32.self)
    }
}

@Suite("CGPathFillRule")
struct CGPathFillRuleTests {
    @Test("winding is 0 and evenOdd is 1, with an Int raw value as in Apple's overlay")
    func rawValues() {
        #expect(CGPathFillRule.winding.rawValue == 0)
        #expect(CGPathFillRule.evenOdd.rawValue == 1)
        #expect(type(of: CGPathFillRule.winding.rawValue) == Int.self)
    }
}

@Suite("CGLineCap")
struct CGLineCapTests {
    @Test("butt, round, square are Int32 0, 1, 2")
    func rawValues() {
        #expect(CGLineCap.butt.rawValue == 0)
        #expect(CGLineCap.round.rawValue == 1)
        #expect(CGLineCap.square.rawValue == 2)
        #expect(CGLineCap(rawValue: Int32(3)) == nil)
    }
}

@Suite("CGLineJoin")
struct CGLineJoinTests {
    @Test("miter, round, bevel are Int32 0, 1, 2")
    func rawValues() {
        #expect(CGLineJoin.miter.rawValue == 0)
        #expect(CGLineJoin.round.rawValue == 1)
        #expect(CGLineJoin.bevel.rawValue == 2)
        #expect(CGLineJoin(rawValue: Int32(3)) == nil)
    }
}
