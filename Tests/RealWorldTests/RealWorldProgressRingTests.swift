// Determinate progress rings as apps and HUD libraries write them: a track and a progress shape layer whose
// `strokeEnd` is animated explicitly (from the ring on screen), set without animation inside a transaction that
// disables actions, or left to the implicit animation; and a pie drawn in `draw(_:)` as MBProgressHUD's round
// progress view does.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A ring of a grey track and a blue progress stroke, both starting at the top and running clockwise, laid out in
/// `layoutSubviews` (no constraints).
final class ProgressRingView: UIView {
    let trackLayer = CAShapeLayer()
    let progressLayer = CAShapeLayer()
    let lineWidth: CGFloat = 8

    override init(frame: CGRect) {
        super.init(frame: frame)
        for ring in [trackLayer, progressLayer] {
            ring.fillColor = UIColor.clear.cgColor
            ring.lineWidth = lineWidth
            layer.addSublayer(ring)
        }
        trackLayer.strokeColor = UIColor(white: 0.85, alpha: 1).cgColor
        progressLayer.strokeColor = UIColor.blue.cgColor
        progressLayer.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2 - 2
        let path = UIBezierPath(
            arcCenter: centre, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        for ring in [trackLayer, progressLayer] {
            ring.frame = bounds
            ring.path = path.cgPath
        }
    }

    func setProgress(_ progress: CGFloat, animated: Bool) {
        if animated {
            let animation = CABasicAnimation(keyPath: "strokeEnd")
            animation.fromValue = progressLayer.presentation()?.strokeEnd ?? progressLayer.strokeEnd
            animation.toValue = progress
            animation.duration = 0.5
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            progressLayer.strokeEnd = progress
            progressLayer.add(animation, forKey: "progress")
        } else {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            progressLayer.strokeEnd = progress
            CATransaction.commit()
        }
    }

    /// The pixel on the middle of the ring at `fraction` of a turn clockwise from the top.
    func ringPixel(_ picture: Picture, at fraction: CGFloat) -> Pixel {
        let angle = 2 * CGFloat.pi * fraction
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2 - 2
        return picture[Int(bounds.midX + radius * sin(angle)), Int(bounds.midY - radius * cos(angle))]
    }
}

/// MBProgressHUD's round progress view in its pie mode: `draw(_:)` fills a wedge from the top, clockwise, with
/// `addArc(… clockwise: false)` in UIKit's flipped context, and `progress` redraws through `setNeedsDisplay()`.
final class PieProgressView: UIView {
    var progress: CGFloat = 0 {
        didSet { setNeedsDisplay() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let centre = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let radius = (bounds.width - 4) / 2
        let startAngle = -CGFloat.pi / 2
        context.setFillColor(UIColor.red.cgColor)
        context.move(to: centre)
        context.addArc(
            center: centre, radius: radius, startAngle: startAngle, endAngle: progress * 2 * .pi + startAngle,
            clockwise: false)
        context.closePath()
        context.fillPath()
    }
}

let trackGrey = Pixel(red: 217, green: 217, blue: 217, alpha: 255)

/// The stroke end the ring's progress layer shows now.
func shownStrokeEnd(_ ring: ProgressRingView) throws -> CGFloat {
    try #require(ring.progressLayer.presentation()).strokeEnd
}

/// A 100 × 100 ring, laid out and committed on `clock` at its current time.
func committedRing(_ clock: MediaClock) -> ProgressRingView {
    let ring = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    ring.layoutIfNeeded()
    clock.advance(by: 0)
    return ring
}

/// Checks the ring on screen: blue at fraction `filled` of a turn from the top, the grey track at `track`.
func expectRing(
    _ ring: ProgressRingView, blueAt filled: CGFloat, greyAt track: CGFloat,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let picture = screen(ring.layer, width: 100, height: 100)
    #expect(ring.ringPixel(picture, at: filled) == .blue, sourceLocation: sourceLocation)
    #expect(ring.ringPixel(picture, at: track) == trackGrey, sourceLocation: sourceLocation)
}

@Suite("Real world: progress rings")
struct RealWorldProgressRingTests {
    @Test("strokeEnd animated 0 → 0.75 over 0.5 s ease-in-ease-out: 0.375 at 0.25 s, the model's 0.75 after the end")
    func animatedProgress() throws {
        try MediaClock.withManualTime { clock in
            let ring = committedRing(clock)
            ring.setProgress(0.75, animated: true)
            clock.advance(to: 0.25)
            // Half the time on the symmetric ease-in-ease-out curve is half the way: 0.75 / 2.
            let shownEnd = try shownStrokeEnd(ring)
            #expect(isClose(shownEnd, 0.375, 1e-6))
            expectRing(ring, blueAt: 0.3, greyAt: 0.45)
            clock.advance(to: 0.6)
            #expect(ring.progressLayer.animation(forKey: "progress") == nil)
            let finalEnd = try shownStrokeEnd(ring)
            #expect(finalEnd == 0.75)
            expectRing(ring, blueAt: 0.7, greyAt: 0.8)
        }
    }

