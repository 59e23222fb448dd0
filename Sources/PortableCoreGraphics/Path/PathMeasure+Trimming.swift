extension PathMeasure {
    /// The part of the path between distances `start` and `end` along it, as a new path: what a stroke with
    /// `strokeStart = start / totalLength` and `strokeEnd = end / totalLength` draws.
    ///
    /// Both distances are clamped to [0, `totalLength`] (NaN counts as 0). Cut curves are split exactly (same
    /// curve, new control points), so the piece measures `end − start` up to rounding. The piece starts with a move
    /// to the point at `start`; crossing into another subpath adds a move. A close inside the range becomes a line,
    /// except when its whole subpath lies inside the range, which then keeps its close (and its joins). The full
    /// range returns the measured path itself, closes included. `end ≤ start`, and any path of zero length, give an
    /// empty path. Elements skipped by the measure (non-finite) are left out, and the drawing resumes with a move.
    public func trimmedPath(fromLength start: CGFloat, toLength end: CGFloat) -> CGPath {
        if isWholePath(fromLength: start, toLength: end) { return path }
        let result = CGMutablePath()
        trimmedPath(fromLength: start, toLength: end, into: result)
        return result
    }

    /// Replaces the elements of `result` with ``trimmedPath(fromLength:toLength:)``'s (package access, for the
    /// compositor, which cuts a shape layer's stroke on every frame): the same elements, the whole path's for the
    /// full range, and no allocation once `result`'s storage has grown to the piece's size.
    package func trimmedPath(fromLength start: CGFloat, toLength end: CGFloat, into result: CGMutablePath) {
        result.elementTypes.removeAll(keepingCapacity: true)
        result.elementPoints.removeAll(keepingCapacity: true)
        result.lastSubpathStart = .zero
        if isWholePath(fromLength: start, toLength: end) {
            result.elementTypes.append(contentsOf: path.elementTypes)
            result.elementPoints.append(contentsOf: path.elementPoints)
            result.lastSubpathStart = path.lastSubpathStart
            return
        }
        guard totalLength > 0 else { return }
        let from = Swift.min(start > 0 ? start : 0, totalLength)
        let to = Swift.min(end > 0 ? end : 0, totalLength)
        guard to > from else { return }

        let first = location(atLength: from)
        let last = endLocation(atLength: to)
        // Room for every element of the range and a move before each, so the piece never regrows its storage.
        let span = last.elementIndex - first.elementIndex + 1
        result.elementTypes.reserveCapacity(2 * span)
        result.elementPoints.reserveCapacity(4 * span)
        var needsMove = true
        // Whether the piece being drawn began at its subpath's move (so a full close may stay a close).
        var drawingWholeSubpath = false
        for index in first.elementIndex...last.elementIndex {
            let segment = segments[index]
            if segment.kind == .point {
                needsMove = true
                continue
            }
            guard cumulativeLengths[index + 1] > cumulativeLengths[index] else {
                if !segment.isFinite { needsMove = true }
                continue
            }
            let t0 = index == first.elementIndex ? first.t : 0
            let t1 = index == last.elementIndex ? last.t : 1
            guard t1 > t0 else { continue }
            let piece = segment.subsegment(from: t0, to: t1)
            if needsMove {
                result.appendMove(piece.p0)
                drawingWholeSubpath = t0 == 0 && index > 0 && segments[index - 1].kind == .point
                needsMove = false
            }
            let isClose = path.elementTypes[index] == .closeSubpath
            switch piece.kind {
            case .point:
                break
            case .line:
                if isClose, t1 == 1, drawingWholeSubpath {
                    result.closeSubpath()
                    needsMove = true
                } else {
                    result.appendLine(piece.p1)
                }
            case .quad:
                result.appendQuad(piece.p1, piece.p2)
            case .cubic:
                result.appendCubic(piece.p1, piece.p2, piece.p3)
            }
        }
    }

    /// Whether `start ... end` is the whole of a path of non-zero length (after clamping as
    /// ``trimmedPath(fromLength:toLength:)`` does).
    private func isWholePath(fromLength start: CGFloat, toLength end: CGFloat) -> Bool {
        totalLength > 0 && !(start > 0) && Swift.min(end > 0 ? end : 0, totalLength) == totalLength
    }

    /// Like `location(atLength:)` but a distance on an element boundary maps to the *end* (t = 1) of the element
    /// before it: the right convention for where a piece stops.
    func endLocation(atLength distance: CGFloat) -> Location {
        // The first element whose end reaches `distance` (0 < distance ≤ totalLength); it has a non-zero length
        // because the element before it ends short of `distance`.
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeLengths[middle + 1] >= distance { high = middle } else { low = middle + 1 }
        }
        let elementLength = cumulativeLengths[low + 1] - cumulativeLengths[low]
        let t = segments[low].parameter(atArcLength: distance - cumulativeLengths[low], totalLength: elementLength)
        return Location(elementIndex: low, t: t)
    }
}
