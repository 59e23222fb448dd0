import PortableQuartzCore
import Testing

@testable import pqc

/// On the main actor: seed 002's scenes are PortableUIKit views, built and played on the main thread only.
@MainActor
@Suite("Demo registry")
struct DemoRegistryTests {
    @Test("every demo in the catalog has a scene (33), and nothing else does; the nine of seed 002 are views")
    func coversTheCatalog() {
        let expected = Set(DemoCatalog.all.map(\.name))
        #expect(expected.count == 33)
        #expect(Set(DemoRegistry.builders.keys) == expected)
        let ofViews = Set(DemoCatalog.all.filter { $0.seed == .uiViewAnimation }.map(\.name))
        #expect(ofViews.count == 9)
        #expect(Set(DemoRegistry.builders.keys.filter(DemoRegistry.runsOnMainActor)) == ofViews)
    }

    @Test("an unknown name has no scene; a seed 002 demo has one, marked as running on the main actor")
    func missingNames() {
        #expect(DemoRegistry.scene(named: "no-such-demo") == nil)
        #expect(DemoRegistry.scene(named: "shear")?.runsOnMainActor == true)
        let door = DemoCatalog.demo(named: "swinging-door")
        #expect(door.flatMap { DemoRegistry.scene(for: $0) }?.duration == 4)
        #expect(door.flatMap { DemoRegistry.scene(for: $0) }?.runsOnMainActor == false)
    }

    @Test(
        "every scene builds and plays frame by frame at 30 fps to its end without trapping, running its whole script",
        arguments: DemoRegistry.builders.keys.sorted())
    func playsToTheEnd(name: String) throws {
        let scene = try #require(DemoRegistry.scene(named: name))
        #expect(scene.duration > 0)
        #expect(scene.events.allSatisfy { $0.time <= scene.duration })
        let frames = Int((scene.duration * 30).rounded(.down))
        for frame in 0...frames {
            let time = Double(frame) / 30
            scene.advance(to: time)
            // Reading the presentation of every layer at every frame must work too (it is what a renderer does).
            #expect(scene.presentation(of: scene.root) != nil)
        }
        scene.advance(to: scene.duration)
        #expect(scene.eventsRun == scene.events.count)
        #expect(scene.time == scene.duration)
    }

    @Test(
        "every scene also builds on a 640 × 480 canvas, its root that size",
        arguments: DemoRegistry.builders.keys.sorted())
    func buildsAtAnotherSize(name: String) throws {
        let scene = try #require(DemoRegistry.scene(named: name, size: CGSize(width: 640, height: 480)))
        #expect(scene.root.bounds.size == CGSize(width: 640, height: 480))
        scene.advance(to: scene.duration)
        #expect(scene.eventsRun == scene.events.count)
    }
}