    @Test("an update inside a transaction that disables actions shows 0.4 on the next frame, with no animation")
    func updateWithoutAnimation() throws {
        try MediaClock.withManualTime { clock in
            let ring = committedRing(clock)
            ring.setProgress(0.4, animated: false)
            clock.advance(by: 0)
            #expect(ring.progressLayer.animationKeys() == nil)
            let shownEnd = try shownStrokeEnd(ring)
            #expect(shownEnd == 0.4)
            expectRing(ring, blueAt: 0.35, greyAt: 0.45)
        }
    }

    @Test(
        "strokeEnd set directly on the sublayer animates implicitly: 0.25 s on the default curve, 0.321 at 0.125 s"
    )
    func implicitProgressLags() throws {
        try MediaClock.withManualTime { clock in
            let ring = committedRing(clock)
            // A sublayer that no view owns gets the implicit animation (Core Animation Programming Guide); the
            // default curve (0.25, 0.1, 0.25, 1) at 0.5 is 0.802403, so 0.4 · 0.802403.
            ring.progressLayer.strokeEnd = 0.4
            clock.advance(to: 0.125)
            #expect(ring.progressLayer.animationKeys() == ["strokeEnd"])
            let shownEnd = try shownStrokeEnd(ring)
            #expect(isClose(shownEnd, 0.320961, 1e-4))
            expectRing(ring, blueAt: 0.3, greyAt: 0.35)
        }
    }

    @Test(
        "re-targeting mid-flight starts from the ring on screen: 0 → 1, at 0.25 s back to 0.2 from 0.5; 0.35 at 0.5 s")
    func retargetFromPresentation() throws {
        try MediaClock.withManualTime { clock in
            let ring = committedRing(clock)
            ring.setProgress(1, animated: true)
            clock.advance(to: 0.25)
            ring.setProgress(0.2, animated: true)
            clock.advance(to: 0.5)
            // The new animation runs 0.5 → 0.2 from 0.25 s; half-way in time is half-way on the curve.
            let shownEnd = try shownStrokeEnd(ring)
            #expect(isClose(shownEnd, 0.35, 1e-6))
            expectRing(ring, blueAt: 0.3, greyAt: 0.4)
        }
    }

    @Test("MBProgressHUD's pie: a quarter from the top clockwise at 0.25, redrawn to 216° after progress = 0.6")
    func pieDrawnInDrawRect() {
        MediaClock.withManualTime { clock in
            let pie = PieProgressView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            pie.progress = 0.25
            clock.advance(by: 0)
            func wedge(_ picture: Picture, degreesFromTop: CGFloat) -> Pixel {
                let angle = degreesFromTop * .pi / 180
                return picture[Int(20 + 12 * sin(angle)), Int(20 - 12 * cos(angle))]
            }
            var picture = screen(pie.layer, width: 40, height: 40)
            #expect(wedge(picture, degreesFromTop: 45) == .red)
            #expect(wedge(picture, degreesFromTop: 135) == .clear)
            #expect(wedge(picture, degreesFromTop: 315) == .clear)
            pie.progress = 0.6
            clock.advance(by: 0)
            picture = screen(pie.layer, width: 40, height: 40)
            #expect(wedge(picture, degreesFromTop: 135) == .red)
            #expect(wedge(picture, degreesFromTop: 200) == .red)
            #expect(wedge(picture, degreesFromTop: 235) == .clear)
            #expect(wedge(picture, degreesFromTop: 315) == .clear)
        }
    }
}
