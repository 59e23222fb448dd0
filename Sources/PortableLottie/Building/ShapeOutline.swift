import Foundation
import PortableQuartzCore

/// The outlines of path items as functions of time (our own helper): which keyframes they change at, and the
/// shapes at any frame.
struct ShapeOutline {
    /// The keyframe timing of every property the outline depends on.
    let inputs: [[KeyframeTiming]]
    /// The outline at a frame.
    let shape: (Double) -> BezierShape
    /// Every point (vertex or control point) the outline reaches at any keyframe, to bound it.
    let extent: [CGPoint]

    /// The outline of a path item (rectangle, ellipse, star or free path), rectangles rounded by `cornerRadius`
    /// when they have no rounding of their own; nil for other items.
    init?(_ item: ShapeItem, cornerRadius: AnimatableProperty<Double>?) {
        switch item.kind {
        case .path(let path):
            inputs = [path.shape.timing]
            let property = path.shape
            shape = { property.value(atFrame: $0) }
            extent = property.keyframes.flatMap { Self.points(of: $0.value) }
        case .rectangle(let rectangle):
            let radius = rectangle.roundness.keyframes.allSatisfy({ $0.value == 0 }) ? cornerRadius : nil
            inputs = [rectangle.position.timing, rectangle.size.timing, (radius ?? rectangle.roundness).timing]
            shape = { frame in
                let size = rectangle.size.value(atFrame: frame)
                return ShapeGeometry.rectangle(
                    center: rectangle.position.value(atFrame: frame).point,
                    size: CGSize(width: size[0], height: size.count > 1 ? size[1] : size[0]),
                    radius: (radius ?? rectangle.roundness).value(atFrame: frame), direction: rectangle.direction)
            }
            extent = Self.boxes(center: rectangle.position, size: rectangle.size)
        case .ellipse(let ellipse):
            inputs = [ellipse.position.timing, ellipse.size.timing]
            shape = { frame in
                let size = ellipse.size.value(atFrame: frame)
                return ShapeGeometry.ellipse(
                    center: ellipse.position.value(atFrame: frame).point,
                    size: CGSize(width: size[0], height: size.count > 1 ? size[1] : size[0]),
                    direction: ellipse.direction)
            }
            extent = Self.boxes(center: ellipse.position, size: ellipse.size)
        case .star(let star):
            inputs = [
                star.position.timing, star.points.timing, star.rotation.timing, star.outerRadius.timing,
                star.innerRadius.timing, star.outerRoundness.timing, star.innerRoundness.timing,
            ]
            shape = { frame in
                ShapeGeometry.star(
                    kind: star.kind, center: star.position.value(atFrame: frame).point,
                    points: star.points.value(atFrame: frame), rotation: star.rotation.value(atFrame: frame),
                    outerRadius: star.outerRadius.value(atFrame: frame),
                    innerRadius: star.innerRadius.value(atFrame: frame),
                    outerRoundness: star.outerRoundness.value(atFrame: frame),
                    innerRoundness: star.innerRoundness.value(atFrame: frame), direction: star.direction)
            }
            let radius = star.outerRadius.keyframes.map { abs($0.value) * 1.5 }.max() ?? 0
            extent = star.position.keyframes.flatMap { keyframe -> [CGPoint] in
                let center = keyframe.value.point
                return [
                    CGPoint(x: center.x - radius, y: center.y - radius),
                    CGPoint(x: center.x + radius, y: center.y + radius),
                ]
            }
        default:
            return nil
        }
    }

    /// The vertices and control points of a shape.
    private static func points(of shape: BezierShape) -> [CGPoint] {
        var points: [CGPoint] = []
        for index in shape.vertices.indices {
            let vertex = shape.vertices[index]
            let incoming = shape.inTangents[index]
            let outgoing = shape.outTangents[index]
            points.append(vertex)
            points.append(CGPoint(x: vertex.x + incoming.x, y: vertex.y + incoming.y))
            points.append(CGPoint(x: vertex.x + outgoing.x, y: vertex.y + outgoing.y))
        }
        return points
    }

    private static func boxes(center: AnimatableProperty<[Double]>, size: AnimatableProperty<[Double]>) -> [CGPoint] {
        let half = size.keyframes.reduce(CGSize.zero) { largest, keyframe in
            let value = keyframe.value
            return CGSize(
                width: max(largest.width, abs(value[0]) / 2),
                height: max(largest.height, abs(value.count > 1 ? value[1] : value[0]) / 2))
        }
        return center.keyframes.flatMap { keyframe -> [CGPoint] in
            let point = keyframe.value.point
            return [
                CGPoint(x: point.x - half.width, y: point.y - half.height),
                CGPoint(x: point.x + half.width, y: point.y + half.height),
            ]
        }
    }
}

/// Several outlines drawn as one path, blended outline by outline.
struct ShapeList: KeyframeInterpolatable {
    var shapes: [BezierShape]

    func interpolated(to other: ShapeList, fraction: Double) -> ShapeList {
        guard shapes.count == other.shapes.count else { return fraction < 1 ? self : other }
        return ShapeList(shapes: zip(shapes, other.shapes).map { $0.interpolated(to: $1, fraction: fraction) })
    }

    var budgetCost: Int { max(shapes.reduce(0) { $0 + $1.budgetCost }, 1) }
}
