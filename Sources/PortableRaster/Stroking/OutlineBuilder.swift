#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Builds the outline of polylines (whole subpaths or dashes) and hands its contours to a receiver.
///
/// ## Conventions
/// The left normal of a unit tangent `t` is `n = (−t.y, t.x)`; the pen radius is `r`. An open polyline becomes one
/// contour: the left offset points `p + r·n` forward, the end cap, the right offset points `p − r·n` backward,
/// the start cap. A closed one becomes two loops, the left one forward and the right one backward, each starting
/// in the middle of the first step so that every vertex, the first included, is a corner like the others. Arcs
/// turn from `u` towards `(u.y, −u.x)`, the sense in which the outline itself turns (clockwise with y up), so
/// every piece is wound the same way as the sides (see ``Stroker`` for why that matters).
struct OutlineBuilder<Receiver: OutlineReceiver>: RunConsumer {
    var receiver = Receiver()
    /// Pen radius in stroking space (user space; device space for hairlines).
    let radius: Double
    let cap: StrokeStyle.Cap
    let join: StrokeStyle.Join
    /// The square of the miter limit (a miter is drawn when `limit² · (1 + cos θ) ≥ 2`).
    let miterLimitSquared: Double
    /// Maps stroking space to the receiver's space.
    let output: Affine2D
    let outputIsIdentity: Bool
    /// For hairlines: maps the user-space polylines into device space before they are offset.
    let deviceMap: Affine2D?
    /// Largest angle of one arc step, from `r·(1 − cos(step/2)) ≤ tolerance`.
    let maximumArcStep: Double
    /// Runs whose outline cannot reach this rectangle of the output space are skipped (`nil`: none are).
    let cull: PixelRect?
    /// How far, in stroking space, the outline can reach from the polyline: the pen radius, times the miter
    /// limit for miter joins and √2 for square caps.
    let reach: Double
    /// The output region (output space) where the outline must meet the tolerance; `nil` when the whole plane
    /// counts. See ``coarsened(_:closed:)``.
    let precise: PixelRect?
    /// The circle (stroking space) round ``precise`` where round caps and joins must meet the tolerance; `nil`
    /// when the whole plane counts (or the output map cannot be inverted). See ``arcDetail(center:from:angle:)``.
    let detail: (center: RasterPoint, radius: Double)?
    /// Tolerance-sized arc steps this outline may still take (see ``maximumFineArcSteps``).
    var fineArcStepsLeft = Self.maximumFineArcSteps
    /// Whether runs are thinned where the output cannot see them (``coarsened(_:closed:)``): for dashed strokes,
    /// which are flattened everywhere; other strokes' curves are already coarse away from the output.
    var coarsensRuns = false
    /// Whether a run drawn so far covers the whole ``cull`` rectangle (see ``covers(_:_:closed:)``): the stroke
    /// is then finished, since nothing it adds can change a pixel there.
    var coversOutput = false
    var isDone: Bool { coversOutput }

    /// Tolerance-sized arc steps one outline may take in all (2²⁰), over all its round caps and joins: past that,
    /// arcs are drawn with the coarse steps used away from the output. Only a hostile stroke reaches it (2¹⁸ dots of
    /// a pen hundreds of pixels wide, say), whose outline would otherwise need gigabytes.
    static var maximumFineArcSteps: Int { 1 << 20 }
    /// Largest step of an arc where its precision cannot be seen: a quarter turn.
    static var coarseArcStep: Double { Double.pi / 2 }

