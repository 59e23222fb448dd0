import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("Transition pictures")
struct TransitionRenderingTests {
    /// Renders a red 40 × 20 layer, then turns it blue under a 1-second transition of `type`/`subtype` added at
    /// time 1, and returns the frame at time 1 + `progress`.
    private func frame(type: CATransitionType, subtype: CATransitionSubtype?, at progress: Double) -> CGImage {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 20))
            clock.advance(by: 1)
            let renderer = CARenderer(width: 40, height: 20)!
            renderer.layer = layer
            _ = renderer.renderFrame(atTime: clock.now)
            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.add(transition, forKey: nil)
            layer.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            clock.advance(by: progress)
            return renderer.renderFrame(atTime: clock.now)
        }
    }

    @Test("push from the left half-way: the new blue picture fills the left half, the old red one the right half")
    func pushHalfWay() {
        let image = frame(type: .push, subtype: .fromLeft, at: 0.5)
        #expect(pixel(image, 10, 10) == [0, 0, 255, 255])
        #expect(pixel(image, 30, 10) == [255, 0, 0, 255])
    }

    @Test("moveIn from the right at q = 0.25: blue covers the rightmost 10 points over the still red picture")
    func moveInQuarter() {
        let image = frame(type: .moveIn, subtype: .fromRight, at: 0.25)
        #expect(pixel(image, 35, 10) == [0, 0, 255, 255])
        #expect(pixel(image, 25, 10) == [255, 0, 0, 255])
    }

    @Test("reveal from the left at q = 0.75: the old red picture has slid 30 points right, uncovering blue")
    func revealThreeQuarters() {
        let image = frame(type: .reveal, subtype: .fromLeft, at: 0.75)
        #expect(pixel(image, 20, 10) == [0, 0, 255, 255])
        #expect(pixel(image, 35, 10) == [255, 0, 0, 255])
    }

    @Test("fade half-way mixes old and new equally and stays opaque: (128, 0, 128, 255) within one level")
    func fadeHalfWay() {
        let value = pixel(frame(type: .fade, subtype: nil, at: 0.5), 20, 10)
        #expect(abs(value[0] - 128) <= 1)
        #expect(value[1] == 0)
        #expect(abs(value[2] - 128) <= 1)
        #expect(value[3] >= 254)
    }

    @Test("after the transition ends only the new picture shows")
    func finished() {
        #expect(pixel(frame(type: .push, subtype: .fromLeft, at: 1.5), 30, 10) == [0, 0, 255, 255])
    }

    @Test("a flip shows the old picture turned edge-on at q = 0.4 (narrower) and the new one at q = 0.9")
    func flip() {
        let early = frame(type: CATransitionType(rawValue: "oglFlip"), subtype: .fromLeft, at: 0.4)
        #expect(pixel(early, 20, 10)[0] == 255)
        #expect(pixel(early, 1, 10)[3] == 0)
        let late = frame(type: CATransitionType(rawValue: "oglFlip"), subtype: .fromLeft, at: 0.9)
        #expect(pixel(late, 20, 10)[2] == 255)
    }

    @Test("an unknown type \"swirl\" fades (parsed once when compiled): half-way every pixel as fade's")
    func unknownTypeFades() throws {
        let transition = CATransition()
        transition.type = CATransitionType(rawValue: "swirl")
        #expect(transition.type.rawValue == "swirl")
        let track = try #require(CompiledAnimation(transition).transition)
        #expect(track.kind == .fade && track.type.rawValue == "swirl")
        let swirl = frame(type: CATransitionType(rawValue: "swirl"), subtype: .fromLeft, at: 0.5)
        let fade = frame(type: .fade, subtype: .fromLeft, at: 0.5)
        #expect(abs(pixel(swirl, 20, 10)[0] - 128) <= 1)
        #expect(
            swirl.withUnsafePremultipliedRGBABytes { Array($0) } == fade.withUnsafePremultipliedRGBABytes { Array($0) })
    }

    @Test("an unknown subtype \"fromMiddle\" and a nil one push from the left: blue at x 10, red at x 30 half-way")
    func unknownSubtypeIsFromLeft() throws {
        let transition = CATransition()
        transition.subtype = CATransitionSubtype(rawValue: "fromMiddle")
        #expect(try #require(CompiledAnimation(transition).transition).direction == .fromLeft)
        for subtype in [CATransitionSubtype(rawValue: "fromMiddle"), nil] {
            let image = frame(type: .push, subtype: subtype, at: 0.5)
            #expect(pixel(image, 10, 10) == [0, 0, 255, 255])
            #expect(pixel(image, 30, 10) == [255, 0, 0, 255])
        }
        let fromRight = frame(type: .push, subtype: .fromRight, at: 0.5)  // the test tells the sides apart
        #expect(pixel(fromRight, 10, 10) == [255, 0, 0, 255])
    }
}
