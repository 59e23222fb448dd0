extension CoverageMask {
    /// Makes this mask describe exactly what `other` does (bounds, spans, the covered bytes inside each span and
    /// ``isSolid``), reusing this mask's storage: nothing is allocated once it has held a mask as large.
    ///
    /// Only the bytes inside the spans are copied, since no reader looks outside them.
    @_spi(Engine) public mutating func assign(_ other: CoverageMask) {
        reset(bounds: other.bounds)
        guard !other.bounds.isEmpty else { return }
        isSolid = other.isSolid
        let width = other.bounds.width
        let height = other.bounds.height
        other.spans.withUnsafeBufferPointer { sourceSpans in
            other.coverage.withUnsafeBufferPointer { sourceBytes in
                spans.withUnsafeMutableBufferPointer { targetSpans in
                    coverage.withUnsafeMutableBufferPointer { targetBytes in
                        for row in 0..<height {
                            let span = sourceSpans[row]
                            targetSpans[row] = span
                            guard span.start < span.end else { continue }
                            let offset = row * width + Int(span.start)
                            (targetBytes.baseAddress! + offset).update(
                                from: sourceBytes.baseAddress! + offset, count: Int(span.end - span.start))
                        }
                    }
                }
            }
        }
    }

    /// The bytes of storage a mask needs to hold what this one describes (its bounds' bytes and a span per row).
    @_spi(Engine) public var usedBytes: Int {
        bounds.isEmpty ? 0 : bounds.width * bounds.height + bounds.height * MemoryLayout<RowSpan>.stride
    }

    /// The bytes of storage the mask holds (its capacity, which can exceed what its bounds use), for callers that
    /// keep masks within a memory budget.
    @_spi(Engine) public var reservedBytes: Int {
        coverage.capacity + spans.capacity * MemoryLayout<RowSpan>.stride
    }
}