    /// A builder for `style` with pen radius `halfWidth`; `tolerance` is in stroking space. Runs that cannot
    /// touch `cull` (output space) are skipped; round caps and joins are precise only where they can be seen in
    /// `detail` (output space; `nil`: everywhere).
    init(
        style: StrokeStyle, halfWidth: Double, output: Affine2D, deviceMap: Affine2D?, tolerance: Double,
        cull: PixelRect?, detail: PixelRect?
    ) {
        radius = halfWidth
        cap = style.cap
        join = style.join
        let limit = style.effectiveMiterLimit
        miterLimitSquared = limit * limit
        self.output = output
        outputIsIdentity = output.isIdentity
        self.deviceMap = deviceMap
        let ratio = tolerance / halfWidth
        maximumArcStep = ratio >= 2 ? Double.pi : Swift.max(1e-3, 2 * acos(1 - ratio))
        self.cull = cull
        let miterReach = style.join == .miter ? Swift.max(limit, 1) : 1
        reach = halfWidth * Swift.max(miterReach, 2.0.squareRoot()) + tolerance
        precise = detail
        self.detail = detail.flatMap { Self.circle(around: $0, mappedBy: output) }
    }

    /// The circle round `rectangle` (output space, grown by a pixel) mapped back by `output` into stroking
    /// space: the centre of the mapped parallelogram and its farthest corner. `nil` when `output` cannot be
    /// inverted, so that round shapes are then precise everywhere.
    static func circle(around rectangle: PixelRect, mappedBy output: Affine2D) -> (RasterPoint, Double)? {
        guard let inverse = output.inverted(), inverse.isFinite else { return nil }
        let low = inverse.apply(to: RasterPoint(x: Double(rectangle.x - 1), y: Double(rectangle.y - 1)))
        let high = inverse.apply(to: RasterPoint(x: Double(rectangle.maxX + 1), y: Double(rectangle.maxY + 1)))
        let other = inverse.apply(to: RasterPoint(x: Double(rectangle.maxX + 1), y: Double(rectangle.y - 1)))
        let center = (low + high) * 0.5
        // A parallelogram's corners pair up through its centre, so two of them give the farthest.
        let radius = Swift.max((low - center).length, (other - center).length)
        guard radius.isFinite, center.x.isFinite, center.y.isFinite else { return nil }
        return (center, radius)
    }

    // MARK: Output

    @inline(__always)
    mutating func move(_ point: RasterPoint) {
        receiver.moveTo(outputIsIdentity ? point : output.apply(to: point))
    }

    @inline(__always)
    mutating func line(_ point: RasterPoint) {
        receiver.lineTo(outputIsIdentity ? point : output.apply(to: point))
    }

    @inline(__always)
    mutating func close() { receiver.closeContour() }

    @inline(__always)
    static func normal(_ tangent: RasterPoint) -> RasterPoint { RasterPoint(x: -tangent.y, y: tangent.x) }

    // MARK: Runs

    mutating func consume(_ run: UnsafeMutableBufferPointer<StrokeVertex>, closed: Bool) {
        guard !coversOutput else { return }
        if let map = deviceMap { Self.map(run, by: map) }
        let vertices = UnsafeBufferPointer(run)
        if let cull, !mayReach(cull, vertices) { return }
        if cull != nil, let detail, covers(detail, vertices, closed: closed) {
            emitSquare(around: detail)
            coversOutput = true
            return
        }
        let kept = UnsafeBufferPointer(rebasing: run[0..<(coarsensRuns ? coarsened(run, closed: closed) : run.count)])
        emitRun(kept, closed: closed)
    }

    /// The outline of one run: a dot, two loops or one contour, and the lobes of its steps.
    mutating func emitRun(_ vertices: UnsafeBufferPointer<StrokeVertex>, closed: Bool) {
        if vertices.count == 1 {
            emitDot(vertices[0])
        } else if closed {
            emitClosed(vertices)
        } else {
            emitOpen(vertices)
        }
        emitLobes(vertices)
    }

    func canReach(from start: StrokeVertex, to end: StrokeVertex) -> Bool {
        guard let cull else { return true }
        return withUnsafeTemporaryAllocation(of: StrokeVertex.self, capacity: 2) { run in
            run.initializeElement(at: 0, to: start)
            run.initializeElement(at: 1, to: end)
            if let map = deviceMap { Self.map(run, by: map) }
            return mayReach(cull, UnsafeBufferPointer(run))
        }
    }

