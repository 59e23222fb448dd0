import PortableQuartzCore

/// Seed 001, "tap-to-move" (listing 7.7): a red 100 × 100 layer in the middle of the screen. A tap that hits the
/// layer's *presentation* (where it is on screen) gives it a random colour; any other tap moves it there over 4 s.
/// The second scripted tap lands on the layer where it is on screen, 1 s into its move — outside the frame the
/// model already holds at the destination — so it recolours the layer instead of moving it.
enum TapToMoveDemo {
    /// The random colours' seed.
    static let seed: UInt64 = 707

    /// Where the first tap lands: 100 points left of the right edge and 90 above the bottom ((380, 270) on the
    /// default canvas).
    static func firstTap(in size: CGSize) -> CGPoint {
        CGPoint(x: size.width - 100, y: size.height - 90)
    }

    /// Where the second tap lands: 35 % across and 33 % down the way from the centre to the first tap ((289, 209.7)
    /// on the default canvas). 1 s into the move the layer's centre is 41 % of the way (the default curve at ¼), so
    /// the point is on the layer on screen, and 41 points left of the model's frame at the destination.
    static func secondTap(in size: CGSize) -> CGPoint {
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let first = firstTap(in: size)
        return CGPoint(x: centre.x + 0.35 * (first.x - centre.x), y: centre.y + 0.33 * (first.y - centre.y))
    }

    /// The scene: taps at 0.25 s (move) and 1.25 s (on the moving layer).
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4.75) { scene in
            let view = scene.root
            // create a red layer
            let colorLayer = CALayer()
            colorLayer.name = "colorLayer"
            colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            colorLayer.position = CGPoint(x: view.bounds.size.width / 2, y: view.bounds.size.height / 2)
            colorLayer.backgroundColor = DemoPalette.red
            view.addSublayer(colorLayer)
            let finger = TouchIndicator(in: scene)
            var random = SeededRandom(seed: seed)

            // touchesBegan(_:with:)
            let touch: (CGPoint) -> Void = { [unowned scene] point in
                finger.tap(at: point)
                // check if we've tapped the moving layer
                if colorLayer.presentation()?.hitTest(point) != nil {
                    // randomize the layer background color
                    colorLayer.backgroundColor = random.colour()
                    scene.note("hit: new colour")
                } else {
                    // otherwise (slowly) move the layer to new position
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(4.0)
                    colorLayer.position = point
                    CATransaction.commit()
                    scene.note("missed: move to (\(point.x), \(point.y))")
                }
            }
            let first = firstTap(in: scene.size)
            let second = secondTap(in: scene.size)
            scene.at(0.25, "tap away from the layer") { touch(first) }
            scene.at(1.25, "tap the moving layer") { touch(second) }
        }
    }
}
