import Foundation
import Testing

@testable import PortableQuartzCore

/// A layer that sizes its one sublayer to its bounds in `layoutSublayers`, as custom layers do.
private final class FittingLayer: CALayer {
    override func layoutSublayers() {
        for sublayer in sublayers ?? [] { sublayer.frame = bounds }
    }
}

/// A layer that counts its `display()` calls.
private final class CountingDisplayLayer: CALayer {
    var displayCount = 0

    override func display() {
        displayCount += 1
        super.display()
    }
}

/// Layout and display passes skip the branches of a tree with nothing to do, so these cases check that work marked
/// anywhere below the layer a pass starts from is still done: deep in the tree, in a subtree marked before it was
/// attached, and in a mask.
///
/// Evidence: Apple's CALayer documentation — `layoutIfNeeded` lays out the receiver and "its sublayers" that need
/// it, and every layer marked with `setNeedsDisplay` is displayed before the next frame is drawn, wherever it is in
/// the tree; UIKit's `layoutIfNeeded` on a window lays out every view marked below it.
@Suite("Pending layout and display reach marked layers")
struct PendingWorkReachTests {
    /// root → middle → `FittingLayer` → child, everything laid out once.
    private func threeLevels() -> (root: CALayer, fitting: FittingLayer, child: CALayer) {
        let root = CALayer()
        let middle = CALayer()
        let fitting = FittingLayer()
        let child = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(fitting)
        fitting.addSublayer(child)
        root.layoutIfNeeded()
        return (root, fitting, child)
    }

    @Test("a bounds change two levels down is laid out by the root's layoutIfNeeded: the child becomes 60 × 30")
    func deepLayout() {
        let (root, fitting, child) = threeLevels()
        fitting.bounds = CGRect(x: 0, y: 0, width: 60, height: 30)
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 0, width: 60, height: 30))
        #expect(!fitting.needsLayout())
    }

    @Test("a subtree marked for layout before it is attached is laid out from its new root: child 24 × 12")
    func detachedSubtreeLaidOutAfterAttaching() {
        let (root, _, _) = threeLevels()
        let holder = CALayer()
        let fitting = FittingLayer()
        let child = CALayer()
        holder.addSublayer(fitting)
        fitting.addSublayer(child)
        fitting.bounds = CGRect(x: 0, y: 0, width: 24, height: 12)
        root.sublayers![0].addSublayer(holder)
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 0, width: 24, height: 12))
    }

    @Test("layout marked while a pass runs is done in that pass: a sublayer resized by its parent lays out its own")
    func layoutMarkedDuringThePass() {
        let root = FittingLayer()
        let inner = FittingLayer()
        let child = CALayer()
        root.addSublayer(inner)
        inner.addSublayer(child)
        root.layoutIfNeeded()
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)  // root sizes inner, inner then sizes child
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 0, width: 50, height: 40))
    }

    @Test("a layer three levels down marked for display is displayed once by the next frame, and not again after")
    func deepDisplay() {
        let root = CALayer()
        let middle = CALayer()
        root.addSublayer(middle)
        let leaf = CountingDisplayLayer()
        middle.addSublayer(CALayer())
        middle.sublayers![0].addSublayer(leaf)
        let renderer = CARenderer(width: 10, height: 10)!
        renderer.layer = root
        _ = renderer.renderFrame(atTime: 0)
        let before = leaf.displayCount
        leaf.setNeedsDisplay()
        _ = renderer.renderFrame(atTime: 0)
        _ = renderer.renderFrame(atTime: 0)
        #expect(leaf.displayCount == before + 1)
    }

    @Test("a layer marked for display before it joins a tree, and a mask marked for display, are displayed: 1 each")
    func detachedAndMaskDisplay() {
        let root = CALayer()
        let renderer = CARenderer(width: 10, height: 10)!
        renderer.layer = root
        _ = renderer.renderFrame(atTime: 0)
        let holder = CALayer()
        let leaf = CountingDisplayLayer()
        holder.addSublayer(leaf)
        leaf.setNeedsDisplay()
        root.addSublayer(holder)
        let mask = CountingDisplayLayer()
        holder.mask = mask
        _ = renderer.renderFrame(atTime: 0)
        mask.setNeedsDisplay()
        _ = renderer.renderFrame(atTime: 0)
        #expect(leaf.displayCount == 1)
        #expect(mask.displayCount == 1)
    }
}
