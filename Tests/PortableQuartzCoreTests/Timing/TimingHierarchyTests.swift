import PortableQuartzCoreTesting
import Testing

@Suite("Layer time and TimingHierarchy (SPEC §1.9–§1.11, §11b)")
struct TimingHierarchyTests {
    @Test("a layer's time is (t - beginTime) × speed + timeOffset and never folds")
    func layerMap() {
        let layer = TimingParameters(beginTime: 2, duration: 1, speed: 2, timeOffset: 1, repeatCount: 1)
        #expect(layer.layerTime(fromParentTime: 10) == 17)
        #expect(layer.layerTime(fromParentTime: 1000) == 1997)
    }

    @Test("before its beginTime a layer's local time is 0, not the extrapolated value or its offset (§11b)")
    func layerBeforeBegin() {
        let layer = TimingParameters(beginTime: 5, duration: .infinity, speed: 2, timeOffset: 3)
        #expect(layer.layerTime(fromParentTime: 4.999) == 0)
        #expect(layer.layerTime(fromParentTime: .nan) == 0)
        #expect(layer.layerTime(fromParentTime: 5) == 3)
    }

    @Test("a paused layer (speed 0) shows its timeOffset (§11b)")
    func pausedLayer() {
        let layer = TimingParameters(duration: .infinity, speed: 0, timeOffset: 7)
        #expect(layer.layerTime(fromParentTime: 0) == 7)
        #expect(layer.layerTime(fromParentTime: .infinity) == 7)
        #expect(layer.parentTime(fromLayerTime: 7) == 0)
    }

    @Test("a negative layer speed makes local time run backwards")
    func negativeLayerSpeed() {
        let layer = TimingParameters(duration: .infinity, speed: -1, timeOffset: 10)
        #expect(layer.layerTime(fromParentTime: 3) == 7)
        #expect(layer.parentTime(fromLayerTime: 7) == 3)
    }

    @Test("convertTime: root → A(begin 2, speed 2) → B(offset 1); 10 ↦ 17 and back (SPEC §1.11)")
    func convertTime() {
        let path = [
            TimingParameters(beginTime: 2, duration: .infinity, speed: 2),
            TimingParameters(duration: .infinity, timeOffset: 1),
        ]
        #expect(TimingHierarchy.layerTime(atMediaTime: 10, along: path) == 17)
        #expect(TimingHierarchy.mediaTime(fromLayerTime: 17, along: path) == 10)
        #expect(TimingHierarchy.convertTime(10, from: [], to: path) == 17)
        #expect(TimingHierarchy.convertTime(17, from: path, to: []) == 10)
        #expect(TimingHierarchy.convertTime(17, from: path, to: path[..<1]) == 16)
        #expect(TimingHierarchy.layerTime(atMediaTime: 3.5, along: [TimingParameters]()) == 3.5)
    }

    @Test("pause and resume keep layer time continuous (SPEC §1.10: 100.0 frozen, 100.5 at 103.5)")
    func pauseAndResume() {
        var layer = TimingParameters.layerDefaults
        // Pause at media time 100.
        let paused = layer.layerTime(fromParentTime: 100)
        #expect(paused == 100)
        layer.speed = 0
        layer.timeOffset = paused
        #expect(layer.layerTime(fromParentTime: 101) == 100)
        #expect(layer.layerTime(fromParentTime: 103) == 100)
        // Resume at media time 103.
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let since = layer.layerTime(fromParentTime: 103) - pausedTime
        #expect(since == 3)
        layer.beginTime = since
        #expect(layer.layerTime(fromParentTime: 103) == 100)
        #expect(layer.layerTime(fromParentTime: 103.5) == 100.5)
    }

    @Test("an animation 40 % done at pause stays 40 % done during the pause (SPEC §1.10)")
    func animationInsidePausedLayer() {
        let animation = TimingParameters(beginTime: 99.6, duration: 1)
        let running = [TimingParameters.layerDefaults]
        let pausedLayer = [TimingParameters(duration: .infinity, speed: 0, timeOffset: 100)]
        let resumed = [TimingParameters(beginTime: 3, duration: .infinity)]
        let noGroups = [TimingParameters]()
        func fraction(_ layers: [TimingParameters], _ time: Double) -> Double {
            TimingHierarchy.sample(atMediaTime: time, layers: layers, groups: noGroups, animation: animation).fraction
        }
        TimingFixtures.expectClose(fraction(running, 100), 0.4, tolerance: 1e-12)
        TimingFixtures.expectClose(fraction(pausedLayer, 101), 0.4, tolerance: 1e-12)
        TimingFixtures.expectClose(fraction(pausedLayer, 102.9), 0.4, tolerance: 1e-12)
        TimingFixtures.expectClose(fraction(resumed, 103.25), 0.65, tolerance: 1e-12)
    }

