/// Dashing: cutting a flattened subpath into the pieces a dash pattern leaves "on".
///
/// Distances are arc lengths along the polyline in the vertex buffer (user space). The pattern restarts at
/// every subpath: position 0 of a subpath is position `phase` of the pattern. Entry `i` of the pattern covers
/// the half-open interval `[sᵢ, sᵢ + lengthᵢ)`; an even ("on") entry draws the part of it that lies on the
/// subpath. So a dash ending exactly where an open subpath starts draws nothing, one starting exactly at its
/// end draws a zero-length dash (caps only), and an "on" entry of length zero draws a zero-length dash where it
/// lies (on a closed subpath the end is the start, where such a dash is drawn once). Zero-length dashes are
/// what make dotted lines with round caps.
/// A dash includes every vertex it passes, so it bends round corners with the style's join.
///
/// On a closed subpath a dash that covers the start point is one piece: the dash running into the end and the
/// dash leaving the start are joined at the start vertex; a dash covering the whole loop is drawn as the closed
/// loop, without caps.
///
/// Dashes that touch (a zero-length gap) are drawn as one piece, and with square caps so are dashes whose caps
/// meet (gap at most the width) across a gap inside one straight step. That changes nothing in the shape, but
/// it keeps overlapping caps from being counted twice in boundary pixels, which area accumulation would darken.
extension Stroker {
    /// Pattern entries one stroke may walk through, over all its subpaths: a subpath that would take more than
    /// are left is stroked solid instead (its dashes would be far too small to see, and there would be too many
    /// to draw in reasonable time). The budget is per stroke, so a path of many subpaths cannot multiply it.
    /// 2¹⁷ = 131,072 entries: a stroke dashed 8 on 8 a million units long, hundreds of screens. Each step up cost
    /// too much on hostile input, under the address sanitizer: at 2²⁰ one `replacePathWithStrokedPath` of a
    /// hair-thin pattern took about 0.9 s, and at 2¹⁸ one of 131,000 dashes 32,767 wide with round caps along
    /// ellipses 10⁹ across took about 1 s (FuzzPath found both as timeouts).
    static let maximumDashEntries = 1 << 17

    /// Cuts the subpath in the vertex buffer by `pattern` and hands every dash to `consumer`.
    mutating func dash<Consumer: RunConsumer>(closed: Bool, pattern: DashPattern, consumer: inout Consumer) {
        let count = vertices.count
        if count == 1 {
            // A dot is drawn when the pattern is "on" at its start.
            if Self.isOnAtStart(pattern) {
                vertices.withUnsafeMutableBufferPointer { consumer.consume($0, closed: false) }
            }
            return
        }
        var total = 0.0
        for index in 1..<count {
            total += (vertices[index].point - vertices[index - 1].point).length
        }
        let entriesNeeded = (total / pattern.period + 2) * Double(pattern.entryCount)
        guard entriesNeeded < Double(dashEntriesLeft) else {
            vertices.withUnsafeMutableBufferPointer { consumer.consume($0, closed: closed) }
            return
        }
        dashEntriesLeft -= Int(entriesNeeded)
        let firstStep = DashCursor(stepLength: (vertices[1].point - vertices[0].point).length)
        var state = DashState(
            cursor: firstStep, probe: firstStep, total: total, closed: closed, mergeGap: pattern.mergeGap)
        firstDash.removeAll(keepingCapacity: true)
        var entry = 0
        var entryStart = -pattern.phase
        var checkedStep = -1
        while entryStart <= total && !consumer.isDone {
            if entry == 0, entryStart > 0 {
                // Whole periods on steps whose stroke cannot show (outside the clip) are skipped, not cut: a long
                // curve far outside the picture would otherwise be cut into as many dashes as it is long.
                locate(entryStart, &state.probe)
                if state.probe.step != checkedStep {
                    var far = state.probe
                    if !consumer.canReach(from: vertices[far.step], to: vertices[far.step + 1]) {
                        // The stretch of such steps that starts here.
                        while far.step < vertices.count - 2,
                            !consumer.canReach(from: vertices[far.step + 1], to: vertices[far.step + 2])
                        {
                            advance(&far)
                        }
                        let periods =
                            ((far.stepStart + far.stepLength - entryStart) / pattern.period)
                            .rounded(.down) - 1
                        if periods >= 1 { entryStart += periods * pattern.period }
                    }
                    checkedStep = far.step
                }
            }
            let length = pattern.length(at: entry)
            let entryEnd = entryStart + length
            if entry % 2 == 0 {
                if length > 0 && entryEnd > 0 && entryStart < total {
                    addDash(from: Swift.max(entryStart, 0), to: Swift.min(entryEnd, total), &state, &consumer)
                } else if entryStart >= 0 && (entryStart < total || (!closed && entryStart == total)) {
                    // A zero-length entry, or (open subpath) an entry starting exactly at the end.
                    addDash(from: entryStart, to: entryStart, &state, &consumer)
                }
            }
            entryStart = entryEnd
            entry += 1
            if entry == pattern.entryCount { entry = 0 }
        }
        finishDashes(&state, &consumer)
    }