    /// Whether the outline of `run` can touch `rectangle` (output space): its bounding box grown by ``reach``
    /// and mapped to the output overlaps it. An outline that cannot touch the clip adds nothing inside it (a
    /// closed contour wholly left of the clip cancels itself out on the clip's border), so it can be skipped.
    func mayReach(_ rectangle: PixelRect, _ run: UnsafeBufferPointer<StrokeVertex>) -> Bool {
        var low = RasterPoint(x: Double.infinity, y: Double.infinity)
        var high = RasterPoint(x: -Double.infinity, y: -Double.infinity)
        for vertex in run {
            low = RasterPoint(x: Swift.min(low.x, vertex.point.x), y: Swift.min(low.y, vertex.point.y))
            high = RasterPoint(x: Swift.max(high.x, vertex.point.x), y: Swift.max(high.y, vertex.point.y))
        }
        return mayReach(rectangle, low: low, high: high, within: reach)
    }

    /// Whether an outline within `distance` of the box from `low` to `high` (stroking space) can touch `rectangle`
    /// (output space): the box grown by `distance`, mapped to the output, overlaps it.
    func mayReach(_ rectangle: PixelRect, low: RasterPoint, high: RasterPoint, within distance: Double) -> Bool {
        let (minX, minY, maxX, maxY) = (low.x - distance, low.y - distance, high.x + distance, high.y + distance)
        // The image of a box under an affine map lies within the box round its four mapped corners.
        let a = output.apply(to: RasterPoint(x: minX, y: minY))
        let b = output.apply(to: RasterPoint(x: maxX, y: minY))
        let c = output.apply(to: RasterPoint(x: minX, y: maxY))
        let d = output.apply(to: RasterPoint(x: maxX, y: maxY))
        let left = Swift.min(Swift.min(a.x, b.x), Swift.min(c.x, d.x))
        let right = Swift.max(Swift.max(a.x, b.x), Swift.max(c.x, d.x))
        let top = Swift.min(Swift.min(a.y, b.y), Swift.min(c.y, d.y))
        let bottom = Swift.max(Swift.max(a.y, b.y), Swift.max(c.y, d.y))
        return right > Double(rectangle.x) && left < Double(rectangle.maxX) && bottom > Double(rectangle.y)
            && top < Double(rectangle.maxY)
    }

    /// Maps points and tangents of `run` by `transform` (tangents renormalized).
    static func map(_ run: UnsafeMutableBufferPointer<StrokeVertex>, by transform: Affine2D) {
        for index in run.indices {
            var vertex = run[index]
            vertex.point = transform.apply(to: vertex.point)
            let tangentIn = transform.applyLinear(to: vertex.tangentIn)
            let tangentOut = transform.applyLinear(to: vertex.tangentOut)
            vertex.tangentIn = tangentIn * (1 / tangentIn.length)
            vertex.tangentOut = tangentOut * (1 / tangentOut.length)
            run[index] = vertex
        }
    }

    /// A piece with no length: both caps around one point, facing along its direction.
    mutating func emitDot(_ vertex: StrokeVertex) {
        guard cap != .butt else { return }
        let direction = vertex.tangentOut
        move(vertex.point + Self.normal(direction) * radius)
        emitCap(at: vertex.point, direction: direction, includingEnd: true)
        emitCap(at: vertex.point, direction: direction * -1, includingEnd: false)
        close()
    }

    /// One contour round an open polyline of at least two vertices.
    mutating func emitOpen(_ run: UnsafeBufferPointer<StrokeVertex>) {
        let r = radius
        let count = run.count
        let first = run[0]
        let last = run[count - 1]
        move(first.point + Self.normal(first.tangentOut) * r)
        for index in 1..<count {
            let vertex = run[index]
            if index < count - 1 && vertex.kind != .smooth {
                emitCorner(run, at: index, next: index + 1, leftSide: true)
            } else {
                line(vertex.point + Self.normal(vertex.tangentIn) * r)
            }
        }
        emitCap(at: last.point, direction: last.tangentIn, includingEnd: true)
        var index = count - 2
        while index >= 0 {
            let vertex = run[index]
            if index > 0 && vertex.kind != .smooth {
                emitCorner(run, at: index, next: index + 1, leftSide: false)
            } else {
                line(vertex.point - Self.normal(vertex.tangentOut) * r)
            }
            index -= 1
        }
        emitCap(at: first.point, direction: first.tangentOut * -1, includingEnd: false)
        close()
    }

