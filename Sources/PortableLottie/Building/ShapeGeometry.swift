import Foundation
import PortableQuartzCore

/// The outlines of Lottie's parametric shapes as Bézier shapes, laid out as After Effects and the Lottie players
/// lay them out, so that trim paths and dashes start where they do there (our own code).
enum ShapeGeometry {
    /// How far a cubic's control point lies along the tangent to draw a quarter circle (4/3·(√2 − 1)).
    static let circleHandle = 0.5519150244935105

    /// A rectangle centred on `center`: clockwise it starts at the top-right corner (below its rounding) and runs
    /// down the right side; counter-clockwise it starts there too and runs along the top. Rounding is limited
    /// to half the shorter side.
    static func rectangle(center: CGPoint, size: CGSize, radius: Double, direction: PathDirection) -> BezierShape {
        let halfWidth = abs(size.width) / 2
        let halfHeight = abs(size.height) / 2
        let round = max(0, min(radius, halfWidth, halfHeight))
        let left = center.x - halfWidth
        let right = center.x + halfWidth
        let top = center.y - halfHeight
        let bottom = center.y + halfHeight
        var vertices: [CGPoint]
        var ins: [CGPoint]
        var outs: [CGPoint]
        if round == 0 {
            vertices = [
                CGPoint(x: right, y: top), CGPoint(x: right, y: bottom), CGPoint(x: left, y: bottom),
                CGPoint(x: left, y: top),
            ]
            ins = Array(repeating: .zero, count: 4)
            outs = ins
        } else {
            let handle = round * circleHandle
            // Clockwise: down the right side, along the bottom, up the left side, along the top.
            vertices = [
                CGPoint(x: right, y: top + round), CGPoint(x: right, y: bottom - round),
                CGPoint(x: right - round, y: bottom), CGPoint(x: left + round, y: bottom),
                CGPoint(x: left, y: bottom - round), CGPoint(x: left, y: top + round),
                CGPoint(x: left + round, y: top), CGPoint(x: right - round, y: top),
            ]
            ins = [
                CGPoint(x: 0, y: -handle), .zero, CGPoint(x: handle, y: 0), .zero, CGPoint(x: 0, y: handle), .zero,
                CGPoint(x: -handle, y: 0), .zero,
            ]
            outs = [
                .zero, CGPoint(x: 0, y: handle), .zero, CGPoint(x: -handle, y: 0), .zero, CGPoint(x: 0, y: -handle),
                .zero, CGPoint(x: handle, y: 0),
            ]
        }
        let shape = BezierShape(vertices: vertices, inTangents: ins, outTangents: outs, isClosed: true)
        return direction == .clockwise ? shape : shape.reversedKeepingStart
    }

    /// An ellipse centred on `center`: it starts at the top and runs clockwise (right, bottom, left) or
    /// counter-clockwise.
    static func ellipse(center: CGPoint, size: CGSize, direction: PathDirection) -> BezierShape {
        let rx = size.width / 2
        let ry = size.height / 2
        let hx = rx * circleHandle
        let hy = ry * circleHandle
        let shape = BezierShape(
            vertices: [
                CGPoint(x: center.x, y: center.y - ry), CGPoint(x: center.x + rx, y: center.y),
                CGPoint(x: center.x, y: center.y + ry), CGPoint(x: center.x - rx, y: center.y),
            ],
            inTangents: [CGPoint(x: -hx, y: 0), CGPoint(x: 0, y: -hy), CGPoint(x: hx, y: 0), CGPoint(x: 0, y: hy)],
            outTangents: [CGPoint(x: hx, y: 0), CGPoint(x: 0, y: hy), CGPoint(x: -hx, y: 0), CGPoint(x: 0, y: -hy)],
            isClosed: true)
        return direction == .clockwise ? shape : shape.reversedKeepingStart
    }

    /// A star (points alternate between the outer and inner radius) or polygon, its first point straight up
    /// turned by `rotation` degrees. Roundness (percent) bends the edges along each point's tangent.
    static func star(
        kind: StarShape.Kind, center: CGPoint, points: Double, rotation: Double, outerRadius: Double,
        innerRadius: Double, outerRoundness: Double, innerRoundness: Double, direction: PathDirection
    ) -> BezierShape {
        let count = Int(min(max(points, 0), LottieLimits.maximumStarPoints).rounded(.down))
        guard count > 0 else { return .empty }
        let corners = kind == .star ? count * 2 : count
        let step = 2 * Double.pi / Double(corners)
        let sign: Double = direction == .counterClockwise ? -1 : 1
        var angle = -Double.pi / 2 + rotation * .pi / 180
        var vertices: [CGPoint] = []
        var ins: [CGPoint] = []
        var outs: [CGPoint] = []
        for index in 0..<corners {
            let outer = kind == .polygon || index % 2 == 0
            let radius = outer ? outerRadius : innerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let perimeter = 2 * Double.pi * radius / Double(kind == .star ? corners * 2 : corners * 4)
            let x = radius * cos(angle)
            let y = radius * sin(angle)
            let length = (x * x + y * y).squareRoot()
            let tangentX = length == 0 ? 0 : y / length
            let tangentY = length == 0 ? 0 : -x / length
            let handle = perimeter * roundness * sign
            vertices.append(CGPoint(x: center.x + x, y: center.y + y))
            outs.append(CGPoint(x: -tangentX * handle, y: -tangentY * handle))
            ins.append(CGPoint(x: tangentX * handle, y: tangentY * handle))
            angle += step * sign
        }
        return BezierShape(vertices: vertices, inTangents: ins, outTangents: outs, isClosed: true)
    }

    /// A `CGPath` of the shapes, each repeated `copies` times (for trims beyond 100 %).
    static func path(_ shapes: [BezierShape], copies: Int = 1) -> CGPath {
        let path = CGMutablePath()
        for _ in 0..<max(copies, 1) {
            for shape in shapes { shape.add(to: path) }
        }
        return path
    }
}

extension BezierShape {
    /// The same outline run the other way, from the same first vertex.
    var reversedKeepingStart: BezierShape {
        guard vertices.count > 1 else { return self }
        let order = [0] + Array((1..<vertices.count).reversed())
        return BezierShape(
            vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] }, isClosed: isClosed)
    }

}
