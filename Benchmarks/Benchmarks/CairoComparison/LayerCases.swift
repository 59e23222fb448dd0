import Foundation
import PortableQuartzCore

/// The layer paths of issue 22 that cairo has no counterpart for, timed on our side alone (`--layers-only`): blurred
/// shadows of a shape layer's alpha and of a `shadowPath` at radius 3, 10 and 30, an image layer in perspective, an
/// image layer masked by a shape layer, a large image shown at a quarter of its size with bilinear and trilinear
/// filtering, axial and conic gradient layers (mixed in Generic RGB, as Core Animation mixes them), and a text
/// layer. Each case is one layer over an opaque root at 1024×768, rendered by `CARenderer`; the table gives
/// the fastest and the median of `frames` frames, beside the frame of the root alone (clearing 1024×768 pixels).
///
/// cairo has no blur, no perspective, no mipmaps, no conic gradient and no text layout of this kind, so there is
/// nothing to compare with; the text layer's painting is cached between frames while its string stays the same (as
/// Core Animation keeps a layer's backing store), so it is timed once unchanged and once with the string changing
/// every frame, and the gradient layers get a new start point every frame.
enum LayerCases {
    static let width = 1024
    static let height = 768

    struct Case {
        var name: String
        var layer: CALayer
        /// Changes the layer before frame `index` is drawn (nil: the layer never changes).
        var update: ((Int) -> Void)?
    }

    static func all(image source: SourceImage) -> [Case] {
        var cases: [Case] = []
        let star = CGMutablePath()
        for index in 0..<10 {
            let angle = Double(index) * .pi / 5 - .pi / 2
            let radius = index % 2 == 0 ? 200.0 : 90.0
            let point = CGPoint(x: 220 + radius * cos(angle), y: 220 + radius * sin(angle))
            if index == 0 { star.move(to: point) } else { star.addLine(to: point) }
        }
        star.closeSubpath()
        for radius in [3.0, 10, 30] {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 290, y: 160, width: 440, height: 440)
            shape.path = star
            shape.fillColor = CGColor(srgbRed: 0.9, green: 0.6, blue: 0.1, alpha: 1)
            shape.shadowOpacity = 0.6
            shape.shadowOffset = CGSize(width: 0, height: 8)
            shape.shadowRadius = radius
            cases.append(Case(name: "shadow of a shape's alpha, radius \(Int(radius))", layer: shape))
        }
        for radius in [3.0, 10, 30] {
            let card = CALayer()
            card.frame = CGRect(x: 212, y: 184, width: 600, height: 400)
            card.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            card.cornerRadius = 24
            card.shadowPath = CGPath(
                roundedRect: card.bounds, cornerWidth: 24, cornerHeight: 24, transform: nil)
            card.shadowOpacity = 0.5
            card.shadowOffset = CGSize(width: 0, height: 10)
            card.shadowRadius = radius
            cases.append(Case(name: "shadowPath shadow (600×400 card), radius \(Int(radius))", layer: card))
        }
        let image = CGImage(premultipliedRGBA: source.premultipliedRGBA, width: source.width, height: source.height)!
        let tilted = CALayer()
        tilted.bounds = CGRect(x: 0, y: 0, width: 500, height: 500)
        tilted.position = CGPoint(x: width / 2, y: height / 2)
        tilted.contents = image
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 600
        tilted.transform = CATransform3DRotate(perspective, 40 * .pi / 180, 0, 1, 0)
        cases.append(Case(name: "image layer 500² in perspective (m34 −1/600, 40° about y)", layer: tilted))
        let masked = CALayer()
        masked.bounds = CGRect(x: 0, y: 0, width: 500, height: 500)
        masked.position = CGPoint(x: width / 2, y: height / 2)
        masked.contents = image
        let maskShape = CAShapeLayer()
        maskShape.frame = masked.bounds
        maskShape.path = star.copy(using: [CGAffineTransform(translationX: 30, y: 30)])
        masked.mask = maskShape
        cases.append(Case(name: "image layer 500² masked by a shape layer (star)", layer: masked))
        // A 1024² image shown at 256²: a quarter of its size, so trilinear filtering blends two mipmap levels.
        let big = 1024
        var pixels = [UInt8](repeating: 255, count: big * big * 4)
        for y in 0..<big {
            for x in 0..<big where (x / 8 + y / 8) % 2 == 0 {
                pixels[(y * big + x) * 4] = UInt8(x / 4)
                pixels[(y * big + x) * 4 + 1] = UInt8(y / 4)
                pixels[(y * big + x) * 4 + 2] = 40
            }
        }
        let bigImage = CGImage(premultipliedRGBA: pixels, width: big, height: big)!
        for filter in [CALayerContentsFilter.linear, .trilinear] {
            let small = CALayer()
            small.bounds = CGRect(x: 0, y: 0, width: 256, height: 256)
            small.position = CGPoint(x: width / 2, y: height / 2)
            small.contents = bigImage
            small.minificationFilter = filter
            cases.append(Case(name: "1024² image layer shown at 256², \(filter.rawValue) filter", layer: small))
        }
        for type in [CAGradientLayerType.axial, .conic] {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 212, y: 84, width: 600, height: 600)
            gradient.type = type
            gradient.colors = [
                CGColor(srgbRed: 0.95, green: 0.3, blue: 0.1, alpha: 1),
                CGColor(srgbRed: 0.2, green: 0.7, blue: 0.3, alpha: 0.6),
                CGColor(srgbRed: 0.1, green: 0.2, blue: 0.9, alpha: 1),
            ]
            gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            // A new start point every frame, so the gradient is painted again rather than taken from the cache.
            cases.append(
                Case(
                    name: "\(type.rawValue) gradient layer 600², repainted every frame", layer: gradient,
                    update: { gradient.startPoint = CGPoint(x: $0 % 2 == 0 ? 0.5 : 0.45, y: 0.5) }))
        }
        let words = "The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly. "
        let text = CATextLayer()
        text.frame = CGRect(x: 62, y: 84, width: 900, height: 600)
        text.string = String(repeating: words, count: 8)
        text.font = "DejaVu Sans"
        text.fontSize = 22
        text.isWrapped = true
        text.foregroundColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        cases.append(Case(name: "text layer, 8 wrapped lines of 22 pt, unchanged", layer: text))
        let changing = CATextLayer()
        changing.frame = text.frame
        changing.font = "DejaVu Sans"
        changing.fontSize = 22
        changing.isWrapped = true
        changing.foregroundColor = text.foregroundColor
        let strings = [text.string as! String, String(repeating: words.uppercased(), count: 8)]
        changing.string = strings[0]
        cases.append(
            Case(
                name: "text layer, 8 wrapped lines of 22 pt, new string each frame", layer: changing,
                update: { changing.string = strings[$0 % 2] }))
        return cases
    }
}

