extension CoverageMask {
    /// Makes this mask the rows of `top`, then copies of `top`'s last row down to `bottom`'s first row, then the
    /// rows of `bottom`: the mask of a shape whose rows between the two are all alike, from two slices of it
    /// scan-converted alone (a rectangle's top and bottom rows, see `CGContext`'s clip to a rectangle). Spans and
    /// solid runs come along with the rows.
    ///
    /// - Precondition: both masks are nonempty, have the same columns, and `top` ends at or above `bottom`'s first
    ///   row.
    @_spi(Engine) public mutating func join(top: CoverageMask, bottom: CoverageMask) {
        let upper = top.bounds
        let lower = bottom.bounds
        precondition(
            !upper.isEmpty && !lower.isEmpty && upper.x == lower.x && upper.width == lower.width
                && upper.maxY <= lower.y,
            "joined masks share their columns and follow each other")
        let width = upper.width
        reset(bounds: PixelRect(x: upper.x, y: upper.y, width: width, height: lower.maxY - upper.y))
        let height = bounds.height
        withRows { bytes, rows in
            top.coverage.withUnsafeBufferPointer { topBytes in
                bottom.coverage.withUnsafeBufferPointer { bottomBytes in
                    for row in 0..<height {
                        // The source row: from `top`, the last of `top` repeated, or from `bottom`.
                        let fromBottom = row >= lower.y - upper.y
                        let sourceRow =
                            fromBottom ? row - (lower.y - upper.y) : Swift.min(row, upper.height - 1)
                        let span = fromBottom ? bottom.spans[sourceRow] : top.spans[sourceRow]
                        rows[row] = span
                        guard span.start < span.end else { continue }
                        let source = (fromBottom ? bottomBytes : topBytes).baseAddress! + sourceRow * width
                        let start = Int(span.start)
                        (bytes.baseAddress! + row * width + start).update(
                            from: source + start, count: Int(span.end) - start)
                    }
                }
            }
        }
    }
}
