import PortableQuartzCore

/// Seed 003, "colour-change timing cheat sheet": the article's nine illustrations as nine swatches side by side,
/// each with a `backgroundColor` animation from orange to blue (the model colour is orange) configured as the
/// illustration's caption says. All nine are added at the same moment, so their differences in timing show
/// directly: `beginTime` delays, `fillMode = .backwards` shows the start colour during the delay, `autoreverses`
/// comes back, `repeatCount` and `repeatDuration` repeat, `speed` halves the time and `timeOffset` starts a third
/// of the way in and wraps.
enum TimingCheatSheetDemo {
    /// One illustration: its caption and what it sets on the animation.
    struct Configuration {
        let caption: String
        let configure: (CABasicAnimation) -> Void
    }

    /// The illustrations in the article's order. A `beginTime` is given, as in the article, as
    /// `CACurrentMediaTime() + 1.0`.
    static var configurations: [Configuration] {
        [
            Configuration(caption: "duration=1.5") { $0.duration = 1.5 },
            Configuration(caption: "duration=1.5, beginTime=1.0") { animation in
                animation.duration = 1.5
                animation.beginTime = CACurrentMediaTime() + 1.0
            },
            Configuration(caption: "duration=1.5, beginTime=1.0, fillMode=backwards") { animation in
                animation.duration = 1.5
                animation.beginTime = CACurrentMediaTime() + 1.0
                animation.fillMode = .backwards
            },
            Configuration(caption: "duration=1.5, autoreverses") { animation in
                animation.duration = 1.5
                animation.autoreverses = true
            },
            Configuration(caption: "duration=1.5, repeatCount=2.0") { animation in
                animation.duration = 1.5
                animation.repeatCount = 2.0
            },
            Configuration(caption: "duration=1.5, repeatDuration=2.0") { animation in
                animation.duration = 1.5
                animation.repeatDuration = 2.0
            },
            Configuration(caption: "duration=0.5, repeatCount=2.5, autoreverses") { animation in
                animation.duration = 0.5
                animation.repeatCount = 2.5
                animation.autoreverses = true
            },
            Configuration(caption: "duration=3.0, speed=2.0") { animation in
                animation.duration = 3.0
                animation.speed = 2.0
            },
            Configuration(caption: "duration=3.0, timeOffset=1.0") { animation in
                animation.duration = 3.0
                animation.timeOffset = 1.0
            },
        ]
    }

    /// The scene: nine captioned swatches; every animation is added at 0.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4) { scene in
            let views = DemoViews(scene)
            let rowHeight: CGFloat = 36
            let top = (scene.size.height - rowHeight * CGFloat(configurations.count)) / 2
            var swatches: [CALayer] = []
            for (index, configuration) in configurations.enumerated() {
                let rowY = top + CGFloat(index) * rowHeight
                let caption = views.textLine(
                    configuration.caption, in: CGRect(x: 16, y: rowY, width: scene.size.width - 140, height: rowHeight),
                    fontSize: 12.5, colour: DemoPalette.darkGray, alignment: .left)
                scene.root.addSublayer(caption)
                let swatch = CALayer()
                swatch.name = "swatch\(index + 1)"
                swatch.frame = CGRect(x: scene.size.width - 116, y: rowY + 5, width: 100, height: rowHeight - 10)
                swatch.backgroundColor = DemoPalette.orange
                swatch.cornerRadius = 4
                scene.root.addSublayer(swatch)
                swatches.append(swatch)
            }
            scene.at(0.5, "add the nine animations") {
                for (swatch, configuration) in zip(swatches, configurations) {
                    let changeColor = CABasicAnimation(keyPath: "backgroundColor")
                    changeColor.fromValue = DemoPalette.orange
                    changeColor.toValue = DemoPalette.blue
                    configuration.configure(changeColor)
                    swatch.add(changeColor, forKey: "Change color")
                }
            }
        }
    }
}