    @Test("changing speed m → n with beginTime' = t − (t − beginTime)·m/n keeps time continuous (QIECK)")
    func speedChangeWithoutJump() {
        var layer = TimingParameters(beginTime: 0, duration: .infinity, speed: 1)
        let now = 10.0
        let before = layer.layerTime(fromParentTime: now)
        layer.beginTime = now - (now - layer.beginTime) * (1.0 / 2.0)
        layer.speed = 2
        #expect(layer.beginTime == 5)
        #expect(layer.layerTime(fromParentTime: now) == before)
        #expect(layer.layerTime(fromParentTime: 11) == 12)
    }

    @Test(
        "speeds multiply down the tree: layer 2 × animation 1.5 = 3×, layer 0.5 × animation 3 = 1.5× (SPEC §1.9)",
        arguments: [(Float(2), Float(1.5), 3.0), (0.5, 3, 1.5)])
    func speedsMultiply(layerSpeed: Float, animationSpeed: Float, factor: Double) {
        let layers = [TimingParameters(duration: .infinity, speed: layerSpeed)]
        let animation = TimingParameters(duration: 9, speed: animationSpeed)
        let sample = TimingHierarchy.sample(
            atMediaTime: 1, layers: layers, groups: [TimingParameters](), animation: animation)
        TimingFixtures.expectClose(sample.activeTime, factor, tolerance: 1e-12)
    }

    @Test("a layer's paused offset of exactly the duration ends the animation (SPEC §1.12)")
    func layerPausedAtDurationEnds() {
        let layers = [TimingParameters(duration: .infinity, speed: 0, timeOffset: 1)]
        let animation = TimingParameters(duration: 1)
        let sample = TimingHierarchy.sample(
            atMediaTime: 50, layers: layers, groups: [TimingParameters](), animation: animation)
        #expect(sample.phase == .after)
        #expect(!sample.contributes)
    }

    @Test("group children see the group's basic time and are cut at its end (SPEC §1.9: 25, removed, 30)")
    func groupExample() {
        let group = TimingParameters(duration: 0.5)
        let child = TimingParameters(beginTime: 0.2, duration: 1)
        let inside = TimingHierarchy.sample(atLayerTime: 0.45, groups: [group], animation: child)
        #expect(inside.contributes)
        TimingFixtures.expectClose(inside.fraction * 100, 25, tolerance: 1e-9)

        let ended = TimingHierarchy.sample(atLayerTime: 0.5, groups: [group], animation: child)
        #expect(!ended.contributes)

        let filledGroup = TimingParameters(duration: 0.5, fillMode: .forwards)
        let frozen = TimingHierarchy.sample(atLayerTime: 0.5, groups: [filledGroup], animation: child)
        #expect(frozen.contributes)
        TimingFixtures.expectClose(frozen.fraction * 100, 30, tolerance: 1e-9)
        let later = TimingHierarchy.sample(atLayerTime: 9, groups: [filledGroup], animation: child)
        TimingFixtures.expectClose(later.fraction * 100, 30, tolerance: 1e-9)
    }

    @Test("a group longer than its child: the child's own fill decides after the child ends")
    func childFillInsideGroup() {
        let group = TimingParameters(duration: 5)
        let child = TimingParameters(duration: 1)
        #expect(!TimingHierarchy.sample(atLayerTime: 2, groups: [group], animation: child).contributes)
        let filledChild = TimingParameters(duration: 1, fillMode: .forwards)
        let sample = TimingHierarchy.sample(atLayerTime: 2, groups: [group], animation: filledChild)
        #expect(sample.contributes)
        #expect(sample.fraction == 1)
    }

    @Test("a repeating group replays its children: children see the folded group time")
    func repeatingGroup() {
        let group = TimingParameters(duration: 1, repeatCount: 3)
        let child = TimingParameters(duration: 1)
        let sample = TimingHierarchy.sample(atLayerTime: 2.25, groups: [group], animation: child)
        TimingFixtures.expectClose(sample.fraction, 0.25, tolerance: 1e-12)
        #expect(sample.iteration == 0)
    }

    @Test("nested groups and layers compose: media → layers → group → group → child")
    func fullChain() {
        let layers = [TimingParameters.layerDefaults, TimingParameters(beginTime: 1, duration: .infinity, speed: 2)]
        let groups = [TimingParameters(beginTime: 1, duration: 4), TimingParameters(beginTime: 0.5, duration: 2)]
        let child = TimingParameters(duration: 2)
        // Media 2.5 → layer (2.5 − 1) × 2 = 3 → outer group 2 → inner group 1.5 → child fraction 0.75.
        let sample = TimingHierarchy.sample(atMediaTime: 2.5, layers: layers, groups: groups, animation: child)
        #expect(sample.contributes)
        TimingFixtures.expectClose(sample.fraction, 0.75, tolerance: 1e-12)
    }
}
