// Shimmer as loading placeholders write it: a `CAGradientLayer` whose `locations` are animated so that a light band
// crosses the view, used as the view's mask (UIView+Shimmer and its many copies), laid over skeleton bars, or cut
// to the bars' shapes by a shape-layer mask.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// The value a horizontal gradient of `levels` at `locations` takes at `fraction` of its width: the end levels
/// outside the stops, straight lines between them.
func gradientLevel(_ levels: [CGFloat], at locations: [CGFloat], fraction: CGFloat) -> CGFloat {
    if fraction <= locations[0] { return levels[0] }
    for i in 1..<locations.count where fraction <= locations[i] {
        let span = locations[i] - locations[i - 1]
        let t = span > 0 ? (fraction - locations[i - 1]) / span : 1
        return levels[i - 1] + (levels[i] - levels[i - 1]) * t
    }
    return levels[levels.count - 1]
}

/// UIView+Shimmer: a gradient three times the view's width, from one width to its left, masks the view; its stops
/// are opaque, 10 % and opaque, and `locations` run from [0, 0.1, 0.2] to [0.8, 0.9, 1] in 1.5 s forever.
func startShimmering(_ view: UIView) {
    let light = UIColor(white: 0, alpha: 0.1).cgColor
    let dark = UIColor.black.cgColor
    let gradient = CAGradientLayer()
    gradient.colors = [dark, light, dark]
    gradient.frame = CGRect(
        x: -view.bounds.size.width, y: 0, width: 3 * view.bounds.size.width, height: view.bounds.size.height)
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)
    gradient.locations = [0.4, 0.5, 0.6]
    view.layer.mask = gradient
    let animation = CABasicAnimation(keyPath: "locations")
    animation.fromValue = [0.0, 0.1, 0.2]
    animation.toValue = [0.8, 0.9, 1.0]
    animation.duration = 1.5
    animation.repeatCount = HUGE
    gradient.add(animation, forKey: "shimmer")
}

/// The skeleton idiom: a grey-white-grey gradient over the placeholder whose stops run from [−1, −0.5, 0] to
/// [1, 1.5, 2] in 2 s, so the white band enters at the left edge and leaves at the right.
func makeSkeletonShimmer(frame: CGRect) -> CAGradientLayer {
    let gradient = CAGradientLayer()
    gradient.frame = frame
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)
    let grey = UIColor(white: 0.9, alpha: 1).cgColor
    gradient.colors = [grey, UIColor.white.cgColor, grey]
    gradient.locations = [0, 0.5, 1]
    let animation = CABasicAnimation(keyPath: "locations")
    animation.fromValue = [-1, -0.5, 0]
    animation.toValue = [1, 1.5, 2]
    animation.repeatCount = .infinity
    animation.duration = 2
    animation.isRemovedOnCompletion = false
    gradient.add(animation, forKey: "shimmer")
    return gradient
}

@Suite("Real world: shimmer")
struct RealWorldShimmerTests {
    @Test("UIView+Shimmer: opaque at the start, at 0.75 s the 10 % band sits on the view's middle (x 50 of 100)")
    func gradientMaskBandCrossesTheView() throws {
        try MediaClock.withManualTime { clock in
            let label = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
            label.backgroundColor = .red
            startShimmering(label)
            clock.advance(by: 0)
            // At 0 s the stops are [0, 0.1, 0.2] of the 300-point gradient: the band is 70 points left of the
            // view, which shows whole.
            var picture = screen(label.layer, width: 100, height: 20)
            #expect(picture[0, 10] == .red && picture[50, 10] == .red && picture[99, 10] == .red)
            clock.advance(to: 0.75)
            let stops = try #require(label.layer.mask?.presentation()?.value(forKey: "locations") as? [NSNumber])
            #expect(zip(stops.map(\.doubleValue), [0.4, 0.5, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 })
            picture = screen(label.layer, width: 100, height: 20)
            // View x sits at (x + 100) / 300 of the gradient; the mask's alpha there scales the red.
            for x in [10, 30, 40, 50, 60, 75, 95] {
                let fraction = (CGFloat(x) + 0.5 + 100) / 300
                let alpha = gradientLevel([1, 0.1, 1], at: [0.4, 0.5, 0.6], fraction: fraction)
                let expected = Pixel.premultiplied(red: 1, green: 0, blue: 0, opacity: alpha)
                #expect(picture[x, 10].isClose(to: expected, tolerance: 3), "x \(x): \(picture[x, 10]) ≠ \(expected)")
            }
        }
    }

