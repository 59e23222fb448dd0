import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer that records when it lays out and displays.
private final class RecordingLayer: CALayer {
    nonisolated(unsafe) static var events: [Int] = []  // test-local; the suite runs these tests serially
    var number = 0

    override func layoutSublayers() {
        Self.events.append(number)
    }

    override func display() {
        Self.events.append(-number)
    }
}

/// Trees 10,000 layers deep (issue 19): every walk over them is iterative, so none needs call-stack depth in
/// proportion to the tree, and each costs time in proportion to its size. The tests run on a cooperative thread,
/// whose stack is far smaller than a 10,000-frame recursion needs.
@Suite("Deep layer trees", .serialized)
struct DeepTreeTests {
    static let depth = 10_000

    /// A chain of `depth` layers, each the only sublayer of the one before; returns the root and the deepest.
    private static func chain(
        _ depth: Int = Self.depth, make: (Int) -> CALayer = { _ in CALayer() }
    ) -> (
        root: CALayer, leaf: CALayer
    ) {
        let root = make(0)
        var leaf = root
        for index in 1..<depth {
            let next = make(index)
            leaf.addSublayer(next)
            leaf = next
        }
        return (root, leaf)
    }

    @Test("a 10,000-deep chain committed in one transaction lays out each layer once, parents before children")
    func layoutOnceTopDown() {
        MediaClock.withManualTime { clock in
            RecordingLayer.events = []
            let (root, _) = Self.chain { index in
                let layer = RecordingLayer()
                layer.number = index + 1
                return layer
            }
            // Marked deepest first, so the list of changed layers runs against the tree's order.
            var layers: [CALayer] = []
            var current: CALayer? = root
            while let layer = current {
                layers.append(layer)
                current = layer.sublayers?.first
            }
            for layer in layers.reversed() { layer.setNeedsLayout() }
            // One commit of everything: the thread's implicit transaction, which holds all 10,000 layers.
            CATransaction.flush()
            let layouts = RecordingLayer.events.filter { $0 > 0 }
            #expect(layouts.elementsEqual(1...Self.depth))
            #expect(!root.needsLayout())
            clock.advance(by: 0)
        }
    }

    @Test("presentation values of a 10,000-deep chain: one entry per layer, parent indices chained")
    func presentationEvaluation() {
        MediaClock.withManualTime { clock in
            let (root, leaf) = Self.chain()
            leaf.position = CGPoint(x: 3, y: 4)
            clock.advance(by: 0)
            let evaluator = PresentationEvaluator()
            evaluator.evaluate(root, atMediaTime: 0)
            #expect(evaluator.count == Self.depth)
            #expect(evaluator.parentIndices[Self.depth - 1] == Self.depth - 2)
            #expect(evaluator.states[Self.depth - 1].position == CGPoint(x: 3, y: 4))
        }
    }

    @Test("rendering, asking for running animations, removing and releasing a 10,000-deep chain")
    func otherWalks() {
        MediaClock.withManualTime { clock in
            RecordingLayer.events = []
            let (root, leaf) = Self.chain { index in
                let layer = RecordingLayer()
                layer.number = index + 1
                return layer
            }
            let spin = CABasicAnimation(keyPath: "opacity")
            spin.duration = 2
            leaf.add(spin, forKey: "spin")
            clock.advance(by: 0)
            for layer in [root, leaf] { layer.setNeedsDisplay() }
            // Rendering lays out and displays the tree, builds its render tree and composites it.
            let renderer = CARenderer(width: 8, height: 8)!
            renderer.layer = root
            _ = renderer.renderFrame(atTime: 0.5)
            #expect(RecordingLayer.events.filter { $0 < 0 }.elementsEqual([-1, -Self.depth]))
            #expect(root.hasUnfinishedAnimations(atMediaTime: 1))
            #expect(!root.hasUnfinishedAnimations(atMediaTime: 3))
            // Taking the chain out of a tree removes the animations of all its layers.
            let holder = CALayer()
            holder.addSublayer(root)
            root.removeFromSuperlayer()
            #expect(leaf.animationKeys() == nil)
        }
        // The chain is released here, layer by layer (nested deinits would need 10,000 frames).
    }

    @Test("a released 10,000-deep chain leaves its surviving layers without a superlayer")
    func releaseKeepsHeldLayers() {
        MediaClock.withManualTime { clock in
            var kept: CALayer?
            do {
                let (root, _) = Self.chain()
                kept = root.sublayers?.first?.sublayers?.first
                #expect(kept?.superlayer != nil)
                clock.advance(by: 0)
            }
            #expect(kept?.superlayer == nil)
            #expect(kept?.sublayers?.count == 1)
        }
    }
}
