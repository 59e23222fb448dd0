import Foundation

/// Point-by-point arithmetic on two paths with the same structure (SPEC §3.6: Apple interpolates a shape layer's
/// `path` point-wise when both paths have the same elements). Internal helper of `AnimatableValue`.
///
/// Two paths are compatible when they have the same element kind at every index (so also the same number of
/// points). Results are new immutable paths sharing the first path's element kinds: building one allocates its
/// points and the path object (two blocks), which an animated `path` costs once per frame and layer; mixing paths
/// whose segment kinds differ also allocates the result's element kinds (three blocks).
///
/// Paths whose moves and closes line up but whose segments differ in kind (a line in one where the other has a
/// cubic or a quadratic) are compatible too: each such pair is mixed as two cubics, a line p → q raised to the
/// cubic with control points p and q, a quadratic to its exact cubic. Apple's pictures show this: lottie-ios
/// writes a Bézier segment with zero tangents as a line, so frame-by-frame outlines (its TypeFace samples) hand
/// Core Animation keyframes that differ only in that, and Apple draws the blend between them, not a jump. Control
/// points at the line's ends match Apple's pictures better than the line's thirds (TypeFace/F at 50 %: 0.9986 of
/// the pixels against 0.9955).
enum PathMixer {
    /// `a + (b − a)·progress` for every point, or `nil` when the paths are not compatible. Equal paths (or the same
    /// object) give `b` itself.
    ///
    /// `spare`, when given, is a path its caller made and alone holds (see `CGPath.overwrite(types:points:)`): the
    /// mix of two paths with the same element kinds is then written into its storage and returned, which allocates
    /// nothing once the spare has as many points. (An animated shape's path, mixed again every frame.)
    static func mix(_ a: CGPath, _ b: CGPath, progress: Double, reusing spare: CGPath? = nil) -> CGPath? {
        if a == b { return b }
        if let spare, a.elementTypes == b.elementTypes {
            a.elementPoints.withUnsafeBufferPointer { from in
                b.elementPoints.withUnsafeBufferPointer { to in
                    spare.overwrite(types: a.elementTypes) { points in
                        for index in points.indices {
                            let p = from[index]
                            let q = to[index]
                            points[index] = CGPoint(x: p.x + (q.x - p.x) * progress, y: p.y + (q.y - p.y) * progress)
                        }
                    }
                }
            }
            return spare
        }
        return combine(a, b) { p, q in
            CGPoint(x: p.x + (q.x - p.x) * progress, y: p.y + (q.y - p.y) * progress)
        }
    }

    /// Combines corresponding points with `operation`, or `nil` when the paths are not compatible.
    static func combine(_ a: CGPath, _ b: CGPath, _ operation: (CGPoint, CGPoint) -> CGPoint) -> CGPath? {
        if a.elementTypes == b.elementTypes {
            return path(like: a, points: zip(a.elementPoints, b.elementPoints).map(operation))
        }
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []
        types.reserveCapacity(a.elementTypes.count)
        points.reserveCapacity(a.elementTypes.count * 3)
        let compatible = walkRaisedToCubics(a, b) { type, p, q in
            if let type { types.append(type) }
            if let p, let q { points.append(operation(p, q)) }
        }
        return compatible ? path(types: types, points: points) : nil
    }
    /// Every point mapped through `operation`.
    static func map(_ a: CGPath, _ operation: (CGPoint) -> CGPoint) -> CGPath {
        path(like: a, points: a.elementPoints.map(operation))
    }

    /// The Euclidean distance over all point coordinates, or `nil` when the paths are not compatible.
    static func distance(_ a: CGPath, _ b: CGPath) -> Double? {
        var sum = 0.0
        func add(_ p: CGPoint, _ q: CGPoint) {
            let dx = Double(q.x - p.x)
            let dy = Double(q.y - p.y)
            sum += dx * dx + dy * dy
        }
        if a.elementTypes == b.elementTypes {
            for (p, q) in zip(a.elementPoints, b.elementPoints) { add(p, q) }
        } else {
            let compatible = walkRaisedToCubics(a, b) { _, p, q in
                if let p, let q { add(p, q) }
            }
            guard compatible else { return nil }
        }
        return sum.squareRoot()
    }

