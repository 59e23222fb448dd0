import Foundation
import Testing

@testable import PortableQuartzCore

/// A renderer neither records nor evaluates the layers below a hidden or fully transparent layer (nothing of them
/// is drawn), so the nodes after such a subtree move up and may hold another layer's older values. These cases check
/// that nothing stale shows once the subtree is drawn again, by comparing a renderer that drew every frame with a new
/// renderer that draws only the frame in question.
@Suite("Subtrees below hidden layers")
struct UnseenSubtreeRenderingTests {
    /// A white 40 × 20 root and an empty container over all of it.
    private func rootAndContainer() -> (root: CALayer, container: CALayer) {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 20), red: 1, green: 1, blue: 1)
        let container = CALayer()
        container.frame = root.bounds
        root.addSublayer(container)
        return (root, container)
    }

    /// White 40 × 20 root; a container over all of it; in it a 10 × 20 red layer whose `position.x` runs 5 → 35
    /// over 1 s from time 0 (its left edge at 30·t), holding a 10 × 10 blue layer whose opacity runs 1 → 0 over the
    /// same second.
    private func scene() -> (root: CALayer, container: CALayer, mover: CALayer) {
        let (root, container) = rootAndContainer()
        let mover = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 20))
        container.addSublayer(mover)
        animate(mover, "position.x", from: 5, to: 35)
        let inner = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red: 0, green: 0, blue: 1)
        mover.addSublayer(inner)
        animate(inner, "opacity", from: 1, to: 0)
        return (root, container, mover)
    }

    private func bytes(_ image: CGImage) -> [UInt8] {
        image.withUnsafePremultipliedRGBABytes { Array($0) }
    }

    /// How many bytes of `image` differ from those a renderer that has drawn nothing before draws of `root` at
    /// `time`.
    private func differencesFromFreshFrame(_ image: CGImage, _ root: CALayer, at time: Double) -> Int {
        let renderer = CARenderer(width: 40, height: 20)!
        renderer.layer = root
        return zip(bytes(image), bytes(renderer.renderFrame(atTime: time))).filter { $0 != $1 }.count
    }

    /// How many bytes of `image` are not 255 (white).
    private func nonWhiteBytes(_ image: CGImage) -> Int {
        bytes(image).filter { $0 != 255 }.count
    }

    private func commitWithoutActions(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    @Test(
        "hidden from 0.3 s to 0.6 s while the mover turns green: at 0.625 s the mover's left edge is at 18.75, green, as a new renderer draws it"
    )
    func hiddenThenShownAgain() {
        MediaClock.withManualTime(startingAt: 0) { _ in
            let (root, container, mover) = scene()
            CATransaction.flush()
            let renderer = CARenderer(width: 40, height: 20)!
            renderer.layer = root
            for time in [0.125, 0.25] { _ = renderer.renderFrame(atTime: time) }
            commitWithoutActions { container.isHidden = true }
            for time in [0.375, 0.5] {
                #expect(nonWhiteBytes(renderer.renderFrame(atTime: time)) == 0, "\(time)")
            }
            // Two hidden frames after the change, so both of the renderer's alternating trees have been built since.
            commitWithoutActions { mover.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1) }
            for time in [0.5625, 0.59375] { _ = renderer.renderFrame(atTime: time) }
            commitWithoutActions { container.isHidden = false }
            let shown = renderer.renderFrame(atTime: 0.625)
            #expect(pixel(shown, 17, 15) == [255, 255, 255, 255])
            #expect(pixel(shown, 25, 15) == [0, 255, 0, 255])
            #expect(differencesFromFreshFrame(shown, root, at: 0.625) == 0)
        }
    }

    @Test(
        "transparent from 0.25 s to 0.75 s by an animation: every frame from 0.125 s to 1 s equals a new renderer's, all white at 0.5 s"
    )
    func transparentByAnimation() {
        MediaClock.withManualTime(startingAt: 0) { _ in
            let (root, container, _) = scene()
            animate(container, "opacity", from: 0, to: 0, duration: 0.5, beginTime: 0.25)
            CATransaction.flush()
            let renderer = CARenderer(width: 40, height: 20)!
            renderer.layer = root
            for step in 1...8 {
                let time = Double(step) / 8
                let frame = renderer.renderFrame(atTime: time)
                #expect(differencesFromFreshFrame(frame, root, at: time) == 0, "\(time)")
                if step == 4 { #expect(nonWhiteBytes(frame) == 0) }
            }
        }
    }

    @Test(
        "below a hidden or transparent layer nothing is recorded: 2 nodes of 104 while the container is hidden or at opacity 0, 104 when shown"
    )
    func unseenSubtreesAreNotRecorded() {
        MediaClock.withManualTime(startingAt: 0) { _ in
            let (root, container) = rootAndContainer()
            container.mask = CALayer()
            for index in 0..<100 {
                let dot = solidLayer(CGRect(x: index % 40, y: index / 40, width: 1, height: 1))
                container.addSublayer(dot)
            }
            container.sublayers?[0].addSublayer(CALayer())
            CATransaction.flush()
            let builder = RenderTreeBuilder()
            // Root, container, its mask, 100 dots, one layer inside the first dot.
            builder.build(root, atMediaTime: 0)
            #expect(builder.tree.count == 104)
            commitWithoutActions { container.isHidden = true }
            expectOnlyTheContainerRecorded(builder, root)
            commitWithoutActions {
                container.isHidden = false
                container.opacity = 0
            }
            expectOnlyTheContainerRecorded(builder, root)
            commitWithoutActions { container.opacity = 1 }
            builder.build(root, atMediaTime: 0)
            #expect(builder.tree.count == 104)
            #expect(builder.tree.nodes[1].maskIndex == 2 && builder.tree.nodes[1].subtreeEnd == 104)
        }
    }

    private func expectOnlyTheContainerRecorded(_ builder: RenderTreeBuilder, _ root: CALayer) {
        builder.build(root, atMediaTime: 0)
        #expect(builder.tree.count == 2)
        #expect(builder.tree.nodes[1].childrenStart == 2 && builder.tree.nodes[1].subtreeEnd == 2)
        #expect(builder.tree.nodes[1].maskIndex == -1)
    }
}
