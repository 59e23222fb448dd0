import Foundation
import PortableCoreGraphics
import Testing

extension CGMutablePathTests {
    /// The cubic pieces of `path` as (start, control1, control2, end) tuples.
    private func cubics(of path: CGPath) -> [(CGPoint, CGPoint, CGPoint, CGPoint)] {
        var result: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        var current = CGPoint.zero
        for element in path.recordedElements {
            switch element.type {
            case .addCurveToPoint:
                result.append((current, element.points[0], element.points[1], element.points[2]))
                current = element.points[2]
            case .moveToPoint, .addLineToPoint:
                current = element.points[0]
            default:
                break
            }
        }
        return result
    }

    @Test("an arc from 0 to π/2 with clockwise false turns towards +y and passes through r·(cos 45°, sin 45°)")
    func counterClockwiseQuarterArc() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.recordedTypes == [.moveToPoint, .addCurveToPoint])
        let pieces = cubics(of: path)
        let (p0, p1, p2, p3) = pieces[0]
        #expect(p0 == CGPoint(x: 10, y: 0))
        #expect(isClose(p3, CGPoint(x: 0, y: 10), tolerance: 1e-12))
        let middle = cubicPoint(p0, p1, p2, p3, 0.5)
        #expect(isClose(middle, CGPoint(x: 10 * cos(Double.pi / 4), y: 10 * sin(Double.pi / 4)), tolerance: 1e-12))
        // The control arms are r · 4/3 · tan(π/8) = 5.5228475 long, along the tangents.
        #expect(isClose(p1, CGPoint(x: 10, y: 5.5228475), tolerance: 1e-6))
        #expect(isClose(p2, CGPoint(x: 5.5228475, y: 10), tolerance: 1e-6))
    }

    @Test("the same angles with clockwise true take the long way through −y: three quarter pieces via (0, −10)")
    func clockwiseArcGoesTheOtherWay() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let pieces = cubics(of: path)
        #expect(pieces.count == 3)
        #expect(isClose(pieces[0].3, CGPoint(x: 0, y: -10), tolerance: 1e-12))
        #expect(isClose(pieces[1].3, CGPoint(x: -10, y: 0), tolerance: 1e-12))
        #expect(isClose(pieces[2].3, CGPoint(x: 0, y: 10), tolerance: 1e-12))
        let middle = cubicPoint(pieces[0].0, pieces[0].1, pieces[0].2, pieces[0].3, 0.5)
        #expect(isClose(middle, CGPoint(x: 7.0710678, y: -7.0710678), tolerance: 1e-6))
    }

    @Test("clockwise means clockwise with y up: negative signed area; a y-down screen shows it counter-clockwise")
    func clockwiseFlagMeaning() {
        for clockwise in [true, false] {
            let path = CGMutablePath()
            path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            // Shoelace area of the sector (centre plus samples along the arc); positive = counter-clockwise, y up.
            var samples = [CGPoint.zero]
            for piece in cubics(of: path) {
                for step in 0...10 { samples.append(cubicPoint(piece.0, piece.1, piece.2, piece.3, Double(step) / 10)) }
            }
            var area: CGFloat = 0
            for (a, b) in zip(samples, samples.dropFirst() + [samples[0]]) { area += a.x * b.y - b.x * a.y }
            #expect((area < 0) == clockwise)
        }
        // On a y-down screen (UIKit, iOS layers) the clockwise arc's first quarter runs from 3 o'clock (10, 0) to
        // (0, −10), which is 12 o'clock there: counter-clockwise on screen.
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(isClose(cubics(of: path)[0].3, CGPoint(x: 0, y: -10), tolerance: 1e-12))
    }

    @Test("225° clockwise arc is cut into 90°, 90°, 45° pieces (centre (25, 100), r 20, 1.25π → 0)")
    func arcPieceSplitting() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 25, y: 100), radius: 20, startAngle: .pi * 1.25, endAngle: 0, clockwise: true)
        let expected = [
            RecordedElement(.moveToPoint, [CGPoint(x: 10.857864, y: 85.857864)]),
            RecordedElement(
                .addCurveToPoint,
                [
                    CGPoint(x: 3.047378, y: 93.668350), CGPoint(x: 3.047378, y: 106.331650),
                    CGPoint(x: 10.857864, y: 114.142136),
                ]),
            RecordedElement(
                .addCurveToPoint,
                [
                    CGPoint(x: 18.668350, y: 121.952622), CGPoint(x: 31.331650, y: 121.952622),
                    CGPoint(x: 39.142136, y: 114.142136),
                ]),
            RecordedElement(
                .addCurveToPoint,
                [CGPoint(x: 42.892864, y: 110.391407), CGPoint(x: 45, y: 105.304329), CGPoint(x: 45, y: 100)]),
        ]
        #expect(isClose(path.recordedElements, expected, tolerance: 1e-5))
    }

    @Test("a sweep of 2π is a whole circle in either direction: 0→2π gives four quarter pieces ending at (5, 0)")
    func fullCircleEitherDirection() {
        // Evidence: NVActivityIndicatorView's `.circle` and `.ring` shapes (ninjaprox/NVActivityIndicatorView,
        // Sources/Base/NVActivityIndicatorShape.swift) call UIBezierPath's addArc from 0 to 2π with
        // `clockwise: false`, which is this call with `clockwise: true`, and show full circles on iOS; its
        // `.pacman` shape uses `clockwise: true`, which is `clockwise: false` here.
        for clockwise in [false, true] {
            let path = CGMutablePath()
            path.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            #expect(path.recordedTypes == [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4))
            #expect(isClose(path.currentPoint, CGPoint(x: 5, y: 0), tolerance: 1e-12))
            // The first quarter ends at (0, 5) going counter-clockwise, at (0, −5) going clockwise.
            #expect(isClose(cubics(of: path)[0].3, CGPoint(x: 0, y: clockwise ? -5 : 5), tolerance: 1e-12))
        }
        // Within rounding: −π/2 → 3π/2 (a progress ring's usual angles) and 0 → 2π − 1e-15 are whole circles
        // both ways; 4π and −6π (whole numbers of turns) too.
        for (start, end) in [
            (-0.5 * CGFloat.pi, 1.5 * CGFloat.pi), (0, 2 * .pi - 1e-15), (0, 4 * .pi), (1, 1 - 6 * .pi),
        ] {
            for clockwise in [false, true] {
                let path = CGMutablePath()
                path.addArc(center: .zero, radius: 5, startAngle: start, endAngle: end, clockwise: clockwise)
                #expect(cubics(of: path).count == 4, "\(start) → \(end), clockwise \(clockwise)")
            }
        }
        // Equal angles draw nothing but the first point.
        let none = CGMutablePath()
        none.addArc(center: .zero, radius: 5, startAngle: 1, endAngle: 1, clockwise: true)
        #expect(none.recordedTypes == [.moveToPoint])
    }

    @Test("angle normalisation: the arc runs the asked way from start point to end point, at most one turn")
    func angleNormalisation() {
        // Worked numbers (radius 5, centre 0): (start, end, clockwise) → quarter pieces and the end point.
        // 0 → 6π counter-clockwise: one whole turn. 0 → −π/2 counter-clockwise: the 3π/2 way round, ending at
        // (0, −5). 0 → −5π/2 counter-clockwise: the same end point, the same 3π/2. 0 → π/2 clockwise: 3π/2 through
        // −y. 0 → 2π + 0.5 clockwise: round to the point at 0.5 rad, 2π − 0.5 (four pieces). 0 → 0.5 clockwise:
        // the same. This is the HTML canvas `arc()` rule, which Apple designed on Core Graphics for Safari.
        let cases: [(CGFloat, CGFloat, Bool, Int, CGPoint)] = [
            (0, 6 * .pi, false, 4, CGPoint(x: 5, y: 0)),
            (0, -.pi / 2, false, 3, CGPoint(x: 0, y: -5)),
            (0, -2.5 * .pi, false, 3, CGPoint(x: 0, y: -5)),
            (0, .pi / 2, true, 3, CGPoint(x: 0, y: 5)),
            (0, 2 * .pi + 0.5, true, 4, CGPoint(x: 5 * cos(0.5), y: 5 * sin(0.5))),
            (0, 0.5, true, 4, CGPoint(x: 5 * cos(0.5), y: 5 * sin(0.5))),
            (.pi, 3 * .pi, true, 4, CGPoint(x: -5, y: 0)),
        ]
        for (start, end, clockwise, pieces, last) in cases {
            let path = CGMutablePath()
            path.addArc(center: .zero, radius: 5, startAngle: start, endAngle: end, clockwise: clockwise)
            #expect(cubics(of: path).count == pieces, "\(start) → \(end), clockwise \(clockwise)")
            #expect(isClose(path.currentPoint, last, tolerance: 1e-12), "\(start) → \(end), clockwise \(clockwise)")
        }
    }

    @Test("huge finite angles are reduced first: start 7.648e180 → 0 draws at most one turn instead of trapping")
    func hugeArcAngles() {
        // Issue 19: converting the piece count of this sweep to Int trapped; a start of 7.1234e25 asked for 5.5e9
        // pieces. Angles this large name no particular point within a turn (their spacing is far above 2π), so
        // the arc is the whole circle through the point the start angle names.
        for start in [7.648e180, 7.1234e25, -1e300, .greatestFiniteMagnitude] as [CGFloat] {
            for clockwise in [false, true] {
                let path = CGMutablePath()
                path.addArc(center: .zero, radius: 5, startAngle: start, endAngle: 0, clockwise: clockwise)
                let pieces = cubics(of: path)
                #expect(pieces.count <= 4)
                #expect(pieces.allSatisfy { abs(hypot($0.3.x, $0.3.y) - 5) < 1e-9 })
            }
            let relative = CGMutablePath()
            relative.addRelativeArc(center: .zero, radius: 5, startAngle: start, delta: .pi)
            #expect(cubics(of: relative).count == 2)
            #expect(abs(hypot(relative.currentPoint.x, relative.currentPoint.y) - 5) < 1e-9)
        }
        // An ordinary angle many turns out is still drawn where it points: 100π + π/2 starts at (0, 5).
        let far = CGMutablePath()
        far.addArc(
            center: .zero, radius: 5, startAngle: 100 * .pi + .pi / 2, endAngle: 100 * .pi + .pi, clockwise: false)
        #expect(isClose(far.recordedElements[0].points[0], CGPoint(x: 0, y: 5), tolerance: 1e-9))
        #expect(isClose(far.currentPoint, CGPoint(x: -5, y: 0), tolerance: 1e-9))
    }

    @Test("an arc on a non-empty path is joined by a line to its first point")
    func arcJoinsWithLine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: CGPoint(x: 20, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(path.recordedTypes == [.moveToPoint, .addLineToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(isClose(path.recordedElements[1].points[0], CGPoint(x: 15, y: 0), tolerance: 1e-12))
        // Starting exactly at the current point adds no zero-length line.
        let joined = CGMutablePath()
        joined.move(to: CGPoint(x: 25, y: 0))
        joined.addArc(center: CGPoint(x: 20, y: 0), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(joined.recordedTypes == [.moveToPoint, .addCurveToPoint])
    }

    @Test("addRelativeArc turns by delta: +π/2 from angle 0 ends at (0, r); −π ends at (−r, 0) through −y")
    func relativeArc() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 4, startAngle: 0, delta: .pi / 2)
        #expect(isClose(path.currentPoint, CGPoint(x: 0, y: 4), tolerance: 1e-12))

        let negative = CGMutablePath()
        negative.addRelativeArc(center: .zero, radius: 4, startAngle: 0, delta: -.pi)
        let pieces = cubics(of: negative)
        #expect(pieces.count == 2)
        #expect(isClose(pieces[0].3, CGPoint(x: 0, y: -4), tolerance: 1e-12))
        #expect(isClose(negative.currentPoint, CGPoint(x: -4, y: 0), tolerance: 1e-12))

        // Deviation: more than one turn is clamped to one (four quarter pieces).
        let spiral = CGMutablePath()
        spiral.addRelativeArc(center: .zero, radius: 4, startAngle: 0, delta: 5 * .pi)
        #expect(cubics(of: spiral).count == 4)
    }

    @Test(
        "arct corner from (400,400) via (140,250) to (110,180), r 50: line to (154.415, 258.317), arc to (133.444, 234.703)"
    )
    func tangentArcWorkedExample() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 400, y: 400))
        path.addArc(tangent1End: CGPoint(x: 140, y: 250), tangent2End: CGPoint(x: 110, y: 180), radius: 50)
        let expected = [
            RecordedElement(.moveToPoint, [CGPoint(x: 400, y: 400)]),
            RecordedElement(.addLineToPoint, [CGPoint(x: 154.415379, y: 258.316565)]),
            RecordedElement(
                .addCurveToPoint,
                [
                    CGPoint(x: 145.057503, y: 252.917790), CGPoint(x: 137.699975, y: 244.633276),
                    CGPoint(x: 133.444250, y: 234.703250),
                ]),
        ]
        #expect(isClose(path.recordedElements, expected, tolerance: 1e-5))
    }

    @Test("arct tangent points are equidistant from the corner and r from the arc centre (square corner, r 10)")
    func tangentArcGeometry() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 10)
        // A left turn of 90°: tangent points (90, 0) and (100, 10), centre (90, 10), one quarter piece.
        let elements = path.recordedElements
        #expect(elements.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(isClose(elements[1].points[0], CGPoint(x: 90, y: 0), tolerance: 1e-12))
        #expect(isClose(elements[2].points[2], CGPoint(x: 100, y: 10), tolerance: 1e-12))
        let middle = cubicPoint(
            elements[1].points[0], elements[2].points[0], elements[2].points[1], elements[2].points[2], 0.5)
        #expect(abs(hypot(middle.x - 90, middle.y - 10) - 10) < 1e-12)
        // Turning right instead mirrors the arc below the line.
        let right = CGMutablePath()
        right.move(to: .zero)
        right.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: -100), radius: 10)
        #expect(isClose(right.currentPoint, CGPoint(x: 100, y: -10), tolerance: 1e-12))
    }

    @Test("arct degenerate cases add a line to tangent1End: collinear points, zero radius, coincident points")
    func tangentArcDegenerate() {
        for (p1, p2, radius) in [
            (CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0), CGFloat(5)),  // straight on
            (CGPoint(x: 10, y: 0), CGPoint(x: -5, y: 0), 5),  // U-turn back along the line
            (CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), 0),  // zero radius
            (CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0), 5),  // P1 = P2
            (CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10), 5),  // P0 = P1
        ] {
            let path = CGMutablePath()
            path.move(to: .zero)
            path.addArc(tangent1End: p1, tangent2End: p2, radius: radius)
            #expect(
                path.recordedElements == [
                    RecordedElement(.moveToPoint, [.zero]), RecordedElement(.addLineToPoint, [p1]),
                ])
        }
    }

    @Test("arct with a transform works in the untransformed space: translated corner lands translated")
    func tangentArcWithTransform() {
        let plain = CGMutablePath()
        plain.move(to: .zero)
        plain.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 10)
        let shift = CGAffineTransform(translationX: 7, y: -3)
        let moved = CGMutablePath()
        moved.move(to: .zero, transform: shift)
        moved.addArc(
            tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 10, transform: shift)
        var transform = shift
        let expected = plain.copy(using: &transform)!
        #expect(isClose(moved.recordedElements, expected.recordedElements, tolerance: 1e-12))
    }
}
