
import CoreGraphics
import QuartzCore
import Testing
import UIKit


/// A pulsing dot written the way Swift 5 indicator libraries write their views: no isolation annotations.
final class PulseDotView: UIView {
    let dot = CAShapeLayer()

    var color: UIColor = .red {
        didSet { dot.fillColor = color.cgColor }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        dot.fillColor = color.cgColor
        layer.addSublayer(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dot.frame = bounds
        dot.path = UIBezierPath(ovalIn: bounds).cgPath
    }

    func startAnimating() {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 0.5
        pulse.toValue = 1
        pulse.duration = 1
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")
    }
}

/// A nonisolated helper, as Swift 5 libraries have them.
func makePulse(in container: UIView) -> PulseDotView {
    let view = PulseDotView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    view.color = .blue
    container.addSubview(view)
    container.layoutIfNeeded()
    view.startAnimating()
    return view
}

struct SwiftFiveClientTests {
    @Test func buildsViewsFromNonisolatedCode() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let pulse = makePulse(in: container)
        #expect(pulse.dot.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(pulse.layer.animationKeys() == nil)
        #expect(pulse.dot.animationKeys() == ["pulse"])
    }
}
