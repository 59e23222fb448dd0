import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("Layer compositing")
struct LayerCompositingTests {
    @Test("a red 20 × 20 layer at (10, 10) covers pixel (15, 15) exactly and leaves (5, 5) clear")
    func background() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20)))
        let image = renderFrame(root)
        #expect(pixel(image, 15, 15) == [255, 0, 0, 255])
        #expect(pixel(image, 10, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 29, 29) == [255, 0, 0, 255])
        #expect(pixel(image, 30, 15) == [0, 0, 0, 0])
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test("opacity 0.5 on one layer gives alpha 128 (0.5 × 255 rounded)")
    func opacity() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.opacity = 0.5
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [128, 0, 0, 128])
    }

    @Test("group opacity: two overlapping opaque sublayers under opacity 0.5 show alpha 128 where they overlap")
    func groupOpacity() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        parent.opacity = 0.5
        parent.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 30, height: 20)))
        parent.addSublayer(solidLayer(CGRect(x: 10, y: 0, width: 30, height: 20), red: 0, green: 0, blue: 1))
        let image = renderFrame(parent, size: 40)
        #expect(pixel(image, 20, 10) == [0, 0, 128, 128])
        #expect(pixel(image, 5, 10) == [128, 0, 0, 128])
    }

    @Test("without allowsGroupOpacity each sublayer fades on its own: overlap alpha 128 + 128 × 127 / 255 → 192")
    func separateOpacity() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        parent.opacity = 0.5
        parent.allowsGroupOpacity = false
        parent.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 30, height: 20)))
        parent.addSublayer(solidLayer(CGRect(x: 10, y: 0, width: 30, height: 20), red: 0, green: 0, blue: 1))
        let overlap = pixel(renderFrame(parent, size: 40), 20, 10)
        #expect(overlap[3] == 192)
        #expect(overlap[0] == 64)  // the red below, 0.5 × 0.5 of it left: 63.75
        #expect(overlap[2] == 128)
    }

    @Test("a 2-point blue border sits inside the bounds, above the red background")
    func border() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        layer.borderWidth = 2
        layer.borderColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let image = renderFrame(layer, size: 20)
        #expect(pixel(image, 0, 10) == [0, 0, 255, 255])
        #expect(pixel(image, 1, 10) == [0, 0, 255, 255])
        #expect(pixel(image, 2, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 10, 10) == [255, 0, 0, 255])
    }

    @Test("cornerRadius 10 on a 20 × 20 layer clears the corner pixel and keeps the middle of each edge")
    func roundedCorners() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        layer.cornerRadius = 10
        let image = renderFrame(layer, size: 20)
        #expect(pixel(image, 0, 0)[3] == 0)
        #expect(pixel(image, 0, 10)[3] > 200)
        #expect(pixel(image, 10, 10) == [255, 0, 0, 255])
        layer.maskedCorners = [.layerMaxXMaxYCorner]
        let one = renderFrame(layer, size: 20)
        #expect(pixel(one, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(one, 19, 19)[3] == 0)
    }

    @Test("masksToBounds clips a sublayer hanging out of its 20 × 20 superlayer")
    func masksToBounds() {
        let parent = CALayer()
        parent.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        parent.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 30, height: 30)))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.addSublayer(parent)
        #expect(pixel(renderFrame(root, size: 60), 35, 35) == [255, 0, 0, 255])
        parent.masksToBounds = true
        let clipped = renderFrame(root, size: 60)
        #expect(pixel(clipped, 35, 35) == [0, 0, 0, 0])
        #expect(pixel(clipped, 25, 25) == [255, 0, 0, 255])
    }

    @Test("a mask layer covering the left half hides the right half of the layer")
    func maskLayer() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let mask = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 20), red: 0, green: 0, blue: 0)
        layer.mask = mask
        let image = renderFrame(layer, size: 20)
        #expect(pixel(image, 5, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 15, 10) == [0, 0, 0, 0])
    }

    @Test("a sharp shadow (radius 0, offset (0, 5), opacity 1) is black just below the layer")
    func shadow() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 10, height: 10))
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 0, height: 5)
        root.addSublayer(layer)
        let image = renderFrame(root, size: 40)
        #expect(pixel(image, 15, 22) == [0, 0, 0, 255])
        #expect(pixel(image, 15, 15) == [255, 0, 0, 255])
        #expect(pixel(image, 15, 26) == [0, 0, 0, 0])
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(pixel(renderFrame(root, size: 40), 15, 22) == [0, 0, 0, 255])
    }

    @Test("zPosition 1 draws the first of two overlapping siblings on top")
    func zPositionOrder() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let first = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSublayer(first)
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), red: 0, green: 1, blue: 0))
        #expect(pixel(renderFrame(root, size: 20), 10, 10) == [0, 255, 0, 255])
        first.zPosition = 1
        #expect(pixel(renderFrame(root, size: 20), 10, 10) == [255, 0, 0, 255])
    }

    @Test("40 stacked siblings at zPositions 39 … 0: of two tied at 39 the later in tree order shows (0, 6, 255)")
    func manySortedSiblings() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        for index in 0..<40 {
            // Layer 0 is red, every other one blue with its green channel = index / 40.
            let layer =
                index == 0
                ? solidLayer(root.bounds) : solidLayer(root.bounds, red: 0, green: CGFloat(index) / 40, blue: 1)
            layer.zPosition = CGFloat(39 - index)
            root.addSublayer(layer)
        }
        // Layer 1 ties with layer 0 at the top; a stable order draws layer 1 after layer 0, so layer 1 shows.
        root.sublayers?[1].zPosition = 39
        #expect(pixel(renderFrame(root, size: 10), 5, 5) == [0, 6, 255, 255])
        // Lowered below everything, layer 1 uncovers layer 0.
        root.sublayers?[1].zPosition = -1
        #expect(pixel(renderFrame(root, size: 10), 5, 5) == [255, 0, 0, 255])
    }

    @Test("sibling order for the compositor: 500 entries with tied depths sort by depth, ties in tree order")
    func siblingSortIsStable() {
        var state: UInt64 = 42
        var items: [(index: Int, depth: Double)] = [(-1, 99)]  // an outer level's entry, left alone
        for index in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            items.append((index, Double(state >> 61)))  // depths 0 … 7: many ties
        }
        items.append((500, .nan))
        var sorted = items
        LayerCompositor.stableSort(&sorted, from: 1)
        #expect(sorted[0].index == -1)
        func key(_ item: (index: Int, depth: Double)) -> (depth: Double, index: Int) {
            (item.depth.isNaN ? 0 : item.depth, item.index)
        }
        let expected: [Int] = items[1...].map(key).sorted { $0 < $1 }.map(\.index)
        let actual: [Int] = sorted[1...].map(\.index)
        #expect(actual == expected)
    }

    @Test("hidden layers, NaN transforms and singular transforms draw nothing")
    func skippedLayers() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.isHidden = true
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [0, 0, 0, 0])
        layer.isHidden = false
        layer.transform = CATransform3DMakeScale(.nan, 1, 1)
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [0, 0, 0, 0])
        layer.transform = CATransform3DMakeScale(0, 1, 1)
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [0, 0, 0, 0])
    }

    @Test("a single-sided layer turned 180° about y is culled; double-sided it shows")
    func doubleSided() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [255, 0, 0, 255])
        layer.isDoubleSided = false
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [0, 0, 0, 0])
    }

    @Test("perspective m34 = −1/500: a 100-point door turned 60° about its left edge is taller at the near edge")
    func perspectiveDoor() {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        let door = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100))
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.position = CGPoint(x: 50, y: 100)
        door.transform = CATransform3DMakeRotation(-.pi / 3, 0, 1, 0)
        container.addSublayer(door)
        let image = renderFrame(container, size: 200)
        // The hinge (x = 50) keeps its 100-point height: rows 50…149. The free edge swings to x = 50 + 100 cos 60°
        // = 100 and towards the viewer (z = +86.6), so its image is scaled by 500 / (500 − 86.6) = 1.21 about the
        // centre (100, 100) of the perspective: it stays at x = 100 and spans y = 100 ± 60.5.
        #expect(pixel(image, 52, 52)[3] == 255)
        #expect(pixel(image, 52, 45)[3] == 0)
        #expect(pixel(image, 98, 42)[3] == 255)
        #expect(pixel(image, 98, 100)[3] == 255)
        #expect(pixel(image, 102, 100)[3] == 0)
    }

    @Test("a replicator with 3 instances 30 points apart shows three squares")
    func replicator() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        replicator.instanceGreenOffset = 0.5
        replicator.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20)))
        let image = renderFrame(replicator, size: 100)
        #expect(pixel(image, 10, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 40, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 70, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 25, 10) == [0, 0, 0, 0])
        replicator.instanceColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.5)
        let tinted = renderFrame(replicator, size: 100)
        #expect(pixel(tinted, 10, 10) == [128, 0, 0, 128])
    }

    @Test("a contents image of 10 × 10 pixels with gravity center sits in the middle of a 40 × 40 layer")
    func contentsGravity() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.contents = squareImage(side: 10, red: 0, green: 1, blue: 0)
        layer.contentsGravity = .center
        let image = renderFrame(layer, size: 40)
        #expect(pixel(image, 20, 20) == [0, 255, 0, 255])
        #expect(pixel(image, 16, 16) == [0, 255, 0, 255])
        #expect(pixel(image, 14, 20) == [0, 0, 0, 0])
        layer.contentsGravity = .resize
        #expect(pixel(renderFrame(layer, size: 40), 2, 2) == [0, 255, 0, 255])
    }

    @Test("a position animation from x 0 to 100 over 1 s shows the layer at x 50 half-way")
    func animatedPosition() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 20)
            let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
            layer.position = CGPoint(x: 5, y: 5)
            root.addSublayer(layer)
            clock.advance(by: 0)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 105
            move.duration = 1
            layer.add(move, forKey: "move")
            clock.advance(by: 0.5)
            let renderer = CARenderer(width: 120, height: 20)!
            renderer.layer = root
            let image = renderer.renderFrame(atTime: clock.now)
            #expect(pixel(image, 55, 5) == [255, 0, 0, 255])
            #expect(pixel(image, 3, 5) == [0, 0, 0, 0])
            #expect(renderer.nextFrameTime() == clock.now)
            clock.advance(by: 1)
            _ = renderer.renderFrame(atTime: clock.now)
            #expect(renderer.nextFrameTime() == .infinity)
        }
    }

    @Test("updateBounds is the whole target on the first frame and null when nothing changed")
    func updateBounds() {
        let renderer = CARenderer(width: 10, height: 10)!
        renderer.layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        renderer.beginFrame(atTime: 0, timeStamp: nil)
        #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 10, height: 10))
        renderer.render()
        renderer.endFrame()
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        #expect(renderer.updateBounds().isNull)
        renderer.addUpdate(CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(renderer.updateBounds() == CGRect(x: 1, y: 1, width: 2, height: 2))
        renderer.endFrame()
    }

    @Test("scale 2 renders a 10-point layer over 20 pixels")
    func rendererScale() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = renderFrame(layer, size: 30, scale: 2)
        #expect(pixel(image, 19, 19) == [255, 0, 0, 255])
        #expect(pixel(image, 21, 21) == [0, 0, 0, 0])
    }

    @Test("render(in:) draws the model tree upright into a flipped context")
    func renderInContext() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        layer.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red: 0, green: 0, blue: 1))
        let context = CGContext(
            data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.translateBy(x: 0, y: 20)
        context.scaleBy(x: 1, y: -1)
        layer.render(in: context)
        let image = context.makeImage()!
        #expect(pixel(image, 5, 5) == [0, 0, 255, 255])
        #expect(pixel(image, 15, 15) == [255, 0, 0, 255])
    }

    @Test("a layer 100 000 points wide is clipped to the 50-pixel target without failing")
    func hugeLayer() {
        let layer = solidLayer(CGRect(x: -50_000, y: 0, width: 100_000, height: 10))
        layer.cornerRadius = 4
        layer.opacity = 0.5
        layer.addSublayer(solidLayer(CGRect(x: 50_000, y: 0, width: 5, height: 5)))
        let image = renderFrame(layer, size: 50)
        #expect(pixel(image, 2, 2) == [128, 0, 0, 128])
    }
}
