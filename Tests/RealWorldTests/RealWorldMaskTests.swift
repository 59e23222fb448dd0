// Masks as apps use them: a round avatar cut by a shape-layer mask, rounded corners by `cornerRadius` and
// `masksToBounds`, a circular reveal whose mask path grows, a coach-mark hole cut with the even-odd rule, and a list
// fading out at its edges through a gradient mask.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A `side` × `side` opaque image of one colour, drawn with Core Graphics as image code draws one.
func solidImage(side: Int, _ color: UIColor) -> CGImage {
    let context = CGContext(
        data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.setFillColor(color.cgColor)
    context.fill(CGRect(x: 0, y: 0, width: side, height: side))
    return context.makeImage()!
}

@Suite("Real world: masks")
struct RealWorldMaskTests {
    @Test("a round avatar: an image layer masked by an oval shape layer shows red inside the circle only")
    func roundAvatar() {
        let avatar = CALayer()
        avatar.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        avatar.contents = solidImage(side: 80, .red)
        avatar.contentsGravity = .resizeAspectFill
        let circle = CAShapeLayer()
        circle.path = UIBezierPath(ovalIn: avatar.bounds).cgPath
        avatar.mask = circle
        let picture = screen(avatar, width: 40, height: 40)
        #expect(picture[20, 20] == .red && picture[1, 20] == .red && picture[20, 38] == .red)
        #expect(picture[0, 0] == .clear && picture[39, 39] == .clear && picture[4, 4] == .clear)
    }

    @Test("cornerRadius 10 with masksToBounds: the corners of the image are cut on a radius of 10")
    func roundedCorners() {
        let thumbnail = CALayer()
        thumbnail.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        thumbnail.contents = solidImage(side: 4, .blue)
        thumbnail.cornerRadius = 10
        thumbnail.masksToBounds = true
        let picture = screen(thumbnail, width: 60, height: 40)
        // The corner circle is centred on (10, 10): pixel (1, 1) lies wholly outside it, (2, 2) all but a sliver
        // (its centre is 10.6 away), (4, 4) wholly inside.
        #expect(picture[1, 1] == .clear && picture[2, 2].alpha < 40)
        #expect(picture[4, 4] == .blue && picture[10, 0] == .blue && picture[0, 10] == .blue)
        #expect(picture[58, 38] == .clear && picture[30, 20] == .blue)
    }

    @Test("a circular reveal: the mask's circle grows from radius 5 to 45 in 1 s, radius 25 at 0.5 s")
    func circularReveal() {
        MediaClock.withManualTime { clock in
            let screenLayer = CALayer()
            screenLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            screenLayer.backgroundColor = UIColor.red.cgColor
            let reveal = CAShapeLayer()
            let centre = CGPoint(x: 50, y: 50)
            let small = UIBezierPath(arcCenter: centre, radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            let large = UIBezierPath(arcCenter: centre, radius: 45, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            reveal.path = large.cgPath
            screenLayer.mask = reveal
            clock.advance(by: 0)
            let grow = CABasicAnimation(keyPath: "path")
            grow.fromValue = small.cgPath
            grow.toValue = large.cgPath
            grow.duration = 1
            reveal.add(grow, forKey: "reveal")
            clock.advance(to: 0.5)
            let picture = screen(screenLayer, width: 100, height: 100)
            #expect(picture[50 + 23, 50] == .red && picture[50, 50 - 24] == .red)
            #expect(picture[50 + 26, 50] == .clear && picture[50, 50 + 27] == .clear)
        }
    }

    @Test("a coach mark: a dimming overlay with an even-odd hole shows the content clear through the oval")
    func coachMarkHole() {
        let root = whiteRoot(width: 100, height: 60)
        let button = CALayer()
        button.frame = CGRect(x: 40, y: 20, width: 20, height: 20)
        button.backgroundColor = UIColor.red.cgColor
        root.addSublayer(button)
        let overlay = CAShapeLayer()
        let path = UIBezierPath(rect: root.bounds)
        path.append(UIBezierPath(ovalIn: CGRect(x: 30, y: 10, width: 40, height: 40)))
        overlay.path = path.cgPath
        overlay.fillRule = .evenOdd
        overlay.fillColor = UIColor(white: 0, alpha: 0.6).cgColor
        root.addSublayer(overlay)
        let picture = screen(root, width: 100, height: 60)
        #expect(picture[50, 30] == .red)
        #expect(picture[35, 30] == .white)
        // Outside the hole: white under 60 % black, 255 · 0.4 = 102.
        #expect(picture[10, 30].isClose(to: Pixel(red: 102, green: 102, blue: 102, alpha: 255), tolerance: 1))
    }

    @Test("a list fading at its edges: a gradient mask clear → opaque over the top 10 % and back at the bottom")
    func fadingEdges() {
        let list = CALayer()
        list.frame = CGRect(x: 0, y: 0, width: 20, height: 100)
        list.backgroundColor = UIColor.blue.cgColor
        let fade = CAGradientLayer()
        fade.frame = list.bounds
        fade.colors = [UIColor.clear.cgColor, UIColor.black.cgColor, UIColor.black.cgColor, UIColor.clear.cgColor]
        fade.locations = [0, 0.1, 0.9, 1]
        list.mask = fade
        let picture = screen(list, width: 20, height: 100)
        #expect(picture[10, 50] == .blue)
        #expect(picture[10, 0].alpha <= 16 && picture[10, 99].alpha <= 16)
        // Row 5 is half-way up the top fade: alpha ≈ 0.55.
        #expect(abs(picture[10, 5].alpha - 140) <= 4)
    }
}