    /// Dashing progress through one subpath.
    struct DashState {
        /// Where dashes are being built.
        var cursor: DashCursor
        /// Runs ahead of `cursor` to find which step each new dash starts and ends on.
        var probe: DashCursor
        let total: Double
        let closed: Bool
        let mergeGap: Double
        /// The group of dashes not yet drawn: they are merged while the gaps between them are at most
        /// `mergeGap`.
        var pendingStart = 0.0
        var pendingEnd = 0.0
        /// The step `pendingEnd` lies on.
        var pendingEndStep = 0
        var hasPending = false
        /// Whether a group has been drawn (or held) already.
        var hadGroup = false
        /// Whether ``Stroker/firstDash`` holds the first group of a closed subpath, which began at its start.
        var holdsFirst = false
    }

    /// Adds the dash `[start, end]` to the pending group, drawing the group first unless the two touch, or the
    /// gap is at most ``DashState/mergeGap`` and lies inside one straight step (where merging square caps is
    /// exact).
    mutating func addDash<Consumer: RunConsumer>(
        from start: Double, to end: Double, _ state: inout DashState, _ consumer: inout Consumer
    ) {
        locate(start, &state.probe)
        let startStep = state.probe.step
        locate(end, &state.probe)
        if state.hasPending {
            let gap = start - state.pendingEnd
            let step = startStep
            if gap <= 0
                || (gap <= state.mergeGap && step == state.pendingEndStep
                    && Self.dot(vertices[step].tangentOut, vertices[step + 1].tangentIn) >= 1 - 1e-12)
            {
                state.pendingEnd = end
                state.pendingEndStep = state.probe.step
                return
            }
            drawGroup(&state, &consumer)
        }
        state.pendingStart = start
        state.pendingEnd = end
        state.pendingEndStep = state.probe.step
        state.hasPending = true
    }

    /// Moves `cursor` forward to the step holding `position` (a position on a vertex stays with the step that
    /// ends there).
    @inline(__always)
    mutating func locate(_ position: Double, _ cursor: inout DashCursor) {
        let lastStep = vertices.count - 2
        while cursor.step < lastStep && cursor.stepStart + cursor.stepLength < position {
            advance(&cursor)
        }
    }

    /// Draws the pending group, or keeps it aside when it is the first group of a closed subpath and starts at
    /// the start point (it may continue the last group).
    mutating func drawGroup<Consumer: RunConsumer>(_ state: inout DashState, _ consumer: inout Consumer) {
        buildDash(from: state.pendingStart, to: state.pendingEnd, cursor: &state.cursor)
        if state.closed && !state.hadGroup && state.pendingStart <= 0 {
            swap(&firstDash, &dashRun)
            state.holdsFirst = true
        } else {
            dashRun.withUnsafeMutableBufferPointer { consumer.consume($0, closed: false) }
        }
        state.hadGroup = true
        state.hasPending = false
    }

