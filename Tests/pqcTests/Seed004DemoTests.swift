import PortableQuartzCore
import Testing

@testable import pqc

/// Seed 004's demos at chosen times.
@Suite("Seed 004 demos")
struct Seed004DemoTests {
    /// The angle θ of a rotation about y (`CATransform3DMakeRotation(θ, 0, 1, 0)` has m11 = cos θ, m13 = −sin θ).
    private func rotationY(_ transform: CATransform3D?) -> Double? {
        transform.map { atan2(-Double($0.m13), Double($0.m11)) }
    }

    @Test("rotating ship: duration 1 × repeatCount 2.5: π/2 at 0.75 s, π at 1 s, π/2 at 2.75 s, upright after 3 s")
    func rotatingShip() throws {
        let scene = RotatingShipDemo.scene()
        let startButton = try #require(scene.layer(named: "startButton"))
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("ship", at: 0.75)?.transform), Double.pi / 2)
        DemoCheck.close(abs(DemoCheck.rotationZ(scene.shown("ship", at: 1)?.transform) ?? 0), Double.pi)
        #expect(startButton.opacity == 0.25)
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("ship", at: 2.75)?.transform), Double.pi / 2)
        scene.advance(to: 2.99)
        #expect(startButton.opacity == 0.25)
        // animationDidStop at 3 s (0.5 + 2.5) brings the controls back.
        DemoCheck.close(DemoCheck.rotationZ(scene.shown("ship", at: 3.05)?.transform), 0)
        #expect(startButton.opacity == 1)
        #expect(scene.layer(named: "repeatField")?.opacity == 1)
    }

    @Test("swinging door: −π/4 about y at 1 s; its free top corner projects through m34 = −1/500 to (272.369, 23.708)")
    func swingingDoor() throws {
        let scene = SwingingDoorDemo.scene()
        let door = try #require(scene.shown("door", at: 1))
        DemoCheck.close(door.transform, CATransform3DMakeRotation(-.pi / 4, 0, 1, 0), tolerance: 1e-9)
        let container = try #require(scene.layer(named: "containerView"))
        DemoCheck.close(container.sublayerTransform.m34.native, -1.0 / 500.0, tolerance: 1e-9)
        // Door point → canvas: anchor to the origin, the door's transform, to its position relative to the container's
        // centre, the container's sublayerTransform, back to the container's centre on the canvas; then divide by w.
        let toCanvas = [
            CATransform3DMakeTranslation(-door.anchorPoint.x * 128, -door.anchorPoint.y * 256, 0),
            door.transform,
            CATransform3DMakeTranslation(door.position.x - 150, door.position.y - 150, 0),
            container.sublayerTransform,
            CATransform3DMakeTranslation(container.position.x, container.position.y, 0),
        ].reduce(CATransform3DIdentity, CATransform3DConcat)
        let corner = (x: 128.0, y: 0.0)
        let x = corner.x * toCanvas.m11.native + corner.y * toCanvas.m21.native + toCanvas.m41.native
        let y = corner.x * toCanvas.m12.native + corner.y * toCanvas.m22.native + toCanvas.m42.native
        let w = corner.x * toCanvas.m14.native + corner.y * toCanvas.m24.native + toCanvas.m44.native
        // Hinge at (−64, 0) from the centre; corner (128, −128) turned: x 90.510, z 90.510; w = 1 − 90.510/500.
        DemoCheck.close(x / w, 272.369101, tolerance: 1e-5)
        DemoCheck.close(y / w, 23.708154, tolerance: 1e-5)
        // Fully open at 2 s, and back to −π/4 on the way home at 3 s (autoreverses).
        DemoCheck.close(rotationY(scene.shown("door", at: 2)?.transform), -Double.pi / 2)
        DemoCheck.close(rotationY(scene.shown("door", at: 3)?.transform), -Double.pi / 4)
    }

    @Test("ship on path: mid-flight at (150, 150) heading atan(2/3); second flight at 3/4 of the curve, heading 0.1799")
    func shipOnPath() throws {
        let scene = ShipOnPathDemo.scene()
        // First flight, 0.5 s into 1 s: B(0.5) = (150, 150), B'(0.5) = 3 × (112.5, 75).
        let middle = scene.shown("ship", at: 1)
        DemoCheck.close(middle?.position, CGPoint(x: 150, y: 150))
        DemoCheck.close(DemoCheck.rotationZ(middle?.transform), atan2(75, 112.5))
        // Over: kept (removedOnCompletion false) but no fill, so the model shows.
        let after = scene.shown("ship", at: 2)
        DemoCheck.close(after?.position, CGPoint(x: 0, y: 150))
        DemoCheck.close(DemoCheck.rotationZ(after?.transform), 0)
        // Second flight from 3.1 s with timeOffset 0.5 and speed 0.5: at 3.6 s the local time is 0.75.
        // B(0.75) = 0.140625·(75, 0) + 0.421875·(225, 300) + 0.421875·(300, 150) + 0.015625·(0, 150);
        // B'(0.75) ∝ 0.0625·(75, −150) + 0.375·(150, 300) + 0.5625·(75, −150) = (103.125, 18.75).
        let late = scene.shown("ship", at: 3.6)
        DemoCheck.close(late?.position, CGPoint(x: 232.03125, y: 192.1875), tolerance: 1e-9)
        DemoCheck.close(DemoCheck.rotationZ(late?.transform), atan2(18.75, 103.125))
    }

    @Test("pan-driven door: 100 points left → timeOffset 0.5, −π/4; clamped at 0.999; 132 points back → 0.339")
    func panDrivenDoor() throws {
        let scene = PanDrivenDoorDemo.scene()
        let door = try #require(scene.layer(named: "door"))
        #expect(door.speed == 0)
        DemoCheck.close(rotationY(scene.shown("door", at: 1.2)?.transform), -Double.pi / 4, tolerance: 1e-9)
        DemoCheck.close(door.timeOffset, 0.5, tolerance: 1e-12)
        DemoCheck.close(rotationY(scene.shown("door", at: 2.5)?.transform), -0.999 * Double.pi / 2, tolerance: 1e-9)
        #expect(door.timeOffset == 0.999)
        DemoCheck.close(rotationY(scene.shown("door", at: 3.5)?.transform), -0.339 * Double.pi / 2, tolerance: 1e-9)
        DemoCheck.close(door.timeOffset, 0.339, tolerance: 1e-12)
    }
}
