import Foundation
import PortableQuartzCore
import PortableRaster

/// The composite scene of issue 6 drawn through the whole layer stack — `CALayer`s with image contents, opacity 0.8
/// and transforms, composited by `CARenderer` — timed side by side with cairo drawing the same 100 images with the
/// same transforms. Frames per second, best of `trials`.
func measureLayerScene(image source: SourceImage, seed: UInt64, trials: Int) throws -> (ours: Double, cairo: Double) {
    let width = 1920
    let height = 1080
    var random = SeededGenerator(seed: seed)
    var placements: [(scale: Double, angle: Double, x: Double, y: Double)] = []
    for _ in 0..<100 {
        let scale = random.uniform(0.6, 1.4)
        let angle = random.uniform(0, 2 * .pi)
        placements.append((scale, angle, random.uniform(0, Double(width)), random.uniform(0, Double(height))))
    }
    guard
        let image = CGImage(
            premultipliedRGBA: source.premultipliedRGBA, width: source.width, height: source.height)
    else { throw CocoaError(.coderInvalidValue) }
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(srgbRed: 20 / 255, green: 30 / 255, blue: 40 / 255, alpha: 1)
    for placement in placements {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: source.width, height: source.height)
        layer.contents = image
        layer.opacity = 0.8
        layer.position = CGPoint(x: placement.x, y: placement.y)
        layer.transform = CATransform3DRotate(
            CATransform3DMakeScale(placement.scale, placement.scale, 1), placement.angle, 0, 0, 1)
        root.addSublayer(layer)
    }
    let renderer = CARenderer(width: width, height: height)!
    renderer.layer = root
    _ = renderer.renderFrame(atTime: 0)

    let cairo = CairoCanvas(width: width, height: height, images: [source])
    let background = Paint(red: 20, green: 30, blue: 40, alpha: 255)
    let transforms = placements.map {
        Affine2D.translation(x: -Double(source.width) / 2, y: -Double(source.height) / 2)
            .concatenated(.scale(x: $0.scale, y: $0.scale))
            .concatenated(.rotation(radians: $0.angle))
            .concatenated(.translation(x: $0.x, y: $0.y))
    }
    let frame = fastest(
        trials: trials, iterations: 3,
        ours: {
            renderer.beginFrame(atTime: 0, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
        },
        cairo: {
            cairo.clear(to: background)
            for transform in transforms { cairo.drawImageDefaultExtend(index: 0, transform: transform, alpha: 0.8) }
            cairo.flush()
        })
    return (1 / frame.ours, 1 / frame.cairo)
}
