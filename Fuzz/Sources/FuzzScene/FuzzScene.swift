import Foundation
import FuzzSupport
import PortableQuartzCore
import PortableQuartzCoreExport
@_spi(Engine) import PortableRaster

/// Scene files as `pqc render` reads them: JSON → `LayerArchive` → layer tree on a manual clock → frames drawn
/// by `CARenderer` at hostile times → a GIF and a PNG made in memory.
///
/// Emitter cells are not part of the scene format, so the bytes after the first NUL (if any) describe cells
/// (birth rates, lifetimes, velocities, scales, nested cells) given to every emitter layer of the tree.
enum SceneTarget: FuzzTarget {
    static func test(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        guard let archive = try? LayerArchive.decode(fromJSON: Data(bytes[..<split])) else { return }
        var cellInput = FuzzInput(split < bytes.endIndex ? Array(bytes[(split + 1)...]) : [])
        MediaClock.withManualTime { clock in
            clock.advance(by: 0)
            guard let root = try? archive.makeLayer() else { return }
            addEmitterCells(under: root, from: &cellInput)
            clock.advance(by: 0)
            guard let renderer = CARenderer(width: 24, height: 18, scale: 1) else { FuzzDriver.fail("no renderer") }
            let frame = root.frame
            if frame.width.isFinite, frame.height.isFinite, frame.minX.isFinite, frame.minY.isFinite, frame.width > 0,
                frame.height > 0
            {
                renderer.bounds = frame
            }
            renderer.layer = root
            guard var gif = try? GIFEncoder(width: 24, height: 18) else { FuzzDriver.fail("no GIF encoder") }
            var last: CGImage?
            for time in [0, 0.37, 1.5, 1e3] {
                clock.advance(to: time)
                let image = renderer.renderFrame(atTime: time)
                guard image.width == 24, image.height == 18 else { FuzzDriver.fail("frame of the wrong size") }
                try? gif.add(image, delay: 3)
                last = image
            }
            gif.finish()
            guard !gif.takeOutput().isEmpty else { FuzzDriver.fail("empty GIF") }
            if let last, let data = last.dataProvider?.data,
                let pixels = try? PixelBuffer(
                    width: 24, height: 18, bytesPerRow: last.bytesPerRow, bytes: [UInt8](data))
            {
                _ = PNG.encode(pixels)
            }
        }
    }

    /// Gives every emitter layer under `root` (visited without recursion) cells read from `input`.
    static func addEmitterCells(under root: CALayer, from input: inout FuzzInput) {
        guard !input.isExhausted else { return }
        var pending = [root]
        while let layer = pending.popLast() {
            if let emitter = layer as? CAEmitterLayer {
                emitter.emitterCells = (0..<input.int(in: 0...3)).map { _ in cell(from: &input, depth: 0) }
            }
            pending += layer.sublayers ?? []
        }
    }

