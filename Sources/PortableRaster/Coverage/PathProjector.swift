/// Maps a ``RasterPath`` through a ``Projective2D`` into device space, for filling shapes that lie on a plane seen
/// in perspective (a layer's background, border or clip under a 3-D transform).
///
/// A projective map does not send Bézier curves to Bézier curves, so curves are first cut into straight segments
/// in the path's own space, then every vertex is mapped. The number of segments per curve comes from the length of
/// its control polygon in device space: `n = ⌈√(1.5 · L / tolerance)⌉`, clamped to 1…256 — for a cubic this keeps
/// the chord error below `tolerance` pixels where the map is close to affine over the curve.
///
/// Each contour is closed and clipped against the viewer's plane before the division: the parts with `W` below
/// a small positive bound (on or behind the eye) are cut away (Sutherland–Hodgman in homogeneous coordinates), so
/// what remains projects to finite points. A contour entirely behind the viewer produces nothing.
///
/// Non-finite input points give non-finite output points, which the scan converter drops. Storage is reused: after
/// the first paths of a given size, projecting allocates nothing.
package struct PathProjector: Sendable {
    /// The smallest `W` kept, relative to the largest |W| of the contour's vertices.
    package static let relativeNearPlane = 1e-6

    private var contour: [SIMD3<Double>] = []
    private var clipped: [SIMD3<Double>] = []

    package init() {}

    /// Replaces `output` with `path` mapped by `projective`; every subpath of the result is a closed polygon.
    package mutating func project(
        _ path: RasterPath, by projective: Projective2D, tolerance: Double = 0.25, into output: inout RasterPath
    ) {
        output.removeAll(keepingCapacity: true)
        contour.removeAll(keepingCapacity: true)
        var index = 0
        var current = RasterPoint(x: 0, y: 0)
        var start = current
        for verb in path.verbs {
            switch verb {
            case .move:
                emit(into: &output)
                current = path.points[index]
                start = current
                append(current, projective)
            case .line:
                current = path.points[index]
                append(current, projective)
            case .quadratic:
                let control = path.points[index]
                let end = path.points[index + 1]
                let steps = Self.steps(
                    for: [current, control, end], projective: projective, factor: 0.25, tolerance: tolerance)
                for step in 1...steps {
                    let t = Double(step) / Double(steps)
                    let u = 1 - t
                    append(
                        RasterPoint(
                            x: u * u * current.x + 2 * u * t * control.x + t * t * end.x,
                            y: u * u * current.y + 2 * u * t * control.y + t * t * end.y), projective)
                }
                current = end
            case .cubic:
                let c1 = path.points[index]
                let c2 = path.points[index + 1]
                let end = path.points[index + 2]
                let steps = Self.steps(
                    for: [current, c1, c2, end], projective: projective, factor: 0.75, tolerance: tolerance)
                for step in 1...steps {
                    let t = Double(step) / Double(steps)
                    let u = 1 - t
                    let a = u * u * u
                    let b = 3 * u * u * t
                    let c = 3 * u * t * t
                    let d = t * t * t
                    append(
                        RasterPoint(
                            x: a * current.x + b * c1.x + c * c2.x + d * end.x,
                            y: a * current.y + b * c1.y + c * c2.y + d * end.y), projective)
                }
                current = end
            case .close:
                emit(into: &output)
                current = start
            }
            index += verb.pointCount
        }
        emit(into: &output)
    }

    private mutating func append(_ point: RasterPoint, _ projective: Projective2D) {
        let (x, y, w) = projective.homogeneous(point)
        contour.append(SIMD3(x, y, w))
    }

    /// Segments for one curve: from the device length of its control polygon (its source length ×4 when a control
    /// point is behind the viewer, where no device length exists).
    private static func steps(
        for points: [RasterPoint], projective: Projective2D, factor: Double, tolerance: Double
    ) -> Int {
        var length = 0.0
        var previous: RasterPoint? = nil
        var behind = false
        for point in points {
            guard let mapped = projective.apply(to: point) else {
                behind = true
                break
            }
            if let previous {
                length += ((mapped.x - previous.x).squared + (mapped.y - previous.y).squared).squareRoot()
            }
            previous = mapped
        }
        if behind {
            length = 0
            for i in 1..<points.count {
                length +=
                    4
                    * ((points[i].x - points[i - 1].x).squared + (points[i].y - points[i - 1].y).squared)
                    .squareRoot()
            }
        }
        guard length.isFinite, tolerance > 0 else { return 1 }
        let steps = (2 * factor * length / tolerance).squareRoot().rounded(.up)
        return Int(Swift.min(256, Swift.max(1, steps)))
    }

    /// Clips the gathered contour against the near plane, divides, and appends it to `output` as a closed polygon.
    private mutating func emit(into output: inout RasterPath) {
        defer { contour.removeAll(keepingCapacity: true) }
        guard contour.count >= 3 else { return }
        var largest = 0.0
        for vertex in contour { largest = Swift.max(largest, abs(vertex.z)) }
        let near = Swift.max(largest * Self.relativeNearPlane, .leastNormalMagnitude)
        clipped.removeAll(keepingCapacity: true)
        var previous = contour[contour.count - 1]
        for vertex in contour {
            let previousInside = previous.z >= near
            let inside = vertex.z >= near
            if previousInside != inside {
                let t = (near - previous.z) / (vertex.z - previous.z)
                clipped.append(previous + (vertex - previous) * t)
            }
            if inside { clipped.append(vertex) }
            previous = vertex
        }
        guard clipped.count >= 3 else { return }
        for (offset, vertex) in clipped.enumerated() {
            let point = RasterPoint(x: vertex.x / vertex.z, y: vertex.y / vertex.z)
            if offset == 0 { output.move(to: point) } else { output.line(to: point) }
        }
        output.close()
    }
}

extension Double {
    fileprivate var squared: Double { self * self }
}
