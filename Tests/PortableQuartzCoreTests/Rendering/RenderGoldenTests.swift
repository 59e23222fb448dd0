import Foundation
import Testing

@testable import PortableQuartzCore

/// One golden picture per visual property and per layer type (regression pictures: recorded from this renderer
/// after checking them by eye, compared byte for byte).
@Suite("Renderer goldens")
struct RenderGoldenTests {
    private func color(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat = 1) -> CGColor {
        CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    private func canvas(_ width: CGFloat = 160, _ height: CGFloat = 120) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = color(1, 1, 1)
        return root
    }

    private func check(_ root: CALayer, _ name: String, at time: Double = 0) {
        let renderer = CARenderer(
            width: Int(root.bounds.width), height: Int(root.bounds.height))!
        renderer.layer = root
        let image = renderer.renderFrame(atTime: time)
        if let problem = RenderGolden.mismatch(image, name: name) { Issue.record(Comment(rawValue: problem)) }
    }

    @Test("backgrounds, borders and rounded corners on chosen corners")
    func backgroundsBordersCorners() {
        let root = canvas()
        let plain = solidLayer(CGRect(x: 10, y: 10, width: 60, height: 40), red: 0.9, green: 0.3, blue: 0.2)
        plain.borderWidth = 3
        plain.borderColor = color(0.1, 0.1, 0.4)
        let rounded = solidLayer(CGRect(x: 90, y: 10, width: 60, height: 40), red: 0.2, green: 0.6, blue: 0.3)
        rounded.cornerRadius = 14
        rounded.borderWidth = 2
        rounded.borderColor = color(0, 0, 0, 0.6)
        let some = solidLayer(CGRect(x: 10, y: 65, width: 140, height: 45), red: 0.3, green: 0.4, blue: 0.9)
        some.cornerRadius = 20
        some.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        [plain, rounded, some].forEach(root.addSublayer)
        check(root, "backgrounds-borders-corners")
    }