    /// Two loops round a closed polyline (its last vertex repeats the first).
    mutating func emitClosed(_ run: UnsafeBufferPointer<StrokeVertex>) {
        let r = radius
        let last = run.count - 1
        let first = run[0]
        let second = run[1]
        let leftNormals = (Self.normal(first.tangentOut) * r, Self.normal(second.tangentIn) * r)
        // Left loop, forward, starting halfway along the first step.
        move((first.point + leftNormals.0).interpolated(to: second.point + leftNormals.1, by: 0.5))
        for index in 1...last {
            let vertex = run[index]
            if vertex.kind != .smooth {
                emitCorner(run, at: index, next: index == last ? 1 : index + 1, leftSide: true)
            } else {
                line(vertex.point + Self.normal(vertex.tangentIn) * r)
            }
        }
        close()
        // Right loop, backward, from the same place on the other side.
        move((first.point - leftNormals.0).interpolated(to: second.point - leftNormals.1, by: 0.5))
        var index = last
        while index >= 1 {
            let vertex = run[index]
            if vertex.kind != .smooth {
                emitCorner(run, at: index, next: index == last ? 1 : index + 1, leftSide: false)
            } else {
                line(vertex.point - Self.normal(vertex.tangentOut) * r)
            }
            index -= 1
        }
        close()
    }

    // MARK: Caps and joins

    /// A cap at `point` for a piece ending in `direction`: from `point + r·u` (the current point,
    /// `u = (−direction.y, direction.x)`) round the end to `point − r·u`, which is emitted only when
    /// `includingEnd` (the start cap ends where its contour began, so the close supplies that edge).
    mutating func emitCap(at point: RasterPoint, direction: RasterPoint, includingEnd: Bool) {
        let r = radius
        let side = Self.normal(direction) * r
        switch cap {
        case .butt:
            break
        case .square:
            let ahead = direction * r
            line(point + side + ahead)
            line(point - side + ahead)
        case .round:
            emitArc(center: point, from: Self.normal(direction), angle: Double.pi)
        }
        if includingEnd { line(point - side) }
    }

    /// The outline of one side round the corner at `run[index]`, ending on the offset point that leaves it.
    ///
    /// `next` is the index of the vertex after it (for a closed run's last vertex, index 1). The left side is
    /// traced forward (arriving along the incoming direction), the right side backward (arriving along the
    /// outgoing one). The side on the outside of the turn gets the join; the inside goes through the corner
    /// point, or through the meeting point of the two inner edges when both neighbouring steps are straight and
    /// long enough to contain the overlap it cuts away.
    mutating func emitCorner(_ run: UnsafeBufferPointer<StrokeVertex>, at index: Int, next: Int, leftSide: Bool) {
        let r = radius
        let vertex = run[index]
        let point = vertex.point
        let incoming = vertex.tangentIn
        let outgoing = vertex.tangentOut
        let turn = Stroker.cross(incoming, outgoing)
        let cosine = Stroker.dot(incoming, outgoing)
        let normalIn = Self.normal(incoming)
        let normalOut = Self.normal(outgoing)
        // In tracing order: the offset direction arriving (a) and leaving (b).
        let a = leftSide ? normalIn : normalOut * -1
        let b = leftSide ? normalOut : normalIn * -1
        if turn == 0 && cosine > 0 {
            line(point + a * r)
            if a != b { line(point + b * r) }
            return
        }
        // The left side is outside when the path turns right (or reverses); the right side when it turns left.
        let leftIsOuter = turn < 0 || (turn == 0 && cosine < 0)
        if leftSide == leftIsOuter {
            line(point + a * r)
            switch vertex.kind == .roundCorner ? StrokeStyle.Join.round : join {
            case .bevel:
                break
            case .miter:
                if miterLimitSquared * (1 + cosine) >= 2 {
                    line(point + (a + b) * (r / (1 + cosine)))
                }
            case .round:
                emitArc(center: point, from: a, angle: atan2(abs(turn), cosine))
            }
            line(point + b * r)
            return
        }
        // Inside of the turn.
        if 1 + cosine > 1e-9 {
            let previous = run[index - 1]
            let following = run[next]
            let reach = r * abs(turn) * Swift.max(1, 1 / (1 + cosine))
            if Stroker.dot(previous.tangentOut, incoming) >= 1 - 1e-12
                && Stroker.dot(outgoing, following.tangentIn) >= 1 - 1e-12
                && (point - previous.point).length >= reach && (following.point - point).length >= reach
            {
                line(point + (a + b) * (r / (1 + cosine)))
                return
            }
        }
        line(point + a * r)
        line(point)
        line(point + b * r)
    }

