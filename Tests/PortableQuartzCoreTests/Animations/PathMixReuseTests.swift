import Foundation
import Testing

@testable import PortableQuartzCore

/// A shape layer's path animated between keyframes is mixed every frame. The renderer writes each new mix into the
/// storage of the path it showed before when nothing else holds that path; these cases check that the mixes are
/// right and that no path anyone can see ever changes.
@Suite("Path mixes written into the path shown before")
struct PathMixReuseTests {
    /// A closed triangle starting at (x, 0).
    private func triangle(_ x: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: x, y: 0))
        path.addLine(to: CGPoint(x: x + 10, y: 0))
        path.addLine(to: CGPoint(x: x + 5, y: 8))
        path.closeSubpath()
        return path.copy()!
    }

    private func points(_ path: CGPath) -> [CGPoint] { path.elementPoints }

    @Test("a spare path held only by the value takes the mix: (0 → 20) at 0.25 starts at x = 5, same object")
    func uniqueSpareIsReused() throws {
        let spare = triangle(100)
        var result = AnimatableValue.path(spare)
        let spareIdentity = ObjectIdentifier(spare)
        // `spare` is still held by this function: not reused.
        AnimatableValue.interpolate(from: .path(triangle(0)), to: .path(triangle(20)), progress: 0.25, into: &result)
        guard case .path(let first) = result else { Issue.record("not a path"); return }
        #expect(ObjectIdentifier(first) != spareIdentity)
        #expect(points(spare)[0] == CGPoint(x: 100, y: 0))
        // Now only `result` holds the mix: the next mix goes into it.
        let firstIdentity = ObjectIdentifier(first)
        _ = consume first
        AnimatableValue.interpolate(from: .path(triangle(0)), to: .path(triangle(20)), progress: 0.75, into: &result)
        guard case .path(let second) = result else { Issue.record("not a path"); return }
        #expect(ObjectIdentifier(second) == firstIdentity)
        #expect(points(second) == points(PathMixer.mix(triangle(0), triangle(20), progress: 0.75)!))
        #expect(points(second)[0] == CGPoint(x: 15, y: 0))
        #expect(second.currentPoint == CGPoint(x: 15, y: 0))
    }

    @Test("a caller's mutable path is never written into, even when only the value holds it")
    func mutableSpareIsNotReused() {
        let mutable = CGMutablePath()
        mutable.move(to: CGPoint(x: 1, y: 1))
        mutable.addLine(to: CGPoint(x: 2, y: 2))
        mutable.addLine(to: CGPoint(x: 3, y: 1))
        mutable.closeSubpath()
        var result = AnimatableValue.path(mutable)
        let identity = ObjectIdentifier(mutable)
        _ = consume mutable
        AnimatableValue.interpolate(from: .path(triangle(0)), to: .path(triangle(20)), progress: 0.5, into: &result)
        guard case .path(let mixed) = result else { Issue.record("not a path"); return }
        #expect(ObjectIdentifier(mixed) != identity)
        #expect(points(mixed)[0] == CGPoint(x: 10, y: 0))
    }

    @Test(
        "a path animation drawn frame after frame: each frame equals a new renderer's, and paths taken from presentation() or given as keyframes never change"
    )
    func renderedFramesAndHeldPaths() {
        MediaClock.withManualTime(startingAt: 0) { _ in
            let root = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 20), red: 1, green: 1, blue: 1)
            let shape = CAShapeLayer()
            shape.frame = root.bounds
            shape.path = triangle(0)
            shape.fillColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(shape)
            let keyframes = [triangle(0), triangle(15), triangle(30)]
            let move = CAKeyframeAnimation(keyPath: "path")
            move.values = keyframes
            move.duration = 1
            shape.add(move, forKey: "move")
            CATransaction.flush()
            let renderer = CARenderer(width: 40, height: 20)!
            renderer.layer = root
            var held: [(path: CGPath, points: [CGPoint])] = []
            for step in 1...12 {
                let time = Double(step) / 16
                let frame = renderer.renderFrame(atTime: time)
                let fresh = CARenderer(width: 40, height: 20)!
                fresh.layer = root
                let expected = fresh.renderFrame(atTime: time)
                let differing = zip(
                    frame.withUnsafePremultipliedRGBABytes { Array($0) },
                    expected.withUnsafePremultipliedRGBABytes { Array($0) }
                ).filter { $0 != $1 }.count
                #expect(differing == 0, "\(time)")
                if step % 4 == 0, let path = shape.presentation()?.path { held.append((path, points(path))) }
            }
            for entry in held { #expect(points(entry.path) == entry.points) }
            #expect(held.count == 3)
            #expect(points(keyframes[1])[0] == CGPoint(x: 15, y: 0))
            #expect(points(keyframes[2])[0] == CGPoint(x: 30, y: 0))
        }
    }
}
