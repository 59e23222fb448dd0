@_spi(Engine) import PortableRaster

/// Test helpers: rasterize into a fresh mask, and the exact covered area of a convex polygon per pixel.
enum CoverageReference {
    static func rasterize(
        _ path: RasterPath, rule: FillRule = .nonZero, width: Int = 100, height: Int = 100,
        transform: Affine2D = .identity
    ) -> CoverageMask {
        var converter = ScanConverter()
        var mask = CoverageMask()
        converter.fill(
            path, transform: transform, rule: rule, clip: PixelRect(x: 0, y: 0, width: width, height: height),
            into: &mask)
        return mask
    }

    /// Area of the intersection of a convex polygon with the unit square of pixel `(column, row)`, by
    /// clipping the polygon against the square's four sides and applying the shoelace formula.
    static func area(ofConvex polygon: [RasterPoint], column: Int, row: Int) -> Double {
        var points = polygon
        let left = Double(column)
        let top = Double(row)
        let sides: [(RasterPoint) -> Double] = [
            { $0.x - left }, { left + 1 - $0.x }, { $0.y - top }, { top + 1 - $0.y },
        ]
        for inside in sides {
            guard !points.isEmpty else { return 0 }
            var clipped: [RasterPoint] = []
            for index in points.indices {
                let current = points[index]
                let next = points[(index + 1) % points.count]
                let a = inside(current)
                let b = inside(next)
                if a >= 0 { clipped.append(current) }
                if (a >= 0) != (b >= 0) {
                    clipped.append(current.interpolated(to: next, by: a / (a - b)))
                }
            }
            points = clipped
        }
        var twiceArea = 0.0
        for index in points.indices {
            let p = points[index]
            let q = points[(index + 1) % points.count]
            twiceArea += p.x * q.y - q.x * p.y
        }
        return abs(twiceArea) / 2
    }

    /// A five-pointed star (pentagram) drawn as one self-intersecting pentagon through every second vertex.
    static func pentagram(center: RasterPoint, radius: Double) -> RasterPath {
        var path = RasterPath()
        for index in 0..<5 {
            let angle = -Double.pi / 2 + Double(index * 2) * (2 * Double.pi / 5)
            let point = RasterPoint(x: center.x + radius * cosine(angle), y: center.y + radius * sine(angle))
            if index == 0 { path.move(to: point) } else { path.line(to: point) }
        }
        path.close()
        return path
    }

    /// Cosine and sine through the library's own rotation, so the tests need no extra imports.
    static func cosine(_ angle: Double) -> Double { Affine2D.rotation(radians: angle).a }
    static func sine(_ angle: Double) -> Double { Affine2D.rotation(radians: angle).b }
}
