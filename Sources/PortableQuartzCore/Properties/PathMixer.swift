import Foundation

/// Point-by-point arithmetic on two paths with the same structure (SPEC §3.6: Apple interpolates a shape layer's
/// `path` point-wise when both paths have the same elements). Internal helper of `AnimatableValue`.
///
/// Two paths are compatible when they have the same number of elements and the same element kind at every index
/// (so also the same number of points). Results are new immutable paths; building one allocates, which is accepted
/// for paths (they are rebuilt and re-rasterised anyway).
enum PathMixer {
    /// The elements of a path as two flat arrays.
    struct Elements {
        var types: [CGPathElementType] = []
        var points: [CGPoint] = []

        init(_ path: CGPath) {
            path.applyWithBlock { element in
                let type = element.pointee.type
                types.append(type)
                for index in 0..<Elements.pointCount(type) {
                    points.append(element.pointee.points[index])
                }
            }
        }

        static func pointCount(_ type: CGPathElementType) -> Int {
            switch type {
            case .moveToPoint, .addLineToPoint: 1
            case .addQuadCurveToPoint: 2
            case .addCurveToPoint: 3
            case .closeSubpath: 0
            }
        }

        func isCompatible(with other: Elements) -> Bool {
            types == other.types
        }

        /// A path with these element kinds and `points` (which must hold as many points as `self.points`).
        func path(with points: [CGPoint]) -> CGPath {
            let result = CGMutablePath()
            var cursor = 0
            for type in types {
                switch type {
                case .moveToPoint: result.move(to: points[cursor])
                case .addLineToPoint: result.addLine(to: points[cursor])
                case .addQuadCurveToPoint: result.addQuadCurve(to: points[cursor + 1], control: points[cursor])
                case .addCurveToPoint:
                    result.addCurve(to: points[cursor + 2], control1: points[cursor], control2: points[cursor + 1])
                case .closeSubpath: result.closeSubpath()
                }
                cursor += Elements.pointCount(type)
            }
            return result.copy() ?? result
        }
    }

    /// `a + (b − a)·progress` for every point, or `nil` when the paths are not compatible. Equal paths (or the same
    /// object) give `b` itself.
    static func mix(_ a: CGPath, _ b: CGPath, progress: Double) -> CGPath? {
        if a == b { return b }
        let first = Elements(a)
        let second = Elements(b)
        guard first.isCompatible(with: second) else { return nil }
        let points = zip(first.points, second.points).map { p, q in
            CGPoint(x: p.x + (q.x - p.x) * progress, y: p.y + (q.y - p.y) * progress)
        }
        return first.path(with: points)
    }

    /// Combines corresponding points with `operation`, or `nil` when the paths are not compatible.
    static func combine(_ a: CGPath, _ b: CGPath, _ operation: (CGPoint, CGPoint) -> CGPoint) -> CGPath? {
        let first = Elements(a)
        let second = Elements(b)
        guard first.isCompatible(with: second) else { return nil }
        return first.path(with: zip(first.points, second.points).map(operation))
    }

    /// Every point mapped through `operation`.
    static func map(_ a: CGPath, _ operation: (CGPoint) -> CGPoint) -> CGPath {
        let elements = Elements(a)
        return elements.path(with: elements.points.map(operation))
    }

    /// The Euclidean distance over all point coordinates, or `nil` when the paths are not compatible.
    static func distance(_ a: CGPath, _ b: CGPath) -> Double? {
        let first = Elements(a)
        let second = Elements(b)
        guard first.isCompatible(with: second) else { return nil }
        let sum = zip(first.points, second.points).reduce(0.0) { total, pair in
            let dx = Double(pair.1.x - pair.0.x)
            let dy = Double(pair.1.y - pair.0.y)
            return total + dx * dx + dy * dy
        }
        return sum.squareRoot()
    }
}