    /// The inner points of a circular arc of the pen's radius round `center`, starting at direction `from` (a
    /// unit vector) and turning by `angle` (0 … π) towards `(from.y, −from.x)`. Its end points are left to the
    /// caller.
    ///
    /// The arc is cut into equal steps of at most ``maximumArcStep``. Their inner vertices sit at
    /// `r·√(step / sin step)` rather than on the circle, which gives each step's triangle the area of its circular
    /// sector: an inscribed polygon would make round caps and joins systematically too small (by about `step²/6`
    /// of their area). The vertices then lie about `r·step²/12` outside the circle and the chords' middles
    /// `r·step²/24` inside, both within the tolerance. Only the steps that can be seen are emitted
    /// (``arcDetail(center:from:angle:)``), so what shows is the same polygon wherever the output is; the turns
    /// before and after them are cut into chords of the circle of at most ``coarseArcStep``.
    mutating func emitArc(center: RasterPoint, from: RasterPoint, angle: Double) {
        guard angle > 0 else { return }
        let steps = Int((angle / maximumArcStep).rounded(.up))
        guard steps > 1 else { return }
        let step = angle / Double(steps)
        // The vertices that can be seen, by index (0 and `steps` are the caller's end points).
        let seen = arcDetail(center: center, from: from, angle: angle)
        var first = seen.isEmpty ? steps : Swift.max(1, Int((seen.lowerBound / step).rounded(.down)))
        var last = seen.isEmpty ? steps - 1 : Swift.min(steps - 1, Int((seen.upperBound / step).rounded(.up)))
        if last - first + 1 > fineArcStepsLeft {
            (first, last) = (steps, steps - 1)
        } else if first <= last {
            fineArcStepsLeft -= last - first + 1
        }
        let perpendicular = RasterPoint(x: from.y, y: -from.x)
        func direction(_ turn: Double) -> RasterPoint { from * cos(turn) + perpendicular * sin(turn) }
        emitChords(center: center, direction: direction, from: 0, to: first <= last ? Double(first) * step : angle)
        guard first <= last else { return }
        let stepCosine = cos(step)
        let stepSine = sin(step)
        let reach = radius * (step / stepSine).squareRoot()
        var unit = direction(Double(first) * step)
        for index in first...last {
            if index > first {
                unit = RasterPoint(
                    x: unit.x * stepCosine + unit.y * stepSine, y: unit.y * stepCosine - unit.x * stepSine)
            }
            line(center + unit * reach)
        }
        emitChords(center: center, direction: direction, from: Double(last) * step, to: angle)
    }

    /// The vertices on the circle strictly between the turns `start` and `end` (`start < end`), in equal chords
    /// of at most ``coarseArcStep``; `direction` gives the unit vector at a turn.
    mutating func emitChords(
        center: RasterPoint, direction: (Double) -> RasterPoint, from start: Double, to end: Double
    ) {
        let chords = Int(((end - start) / Self.coarseArcStep).rounded(.up))
        guard chords > 1 else { return }
        let chord = (end - start) / Double(chords)
        for index in 1..<chords { line(center + direction(start + Double(index) * chord) * radius) }
    }

