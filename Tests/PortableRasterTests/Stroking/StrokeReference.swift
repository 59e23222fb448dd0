@_spi(Engine) import PortableRaster

/// Test helpers for strokes: rasterize a stroke, exact pixel areas of convex polygons, and a sampled reference
/// for strokes with round caps and joins (the points within half the width of the path).
enum StrokeReference {
    /// The stroke of `path` rasterized into a `width × height` clip at the origin.
    static func mask(
        _ path: RasterPath, _ style: StrokeStyle, transform: Affine2D = .identity, width: Int = 200,
        height: Int = 200
    ) -> CoverageMask {
        var stroker = Stroker()
        var converter = ScanConverter()
        var mask = CoverageMask()
        stroker.stroke(
            path, style: style, transform: transform, clip: PixelRect(x: 0, y: 0, width: width, height: height),
            converter: &converter, into: &mask)
        return mask
    }

    /// Covered area in pixels.
    static func area(_ mask: CoverageMask) -> Double { Double(mask.totalCoverage) / 255 }

    /// A path through `points` (a move, then lines), closed when asked.
    static func polyline(_ points: [(Double, Double)], closed: Bool = false) -> RasterPath {
        var path = RasterPath()
        for (index, point) in points.enumerated() {
            let p = RasterPoint(x: point.0, y: point.1)
            if index == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        if closed { path.close() }
        return path
    }

    /// The four corners of an axis-aligned rectangle.
    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [RasterPoint] {
        [RasterPoint(x: x0, y: y0), RasterPoint(x: x1, y: y0), RasterPoint(x: x1, y: y1), RasterPoint(x: x0, y: y1)]
    }

    /// Exact coverage bytes of the union of convex polygons that overlap only where `overlaps` (also convex)
    /// says: `Σ area(polygon ∩ pixel) − Σ area(overlap ∩ pixel)`, rounded half away from zero.
    static func exactCoverage(
        of polygons: [[RasterPoint]], minus overlaps: [[RasterPoint]] = [], column: Int, row: Int
    ) -> Double {
        var area = 0.0
        for polygon in polygons { area += CoverageReference.area(ofConvex: polygon, column: column, row: row) }
        for polygon in overlaps { area -= CoverageReference.area(ofConvex: polygon, column: column, row: row) }
        return area * 255
    }

    /// Points of a cubic Bézier curve at `count + 1` equal parameter steps.
    static func cubicSamples(
        _ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint, count: Int
    ) -> [RasterPoint] {
        (0...count).map { index in
            let t = Double(index) / Double(count)
            let s = 1 - t
            let a = s * s * s
            let b = 3 * s * s * t
            let c = 3 * s * t * t
            let d = t * t * t
            return RasterPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// Distance from `point` to the polyline through `points`.
    static func distance(from point: RasterPoint, toPolyline points: [RasterPoint]) -> Double {
        var best = Double.infinity
        for index in 1..<points.count {
            best = Swift.min(best, distance(from: point, toSegment: points[index - 1], points[index]))
        }
        return best
    }

    static func distance(from p: RasterPoint, toSegment a: RasterPoint, _ b: RasterPoint) -> Double {
        let ab = b - a
        let lengthSquared = ab.x * ab.x + ab.y * ab.y
        var t = lengthSquared > 0 ? ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / lengthSquared : 0
        t = Swift.min(Swift.max(t, 0), 1)
        return (p - (a + ab * t)).length
    }

    /// Coverage of the round-capped, round-joined stroke of the polyline through `points` (radius `radius`) at
    /// pixel `(column, row)`, estimated from `samples × samples` points in the pixel.
    static func sampledRoundStroke(
        _ points: [RasterPoint], radius: Double, column: Int, row: Int, samples: Int = 8
    ) -> Double {
        var inside = 0
        for i in 0..<samples {
            for j in 0..<samples {
                let p = RasterPoint(
                    x: Double(column) + (Double(i) + 0.5) / Double(samples),
                    y: Double(row) + (Double(j) + 0.5) / Double(samples))
                if distance(from: p, toPolyline: points) <= radius { inside += 1 }
            }
        }
        return Double(inside) / Double(samples * samples) * 255
    }

    /// A small deterministic generator (SplitMix64), so that random cases are the same on every run.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A uniform value in `range`.
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }
}