    static func cell(from input: inout FuzzInput, depth: Int) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.birthRate = Float(input.double())
        cell.lifetime = Float(input.double())
        cell.lifetimeRange = Float(input.double())
        cell.velocity = input.double()
        cell.velocityRange = input.double()
        cell.emissionRange = input.double()
        cell.yAcceleration = input.double()
        cell.scale = input.double()
        cell.scaleSpeed = input.double()
        cell.spin = input.double()
        cell.alphaSpeed = Float(input.double())
        cell.color = CGColor(srgbRed: input.double(), green: 0.5, blue: 0.5, alpha: input.double())
        if input.bool() { cell.duration = input.double() }
        if input.bool() { cell.beginTime = input.double() }
        if input.bool() { cell.speed = Float(input.double()) }
        if depth < 2, input.bool() {
            cell.emitterCells = (0..<input.int(in: 1...2)).map { _ in self.cell(from: &input, depth: depth + 1) }
        }
        return cell
    }

    static var seeds: [[UInt8]] {
        var seeds = [Array(documentationExample.utf8)]
        for tree in SeedScenes.trees() {
            MediaClock.withManualTime { clock in
                clock.advance(by: 0)
                if let json = try? LayerArchive(tree()).encodeJSON() { seeds.append([UInt8](json)) }
            }
        }
        // An emitter with cells described after the NUL.
        let emitter =
            #"{"root":{"class":"CAEmitterLayer","properties":{"bounds":{"rect":[0,0,24,18]},"#
            + #""position":{"point":[12,9]},"emitterPosition":{"point":[12,9]}}},"version":1}"#
        seeds.append(Array(emitter.utf8) + [0, 2, 0, 7, 0, 8, 0, 2, 0, 8, 0, 1, 0, 6, 0, 8, 0, 3, 0, 1, 0, 3, 1])
        return seeds
    }

    static var dictionary: [[UInt8]] {
        let words =
            ArchivedLayerClass.allCases.map(\.rawValue) + ArchivedAnimationClass.allCases.map(\.rawValue)
            + LayerProperty.allCases.map(\.key) + [
                "root", "version", "class", "properties", "sublayers", "mask", "animations", "extraValues", "key",
                "keyPath", "fromValue", "toValue", "byValue", "values", "keyTimes", "timingFunctions", "path",
                "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
                "fillMode", "number", "point", "size", "rect", "color", "transform", "affineTransform", "numbers",
                "colors", "image", "bool", "string", "move", "line", "quad", "curve", "close", "inf", "-inf", "nan",
                "1e308", "-1e308", "5e-324", "1e12", "4294967296", "instanceCount", "instanceDelay",
                "instanceTransform", "shadowRadius", "shadowOpacity",
            ]
        return words.map { Array("\"\($0)\"".utf8) }
    }

    /// The example of Docs/SceneFormat.md (a card with a drawn tick, a pulsing label and a spring).
    static let documentationExample = """
        {"root":{"animations":[{"class":"CASpringAnimation","damping":8,"duration":1,"fromValue":{"number":40},
        "key":"nudge","keyPath":"position.y","toValue":{"number":60}}],"class":"CALayer","properties":{
        "backgroundColor":{"color":[1,1,1,1]},"bounds":{"rect":[0,0,200,120]},"cornerRadius":{"number":12},
        "position":{"point":[100,60]}},"sublayers":[{"animations":[{"class":"CABasicAnimation","duration":1.5,
        "fromValue":{"number":0},"key":"draw","keyPath":"strokeEnd","timingFunction":"easeOut",
        "toValue":{"number":1}}],"class":"CAShapeLayer","properties":{"fillColor":null,"lineCap":{"string":"round"},
        "lineWidth":{"number":6},"path":{"path":[{"move":[40,60]},{"line":[90,100]},{"line":[160,30]}]},
        "strokeColor":{"color":[0.1,0.6,0.2,1]}}},{"animations":[{"class":"CAKeyframeAnimation","duration":2,
        "key":"pulse","keyPath":"opacity","keyTimes":[0,0.5,1],"repeatCount":"inf","values":[{"number":1},
        {"number":0.5},{"number":1}]}],"class":"CATextLayer","properties":{"alignmentMode":{"string":"center"},
        "bounds":{"rect":[0,0,200,30]},"fontSize":{"number":20},"foregroundColor":{"color":[0,0,0,1]},
        "position":{"point":[100,105]},"string":{"string":"Done"}}}]},"version":1}
        """
}

/// Small trees covering every layer class and animation class, archived to make the seed corpus.
enum SeedScenes {
    static func trees() -> [() -> CALayer] {
        [replicatorAndShape, gradientTextAndMask, transformScrollAndGroup]
    }

    static func base(_ layer: CALayer = CALayer()) -> CALayer {
        layer.bounds = CGRect(x: 0, y: 0, width: 24, height: 18)
        layer.position = CGPoint(x: 12, y: 9)
        return layer
    }

    static func replicatorAndShape() -> CALayer {
        let root = base()
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 4
        replicator.instanceDelay = 0.1
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 6, y: 6), radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        shape.path = path
        shape.lineDashPattern = [2, 1]
        shape.strokeColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        shape.shadowOpacity = 0.5
        shape.shadowRadius = 3
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1
        shape.add(draw, forKey: "draw")
        replicator.addSublayer(shape)
        root.addSublayer(replicator)
        return root
    }

    static func gradientTextAndMask() -> CALayer {
        let root = base(CAGradientLayer())
        let gradient = root as! CAGradientLayer
        gradient.colors = [CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1), CGColor(gray: 1, alpha: 0.5)]
        gradient.locations = [0, 1]
        let text = CATextLayer()
        text.frame = CGRect(x: 2, y: 2, width: 20, height: 12)
        text.string = "Hi"
        text.fontSize = 9
        root.addSublayer(text)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 12, height: 18)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        mask.cornerRadius = 4
        root.mask = mask
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 0)]
        move.calculationMode = .cubicPaced
        move.duration = 2
        move.repeatCount = .infinity
        text.add(move, forKey: "move")
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.5
        spring.toValue = 1
        spring.damping = 3
        root.add(spring, forKey: "spring")
        return root
    }

    static func transformScrollAndGroup() -> CALayer {
        let root = base(CATransformLayer())
        let scroll = base(CAScrollLayer())
        scroll.borderWidth = 2
        scroll.borderColor = CGColor(gray: 0.2, alpha: 1)
        root.addSublayer(scroll)
        let child = base()
        child.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        child.transform = CATransform3DMakeRotation(0.5, 1, 1, 0)
        scroll.addSublayer(child)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = Double.pi
        let group = CAAnimationGroup()
        group.animations = [fade, spin]
        group.duration = 1.2
        group.autoreverses = true
        child.add(group, forKey: "group")
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        transition.duration = 0.5
        scroll.add(transition, forKey: "transition")
        return root
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzDriver.initialize(SceneTarget.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.run(SceneTarget.self, data, size)
}
