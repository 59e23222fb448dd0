import Foundation
import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Animated properties (gallery player values)")
struct AnimatedPropertiesTests {
    @Test("values are formatted with three decimals: numbers, points, colours as #rrggbb with α, transforms")
    func formatting() {
        #expect(AnimatedProperties.format(NSNumber(value: 0.5)) == "0.500")
        #expect(AnimatedProperties.format(CGPoint(x: 120, y: 80.25)) == "(120.000, 80.250)")
        #expect(AnimatedProperties.format(CGSize(width: 3, height: 4)) == "3.000 × 4.000")
        #expect(AnimatedProperties.format(CGColor(red: 1, green: 0, blue: 0, alpha: 1)) == "#ff0000")
        #expect(AnimatedProperties.format(CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.25)) == "#0080ff α 0.25")
        var perspective = CATransform3DMakeScale(2, 3, 1)
        perspective.m34 = -1.0 / 500
        #expect(
            AnimatedProperties.format(perspective) == "[2.000 0.000 0.000 3.000 0.000 0.000] m34 -0.002")
        #expect(AnimatedProperties.format(nil) == "—")
        #expect(AnimatedProperties.decimal(-0.0001) == "0.000")
    }

    @Test("background-to-red at 0.625 s: the basic animation is half-way from blue to red, on the named layer")
    func readsPresentationValues() throws {
        let scene = try #require(DemoRegistry.scene(named: "background-to-red"))
        scene.advance(to: 0.5 + 0.125)
        let rows = AnimatedProperties.read(in: scene)
        #expect(rows.count == 1)
        #expect(rows.first?.track.keyPath == "backgroundColor")
        // 0.125 s into the default 0.25 s, linear: half-way between blue (0, 0, 1) and red (1, 0, 0) = #800080.
        #expect(rows.first?.value == "#800080")
        scene.advance(to: 1)
        #expect(AnimatedProperties.read(in: scene).isEmpty)
    }
}
