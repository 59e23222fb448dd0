import PortableQuartzCore

/// Seed 003, "slider-scrubbed colour animation": a 1 s `backgroundColor` animation from orange to blue sits on a
/// layer whose `speed` is 0, so it never plays by itself; dragging the slider sets the layer's `timeOffset` to the
/// slider's value, which shows the animation at that moment — the colour follows the thumb both ways.
enum SliderScrubDemo {
    /// The scripted drag: the slider's value at chosen times, linear in between (and held before the first and
    /// after the last). It stays below 1, the animation's end, as a finger on a 0…1 slider usually does.
    static let drag: [(time: Double, value: Double)] = [
        (0.5, 0), (2.0, 0.96), (2.5, 0.96), (3.5, 0.25), (4.0, 0.25),
    ]

    /// The slider's value `drag` gives at `time`.
    static func sliderValue(at time: Double) -> Double {
        guard let first = drag.first, let last = drag.last else { return 0 }
        if time <= first.time { return first.value }
        if time >= last.time { return last.value }
        for (start, end) in zip(drag, drag.dropFirst()) where time <= end.time {
            let fraction = (time - start.time) / (end.time - start.time)
            return start.value + (end.value - start.value) * fraction
        }
        return last.value
    }

    /// The scene: the layer, the slider and a label with its value; the finger drags from 0.5 s to 3.5 s, one
    /// `sliderChanged` every 0.05 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4.25) { scene in
            let views = DemoViews(scene)
            let midX = scene.size.width / 2
            let myLayer = CALayer()
            myLayer.name = "myLayer"
            myLayer.frame = CGRect(x: midX - 110, y: 40, width: 220, height: 140)
            myLayer.backgroundColor = DemoPalette.orange
            myLayer.cornerRadius = 8
            scene.root.addSublayer(myLayer)
            let slider = views.slider(
                frame: CGRect(x: midX - 140, y: 220, width: 280, height: 34), value: 0, name: "slider")
            scene.root.addSublayer(slider.layer)
            let valueLabel = views.label(
                "timeOffset = 0.00", frame: CGRect(x: midX - 140, y: 268, width: 280, height: 22), fontSize: 17,
                colour: DemoPalette.darkGray, name: "valueLabel")
            scene.root.addSublayer(valueLabel)
            let finger = TouchIndicator(in: scene)

            let changeColor = CABasicAnimation(keyPath: "backgroundColor")
            changeColor.fromValue = DemoPalette.orange
            changeColor.toValue = DemoPalette.blue
            changeColor.duration = 1.0  // For convenience
            myLayer.add(changeColor, forKey: "Change color")
            myLayer.speed = 0.0  // Pause the animation

            // - (IBAction)sliderChanged:(UISlider *)sender
            let sliderChanged: (DemoSlider) -> Void = { sender in
                myLayer.timeOffset = sender.value  // Update "current time"
                valueLabel.string = String(format: "timeOffset = %.2f", sender.value)
            }
            let start = drag[0].time
            let end = drag[drag.count - 2].time
            let steps = Int(((end - start) / 0.05).rounded())
            for step in 0...steps {
                let time = start + Double(step) * 0.05
                scene.at(time, "drag the slider") {
                    let value = sliderValue(at: time)
                    slider.value = value
                    finger.touch(at: slider.thumbCentre)
                    sliderChanged(slider)
                }
            }
            scene.at(end + 0.1, "lift the finger") { finger.lift() }
        }
    }
}
