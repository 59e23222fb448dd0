import PortableQuartzCore

/// Seed 000, "balloon flight": a balloon layer starting just off the left edge flies through three `NSValue`
/// points — (−50, 0), (width + 50, height / 2), (−50, height − 100) — at key times 0, 0.5 and 1 over 3 s, and its
/// model position is set to the last point so it stays there.
enum BalloonFlightDemo {
    /// The scene: the balloon is created and sent off when the screen loads (time 0).
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 3.25) { scene in
            let view = scene.root
            let balloon = CALayer()
            balloon.name = "balloon"
            balloon.frame = CGRect(x: -50, y: 100, width: 50, height: 50)
            balloon.contents = BalloonArtwork.image
            balloon.contentsScale = ArtworkCanvas.scale
            view.addSublayer(balloon)

            let flight = CAKeyframeAnimation(keyPath: "position")
            flight.duration = 3.0
            flight.values = [
                CGPoint(x: -50.0, y: 0.0),
                CGPoint(x: view.bounds.width + 50, y: view.bounds.height / 2.0),
                CGPoint(x: -50.0, y: view.bounds.height - 100),
            ].map({ NSValue(cgPoint: $0) })
            flight.keyTimes = [0.0, 0.5, 1.0]
            balloon.add(flight, forKey: nil)
            balloon.position = CGPoint(x: -50.0, y: view.bounds.height - 100)
        }
    }
}
