// Questions about the area a path covers: bounding boxes, rectangle detection, hit testing.

extension CGPath {
    /// The smallest rectangle containing every point stored in the path, Bézier control points included (so it
    /// can be larger than the drawn shape; `boundingBoxOfPath` is the tight one). `CGRect.null` for an empty path.
    /// Non-finite points are ignored; if no finite point remains the result is `CGRect.null`.
    ///
    /// Example: move (0, 0), cubic with controls (0, 100), (100, 100) to (100, 0) → (0, 0, 100, 100).
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        elementPoints.withUnsafeBufferPointer { points in
            for point in points { box.add(point) }
        }
        return box.rect
    }

    /// The smallest rectangle containing the drawn path: the segments themselves, with curve extremes found by
    /// solving B′(t) = 0 on each axis, and control points left out. Lone moves count as points. `CGRect.null` for
    /// an empty path; segments with non-finite points only contribute their finite end points.
    ///
    /// Example: move (0, 0), cubic with controls (0, 100), (100, 100) to (100, 0) → (0, 0, 100, 75): the curve
    /// peaks at t = ½ where y = 3 · ¼ · ½ · 100 · 2 = 75.
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        forEachSegment { _, _, segment in
            box.add(segment.p0)
            box.add(segment.end)
            guard segment.kind == .quad || segment.kind == .cubic, segment.isFinite else { return }
            segment.forEachAxisExtremum(y: false) { box.add(segment.point(at: $0)) }
            segment.forEachAxisExtremum(y: true) { box.add(segment.point(at: $0)) }
        }
        return box.rect
    }

    /// Whether the path is exactly one axis-aligned rectangle, and if so writes it (standardized) to `rect`.
    ///
    /// Recognised shapes: a move followed by three lines and a close, or by four lines returning to the start and a
    /// close, whose sides alternate between horizontal and vertical (either starting direction, either turning
    /// sense). Paths from `addRect(_:transform:)` and `CGPath(rect:transform:)` qualify; rotated rectangles do not.
    /// `rect` is left untouched when the answer is `false`.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        let types = elementTypes
        let points = elementPoints
        guard types.count == 5 || types.count == 6, types.last == .closeSubpath, types[0] == .moveToPoint,
            types[1] == .addLineToPoint, types[2] == .addLineToPoint, types[3] == .addLineToPoint
        else { return false }
        if types.count == 6 {
            guard types[4] == .addLineToPoint, points[4] == points[0] else { return false }
        }
        let a = points[0]
        let b = points[1]
        let c = points[2]
        let d = points[3]
        let horizontalFirst = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let verticalFirst = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard horizontalFirst || verticalFirst, a.x.isFinite, a.y.isFinite, c.x.isFinite, c.y.isFinite else {
            return false
        }
        rect?.pointee = CGRect(
            x: Swift.min(a.x, c.x), y: Swift.min(a.y, c.y), width: Swift.abs(c.x - a.x),
            height: Swift.abs(c.y - a.y))
        return true
    }

    /// Whether `point`, first mapped through `transform`, lies inside the area the path would fill with `rule`.
    ///
    /// Every subpath counts as closed (a straight edge joins its last point to its start), as when filling. The
    /// test is exact on the curves: each quad or cubic is cut where its y derivative vanishes into y-monotonic
    /// pieces, and each piece's crossing of the horizontal through the point is found by bisection to full
    /// double precision. Crossings are counted half-open (a piece spans [lower y, upper y)), so a ray through a
    /// vertex is counted once. Points exactly on the boundary may go either way. A non-finite point, and segments
    /// with non-finite coordinates, never count as inside.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let target = pathTransformed(point, transform)
        guard target.x.isFinite, target.y.isFinite else { return false }
        var counter = CrossingCounter(target: target)
        var subpathStart = CGPoint.zero
        var current = CGPoint.zero
        forEachSegment { _, _, segment in
            if segment.kind == .point {
                counter.add(PathSegment(line: current, subpathStart))
                subpathStart = segment.p0
            } else {
                counter.add(segment)
            }
            current = segment.end
        }
        counter.add(PathSegment(line: current, subpathStart))
        switch rule {
        case .winding: return counter.winding != 0
        case .evenOdd: return counter.crossings % 2 != 0
        }
    }
}

