import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAAnimation freezing (the copy a layer hands out, SPEC §7)")
struct CAAnimationFreezingTests {
    @Test("a frozen animation can still be read and copied; the copy is mutable")
    func frozenReads() throws {
        let member = CABasicAnimation(keyPath: "opacity")
        member.duration = 3
        let group = CAAnimationGroup()
        group.animations = [member]
        group.freeze()
        #expect(group.isFrozen && member.isFrozen)
        #expect(group.animations?.first?.duration == 3)
        let copy = try #require(group.copy() as? CAAnimationGroup)
        #expect(!copy.isFrozen)
        copy.duration = 2
        #expect(copy.duration == 2)
    }

    @Test("setting a property of a frozen animation traps")
    func frozenWritesTrap() async {
        await #expect(processExitsWith: .failure) {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.freeze()
            animation.duration = 1
        }
        await #expect(processExitsWith: .failure) {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.freeze()
            animation.setValue("x", forKey: "name")
        }
    }
}
