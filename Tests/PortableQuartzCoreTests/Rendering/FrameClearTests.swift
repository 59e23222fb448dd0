import Foundation
import Testing

@testable import PortableQuartzCore

/// Each frame starts transparent. The surface sets that colour lazily and skips it when the root's opaque
/// background covers the whole frame first; these cases check that no pixel of an earlier frame shows either way.
@Suite("Frame clear between frames")
struct FrameClearTests {
    /// Runs `changes` in a transaction with actions disabled, so they show in the next frame without animating.
    private func commitWithoutActions(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    /// Draws a frame of an opaque red root covering the whole 20 × 20 target, then returns the renderer.
    private func rendererAfterRedFrame(_ root: CALayer) -> CARenderer {
        let renderer = CARenderer(width: 20, height: 20)!
        renderer.layer = root
        #expect(pixel(renderer.renderFrame(atTime: 0), 15, 10) == [255, 0, 0, 255])
        return renderer
    }

    @Test("an opaque root covering the frame is the frame: (20, 30, 40) everywhere, a sublayer drawn over it")
    func opaqueRootCoversFrame() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), red: 20 / 255, green: 30 / 255, blue: 40 / 255)
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 5, height: 5), red: 0, green: 1, blue: 0))
        CATransaction.flush()
        let renderer = CARenderer(width: 20, height: 20)!
        renderer.layer = root
        for _ in 0..<2 {
            let frame = renderer.renderFrame(atTime: 0)
            #expect(pixel(frame, 0, 19) == [20, 30, 40, 255])
            #expect(pixel(frame, 19, 0) == [20, 30, 40, 255])
            #expect(pixel(frame, 2, 2) == [0, 255, 0, 255])
        }
    }

    @Test("a root that stops covering the frame leaves the rest transparent: right half (0, 0, 0, 0), left half blue")
    func uncoveredPartIsCleared() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        CATransaction.flush()
        let renderer = rendererAfterRedFrame(root)
        commitWithoutActions {
            root.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
            root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        }
        let frame = renderer.renderFrame(atTime: 0)
        #expect(pixel(frame, 15, 10) == [0, 0, 0, 0])
        #expect(pixel(frame, 5, 10) == [0, 0, 255, 255])
    }

    @Test("a translucent root is drawn over transparency, not the last frame: blue at alpha 0.5 gives (0, 0, 128, 128)")
    func translucentRootOverClearedFrame() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        CATransaction.flush()
        let renderer = rendererAfterRedFrame(root)
        commitWithoutActions { root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5) }
        #expect(pixel(renderer.renderFrame(atTime: 0), 15, 10) == [0, 0, 128, 128])
    }

    @Test("an empty tree and a hidden root give a transparent frame after a red one: (0, 0, 0, 0)")
    func nothingDrawnIsTransparent() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20))
        CATransaction.flush()
        let renderer = rendererAfterRedFrame(root)
        commitWithoutActions { root.isHidden = true }
        #expect(pixel(renderer.renderFrame(atTime: 0), 15, 10) == [0, 0, 0, 0])
        root.isHidden = false
        renderer.layer = nil
        #expect(pixel(renderer.renderFrame(atTime: 0), 15, 10) == [0, 0, 0, 0])
    }
}
