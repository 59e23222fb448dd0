import Foundation
import Testing

@testable import PortableQuartzCore

/// One renderer drawing many frames reuses each node's values from earlier frames and re-evaluates only animated
/// properties while a layer is unchanged; these cases change the layer between frames and check nothing stale shows.
@Suite("Render tree reuse across frames")
struct RenderFrameReuseTests {
    /// A 20 × 20 white-backed red layer with an opacity animation 0 → 1 over 1 s added at time 0; returns the
    /// renderer after drawing frames at 0.125 s and 0.25 s (the builder alternates between two trees, so the frame
    /// after these is the first to reuse a tree's slots).
    private func animatedScene(_ clock: MediaClock) -> (CARenderer, CALayer) {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), red: 1, green: 1, blue: 1)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSublayer(layer)
        animate(layer, "opacity", from: 0, to: 1)
        CATransaction.flush()
        let renderer = CARenderer(width: 20, height: 20)!
        renderer.layer = root
        clock.advance(by: 0.125)
        _ = renderer.renderFrame(atTime: clock.now)
        clock.advance(by: 0.125)
        // Opacity 0.25 over white: green and blue 255 − 0.25 · 255 ≈ 191.
        let first = renderer.renderFrame(atTime: clock.now)
        #expect(abs(pixel(first, 10, 10)[1] - 191) <= 1)
        return (renderer, layer)
    }

    @Test("the next frame re-evaluates the animation: at 0.75 s opacity 0.75 gives green ≈ 64 over white")
    func animatedPropertyFollowsTime() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let (renderer, _) = animatedScene(clock)
            clock.advance(by: 0.5)
            #expect(abs(pixel(renderer.renderFrame(atTime: clock.now), 10, 10)[1] - 64) <= 1)
        }
    }

    @Test("removing the animation shows the model opacity 1 at once: pure red (255, 0, 0)")
    func removedAnimationRestoresModel() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let (renderer, layer) = animatedScene(clock)
            layer.removeAnimation(forKey: "opacity")
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(pixel(renderer.renderFrame(atTime: clock.now), 10, 10) == [255, 0, 0, 255])
        }
    }

    @Test("a model change committed between frames shows: colour turned blue at opacity 0.5 gives (127, 127, 255)")
    func committedChangeShows() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let (renderer, layer) = animatedScene(clock)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            clock.advance(by: 0.25)
            let value = pixel(renderer.renderFrame(atTime: clock.now), 10, 10)
            #expect(abs(value[0] - 127) <= 1)
            #expect(abs(value[1] - 127) <= 1)
            #expect(value[2] == 255)
        }
    }

    @Test("a slot reused by another layer is written in full: replacing the layer by a green one shows (0, 255, 0)")
    func slotReusedByAnotherLayer() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let (renderer, layer) = animatedScene(clock)
            let green = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), red: 0, green: 1, blue: 0)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.superlayer?.replaceSublayer(layer, with: green)
            CATransaction.commit()
            clock.advance(by: 0.25)
            #expect(pixel(renderer.renderFrame(atTime: clock.now), 10, 10) == [0, 255, 0, 255])
        }
    }

    @Test("an emitter's birth history lives while its layer is in the tree (3 replicated copies: 1 history), then goes")
    func birthHistoryFollowsTree() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        let cell = CAEmitterCell()
        cell.contents = squareImage(side: 2, red: 1, green: 1, blue: 1)
        cell.birthRate = 10
        cell.lifetime = 5
        emitter.emitterCells = [cell]
        replicator.addSublayer(emitter)
        root.addSublayer(replicator)
        CATransaction.flush()
        let builder = RenderTreeBuilder()
        let compositor = LayerCompositor()
        let surface = RenderSurface(width: 40, height: 40)!
        func frame(at time: Double) {
            builder.build(root, atMediaTime: time)
            surface.beginFrame()
            compositor.render(builder.tree, into: surface, rootMap: .identity)
        }
        frame(at: 0.5)
        frame(at: 0.6)
        #expect(compositor.birthHistories.count == 1)
        #expect(compositor.birthHistories[ObjectIdentifier(emitter)]?.history.changes.count == 1)
        emitter.removeFromSuperlayer()
        CATransaction.flush()
        frame(at: 0.7)
        #expect(compositor.birthHistories.isEmpty)
    }
}
