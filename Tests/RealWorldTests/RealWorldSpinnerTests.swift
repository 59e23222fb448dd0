// Activity spinners as indicator libraries and Apple's documentation build them: replicated dots and bars with
// `instanceDelay`, a stroke ring that grows and shrinks while it turns, arcs drawn in every direction, dots that
// pulse one after another from `beginTime` offsets, and animations repeated "forever" with `HUGE` or `.infinity`.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// Ten dots on a circle fading out one after another, as Apple's `instanceDelay` documentation builds its activity
/// monitor (a 1 s fade on the source dot, copies rotated 2π/n apart and delayed 1/n s each).
final class FadingDotsSpinner: UIView {
    let replicator = CAReplicatorLayer()
    let dot = CALayer()
    let dotCount = 10
    let ringRadius: CGFloat = 40

    override init(frame: CGRect) {
        super.init(frame: frame)
        dot.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = UIColor.blue.cgColor
        replicator.addSublayer(dot)
        replicator.instanceCount = dotCount
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(dotCount), 0, 0, 1)
        layer.addSublayer(replicator)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        replicator.frame = bounds
        dot.position = CGPoint(x: bounds.midX, y: bounds.midY - ringRadius)
    }

    func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        replicator.instanceDelay = fade.duration / CFTimeInterval(dotCount)
    }

    /// The centre of copy `k` in the view: the top of the ring turned clockwise by k · 36°.
    func centre(ofCopy k: Int) -> CGPoint {
        let angle = 2 * CGFloat.pi * CGFloat(k) / CGFloat(dotCount)
        return CGPoint(x: bounds.midX + ringRadius * sin(angle), y: bounds.midY - ringRadius * cos(angle))
    }
}

/// NVActivityIndicatorView's "circleStrokeSpin": a ring whose stroke end runs ahead (0.7 s) and whose stroke start
/// follows 0.5 s later (1.2 s), both on the (0.4, 0, 0.2, 1) curve, while a rotation with no duration of its own
/// turns it once per 1.7 s group, repeated with `.infinity`.
func makeStrokeSpinRing(size: CGFloat) -> CAShapeLayer {
    let ring = CAShapeLayer()
    let path = UIBezierPath()
    path.addArc(
        withCenter: CGPoint(x: size / 2, y: size / 2), radius: size / 2, startAngle: -(.pi / 2),
        endAngle: .pi + .pi / 2, clockwise: true)
    ring.path = path.cgPath
    ring.fillColor = nil
    ring.strokeColor = UIColor.blue.cgColor
    ring.lineWidth = 2
    ring.frame = CGRect(x: 10, y: 10, width: size, height: size)

    let turn = CABasicAnimation(keyPath: "transform.rotation")
    turn.byValue = Float.pi * 2
    turn.timingFunction = CAMediaTimingFunction(name: .linear)
    let strokeEnd = CABasicAnimation(keyPath: "strokeEnd")
    strokeEnd.duration = 0.7
    strokeEnd.timingFunction = CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1)
    strokeEnd.fromValue = 0
    strokeEnd.toValue = 1
    let strokeStart = CABasicAnimation(keyPath: "strokeStart")
    strokeStart.duration = 1.2
    strokeStart.timingFunction = CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1)
    strokeStart.fromValue = 0
    strokeStart.toValue = 1
    strokeStart.beginTime = 0.5
    let group = CAAnimationGroup()
    group.animations = [turn, strokeEnd, strokeStart]
    group.duration = 1.7
    group.repeatCount = .infinity
    group.isRemovedOnCompletion = false
    group.fillMode = .forwards
    ring.add(group, forKey: "animation")
    return ring
}

/// One arc a spinner draws, with the screen angles (UIKit's: 0 to the right, π/2 down) that iOS shows inked and
/// blank, and the known bug that hides it here, if any.
struct SpinnerArc: CustomStringConvertible, Sendable {
    let description: String
    let startAngle: CGFloat
    let endAngle: CGFloat
    let clockwise: Bool
    /// Built with `CGMutablePath.addArc` in the layer's (y-down) space instead of `UIBezierPath`.
    let coreGraphics: Bool
    let inked: [CGFloat]
    let blank: [CGFloat]
    let knownIssue: String?