/// Prints the layer table: per case the fastest and the median of `frames` frames, in milliseconds; with a
/// directory, writes each case's last frame to `DIRECTORY/layer-INDEX.png`.
func measureLayerCases(image source: SourceImage, frames: Int, dumpDirectory: String?) {
    print("LAYERS (issue 22, ours alone — cairo has no blur, perspective or text layers): 1024×768, CARenderer")
    print("case                                                          fastest ms  median ms")
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: LayerCases.width, height: LayerCases.height)
    root.backgroundColor = CGColor(srgbRed: 0.93, green: 0.94, blue: 0.96, alpha: 1)
    let renderer = CARenderer(width: LayerCases.width, height: LayerCases.height)!
    renderer.layer = root
    func row(_ name: String, update: ((Int) -> Void)?) {
        for index in 0..<3 {
            update?(index)
            renderFrame(renderer)
        }
        var times: [Double] = []
        for index in 0..<Swift.max(frames, 1) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            update?(index + 1)
            CATransaction.commit()
            times.append(timed { renderFrame(renderer) } * 1000)
        }
        times.sort()
        print(
            CairoComparison.pad(name, 62, left: false) + CairoComparison.pad(format(times[0], 2), 12)
                + CairoComparison.pad(format(times[times.count / 2], 2), 11))
    }
    row("root alone (opaque background, 1024×768)", update: nil)
    for (index, testCase) in LayerCases.all(image: source).enumerated() {
        root.addSublayer(testCase.layer)
        row(testCase.name, update: testCase.update)
        if let dumpDirectory { writePNG(renderer.makeImage(), to: "\(dumpDirectory)/layer-\(index).png") }
        testCase.layer.removeFromSuperlayer()
    }
}
