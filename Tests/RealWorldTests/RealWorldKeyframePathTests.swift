// Layers sent along a `UIBezierPath` by a `CAKeyframeAnimation` as apps animate a paper plane, a car on a route or
// an orbiting dot: `path` plus `rotationMode` turning the layer with the path's direction.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A 20 × 6 blue "plane" layer pointing along +x, in a committed root of `size`.
func makePlane(in root: CALayer) -> CALayer {
    let plane = CALayer()
    plane.bounds = CGRect(x: 0, y: 0, width: 20, height: 6)
    plane.backgroundColor = UIColor.blue.cgColor
    root.addSublayer(plane)
    return plane
}

@Suite("Real world: keyframes along a path")
struct RealWorldKeyframePathTests {
    @Test(
        "a route right 80 then down 80 with rotateAuto: (60, 20) heading 0 at 0.25 s, (100, 60) heading π/2 at 0.75 s")
    func routeWithCorners() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
            let plane = makePlane(in: root)
            plane.position = CGPoint(x: 100, y: 100)
            let route = UIBezierPath()
            route.move(to: CGPoint(x: 20, y: 20))
            route.addLine(to: CGPoint(x: 100, y: 20))
            route.addLine(to: CGPoint(x: 100, y: 100))
            let fly = CAKeyframeAnimation(keyPath: "position")
            fly.path = route.cgPath
            fly.rotationMode = .rotateAuto
            fly.duration = 1
            plane.add(fly, forKey: "fly")
            clock.advance(by: 0)
            clock.advance(to: 0.25)
            var shown = try #require(plane.presentation())
            #expect(isClose(shown.position, CGPoint(x: 60, y: 20), 1e-6))
            #expect(isClose(rotationAngle(shown.transform), 0, 1e-6))
            clock.advance(to: 0.75)
            shown = try #require(plane.presentation())
            #expect(isClose(shown.position, CGPoint(x: 100, y: 60), 1e-6))
            #expect(isClose(rotationAngle(shown.transform), .pi / 2, 1e-6))
            // Turned a quarter, the plane stands 6 wide and 20 tall about (100, 60).
            let picture = screen(root, width: 120, height: 120)
            #expect(picture[100, 52] == .blue && picture[100, 67] == .blue)
            #expect(picture[92, 60] == .clear && picture[107, 60] == .clear)
        }
    }

    @Test(
        "an orbit (full circle, clockwise on screen) paced over 4 s: at 1 s the dot is below the centre heading left (π)"
    )
    func pacedOrbit() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let satellite = makePlane(in: root)
            let orbit = CAKeyframeAnimation(keyPath: "position")
            orbit.path =
                UIBezierPath(
                    arcCenter: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: 2 * .pi, clockwise: true
                ).cgPath
            orbit.calculationMode = .paced
            orbit.rotationMode = .rotateAuto
            orbit.duration = 4
            orbit.repeatCount = .infinity
            satellite.add(orbit, forKey: "orbit")
            clock.advance(by: 0)
            for (time, angle): (Double, CGFloat) in [(0.5, .pi / 4), (1, .pi / 2), (2, .pi), (3.5, 7 * .pi / 4)] {
                clock.advance(to: time)
                let shown = try #require(satellite.presentation())
                // Paced: the angle grows evenly; the tangent of (cos a, sin a) turning this way is a + π/2.
                let expected = CGPoint(x: 50 + 30 * cos(angle), y: 50 + 30 * sin(angle))
                #expect(isClose(shown.position, expected, 0.05), "at \(time) s: \(shown.position)")
                #expect(isClose(wrappedAngle(rotationAngle(shown.transform) - (angle + .pi / 2)), 0, 0.01))
            }
            clock.advance(to: 5)
            let picture = screen(root, width: 100, height: 100)
            // Below the centre at (50, 80), lying horizontally: 20 wide, 6 tall.
            #expect(picture[42, 80] == .blue && picture[58, 80] == .blue && picture[50, 75] == .clear)
        }
    }

    @Test("rotateAutoReverse turns the layer a further half turn: heading 3π/2 on the way down the route")
    func autoReverse() throws {
        try MediaClock.withManualTime { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
            let plane = makePlane(in: root)
            let route = UIBezierPath()
            route.move(to: CGPoint(x: 100, y: 0))
            route.addLine(to: CGPoint(x: 100, y: 100))
            let fly = CAKeyframeAnimation(keyPath: "position")
            fly.path = route.cgPath
            fly.rotationMode = .rotateAutoReverse
            fly.duration = 1
            plane.add(fly, forKey: "fly")
            clock.advance(by: 0)
            clock.advance(to: 0.5)
            let shown = try #require(plane.presentation())
            #expect(isClose(shown.position, CGPoint(x: 100, y: 50), 1e-6))
            #expect(isClose(rotationAngle(shown.transform), -.pi / 2, 1e-6))
        }
    }
}
