import Foundation

/// Point-by-point arithmetic on two paths with the same structure (SPEC §3.6: Apple interpolates a shape layer's
/// `path` point-wise when both paths have the same elements). Internal helper of `AnimatableValue`.
///
/// Two paths are compatible when they have the same element kind at every index (so also the same number of
/// points). Results are new immutable paths sharing the first path's element kinds: building one allocates its
/// points and the path object (two blocks), which an animated `path` costs once per frame and layer.
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
    static func mix(_ a: CGPath, _ b: CGPath, progress: Double) -> CGPath? {
        if a == b { return b }
        return combine(a, b) { p, q in
            CGPoint(x: p.x + (q.x - p.x) * progress, y: p.y + (q.y - p.y) * progress)
        }
    }

    /// Combines corresponding points with `operation`, or `nil` when the paths are not compatible.
    static func combine(_ a: CGPath, _ b: CGPath, _ operation: (CGPoint, CGPoint) -> CGPoint) -> CGPath? {
        if a.elementTypes == b.elementTypes {
            return path(like: a, points: zip(a.elementPoints, b.elementPoints).map(operation))
        }
        guard let raised = raisedToCubics(a, b) else { return nil }
        return path(types: raised.types, points: zip(raised.first, raised.second).map(operation))
    }

    /// Every point mapped through `operation`.
    static func map(_ a: CGPath, _ operation: (CGPoint) -> CGPoint) -> CGPath {
        path(like: a, points: a.elementPoints.map(operation))
    }

    /// The Euclidean distance over all point coordinates, or `nil` when the paths are not compatible.
    static func distance(_ a: CGPath, _ b: CGPath) -> Double? {
        let pairs: Zip2Sequence<[CGPoint], [CGPoint]>
        if a.elementTypes == b.elementTypes {
            pairs = zip(a.elementPoints, b.elementPoints)
        } else if let raised = raisedToCubics(a, b) {
            pairs = zip(raised.first, raised.second)
        } else {
            return nil
        }
        let sum = pairs.reduce(0.0) { total, pair in
            let dx = Double(pair.1.x - pair.0.x)
            let dy = Double(pair.1.y - pair.0.y)
            return total + dx * dx + dy * dy
        }
        return sum.squareRoot()
    }

    /// The element kinds and points of `a` and `b` with every segment whose kind differs between them raised to a
    /// cubic, or `nil` when the element counts differ or a move or close of one faces anything else in the other.
    static func raisedToCubics(
        _ a: CGPath, _ b: CGPath
    ) -> (types: [CGPathElementType], first: [CGPoint], second: [CGPoint])? {
        guard a.elementTypes.count == b.elementTypes.count else { return nil }
        var types: [CGPathElementType] = []
        var first: [CGPoint] = []
        var second: [CGPoint] = []
        types.reserveCapacity(a.elementTypes.count)
        var readerA = SegmentReader(a)
        var readerB = SegmentReader(b)
        for (typeA, typeB) in zip(a.elementTypes, b.elementTypes) {
            if typeA == typeB {
                types.append(typeA)
                first += readerA.next(typeA)
                second += readerB.next(typeB)
            } else {
                guard typeA.isSegment, typeB.isSegment else { return nil }
                types.append(.addCurveToPoint)
                first += readerA.nextAsCubic(typeA)
                second += readerB.nextAsCubic(typeB)
            }
        }
        return (types, first, second)
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
        mutating func nextAsCubic(_ type: CGPathElementType) -> [CGPoint] {
            let start = current
            let segment = Array(next(type))
            switch type {
            case .addLineToPoint:
                return [start, segment[0], segment[0]]
            case .addQuadCurveToPoint:
                let (control, end) = (segment[0], segment[1])
                return [
                    CGPoint(x: start.x + (control.x - start.x) * 2 / 3, y: start.y + (control.y - start.y) * 2 / 3),
                    CGPoint(x: end.x + (control.x - end.x) * 2 / 3, y: end.y + (control.y - end.y) * 2 / 3), end,
                ]
            default:
                return segment
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