    /// The turns (within `0…angle`) of the arc round `center` from `from` that must be precise: those whose step
    /// could differ from the true circle inside the ``detail`` circle `D` (centre `c`, radius `ρ`, at distance `d`
    /// from the arc's centre).
    ///
    /// A coarse step is a chord of the circle; it differs from the arc only in the ring between `r·cos(step/2)`
    /// and `r`, within the step's own wedge. So nothing needs precision when `D` lies inside the smallest chord's
    /// reach (`d + ρ ≤ r·cos(π/4)`, the pen covers it) or outside the circle (`d − ρ ≥ r`); otherwise only the
    /// turns whose wedge meets `D`, `±asin(ρ/d)` round the direction of `c`, or every turn when `c` is within `ρ`.
    func arcDetail(center: RasterPoint, from: RasterPoint, angle: Double) -> Range<Double> {
        guard let detail else { return 0..<angle }
        let offset = detail.center - center
        let distance = offset.length
        guard distance + detail.radius > radius * cos(Self.coarseArcStep / 2), distance - detail.radius < radius
        else { return 0..<0 }
        guard distance > detail.radius else { return 0..<angle }
        let halfWidth = asin(detail.radius / distance)
        // The turn towards c: the arc turns from `from` towards (from.y, −from.x).
        let toward = atan2(offset.x * from.y - offset.y * from.x, Stroker.dot(offset, from))
        // The wedge may also meet the arc one turn on (c just past half a turn backwards).
        let wedge = toward + halfWidth > 0 ? toward : toward + 2 * Double.pi
        let lower = Swift.max(0, wedge - halfWidth)
        let upper = Swift.min(angle, wedge + halfWidth)
        return lower < upper ? lower..<upper : 0..<0
    }

    // MARK: Lobes of steps tighter than the pen

    /// For every step whose two cross edges (centre to offset point, at each end) cross on one side, adds the far
    /// lobe of that side's quadrilateral twice, wound like the outline: the outline holds it wound backwards, and
    /// the sum then counts it forward once (see ``Stroker``).
    mutating func emitLobes(_ run: UnsafeBufferPointer<StrokeVertex>) {
        guard run.count > 1 else { return }
        let r = radius
        for index in 0..<(run.count - 1) {
            let start = run[index]
            let end = run[index + 1]
            guard start.tangentOut != end.tangentIn else { continue }
            let normalStart = Self.normal(start.tangentOut) * r
            let normalEnd = Self.normal(end.tangentIn) * r
            let denominator = Stroker.cross(normalStart, normalEnd)
            guard abs(denominator) > 1e-12 * r * r else { continue }
            let delta = end.point - start.point
            // start + u·(s·normalStart) = end + w·(s·normalEnd) for side s = ±1. Both sides need |u| < 1: where the
            // numerator is at least the denominator in size, the rounded quotient is too, so the divisions are
            // skipped (the usual step, whose pen is narrower than the curve is tight).
            let uNumerator = Stroker.cross(delta, normalEnd)
            guard abs(uNumerator) < abs(denominator) else { continue }
            let u = uNumerator / denominator
            let w = Stroker.cross(delta, normalStart) / denominator
            let crossing = start.point + normalStart * u
            // Side +1 (left) crosses where 0 < u, w < 1; side −1 (right) where 0 < −u, −w < 1.
            if u > 0 && u < 1 && w > 0 && w < 1 {
                emitLobe(crossing, start.point + normalStart, end.point + normalEnd)
            } else if u < 0 && u > -1 && w < 0 && w > -1 {
                emitLobe(crossing, start.point - normalStart, end.point - normalEnd)
            }
        }
    }

    /// The triangle `crossing`, `outerStart`, `outerEnd`, twice, turning the way the outline turns.
    mutating func emitLobe(_ crossing: RasterPoint, _ outerStart: RasterPoint, _ outerEnd: RasterPoint) {
        let clockwise = Stroker.cross(outerStart - crossing, outerEnd - crossing) < 0
        let second = clockwise ? outerStart : outerEnd
        let third = clockwise ? outerEnd : outerStart
        for _ in 0..<2 {
            move(crossing)
            line(second)
            line(third)
            close()
        }
    }
}
