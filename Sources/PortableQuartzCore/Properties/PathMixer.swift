import Foundation

/// Point-by-point arithmetic on two paths with the same structure (SPEC §3.6: Apple interpolates a shape layer's
/// `path` point-wise when both paths have the same elements). Internal helper of `AnimatableValue`.
///
/// Two paths are compatible when they have the same element kind at every index (so also the same number of
/// points). Results are new immutable paths sharing the first path's element kinds: building one allocates its
/// points and the path object (two blocks), which an animated `path` costs once per frame and layer.
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
        guard a.elementTypes == b.elementTypes else { return nil }
        return path(like: a, points: zip(a.elementPoints, b.elementPoints).map(operation))
    }

    /// Every point mapped through `operation`.
    static func map(_ a: CGPath, _ operation: (CGPoint) -> CGPoint) -> CGPath {
        path(like: a, points: a.elementPoints.map(operation))
    }

    /// The Euclidean distance over all point coordinates, or `nil` when the paths are not compatible.
    static func distance(_ a: CGPath, _ b: CGPath) -> Double? {
        guard a.elementTypes == b.elementTypes else { return nil }
        let sum = zip(a.elementPoints, b.elementPoints).reduce(0.0) { total, pair in
            let dx = Double(pair.1.x - pair.0.x)
            let dy = Double(pair.1.y - pair.0.y)
            return total + dx * dx + dy * dy
        }
        return sum.squareRoot()
    }

    /// An immutable path with `template`'s element kinds and `points` (one for each of `template`'s points): the
    /// path that adding those elements one by one to a `CGMutablePath` would store, whose last subpath starts at
    /// its last move.
    static func path(like template: CGPath, points: [CGPoint]) -> CGPath {
        var lastMove = CGPoint.zero
        var cursor = 0
        for type in template.elementTypes {
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
        return CGPath(elementTypes: template.elementTypes, elementPoints: points, lastSubpathStart: lastMove)
    }
}
