// Pulse rings as location and "live" badges draw them: Pulsator's replicator of a round layer whose scale and
// opacity animate in one group paced by the group's timing function, a stroked ring that grows and fades around a
// button, and a group whose members have no duration of their own.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A replicator of pulses in the manner of Pulsator: a round pulse layer (opacity 0 until its animation begins),
/// a group of `transform.scale.xy` 0 → 1 and an opacity keyframe [α, α/2, 0] at [0, 0.2, 1], paced by the default
/// curve, and copies `animationDuration / numPulse` apart. Its `backgroundColor` override colours the pulse.
final class PulseLayer: CAReplicatorLayer {
    let pulse = CALayer()
    var radius: CGFloat = 60
    var animationDuration: TimeInterval = 3
    private var alpha: CGFloat = 0.45

    var numPulse = 1 {
        didSet {
            instanceCount = numPulse
            instanceDelay = animationDuration / Double(numPulse)
        }
    }

    override var backgroundColor: CGColor? {
        didSet {
            pulse.backgroundColor = backgroundColor
            alpha = backgroundColor?.alpha ?? 0
        }
    }

    override init() {
        super.init()
        pulse.opacity = 0
        addSublayer(pulse)
        pulse.bounds = CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2)
        pulse.cornerRadius = radius
        repeatCount = MAXFLOAT
        backgroundColor = UIColor(red: 0, green: 0.455, blue: 0.756, alpha: 0.45).cgColor
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func start() {
        let scale = CABasicAnimation(keyPath: "transform.scale.xy")
        scale.fromValue = 0
        scale.toValue = 1
        scale.duration = animationDuration
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.duration = animationDuration
        opacity.values = [alpha, alpha * 0.5, 0]
        opacity.keyTimes = [0, 0.2, 1]
        let group = CAAnimationGroup()
        group.animations = [scale, opacity]
        group.duration = animationDuration
        group.repeatCount = repeatCount
        group.timingFunction = CAMediaTimingFunction(name: .default)
        pulse.add(group, forKey: "pulse")
    }
}

