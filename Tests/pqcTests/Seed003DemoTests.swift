import PortableQuartzCore
import Testing

@testable import pqc

/// Seed 003's demos at chosen times.
@Suite("Seed 003 demos")
struct Seed003DemoTests {
    private let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
    private let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// The blue component of each of the nine swatches at `time` (0 is orange, 1 is blue).
    private func blueness(_ scene: DemoScene, at time: Double) -> [Double] {
        scene.advance(to: time)
        return (1...9).map { Double(scene.shown("swatch\($0)")?.backgroundColor?.components?[2] ?? -1) }
    }

    @Test(
        "cheat sheet 0.75 s after the start: 1/2 for plain, autoreverse, repeats, 2× speed; 0 for both delayed; 7/12 offset"
    )
    func cheatSheetEarly() {
        let scene = TimingCheatSheetDemo.scene()
        let expected = [0.5, 0, 0, 0.5, 0.5, 0.5, 0.5, 0.5, 1.75 / 3]
        for (value, wanted) in zip(blueness(scene, at: 1.25), expected) {
            DemoCheck.close(value, wanted)
        }
    }

    @Test(
        "cheat sheet 1.75 s after the start: delayed ones half way, reversal and repeats at 5/6 and 1/6, offset 11/12")
    func cheatSheetMiddle() {
        let scene = TimingCheatSheetDemo.scene()
        // 1: over (orange). 2, 3: 0.75 s into 1.5 s. 4: 0.25 s back from blue. 5, 6: 0.25 s into the second round.
        // 7: third 0.5 s leg (back) half way. 8: over at 2 s. 9: (1.75 + 1) / 3.
        let expected = [0, 0.5, 0.5, 5.0 / 6, 1.0 / 6, 1.0 / 6, 0.5, 0, 2.75 / 3]
        for (value, wanted) in zip(blueness(scene, at: 2.25), expected) {
            DemoCheck.close(value, wanted)
        }
        DemoCheck.colour(scene.shown("swatch2")?.backgroundColor, DemoCheck.mix(orange, blue, 0.5))
    }

    @Test("cheat sheet 2.25 s after the start: repeatDuration 2 is over (orange) while repeatCount 2 is half way")
    func cheatSheetLate() {
        let scene = TimingCheatSheetDemo.scene()
        let values = blueness(scene, at: 2.75)
        DemoCheck.close(values[4], 0.5)
        DemoCheck.close(values[5], 0)
        DemoCheck.close(values[8], 0.25 / 3)
    }

    @Test(
        "slider scrub: the paused colour follows the slider: 0.48 → (0.52, 0.26, 0.48); back at 0.25 → (0.75, 0.375, 0.25)"
    )
    func sliderScrub() throws {
        let scene = SliderScrubDemo.scene()
        let myLayer = try #require(scene.layer(named: "myLayer"))
        #expect(myLayer.speed == 0)
        // The drag reaches 0.48 at 1.25 s (0.96 × 0.75 / 1.5).
        DemoCheck.colour(scene.shown("myLayer", at: 1.26)?.backgroundColor, [0.52, 0.26, 0.48, 1])
        DemoCheck.close(myLayer.timeOffset, 0.48)
        DemoCheck.colour(scene.shown("myLayer", at: 2.2)?.backgroundColor, [0.04, 0.02, 0.96, 1])
        DemoCheck.colour(scene.shown("myLayer", at: 3.6)?.backgroundColor, [0.75, 0.375, 0.25, 1])
        #expect(myLayer.animationKeys() == ["Change color"])
        #expect((scene.layer(named: "valueLabel") as? CATextLayer)?.string as? String == "timeOffset = 0.25")
    }

    @Test("pull to refresh: 30.25 points pulled writes 50.4 % of 'Load' and lifts it to y 10.908; loading starts at 60")
    func pullToRefresh() throws {
        let scene = PullToRefreshDemo.scene()
        let loadingShape = try #require(scene.layer(named: "loadingShape"))
        let collectionView = try #require(scene.layer(named: "collectionView"))
        // The scroll callback at 0.85 s: 66 × 0.55 / 1.2 = 30.25 points, fraction 30.25 / 60 = 0.504167.
        let shape = try #require(scene.shown("pullToRefreshShape", at: 0.87) as? CAShapeLayer)
        DemoCheck.close(shape.strokeEnd.native, 30.25 / 60)
        DemoCheck.close(shape.position.y.native, 22 * (1 - 30.25 / 60))
        DemoCheck.close(collectionView.bounds.origin.y.native, -30.25)
        #expect(loadingShape.animationKeys() == nil)
        // The callback at 1.4 s reports 60.5 points: the threshold is passed and loading starts.
        scene.advance(to: 1.41)
        #expect(loadingShape.animationKeys() == ["Write that word"])
        DemoCheck.close(
            (scene.shown("loadingShape", at: 1.6) as? CAShapeLayer)?.strokeEnd.native, 0.25, tolerance: 1e-9)
        // Let go at 1.7 s: the content settles at the 60-point inset.
        DemoCheck.close(scene.shown("collectionView", at: 2)?.bounds.origin.y.native, -60)
        // Data at 3 s: a 0.3 s reload animation, whose completion block resets everything at 3.3 s.
        DemoCheck.close(scene.shown("collectionView", at: 3.15)?.bounds.origin.y.native, -30, tolerance: 1e-6)
        scene.advance(to: 3.4)
        #expect(loadingShape.animationKeys() == nil)
        #expect(try #require(scene.layer(named: "pullToRefreshShape")).timeOffset == 0)
        #expect(try #require(scene.layer(named: "loadingIndicator")).opacity == 1)
        DemoCheck.close(scene.shown("collectionView")?.bounds.origin.y.native, 0)
        #expect(collectionView.sublayers?.count == 1 + 15)
    }
}