/// Grows a rectangle point by point, skipping non-finite points.
private struct BoxAccumulator {
    var minX = CGFloat.infinity
    var minY = CGFloat.infinity
    var maxX = -CGFloat.infinity
    var maxY = -CGFloat.infinity

    mutating func add(_ point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        minX = Swift.min(minX, point.x)
        minY = Swift.min(minY, point.y)
        maxX = Swift.max(maxX, point.x)
        maxY = Swift.max(maxY, point.y)
    }

    var rect: CGRect {
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// Counts how the path's segments cross the ray from `target` towards +x: `winding` adds +1 for each upward
/// crossing (increasing y) and −1 for each downward one; `crossings` counts both.
private struct CrossingCounter {
    let target: CGPoint
    var winding = 0
    var crossings = 0

    init(target: CGPoint) {
        self.target = target
    }

    mutating func add(_ segment: PathSegment) {
        guard segment.kind != .point, segment.isFinite else { return }
        let ys = (segment.p0.y, segment.p1.y, segment.p2.y, segment.p3.y)
        let xs = (segment.p0.x, segment.p1.x, segment.p2.x, segment.p3.x)
        // The curve stays inside its control points' hull: reject rays that miss it entirely.
        let lowY = Swift.min(ys.0, ys.1, ys.2, ys.3)
        let highY = Swift.max(ys.0, ys.1, ys.2, ys.3)
        guard target.y >= lowY, target.y <= highY else { return }
        guard Swift.max(xs.0, xs.1, xs.2, xs.3) > target.x else { return }
        let allRight = Swift.min(xs.0, xs.1, xs.2, xs.3) > target.x

        if segment.kind == .line {
            addPiece(segment, from: 0, to: 1, startY: segment.p0.y, endY: segment.p1.y, allRight: allRight)
            return
        }
        // Split at the y extremes so each piece is monotonic in y.
        var splits: (CGFloat, CGFloat) = (2, 2)
        var splitCount = 0
        segment.forEachAxisExtremum(y: true) { t in
            if splitCount == 0 { splits.0 = t } else { splits.1 = t }
            splitCount += 1
        }
        if splitCount == 2, splits.1 < splits.0 { splits = (splits.1, splits.0) }
        var startT: CGFloat = 0
        var startY = segment.p0.y
        for index in 0...splitCount {
            let endT: CGFloat
            let endY: CGFloat
            if index == splitCount {
                endT = 1
                endY = segment.end.y
            } else {
                endT = index == 0 ? splits.0 : splits.1
                endY = segment.point(at: endT).y
            }
            addPiece(segment, from: startT, to: endT, startY: startY, endY: endY, allRight: allRight)
            startT = endT
            startY = endY
        }
    }

    /// One y-monotonic piece of `segment` between parameters `from` and `to`, whose end ordinates are given.
    private mutating func addPiece(
        _ segment: PathSegment, from: CGFloat, to: CGFloat, startY: CGFloat, endY: CGFloat, allRight: Bool
    ) {
        let direction: Int
        if startY < endY {
            guard startY <= target.y, target.y < endY else { return }
            direction = 1
        } else if startY > endY {
            guard endY <= target.y, target.y < startY else { return }
            direction = -1
        } else {
            return
        }
        if !allRight {
            let x: CGFloat
            if segment.kind == .line {
                x = segment.p0.x + (target.y - startY) / (endY - startY) * (segment.p1.x - segment.p0.x)
            } else {
                x = segment.point(at: crossingParameter(segment, from: from, to: to, rising: direction > 0)).x
            }
            guard x > target.x else { return }
        }
        winding += direction
        crossings += 1
    }

    /// The parameter in [from, to] where the monotonic piece reaches `target.y`, by bisection.
    private func crossingParameter(_ segment: PathSegment, from: CGFloat, to: CGFloat, rising: Bool) -> CGFloat {
        var low = from
        var high = to
        for _ in 0..<64 {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { break }
            let below = segment.point(at: middle).y < target.y
            if below == rising { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
