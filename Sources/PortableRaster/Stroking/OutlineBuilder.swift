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

    /// A builder for `style` with pen radius `halfWidth`; `tolerance` is in stroking space. Runs that cannot
    /// touch `cull` (output space) are skipped.
    init(
        style: StrokeStyle, halfWidth: Double, output: Affine2D, deviceMap: Affine2D?, tolerance: Double,
        cull: PixelRect?
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
        if let map = deviceMap { Self.map(run, by: map) }
        let vertices = UnsafeBufferPointer(run)
        if let cull, !mayReach(cull, vertices) { return }
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
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for vertex in run {
            minX = Swift.min(minX, vertex.point.x)
            minY = Swift.min(minY, vertex.point.y)
            maxX = Swift.max(maxX, vertex.point.x)
            maxY = Swift.max(maxY, vertex.point.y)
        }
        minX -= reach
        minY -= reach
        maxX += reach
        maxY += reach
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
    /// The steps are equal and at most ``maximumArcStep``. The inner vertices sit at `r·√(step / sin step)`
    /// rather than on the circle, which gives each step's triangle the area of its circular sector: an inscribed
    /// polygon would make round caps and joins systematically too small (by about `step²/6` of their area). The
    /// vertices then lie about `r·step²/12` outside the circle and the chords' middles `r·step²/24` inside,
    /// both within the tolerance.
    mutating func emitArc(center: RasterPoint, from: RasterPoint, angle: Double) {
        guard angle > 0 else { return }
        let steps = Int((angle / maximumArcStep).rounded(.up))
        guard steps > 1 else { return }
        let step = angle / Double(steps)
        let stepCosine = cos(step)
        let stepSine = sin(step)
        let reach = radius * (step / stepSine).squareRoot()
        var x = from.x
        var y = from.y
        for _ in 1..<steps {
            (x, y) = (x * stepCosine + y * stepSine, y * stepCosine - x * stepSine)
            line(RasterPoint(x: center.x + x * reach, y: center.y + y * reach))
        }
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
            // start + u·(s·normalStart) = end + w·(s·normalEnd) for side s = ±1.
            let u = Stroker.cross(delta, normalEnd) / denominator
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
