import Foundation

@testable import PortableQuartzCore

/// Scenes and helpers shared by the archiving tests.
enum ArchiveFixtures {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// A colour outside 0…1, kept in extended sRGB.
    static let wideGreen = ColorComponents(red: -0.25, green: 1.5, blue: 0, alpha: 0.75)

    /// A 2×1 image: an opaque red pixel and a half-transparent blue one (premultiplied).
    static func image() -> CGImage {
        guard let image = CGImage(premultipliedRGBA: [255, 0, 0, 255, 0, 0, 128, 128], width: 2, height: 1) else {
            preconditionFailure("a 2×1 image is always valid")
        }
        return image
    }

    /// Move, line, quadratic, cubic, close: every element kind.
    static func wigglePath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 20, y: 10), control: CGPoint(x: 20, y: 0))
        path.addCurve(to: CGPoint(x: 0, y: 20), control1: CGPoint(x: 15, y: 25), control2: CGPoint(x: 5, y: 25))
        path.closeSubpath()
        return path
    }

    /// A scene with one layer of every class, properties of every value kind, a mask, extra keys, timing and one
    /// animation of every class. Build it under a manual clock.
    static func scene() -> CALayer {
        let root = CALayer()
        root.name = "root"
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        root.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        root.sublayerTransform.m34 = -1.0 / 500
        root.cornerRadius = 8
        root.opacity = 0.3
        root.contents = image()
        root.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil)
        root.shadowOffset = CGSize(width: 2, height: 4)
        root.speed = 2
        root.repeatCount = .infinity
        root.setValue(7, forKey: "tag")
        root.setValue("scene", forKey: "title")
        root.setValue(true, forKey: "isDemo")
        root.setValue(CALayer(), forKey: "notPlain")
        let mask = CALayer()
        mask.bounds = CGRect(x: 0, y: 0, width: 150, height: 80)
        root.mask = mask

        let shape = CAShapeLayer()
        shape.path = wigglePath()
        shape.fillColor = nil
        shape.strokeColor = red
        shape.lineWidth = 3
        shape.lineDashPattern = [4, 2]
        shape.fillRule = .evenOdd
        shape.strokeEnd = 0.5
        shape.setValue(wideGreen, forKey: "shadowColor")
        root.addSublayer(shape)

        let text = CATextLayer()
        text.string = "Hello"
        text.fontSize = 18
        text.foregroundColor = blue
        text.alignmentMode = .center
        text.isWrapped = true
        root.addSublayer(text)

        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        gradient.locations = [0, 0.25]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.type = .radial
        root.addSublayer(gradient)

        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceDelay = 0.1
        replicator.instanceColor = red
        replicator.instanceRedOffset = -0.25
        replicator.addSublayer(CALayer())
        root.addSublayer(replicator)

        let transformLayer = CATransformLayer()
        let child = CALayer()
        child.zPosition = 10
        child.isHidden = true
        transformLayer.addSublayer(child)
        transformLayer.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(transformLayer)

        let scroll = CAScrollLayer()
        scroll.scrollMode = .vertically
        scroll.masksToBounds = true
        root.addSublayer(scroll)

        let emitter = CAEmitterLayer()
        emitter.birthRate = 2
        emitter.emitterShape = .circle
        emitter.emitterSize = CGSize(width: 30, height: 30)
        emitter.emitterPosition = CGPoint(x: 50, y: 50)
        emitter.seed = 42
        root.addSublayer(emitter)

        addAnimations(root: root, shape: shape, transition: text)
        return root
    }

    /// One animation of every class.
    private static func addAnimations(root: CALayer, shape: CALayer, transition target: CALayer) {
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        draw.fillMode = .forwards
        draw.isRemovedOnCompletion = false
        draw.setValue("draw", forKey: "tag")
        shape.add(draw, forKey: "draw")

        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = wigglePath()
        follow.rotationMode = .rotateAuto
        follow.calculationMode = .paced
        follow.duration = 4
        follow.repeatCount = 2
        follow.autoreverses = true
        shape.add(follow, forKey: "follow")

        let bounce = CASpringAnimation(keyPath: "transform.scale")
        bounce.fromValue = 0.5
        bounce.toValue = 1
        bounce.mass = 2
        bounce.stiffness = 300
        bounce.damping = 12
        bounce.initialVelocity = 1.5
        bounce.allowsOverdamping = true

        let slide = CABasicAnimation(keyPath: "position.x")
        slide.byValue = 40
        slide.isAdditive = true
        slide.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0, 0.2, 1)

        let group = CAAnimationGroup()
        group.animations = [bounce, slide]
        group.duration = 1.5
        group.beginTime = 0.5
        root.add(group, forKey: "group")

        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.isCumulative = true
        root.add(spin, forKey: "spin")

        let tint = CAKeyframeAnimation(keyPath: "backgroundColor")
        tint.values = [red, NSNull(), blue]
        tint.keyTimes = [0, 0.5, 1]
        tint.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        tint.duration = 3
        root.add(tint, forKey: "tint")

        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        transition.startProgress = 0.25
        transition.endProgress = 0.75
        transition.duration = 0.5
        target.add(transition, forKey: "transition")
    }

    /// Runs `body` under a new manual clock starting at `start`, with no transaction left open before or after: a
    /// layer test that never advances its clock would otherwise leave an implicit transaction open on its thread,
    /// and a later test on that thread would see its layers committed only with that transaction.
    static func withManualClock<Result>(
        startingAt start: Double = 0, _ body: (MediaClock) throws -> Result
    ) rethrows -> Result {
        try MediaClock.withManualTime(startingAt: start) { clock in
            CATransaction.flush()
            defer { CATransaction.flush() }
            return try body(clock)
        }
    }

    /// The JSON text of `archive`.
    static func json(_ archive: LayerArchive) throws -> String {
        String(decoding: try archive.encodeJSON(), as: UTF8.self)
    }

    /// The error `body` throws, as a `LayerArchiveError`, or nil when it throws none (or another type).
    static func archiveError(_ body: () throws -> Void) -> LayerArchiveError? {
        do {
            try body()
            return nil
        } catch {
            return error as? LayerArchiveError
        }
    }

    /// Decodes `json` and builds its layer tree.
    static func load(_ json: String) throws -> CALayer {
        try LayerArchive.decode(fromJSON: Data(json.utf8)).makeLayer()
    }
}
