// Gradient backgrounds as apps set them: the default vertical gradient, a hard stop made with `locations`, a
// diagonal on a wide layer (the axis runs between the points in the layer's own space), a radial glow, and colours
// animated for a living background.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// The pixel `(1 − t)` of `from` plus `t` of `to`, both opaque.
func mix(_ from: Pixel, _ to: Pixel, _ t: CGFloat) -> Pixel {
    func blend(_ a: Int, _ b: Int) -> Int { Int((CGFloat(a) + (CGFloat(b) - CGFloat(a)) * t).rounded()) }
    return Pixel(
        red: blend(from.red, to.red), green: blend(from.green, to.green), blue: blend(from.blue, to.blue),
        alpha: 255)
}

@Suite("Real world: gradient backgrounds")
struct RealWorldGradientTests {
    @Test("the default axis runs top to bottom: red at the top row, blue at the bottom, a even mix half-way")
    func defaultVertical() {
        let background = CAGradientLayer()
        background.frame = CGRect(x: 0, y: 0, width: 20, height: 100)
        background.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        let picture = screen(background, width: 20, height: 100)
        for y in [0, 25, 50, 75, 99] {
            let expected = mix(.red, .blue, (CGFloat(y) + 0.5) / 100)
            #expect(picture[10, y].isClose(to: expected, tolerance: 3), "row \(y): \(picture[10, y])")
        }
    }

    @Test("locations [0, 0.5] on a horizontal gradient: the right half is the second colour throughout")
    func hardStop() {
        let bar = CAGradientLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.colors = [UIColor.white.cgColor, UIColor.blue.cgColor]
        bar.locations = [0, 0.5]
        bar.startPoint = CGPoint(x: 0, y: 0.5)
        bar.endPoint = CGPoint(x: 1, y: 0.5)
        let picture = screen(bar, width: 100, height: 10)
        #expect((50..<100).allSatisfy { picture[$0, 5] == .blue })
        #expect(picture[25, 5].isClose(to: mix(.white, .blue, 25.5 / 50), tolerance: 3))
    }

    @Test(
        "a diagonal (0, 0) → (1, 1) on a 200 × 100 layer runs in the unit square: the other corners both show the middle"
    )
    func diagonalOnAWideLayer() {
        let banner = CAGradientLayer()
        banner.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        banner.colors = [UIColor.black.cgColor, UIColor.white.cgColor]
        banner.startPoint = .zero
        banner.endPoint = CGPoint(x: 1, y: 1)
        let picture = screen(banner, width: 200, height: 100)
        // Apple computes the gradient in the layer's unit square and stretches it to the bounds, so its isolines are
        // not square to the diagonal on a wide layer (Stack Overflow 43176174, "CAGradientLayer diagonal gradient",
        // measured on iOS and written up with a fixer that moves the end point to undo it): a point's place on the
        // axis is (x / 200 + y / 100) / 2.
        func expected(_ x: Int, _ y: Int) -> Pixel {
            let t = ((CGFloat(x) + 0.5) / 200 + (CGFloat(y) + 0.5) / 100) / 2
            return mix(Pixel(red: 0, green: 0, blue: 0, alpha: 255), .white, t)
        }
        for (x, y) in [(100, 0), (0, 99), (199, 0), (100, 50), (150, 25)] {
            #expect(picture[x, y].isClose(to: expected(x, y), tolerance: 3), "(\(x), \(y)): \(picture[x, y])")
        }
        #expect(picture[199, 0].isClose(to: picture[0, 99], tolerance: 2))
    }

    @Test("a radial glow centred with endPoint (1, 1): white in the middle, blue 50 points out, half-way at 25")
    func radialGlow() {
        let glow = CAGradientLayer()
        glow.type = .radial
        glow.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        glow.colors = [UIColor.white.cgColor, UIColor.blue.cgColor]
        glow.startPoint = CGPoint(x: 0.5, y: 0.5)
        glow.endPoint = CGPoint(x: 1, y: 1)
        let picture = screen(glow, width: 100, height: 100)
        #expect(picture[50, 50].isClose(to: .white, tolerance: 4))
        #expect(picture[75, 50].isClose(to: mix(.white, .blue, 25.5 / 50), tolerance: 4))
        #expect(picture[50, 25].isClose(to: mix(.white, .blue, 24.5 / 50), tolerance: 4))
        #expect(picture[99, 50].isClose(to: .blue, tolerance: 4))
    }

    @Test("animated colours [red, blue] → [blue, red] over 2 s: at 1 s both ends are the same purple")
    func animatedColours() throws {
        try MediaClock.withManualTime { clock in
            let background = CAGradientLayer()
            background.frame = CGRect(x: 0, y: 0, width: 10, height: 100)
            background.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            let swap = CABasicAnimation(keyPath: "colors")
            swap.fromValue = [UIColor.red.cgColor, UIColor.blue.cgColor]
            swap.toValue = [UIColor.blue.cgColor, UIColor.red.cgColor]
            swap.duration = 2
            swap.autoreverses = true
            swap.repeatCount = .infinity
            background.add(swap, forKey: "colors")
            clock.advance(by: 0)
            clock.advance(to: 1)
            let colours = try #require(background.presentation()?.colors as? [CGColor])
            #expect(colours.count == 2 && colours[0] == colours[1])
            let picture = screen(background, width: 10, height: 100)
            let purple = Pixel(red: 128, green: 0, blue: 128, alpha: 255)
            #expect(picture[5, 0].isClose(to: purple, tolerance: 2) && picture[5, 99].isClose(to: purple, tolerance: 2))
            clock.advance(to: 2)
            let swapped = screen(background, width: 10, height: 100)
            #expect(swapped[5, 0].isClose(to: .blue, tolerance: 3) && swapped[5, 99].isClose(to: .red, tolerance: 3))
        }
    }
}
