import Foundation
import PortableQuartzCoreSnapshotTesting
import Testing

@Suite("View snapshot strategies")
@MainActor
struct ViewSnapshotTests {
    /// A 200 × 100 white view with a 20 × 20 blue subview at (0, 40), moved by `UIView.animate(withDuration: 2,
    /// delay: 1)` to x = 180 (linear), committed at 0: the move spans media time 1…3.
    func movingView(_ clock: MediaClock) -> UIView {
        MediaClock.withInstalled(clock) { clock in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            container.backgroundColor = .white
            let box = UIView(frame: CGRect(x: 0, y: 40, width: 20, height: 20))
            box.backgroundColor = .blue
            container.addSubview(box)
            clock.advance(by: 0)
            UIView.animate(withDuration: 2, delay: 1, options: [.curveLinear]) {
                box.frame.origin.x = 180
            }
            clock.advance(by: 0)
            return container
        }
    }

    @Test("image(atProgress: 0.5) of a 2 s linear move begun after 1 s shows the box half-way, at x 90…110")
    func viewAtProgress() throws {
        let clock = MediaClock(startingAt: 0)
        let view = movingView(clock)
        let image = take(Snapshotting<UIView, CGImage>.image(atProgress: 0.5, clock: clock), of: view)
        // Half-way: origin x 0 + 0.5 × 180 = 90; UIColor.blue is (0, 0, 255).
        #expect(pixel(image, 100, 50) == [0, 0, 255, 255])
        #expect(pixel(image, 88, 50) == [255, 255, 255, 255])
        #expect(pixel(image, 112, 50) == [255, 255, 255, 255])
        #expect(clock.now == 2)
        assertSnapshot(of: view, as: .image(atProgress: 0.5, clock: MediaClock(startingAt: 0)))
    }

    @Test("dump(at: 1.5) gives the box's presentation position x 55 (a quarter of the way, centre 10 + 45)")
    func viewDump() {
        let clock = MediaClock(startingAt: 0)
        let view = movingView(clock)
        let text = take(Snapshotting<UIView, String>.dump(at: 1.5, clock: clock), of: view)
        #expect(text.contains("position (55.000, 50.000)"))
        assertSnapshot(of: view, as: .dump(at: 1.5, clock: MediaClock(startingAt: 0)))
    }
}