    @Test("opacity with and without group opacity, and a masksToBounds rounded clip")
    func opacityAndClips() {
        let root = canvas()
        for (index, grouped) in [true, false].enumerated() {
            let parent = CALayer()
            parent.frame = CGRect(x: 10 + CGFloat(index) * 75, y: 10, width: 65, height: 50)
            parent.opacity = 0.5
            parent.allowsGroupOpacity = grouped
            parent.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 45, height: 35)))
            parent.addSublayer(solidLayer(CGRect(x: 20, y: 15, width: 45, height: 35), red: 0, green: 0, blue: 1))
            root.addSublayer(parent)
        }
        let clip = solidLayer(CGRect(x: 40, y: 70, width: 80, height: 40), red: 0.95, green: 0.85, blue: 0.2)
        clip.cornerRadius = 16
        clip.masksToBounds = true
        clip.addSublayer(solidLayer(CGRect(x: -20, y: 20, width: 60, height: 40), red: 0.5, green: 0.1, blue: 0.6))
        root.addSublayer(clip)
        check(root, "opacity-clips")
    }

    @Test("a circular shape-layer mask and blurred shadows from alpha and from a path")
    func masksAndShadows() {
        let root = canvas()
        let masked = solidLayer(CGRect(x: 10, y: 10, width: 60, height: 60), red: 0.1, green: 0.5, blue: 0.8)
        let circle = CAShapeLayer()
        circle.frame = masked.bounds
        circle.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
        masked.mask = circle
        let shadowed = solidLayer(CGRect(x: 90, y: 15, width: 50, height: 40), red: 0.9, green: 0.5, blue: 0.1)
        shadowed.cornerRadius = 8
        shadowed.shadowOpacity = 0.6
        shadowed.shadowRadius = 4
        shadowed.shadowOffset = CGSize(width: 4, height: 6)
        let pathShadow = solidLayer(CGRect(x: 30, y: 80, width: 100, height: 25), red: 0.3, green: 0.8, blue: 0.4)
        pathShadow.shadowOpacity = 1
        pathShadow.shadowRadius = 2
        pathShadow.shadowColor = color(0.4, 0, 0.4)
        pathShadow.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 15, width: 100, height: 14), transform: nil)
        [masked, shadowed, pathShadow].forEach(root.addSublayer)
        check(root, "masks-shadows")
    }

    @Test("contents images under gravities, contentsRect and a nine-part contentsCenter")
    func contents() {
        let root = canvas()
        let image = squareImage(side: 20, red: 0.2, green: 0.7, blue: 0.3)
        let checker = checkerImage()
        let gravities: [CALayerContentsGravity] = [.center, .topLeft, .bottomRight, .resizeAspect]
        for (index, gravity) in gravities.enumerated() {
            let layer = solidLayer(
                CGRect(x: 8 + CGFloat(index) * 38, y: 8, width: 32, height: 44), red: 0.9, green: 0.9, blue: 0.9)
            layer.contents = index == 3 ? checker : image
            layer.contentsGravity = gravity
            root.addSublayer(layer)
        }
        let cropped = CALayer()
        cropped.frame = CGRect(x: 8, y: 62, width: 50, height: 50)
        cropped.contents = checker
        cropped.contentsRect = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        cropped.magnificationFilter = .nearest
        let stretched = CALayer()
        stretched.frame = CGRect(x: 70, y: 62, width: 82, height: 50)
        stretched.contents = checker
        stretched.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        [cropped, stretched].forEach(root.addSublayer)
        check(root, "contents")
    }

    @Test("a door swung 45° in perspective (m34 = −1/500) and a transform-layer cube")
    func threeD() {
        let root = canvas(200, 120)
        let stage = CALayer()
        stage.frame = CGRect(x: 0, y: 0, width: 100, height: 120)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        stage.sublayerTransform = perspective
        let door = solidLayer(CGRect(x: 20, y: 10, width: 60, height: 100), red: 0.55, green: 0.35, blue: 0.2)
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.position = CGPoint(x: 20, y: 60)
        door.transform = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
        stage.addSublayer(door)
        root.addSublayer(stage)

        let cube = CATransformLayer()
        cube.frame = CGRect(x: 110, y: 20, width: 80, height: 80)
        var turn = CATransform3DMakeRotation(.pi / 6, 1, 0, 0)
        turn = CATransform3DRotate(turn, .pi / 5, 0, 1, 0)
        turn.m34 = -1.0 / 400
        cube.sublayerTransform = turn
        let faces: [(CATransform3D, CGFloat, CGFloat, CGFloat)] = [
            (CATransform3DMakeTranslation(0, 0, 25), 0.9, 0.2, 0.2),
            (CATransform3DRotate(CATransform3DMakeTranslation(25, 0, 0), .pi / 2, 0, 1, 0), 0.2, 0.7, 0.2),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -25, 0), .pi / 2, 1, 0, 0), 0.2, 0.3, 0.9),
            (CATransform3DRotate(CATransform3DMakeTranslation(-25, 0, 0), -.pi / 2, 0, 1, 0), 0.9, 0.8, 0.1),
        ]
        for (transform, red, green, blue) in faces {
            let face = solidLayer(CGRect(x: 15, y: 15, width: 50, height: 50), red: red, green: green, blue: blue)
            face.transform = transform
            cube.addSublayer(face)
        }
        root.addSublayer(cube)
        check(root, "door-cube")
    }

    @Test("shape, gradient and text layers")
    func layerTypes() {
        let root = canvas(240, 120)
        let star = CAShapeLayer()
        star.frame = CGRect(x: 5, y: 5, width: 70, height: 70)
        let path = CGMutablePath()
        for point in 0..<10 {
            let radius: CGFloat = point % 2 == 0 ? 32 : 14
            let angle = CGFloat(point) * .pi / 5 - .pi / 2
            let vertex = CGPoint(x: 35 + radius * cos(angle), y: 35 + radius * sin(angle))
            if point == 0 { path.move(to: vertex) } else { path.addLine(to: vertex) }
        }
        path.closeSubpath()
        star.path = path
        star.fillColor = color(1, 0.8, 0.1)
        star.strokeColor = color(0.6, 0.2, 0)
        star.lineWidth = 3
        star.lineDashPattern = [6, 3]
        star.strokeEnd = 0.7
        let axial = CAGradientLayer()
        axial.frame = CGRect(x: 85, y: 5, width: 70, height: 50)
        axial.colors = [color(0.1, 0.2, 0.8), color(0.9, 0.2, 0.5)]
        let radial = CAGradientLayer()
        radial.frame = CGRect(x: 165, y: 5, width: 70, height: 50)
        radial.type = .radial
        radial.colors = [color(1, 1, 0.6), color(0.9, 0.4, 0), color(0.3, 0, 0)]
        radial.locations = [0, 0.6, 1]
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        let conic = CAGradientLayer()
        conic.frame = CGRect(x: 85, y: 62, width: 50, height: 50)
        conic.type = .conic
        conic.colors = [color(1, 0, 0), color(0, 1, 0), color(0, 0, 1), color(1, 0, 0)]
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 1, y: 0.5)
        let text = CATextLayer()
        text.frame = CGRect(x: 140, y: 62, width: 95, height: 50)
        text.string = "Red → Blue"
        text.fontSize = 16
        text.foregroundColor = color(0.1, 0.1, 0.1)
        text.alignmentMode = .center
        text.isWrapped = true
        [star, axial, radial, conic, text].forEach(root.addSublayer)
        check(root, "layer-types")
    }

    @Test("a replicator ring with colour offsets and a seeded emitter at t = 1.5 s")
    func replicatorAndEmitter() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let root = canvas(200, 120)
            let ring = CAReplicatorLayer()
            ring.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            ring.instanceCount = 12
            ring.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            ring.instanceColor = color(1, 1, 1)
            ring.instanceRedOffset = -0.08
            ring.instanceBlueOffset = -0.05
            let dot = solidLayer(CGRect(x: 45, y: 2, width: 10, height: 10), red: 0.9, green: 0.4, blue: 0.9)
            dot.cornerRadius = 5
            ring.addSublayer(dot)
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: 120, y: 10, width: 70, height: 100)
            emitter.emitterPosition = CGPoint(x: 35, y: 90)
            emitter.seed = 7
            let cell = CAEmitterCell()
            cell.contents = squareImage(side: 6, red: 1, green: 1, blue: 1)
            cell.birthRate = 20
            cell.lifetime = 2
            cell.velocity = 40
            cell.velocityRange = 15
            cell.emissionLongitude = -.pi / 2
            cell.emissionRange = .pi / 6
            cell.color = color(1, 0.5, 0.1)
            cell.alphaSpeed = -0.4
            emitter.emitterCells = [cell]
            [ring, emitter].forEach(root.addSublayer)
            clock.advance(by: 1.5)
            check(root, "replicator-emitter", at: clock.now)
        }
    }

    /// A 16 × 16 checkerboard of 4-pixel squares in two colours.
    private func checkerImage() -> CGImage {
        let context = CGContext(
            data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for row in 0..<4 {
            for column in 0..<4 {
                context.setFillColor((row + column) % 2 == 0 ? color(0.1, 0.1, 0.5) : color(1, 0.9, 0.3))
                context.fill(CGRect(x: column * 4, y: row * 4, width: 4, height: 4))
            }
        }
        return context.makeImage()!
    }
}