    /// Walks `a` and `b` together with every segment whose kind differs between them raised to a cubic: `visit`
    /// gets each element kind (with `nil` points), then each pair of corresponding points (with a `nil` kind).
    /// False (after a partial walk) when the element counts differ or a move or close of one faces anything else
    /// in the other.
    static func walkRaisedToCubics(
        _ a: CGPath, _ b: CGPath, _ visit: (CGPathElementType?, CGPoint?, CGPoint?) -> Void
    ) -> Bool {
        guard a.elementTypes.count == b.elementTypes.count else { return false }
        var readerA = SegmentReader(a)
        var readerB = SegmentReader(b)
        for (typeA, typeB) in zip(a.elementTypes, b.elementTypes) {
            if typeA == typeB {
                visit(typeA, nil, nil)
                for (p, q) in zip(readerA.next(typeA), readerB.next(typeB)) { visit(nil, p, q) }
            } else {
                guard typeA.isSegment, typeB.isSegment else { return false }
                visit(.addCurveToPoint, nil, nil)
                let (p, q) = (readerA.nextAsCubic(typeA), readerB.nextAsCubic(typeB))
                visit(nil, p.0, q.0)
                visit(nil, p.1, q.1)
                visit(nil, p.2, q.2)
            }
        }
        return true
    }

    /// Walks a path's elements, keeping the current point and the subpath start.
    private struct SegmentReader {
        let points: [CGPoint]
        var cursor = 0
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero

        init(_ path: CGPath) { points = path.elementPoints }

        /// The points of the next element, of kind `type`.
        mutating func next(_ type: CGPathElementType) -> ArraySlice<CGPoint> {
            let count: Int
            switch type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            let slice = points[cursor..<(cursor + count)]
            cursor += count
            if type == .moveToPoint { subpathStart = slice[slice.startIndex] }
            current = type == .closeSubpath ? subpathStart : (slice.last ?? current)
            return slice
        }

        /// The next segment, of kind `type` (a line, quadratic or cubic), as the three points of the same curve
        /// drawn as a cubic.
        mutating func nextAsCubic(_ type: CGPathElementType) -> (CGPoint, CGPoint, CGPoint) {
            let start = current
            let segment = next(type)
            let first = segment[segment.startIndex]
            switch type {
            case .addLineToPoint:
                return (start, first, first)
            case .addQuadCurveToPoint:
                let (control, end) = (first, segment[segment.startIndex + 1])
                return (
                    CGPoint(x: start.x + (control.x - start.x) * 2 / 3, y: start.y + (control.y - start.y) * 2 / 3),
                    CGPoint(x: end.x + (control.x - end.x) * 2 / 3, y: end.y + (control.y - end.y) * 2 / 3), end
                )
            default:
                return (first, segment[segment.startIndex + 1], segment[segment.startIndex + 2])
            }
        }
    }

    /// An immutable path with `template`'s element kinds and `points` (one for each of `template`'s points): the
    /// path that adding those elements one by one to a `CGMutablePath` would store, whose last subpath starts at
    /// its last move.
    static func path(like template: CGPath, points: [CGPoint]) -> CGPath {
        path(types: template.elementTypes, points: points)
    }

    /// An immutable path of the element kinds `types` and their `points`, whose last subpath starts at its last move.
    private static func path(types: [CGPathElementType], points: [CGPoint]) -> CGPath {
        var lastMove = CGPoint.zero
        var cursor = 0
        for type in types {
            switch type {
            case .moveToPoint:
                lastMove = points[cursor]
                cursor += 1
            case .addLineToPoint: cursor += 1
            case .addQuadCurveToPoint: cursor += 2
            case .addCurveToPoint: cursor += 3
            case .closeSubpath: break
            }
        }
        return CGPath(elementTypes: types, elementPoints: points, lastSubpathStart: lastMove)
    }
}

extension CGPathElementType {
    /// Whether the element draws a segment (a line, quadratic or cubic) rather than moving or closing.
    fileprivate var isSegment: Bool {
        self == .addLineToPoint || self == .addQuadCurveToPoint || self == .addCurveToPoint
    }
}
