import Foundation
import PortableQuartzCore
import Testing

@testable import PortableLottie

/// A repeater's copies hold the same items: the builder makes them for the first copy and copies those layers for
/// the others (`LayerCloner`). Each copy must carry the same layers, values and animations as if built anew.
@Suite("Repeater copies")
struct RepeaterCopyTests {
    /// An ellipse whose size runs 4 → 16 and a fill whose colour runs red → blue over frames 0…60, repeated 4 times
    /// 20 points apart.
    private static let items = """
        {"ty":"el","nm":"dot","p":{"k":[10,50]},"s":{"a":1,"k":[\
        {"t":0,"s":[4,4],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":60,"s":[16,16]}]}},\
        {"ty":"fl","nm":"paint","o":{"k":100},"r":1,"c":{"a":1,"k":[\
        {"t":0,"s":[1,0,0,1],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":60,"s":[0,0,1,1]}]}},\
        {"ty":"rp","nm":"four","c":{"k":4},"o":{"k":0},"tr":{"p":{"k":[20,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},\
        "r":{"k":0},"so":{"k":100},"eo":{"k":100}}}
        """

    /// Every layer of `layer`'s subtree, depth first, as a line: class, shape values and each animation's key and
    /// values.
    private func description(_ layer: CALayer) -> [String] {
        var line = "\(type(of: layer))"
        if let shape = layer as? CAShapeLayer {
            line += " path \(shape.path?.boundingBoxOfPath ?? .null) fill \(shape.fillColor?.components ?? [])"
        }
        for key in layer.animationKeys() ?? [] {
            let animation = layer.animation(forKey: key)
            let keyframes = animation as? CAKeyframeAnimation
            line += " | \(key) \(keyframes?.keyTimes ?? []) \(keyframes?.values?.count ?? 0)"
            line += " \(keyframes?.values?.map { "\($0)" } ?? [])"
        }
        return [line] + (layer.sublayers ?? []).flatMap(description)
    }

    private func repeaterCopies(_ root: CALayer) -> [CALayer] {
        var found: [CALayer] = []
        var stack = [root]
        while let layer = stack.popLast() {
            if layer.name?.hasPrefix("repeater copy") == true { found.append(layer) }
            stack += layer.sublayers ?? []
        }
        return found.sorted { ($0.name ?? "") < ($1.name ?? "") }
    }

    @Test(
        "4 copies: each holds the first copy's layers, path, colour and animations (size and colour, 2 keyframes each)")
    func copiesMatchTheFirst() throws {
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(layers: LottieFixtures.shapeLayer(items: Self.items)))
        let built = LottieLayerTree.build(animation)
        let copies = repeaterCopies(built.root)
        try #require(copies.count == 4)
        let first = copies[0].sublayers?.flatMap(description) ?? []
        // The copy's shape layer animates its path and its fill colour.
        #expect(first.contains { $0.contains("CAShapeLayer") && $0.contains("| path") && $0.contains("| fillColor") })
        for copy in copies.dropFirst() {
            #expect(copy.sublayers?.flatMap(description) == first, "\(copy.name ?? "")")
            // Copies are their own layers, not the first copy's.
            #expect(copy.sublayers?.first !== copies[0].sublayers?.first)
        }
    }

    @Test("halfway, the four copies draw four dots of the same size and colour, 20 points apart")
    func copiesDrawAlike() throws {
        let animation = try LottieAnimation(
            data: LottieFixtures.composition(layers: LottieFixtures.shapeLayer(items: Self.items)))
        let layer = LottieAnimationLayer(animation: animation)
        let image = try #require(layer.snapshot(progress: 0.5, width: 100, height: 100))
        let pixels = image.withUnsafePremultipliedRGBABytes { Array($0) }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let start = y * image.bytesPerRow + x * 4
            return Array(pixels[start..<start + 4])
        }
        // Dot centres at x = 10, 30, 50, 70 on y = 50, size about 10 at frame 30: a half-way mix of red and blue.
        let centres = [10, 30, 50, 70].map { pixel($0, 50) }
        #expect(centres.allSatisfy { $0 == centres[0] })
        #expect(centres[0][3] == 255 && centres[0][0] > 60 && centres[0][2] > 60)
        // Between the dots (x = 20, 40, 60) nothing is drawn.
        #expect([20, 40, 60].allSatisfy { pixel($0, 50)[3] == 0 })
    }
}