    static let all: [SpinnerArc] = [
        SpinnerArc(
            description: "UIBezierPath 0 → 2π clockwise false (NVActivityIndicatorView's ring and circle)",
            startAngle: 0, endAngle: 2 * .pi, clockwise: false, coreGraphics: false,
            inked: [0, .pi / 2, .pi, -.pi / 2], blank: [],
            knownIssue: fullCircleBug),
        SpinnerArc(
            description: "UIBezierPath 0 → 2π clockwise true (NVActivityIndicatorView's pacman dot)",
            startAngle: 0, endAngle: 2 * .pi, clockwise: true, coreGraphics: false,
            inked: [0, .pi / 2, .pi, -.pi / 2], blank: [], knownIssue: nil),
        SpinnerArc(
            description: "CGMutablePath 0 → 2π clockwise true",
            startAngle: 0, endAngle: 2 * .pi, clockwise: true, coreGraphics: true,
            inked: [0, .pi / 2, .pi, -.pi / 2], blank: [], knownIssue: fullCircleBug),
        SpinnerArc(
            description: "UIBezierPath −3π/4 → −π/4 clockwise false: three quarters round the bottom (ringThirdFour)",
            startAngle: -3 * .pi / 4, endAngle: -.pi / 4, clockwise: false, coreGraphics: false,
            inked: [0, .pi / 2, .pi], blank: [-.pi / 2], knownIssue: nil),
        SpinnerArc(
            description: "UIBezierPath π → 0 clockwise true: the upper half",
            startAngle: .pi, endAngle: 0, clockwise: true, coreGraphics: false,
            inked: [-.pi / 2, -3 * .pi / 4, -.pi / 4], blank: [.pi / 2, .pi / 4, 3 * .pi / 4], knownIssue: nil),
        SpinnerArc(
            description: "UIBezierPath π → 0 clockwise false: the lower half",
            startAngle: .pi, endAngle: 0, clockwise: false, coreGraphics: false,
            inked: [.pi / 2, .pi / 4, 3 * .pi / 4], blank: [-.pi / 2, -.pi / 4], knownIssue: nil),
        SpinnerArc(
            description: "UIBezierPath 0 → π/2 clockwise true: the lower right quarter",
            startAngle: 0, endAngle: .pi / 2, clockwise: true, coreGraphics: false,
            inked: [.pi / 4], blank: [-.pi / 4, 3 * .pi / 4, -.pi / 2], knownIssue: nil),
        SpinnerArc(
            description: "UIBezierPath 0 → π/2 clockwise false: three quarters the long way",
            startAngle: 0, endAngle: .pi / 2, clockwise: false, coreGraphics: false,
            inked: [-.pi / 4, -.pi / 2, .pi, 3 * .pi / 4], blank: [.pi / 4], knownIssue: nil),
        SpinnerArc(
            description: "CGMutablePath 0 → π/2 clockwise false: angles grow, clockwise on a y-down screen",
            startAngle: 0, endAngle: .pi / 2, clockwise: false, coreGraphics: true,
            inked: [.pi / 4], blank: [-.pi / 4, -.pi / 2, .pi], knownIssue: nil),
    ]

    /// Issue 17 §2.1, owned by the rasterizer/path helper (fixed on wt/hostile, commit 6455576, not yet on main):
    /// a sweep of exactly 2π the "wrong" way is dropped instead of drawn as a whole circle.
    static let fullCircleBug =
        "issue 17 §2.1: a 0 → 2π arc drawn the way that wraps the sweep to 0 is empty here, a whole circle on iOS"
}