@Suite("Real world: pulse rings")
struct RealWorldPulseRingTests {
    @Test(
        "Pulsator at 0.5 s: the group's default curve gives 0.22067 of the way, radius 13.24 at opacity 0.2192; copies wait"
    )
    func pulsatorFirstPulse() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 140, height: 140)
            let pulsator = PulseLayer()
            pulsator.numPulse = 3
            pulsator.position = CGPoint(x: 70, y: 70)
            root.addSublayer(pulsator)
            pulsator.start()
            clock.advance(by: 0)
            clock.advance(to: 0.5)
            // Paced by the group's curve (0.25, 0.1, 0.25, 1) at 1/6: 0.220674. Scale is that; opacity falls from
            // 0.45 to 0.225 over the first fifth: 0.45 − 0.225 · 0.220674 / 0.2 = 0.219186.
            let shown = try #require(pulsator.pulse.presentation())
            let scale = try #require(shown.value(forKeyPath: "transform.scale.x") as? CGFloat)
            #expect(isClose(scale, 0.220674, 1e-4))
            #expect(isClose(CGFloat(shown.opacity), 0.219186, 1e-4))
            // The colour's own alpha 0.45 times the opacity: 0.0986 → 25 of 255. The copies have not begun, and their
            // model opacity is 0.
            let picture = screen(root, width: 140, height: 140)
            let centre = Pixel.premultiplied(red: 0, green: 0.455, blue: 0.756, opacity: 0.45 * 0.219186)
            #expect(picture[70, 70].isClose(to: centre, tolerance: 1))
            #expect(picture[70 + 11, 70].isClose(to: centre, tolerance: 1))
            #expect(picture[70 + 15, 70] == .clear)
        }
    }

    @Test("Pulsator at 2.5 s: three rings at radii 59.0, 48.1 and 13.2; the inner disc adds up all three")
    func pulsatorThreeRings() {
        MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 140, height: 140)
            let pulsator = PulseLayer()
            pulsator.numPulse = 3
            pulsator.position = CGPoint(x: 70, y: 70)
            root.addSublayer(pulsator)
            pulsator.start()
            clock.advance(by: 0)
            clock.advance(to: 2.5)
            // Copies k = 0, 1, 2 are 2.5, 1.5 and 0.5 s in: paced 0.98347, 0.80240, 0.22067; opacities 0.00465,
            // 0.05557, 0.21919, each times the colour's 0.45.
            let alphas: [CGFloat] = [0.45 * 0.004648, 0.45 * 0.055574, 0.45 * 0.219186]
            let picture = screen(root, width: 140, height: 140)
            // Inside all three discs: 1 − Π(1 − αk).
            let all = 1 - alphas.reduce(1) { $0 * (1 - $1) }
            #expect(abs(picture[70, 70].alpha - Int((all * 255).rounded())) <= 1)
            // Between radius 13.2 and 48.1: the two outer copies.
            let outer = 1 - (1 - alphas[0]) * (1 - alphas[1])
            #expect(abs(picture[70 + 30, 70].alpha - Int((outer * 255).rounded())) <= 1)
            // Beyond radius 59: nothing.
            #expect(picture[70, 70 + 62] == .clear)
        }
    }

    @Test(
        "a ring around a button: scale 1 → 2 and opacity 1 → 0 ease-out over 1.5 s, at 0.75 s scale 1.6846, opacity 0.3154"
    )
    func ringGrowsAndFades() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let ring = CAShapeLayer()
            ring.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
            ring.path = UIBezierPath(ovalIn: ring.bounds).cgPath
            ring.fillColor = nil
            ring.strokeColor = UIColor.red.cgColor
            ring.lineWidth = 2
            root.addSublayer(ring)
            let grow = CABasicAnimation(keyPath: "transform.scale")
            grow.fromValue = 1
            grow.toValue = 2
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            let group = CAAnimationGroup()
            group.animations = [grow, fade]
            group.duration = 1.5
            group.repeatCount = .infinity
            group.timingFunction = CAMediaTimingFunction(name: .easeOut)
            group.isRemovedOnCompletion = false
            ring.add(group, forKey: "pulse")
            clock.advance(by: 0)
            clock.advance(to: 0.75)
            // Members without a duration run for the group's 1.5 s; ease-out (0, 0, 0.58, 1) at 0.5 is 0.684643.
            let shown = try #require(ring.presentation())
            #expect(isClose(shown.transform.m11, 1.684643, 1e-4))
            #expect(isClose(CGFloat(shown.opacity), 0.315357, 1e-4))
            // The ring's radius is 20 · 1.6846 = 33.69 about (50, 50), its line 2 · 1.6846 wide.
            let picture = screen(root, width: 100, height: 100)
            #expect(abs(picture[50 + 33, 50].alpha - 80) <= 3)
            #expect(picture[50 + 20, 50] == .clear)
            #expect(picture[50, 50] == .clear)
        }
    }

    @Test("a ripple group of 2 s whose members have no duration: at 0.5 s the members are a quarter through")
    func memberWithoutDurationRunsForTheGroup() throws {
        try MediaClock.withManualTime { clock in
            let ripple = CALayer()
            ripple.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            ripple.backgroundColor = UIColor.blue.cgColor
            ripple.cornerRadius = 20
            let scale = CABasicAnimation(keyPath: "transform.scale")
            scale.fromValue = 0
            scale.toValue = 1
            let alpha = CABasicAnimation(keyPath: "opacity")
            alpha.fromValue = 1
            alpha.toValue = 0
            let group = CAAnimationGroup()
            group.animations = [scale, alpha]
            group.duration = 2
            group.repeatCount = HUGE
            ripple.add(group, forKey: "ripple")
            clock.advance(by: 0)
            clock.advance(to: 0.5)
            // Apple's CAAnimationGroup example and seed 000's group demo rely on this: not the 0.25 s default.
            let shown = try #require(ripple.presentation())
            #expect(isClose(shown.transform.m11, 0.25, 1e-9))
            #expect(isClose(CGFloat(shown.opacity), 0.75, 1e-6))
            let picture = screen(ripple, width: 40, height: 40)
            // A disc of radius 5 about (20, 20) at 0.75.
            #expect(picture[20, 20].isClose(to: .premultiplied(red: 0, green: 0, blue: 1, opacity: 0.75), tolerance: 1))
            #expect(picture[20 + 7, 20] == .clear)
        }
    }
}