    @Test("skeleton shimmer [−1, −0.5, 0] → [1, 1.5, 2]: white at the left edge at 0.5 s, in the middle at 1 s")
    func skeletonBandEntersFromTheLeft() {
        MediaClock.withManualTime { clock in
            let placeholder = CALayer()
            placeholder.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            placeholder.addSublayer(makeSkeletonShimmer(frame: placeholder.bounds))
            clock.advance(by: 0)
            for (time, stops): (Double, [CGFloat]) in [
                (0.5, [-0.5, 0, 0.5]), (1, [0, 0.5, 1]), (1.5, [0.5, 1, 1.5]),
            ] {
                clock.advance(to: time)
                let picture = screen(placeholder, width: 100, height: 20)
                for x in [0, 25, 50, 75, 99] {
                    let level = gradientLevel([0.9, 1, 0.9], at: stops, fraction: (CGFloat(x) + 0.5) / 100)
                    let expected = Pixel.premultiplied(red: level, green: level, blue: level, opacity: 1)
                    #expect(
                        picture[x, 10].isClose(to: expected, tolerance: 2),
                        "\(time) s, x \(x): \(picture[x, 10]) ≠ \(expected)")
                }
            }
        }
    }

    @Test("shimmer cut to skeleton bars by a shape mask: bars show the moving gradient, the gap between them nothing")
    func shimmerUnderAShapeMask() {
        MediaClock.withManualTime { clock in
            let root = whiteRoot(width: 100, height: 30)
            let shimmer = makeSkeletonShimmer(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
            let bars = CAShapeLayer()
            let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 10), cornerRadius: 4)
            path.append(UIBezierPath(roundedRect: CGRect(x: 0, y: 20, width: 60, height: 10), cornerRadius: 4))
            bars.path = path.cgPath
            shimmer.mask = bars
            root.addSublayer(shimmer)
            clock.advance(by: 0)
            clock.advance(to: 1)
            let picture = screen(root, width: 100, height: 30)
            // Stops [0, 0.5, 1] at 1 s: white in the middle of the bars, grey 0.9 at their ends.
            #expect(picture[50, 5].isClose(to: .white, tolerance: 2))
            let level = gradientLevel([0.9, 1, 0.9], at: [0, 0.5, 1], fraction: 10.5 / 100)  // 0.921
            let grey = Pixel.premultiplied(red: level, green: level, blue: level, opacity: 1)
            #expect(picture[10, 25].isClose(to: grey, tolerance: 2))
            // The gap between the bars and the right of the short bar stay the root's white, not black.
            #expect(picture[50, 15] == .white)
            #expect(picture[80, 25] == .white)
            // The rounded corners of the bars are cut: the very corner pixel is the root's white.
            #expect(picture[0, 0] == .white)
        }
    }

    @Test(
        "a text shimmer whose mask slides: position.x animated by 200 over 1 s moves the lit band 100 points by 0.5 s")
    func slidingMaskBand() throws {
        try MediaClock.withManualTime { clock in
            let text = CALayer()
            text.frame = CGRect(x: 0, y: 0, width: 200, height: 20)
            text.backgroundColor = UIColor.blue.cgColor
            // A mask as wide as the text, transparent but for an opaque band 20 points wide in its middle.
            let band = CAGradientLayer()
            band.frame = CGRect(x: -100, y: 0, width: 200, height: 20)
            band.startPoint = CGPoint(x: 0, y: 0.5)
            band.endPoint = CGPoint(x: 1, y: 0.5)
            band.colors = [UIColor.clear.cgColor, UIColor.black.cgColor, UIColor.black.cgColor, UIColor.clear.cgColor]
            band.locations = [0.45, 0.45, 0.55, 0.55]
            text.mask = band
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.byValue = 200
            slide.duration = 1
            slide.repeatCount = .infinity
            band.add(slide, forKey: "slide")
            clock.advance(by: 0)
            // At 0 s the band is centred on x 0 (−10 … 10); at 0.5 s on x 100.
            var picture = screen(text, width: 200, height: 20)
            #expect(picture[5, 10] == .blue && picture[15, 10] == .clear)
            clock.advance(to: 0.5)
            let shownX = try #require(band.presentation()).position.x
            #expect(isClose(shownX, 100, 1e-9))
            picture = screen(text, width: 200, height: 20)
            #expect(picture[95, 10] == .blue && picture[104, 10] == .blue)
            #expect(picture[5, 10] == .clear && picture[85, 10] == .clear && picture[115, 10] == .clear)
        }
    }
}