@Suite("Real world: spinners")
struct RealWorldSpinnerTests {
    @Test(
        "fading dots (Apple's instanceDelay example): at 0.55 s copy k shows 0.45 + 0.1k, copies not yet begun show 1"
    )
    func fadingDotsFollowTheInstanceDelay() throws {
        try MediaClock.withManualTime { clock in
            let spinner = FadingDotsSpinner(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
            spinner.layoutIfNeeded()
            spinner.startAnimating()
            clock.advance(by: 0)
            clock.advance(to: 0.55)
            // The source dot is 0.55 s into its fade; copy k is 0.1 k s behind it. Copies 6…9 have not begun:
            // no fill backwards, so their model opacity 1 shows.
            let shown = try #require(spinner.dot.presentation())
            #expect(isClose(CGFloat(shown.opacity), 0.45, 1e-6))
            let picture = screen(spinner.layer, width: 120, height: 120)
            let expected: [CGFloat] = [0.45, 0.55, 0.65, 0.75, 0.85, 0.95, 1, 1, 1, 1]
            for (k, opacity) in expected.enumerated() {
                let centre = spinner.centre(ofCopy: k)
                let pixel = picture[Int(centre.x), Int(centre.y)]
                #expect(
                    pixel.isClose(to: .premultiplied(red: 0, green: 0, blue: 1, opacity: opacity)),
                    "copy \(k) at \(centre): \(pixel)")
            }
            // Between the dots the ring is empty: half-way from copy 0 to copy 1 (18°).
            let gap = CGPoint(x: 60 + 40 * sin(CGFloat.pi / 10), y: 60 - 40 * cos(CGFloat.pi / 10))
            #expect(picture[Int(gap.x), Int(gap.y)] == .clear)
        }
    }

    @Test(
        "circleStrokeSpin at 0.35 s: end 0.7756 (curve at 0.5), start 0, turned 1.2936 rad; at 1.1 s the arc spans 152°…233°"
    )
    func strokeSpinRing() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
            let ring = makeStrokeSpinRing(size: 60)
            root.addSublayer(ring)
            clock.advance(by: 0)

            clock.advance(to: 0.35)
            var shown = try #require(ring.presentation())
            // strokeEnd: half of its 0.7 s on (0.4, 0, 0.2, 1), y(0.5) = 0.775561; the rotation has no duration of
            // its own and runs for the group's 1.7 s: 2π · 0.35 / 1.7.
            #expect(isClose(shown.strokeEnd, 0.775561, 1e-4))
            #expect(shown.strokeStart == 0)
            #expect(isClose(rotationAngle(shown.transform), 1.293597, 1e-4))