    /// Draws what is left at the end of a subpath: the last group, joined through the start point of a closed
    /// subpath to the first group when they meet there.
    mutating func finishDashes<Consumer: RunConsumer>(_ state: inout DashState, _ consumer: inout Consumer) {
        let reachesEnd = state.hasPending && state.pendingEnd >= state.total
        if state.closed && reachesEnd && !state.hadGroup && state.pendingStart <= 0 {
            // One group all the way round: the closed loop itself.
            vertices.withUnsafeMutableBufferPointer { consumer.consume($0, closed: true) }
            return
        }
        if state.hasPending {
            if state.closed && state.holdsFirst && reachesEnd {
                // Through the start point: this group, on to the end vertex (which carries the start's outgoing
                // direction), then the first group.
                buildDash(from: state.pendingStart, to: state.total, cursor: &state.cursor)
                dashRun.append(contentsOf: firstDash[1...])
                state.holdsFirst = false
            } else {
                buildDash(from: state.pendingStart, to: state.pendingEnd, cursor: &state.cursor)
            }
            dashRun.withUnsafeMutableBufferPointer { consumer.consume($0, closed: false) }
        }
        if state.holdsFirst {
            firstDash.withUnsafeMutableBufferPointer { consumer.consume($0, closed: false) }
        }
    }

    /// Whether the pattern is "on" at position 0 of a subpath: inside a positive "on" entry or on a zero-length
    /// one.
    static func isOnAtStart(_ pattern: DashPattern) -> Bool {
        var entry = 0
        var entryStart = -pattern.phase
        while entryStart <= 0 {
            let length = pattern.length(at: entry)
            let entryEnd = entryStart + length
            if entry % 2 == 0 && (entryEnd > 0 || (length == 0 && entryStart == 0)) { return true }
            if entryEnd > 0 { return false }
            entryStart = entryEnd
            entry += 1
            if entry == pattern.entryCount { entry = 0 }
        }
        return false
    }

    /// Position along the subpath while dashes are cut from it, front to back.
    struct DashCursor {
        /// Index of the current step (from vertex `step` to `step + 1`).
        var step = 0
        /// Arc length at the start of the current step.
        var stepStart = 0.0
        /// Length of the current step.
        var stepLength: Double
    }

    /// Fills ``dashRun`` with the polyline between arc lengths `start` and `end` (`start ≤ end`, both inside
    /// the subpath and not before the cursor), moving the cursor to the step holding `end`.
    mutating func buildDash(from start: Double, to end: Double, cursor: inout DashCursor) {
        dashRun.removeAll(keepingCapacity: true)
        let lastStep = vertices.count - 2
        // Move to the step that holds `start` (a position exactly on a vertex belongs to the step leaving it).
        while cursor.step < lastStep && cursor.stepStart + cursor.stepLength <= start {
            advance(&cursor)
        }
        if start == cursor.stepStart {
            var vertex = vertices[cursor.step]
            vertex.tangentIn = vertex.tangentOut
            dashRun.append(vertex)
        } else {
            dashRun.append(pointOnStep(cursor, at: start))
        }
        guard end > start else { return }
        while cursor.step < lastStep && cursor.stepStart + cursor.stepLength < end {
            dashRun.append(vertices[cursor.step + 1])
            advance(&cursor)
        }
        if end >= cursor.stepStart + cursor.stepLength {
            // Ends on a vertex: keep it whole when it is the end of a closed subpath (it then carries the start's
            // outgoing direction for a join); otherwise it is an open end.
            var vertex = vertices[cursor.step + 1]
            if cursor.step + 1 < vertices.count - 1 { vertex.tangentOut = vertex.tangentIn }
            dashRun.append(vertex)
        } else {
            dashRun.append(pointOnStep(cursor, at: end))
        }
    }

    @inline(__always)
    mutating func advance(_ cursor: inout DashCursor) {
        cursor.stepStart += cursor.stepLength
        cursor.step += 1
        cursor.stepLength = (vertices[cursor.step + 1].point - vertices[cursor.step].point).length
    }

    /// The vertex at arc length `position` on the cursor's step, with the direction blended from the step's two
    /// end directions.
    func pointOnStep(_ cursor: DashCursor, at position: Double) -> StrokeVertex {
        let from = vertices[cursor.step]
        let to = vertices[cursor.step + 1]
        let fraction = Swift.min(Swift.max((position - cursor.stepStart) / cursor.stepLength, 0), 1)
        let point = from.point.interpolated(to: to.point, by: fraction)
        var tangent = from.tangentOut * (1 - fraction) + to.tangentIn * fraction
        let length = tangent.length
        if length > 1e-9 {
            tangent = tangent * (1 / length)
        } else {
            let chord = to.point - from.point
            tangent = chord * (1 / chord.length)
        }
        return StrokeVertex(point: point, tangentIn: tangent, tangentOut: tangent, kind: .corner)
    }
}
