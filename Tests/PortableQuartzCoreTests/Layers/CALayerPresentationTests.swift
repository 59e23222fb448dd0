import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CALayer presentation")
struct CALayerPresentationTests {
    @Test("presentation() is nil until the layer's first commit")
    func nilBeforeCommit() {
        MediaClock.withManualTime { clock in
            let layer = CALayer()
            #expect(layer.presentation() == nil)
            clock.advance(by: 0)
            #expect(layer.presentation() != nil)
        }
    }

    @Test("changes of the open transaction do not show in the presentation until it commits")
    func uncommittedChangesHidden() {
        MediaClock.withManualTime { clock in
            let layer = committedLayer(clock)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.zPosition = 7
            #expect(layer.presentation()?.zPosition == 0)
            CATransaction.commit()
            #expect(layer.presentation()?.zPosition == 7)
        }
    }

    @Test("a presentation copy's sublayers and superlayer are presentation copies; model() leads back")
    func presentationTree() throws {
        try MediaClock.withManualTime { clock in
            let parent = CALayer()
            let child = CALayer()
            parent.addSublayer(child)
            clock.advance(by: 0)
            child.add(basicAnimation("zPosition", from: 0, to: 10, duration: 1), forKey: "z")
            clock.advance(by: 0.5)
            let shown = try #require(parent.presentation())
            let shownChild = try #require(shown.sublayers?.first)
            #expect(shownChild.zPosition == 5)
            #expect(shownChild.model() === child)
            #expect(shown.model() === parent)
            #expect(parent.model() === parent)
            #expect(shownChild.superlayer?.model() === parent)
            #expect(child.zPosition == 0)
        }
    }

    @Test("the evaluator writes every layer of a tree, depth first, with presentation values and local times")
    func evaluatorWritesTree() {
        MediaClock.withManualTime(startingAt: 10) { clock in
            let root = CALayer()
            let a = CALayer()
            let b = CALayer()
            let c = CALayer()
            root.addSublayer(a)
            a.addSublayer(b)
            root.addSublayer(c)
            b.timeOffset = 2
            clock.advance(by: 0)
            b.add(basicAnimation("opacity", from: 0, to: 1, duration: 4), forKey: "o")
            clock.advance(by: 1)
            let evaluator = PresentationEvaluator()
            evaluator.evaluate(root, atMediaTime: clock.now)
            #expect(evaluator.count == 4)
            #expect(Array(evaluator.parentIndices.prefix(4)) == [-1, 0, 1, 0])
            #expect(evaluator.states[2].opacity == 0.25)
            #expect(evaluator.localTimes[2] == 13)
            #expect(evaluator.states[1].opacity == 1)
        }
    }
}