            clock.advance(to: 1.1)
            shown = try #require(ring.presentation())
            // strokeEnd's member has ended (the model's 1 shows); strokeStart is half-way through its 1.2 s.
            #expect(isClose(shown.strokeStart, 0.775561, 1e-4))
            #expect(shown.strokeEnd == 1)
            #expect(isClose(rotationAngle(shown.transform), wrappedAngle(4.065590), 1e-4))
            // The arc from 0.7756 to 1 of a turn from the top, turned by 4.0656 rad (232.9°): 152.1° … 232.9°
            // clockwise from the top. 190° is on it (lower left), 90° (the right) is not.
            let picture = screen(root, width: 80, height: 80)
            func point(degreesFromTop: CGFloat) -> (Int, Int) {
                let angle = degreesFromTop * .pi / 180
                return (Int(40 + 30 * sin(angle)), Int(40 - 30 * cos(angle)))
            }
            let onArc = point(degreesFromTop: 190)
            #expect(picture[onArc.0, onArc.1].alpha > 128)
            for degrees: CGFloat in [90, 0, 130, 255] {
                let off = point(degreesFromTop: degrees)
                #expect(picture[off.0, off.1] == .clear, "\(degrees)°")
            }
        }
    }

    @Test("arcs in every direction draw what iOS draws", arguments: SpinnerArc.all)
    func arcDirections(_ arc: SpinnerArc) {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        let centre = CGPoint(x: 40, y: 40)
        if arc.coreGraphics {
            let path = CGMutablePath()
            path.addArc(
                center: centre, radius: 30, startAngle: arc.startAngle, endAngle: arc.endAngle,
                clockwise: arc.clockwise)
            shape.path = path
        } else {
            shape.path =
                UIBezierPath(
                    arcCenter: centre, radius: 30, startAngle: arc.startAngle, endAngle: arc.endAngle,
                    clockwise: arc.clockwise
                ).cgPath
        }
        shape.fillColor = nil
        shape.strokeColor = UIColor.red.cgColor
        shape.lineWidth = 4
        let picture = screen(shape, width: 80, height: 80)
        func pixel(at angle: CGFloat) -> Pixel {
            picture[Int((40 + 30 * cos(angle)).rounded(.down)), Int((40 + 30 * sin(angle)).rounded(.down))]
        }
        let check = {
            for angle in arc.inked {
                #expect(pixel(at: angle).alpha > 200, "inked at \(angle)")
            }
            for angle in arc.blank {
                #expect(pixel(at: angle) == .clear, "blank at \(angle)")
            }
        }
        if let issue = arc.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { check() }
        } else {
            check()
        }
    }

    @Test(
        "ballPulse: dots begun 0.12/0.24/0.36 s after start; at 0.345 s scales 0.3, 0.3345 (overshooting curve) and 1"
    )
    func pulsingDotsStartOneAfterAnother() throws {
        try MediaClock.withManualTime { clock in
            let container = CALayer()
            container.frame = CGRect(x: 0, y: 0, width: 58, height: 58)
            let circleSize: CGFloat = 18
            let beginTime = CACurrentMediaTime()
            let beginTimes: [CFTimeInterval] = [0.12, 0.24, 0.36]
            let curve = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
            let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
            pulse.keyTimes = [0, 0.3, 1]
            pulse.timingFunctions = [curve, curve]
            pulse.values = [1, 0.3, 1]
            pulse.duration = 0.75
            pulse.repeatCount = HUGE
            pulse.isRemovedOnCompletion = false
            var dots: [CAShapeLayer] = []
            for i in 0..<3 {
                let dot = CAShapeLayer()
                dot.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: circleSize, height: circleSize)).cgPath
                dot.fillColor = UIColor.red.cgColor
                dot.frame = CGRect(x: CGFloat(i) * (circleSize + 2), y: 20, width: circleSize, height: circleSize)
                // One animation object, re-timed and added to each dot: add(_:forKey:) copies it.
                pulse.beginTime = beginTime + beginTimes[i]
                dot.add(pulse, forKey: "animation")
                container.addSublayer(dot)
                dots.append(dot)
            }
            clock.advance(by: 0)
            clock.advance(to: 0.345)
            // Dot 0 is 0.225 s in: the key time 0.3 of 0.75 s, scale 0.3. Dot 1 is 0.105 s in: 0.4667 of the first
            // segment, whose curve gives 0.95074, so 1 − 0.7 · 0.95074. Dot 2 has not begun and shows its model.
            let scales = try dots.map {
                try #require($0.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat)
            }
            #expect(isClose(scales[0], 0.3, 1e-6))
            #expect(isClose(scales[1], 0.334481, 1e-4))
            #expect(isClose(scales[2], 1, 1e-9))
            // Radii 2.7, 3.01 and 9 about the dots' centres (9, 29), (29, 29), (49, 29).
            let picture = screen(container, width: 58, height: 58)
            #expect(picture[9, 29].alpha == 255 && picture[5, 29] == .clear)
            #expect(picture[29, 29].alpha == 255 && picture[25, 29] == .clear)
            #expect(picture[42, 29].alpha == 255)
        }
    }

    @Test(
        "repeatCount HUGE and .infinity: a 1 s full turn still runs at 1000.25 s and shows a quarter turn (π/2)",
        arguments: [("HUGE", HUGE), ("infinity", Float.infinity)])
    func repeatForever(spelling: String, count: Float) throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            let spinner = CALayer()
            spinner.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            root.addSublayer(spinner)
            let notch = CALayer()
            notch.frame = CGRect(x: 16, y: 0, width: 8, height: 8)
            notch.backgroundColor = UIColor.blue.cgColor
            spinner.addSublayer(notch)
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 2 * CGFloat.pi
            turn.duration = 1
            turn.repeatCount = count
            spinner.add(turn, forKey: "rotation")
            clock.advance(by: 0)
            clock.advance(to: 1000.25)
            #expect(spinner.animationKeys() == ["rotation"])
            let shown = try #require(spinner.presentation())
            #expect(isClose(rotationAngle(shown.transform), .pi / 2, 1e-6))
            // The notch at the top of the spinner has turned to its right side: (42…50, 26…34) in the root.
            let picture = screen(root, width: 60, height: 60)
            #expect(picture[47, 30] == .blue)
            #expect(picture[30, 12] == .clear)
        }
    }

    @Test("wave bars: five copies 12 points apart, 0.1 s apart; at 0.25 s heights 28, 32.8, 37.6, 40, 40")
    func waveBarsReplicated() {
        MediaClock.withManualTime { clock in
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 0, width: 70, height: 60)
            let bar = CALayer()
            bar.frame = CGRect(x: 5, y: 10, width: 8, height: 40)
            bar.backgroundColor = UIColor.red.cgColor
            replicator.addSublayer(bar)
            replicator.instanceCount = 5
            replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
            let squeeze = CAKeyframeAnimation(keyPath: "transform.scale.y")
            squeeze.values = [1, 0.4, 1]
            squeeze.duration = 1
            squeeze.repeatCount = .infinity
            bar.add(squeeze, forKey: "wave")
            replicator.instanceDelay = 0.1
            clock.advance(by: 0)
            clock.advance(to: 0.25)
            // Copy k is 0.25 − 0.1k s in: scale 1 − 1.2 · that while it is under 0.5 s; copies 3 and 4 have not
            // begun. Bars scale about their centre (y 30), so a bar of height h spans 30 ± h/2.
            let heights: [CGFloat] = [28, 32.8, 37.6, 40, 40]
            let picture = screen(replicator, width: 70, height: 60)
            for (k, height) in heights.enumerated() {
                let x = 9 + 12 * k
                let top = 30 - height / 2
                #expect(picture[x, Int(top.rounded(.up)) + 1] == .red, "bar \(k) below its top \(top)")
                #expect(picture[x, Int(top.rounded(.down)) - 1] == .clear, "bar \(k) above its top \(top)")
            }
        }
    }

    @Test("instance colour offsets (Apple's CAReplicatorLayer listing): five squares from white to (1, 0.2, 0.2)")
    func instanceColourSteps() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 10)
        let square = CALayer()
        square.backgroundColor = UIColor.white.cgColor
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        replicator.instanceCount = 5
        replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
        let offsetStep = -1 / Float(5)
        replicator.instanceBlueOffset = offsetStep
        replicator.instanceGreenOffset = offsetStep
        replicator.addSublayer(square)
        let picture = screen(replicator, width: 60, height: 10)
        for k in 0..<5 {
            let level = Int(((1 - 0.2 * CGFloat(k)) * 255).rounded())
            let expected = Pixel(red: 255, green: level, blue: level, alpha: 255)
            #expect(picture[5 + 12 * k, 5].isClose(to: expected, tolerance: 1), "square \(k)")
            #expect(picture[11 + 12 * k, 5] == .clear)
        }
    }

    @Test("stopping as indicator views do (hide, remove the animation layers): nothing shows at 0.5 s")
    func stoppingClearsTheSpinner() {
        MediaClock.withManualTime { clock in
            let window = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
            let indicator = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
            window.addSubview(indicator)
            let ring = makeStrokeSpinRing(size: 40)
            indicator.layer.addSublayer(ring)
            clock.advance(by: 0)
            clock.advance(to: 0.25)
            #expect(screen(window.layer, width: 80, height: 80).inkBounds() != nil)
            // stopAnimating: hidden, animation layers removed (their animations go with them).
            indicator.isHidden = true
            indicator.layer.sublayers?.forEach { $0.removeFromSuperlayer() }
            clock.advance(to: 0.5)
            #expect(ring.animationKeys() == nil)
            #expect(screen(window.layer, width: 80, height: 80).inkBounds() == nil)
        }
    }
}
