extension CoverageMask {
    /// Multiplies this mask by `clip`, pixel by pixel: coverage becomes `round(coverage · clip / 255)`.
    ///
    /// This is how a shape is clipped by an anti-aliased clip region, and how nested clips combine (each
    /// new clip mask is intersected with the current one). Pixels outside `clip` end up uncovered; row spans
    /// shrink to the overlap of both masks' spans. Rounding is exact (see `ByteMath.swift`), so a factor of
    /// 255 leaves coverage unchanged and a factor of 0 clears it.
    @_spi(Engine) public mutating func intersect(with clip: CoverageMask) {
        guard !bounds.isEmpty else { return }
        let own = bounds
        let other = clip.bounds
        if clip.isSolid {
            // Coverage times 255 / 255 is the coverage itself: only what lies outside the clip's bounds goes.
            if isSolid {
                cover(own.intersection(other))
            } else {
                crop(to: other)
            }
            return
        }
        isSolid = false
        let width = own.width
        clip.coverage.withUnsafeBufferPointer { clipBytes in
            coverage.withUnsafeMutableBufferPointer { bytes in
                spans.withUnsafeMutableBufferPointer { rows in
                    for row in 0..<own.height {
                        let y = own.y + row
                        let span = rows[row]
                        guard span.start < span.end else { continue }
                        guard y >= other.y, y < other.maxY else {
                            rows[row] = .empty
                            continue
                        }
                        let clipSpan = clip.spans[y - other.y]
                        let start = Swift.max(own.x + Int(span.start), other.x + Int(clipSpan.start))
                        let end = Swift.min(own.x + Int(span.end), other.x + Int(clipSpan.end))
                        guard start < end else {
                            rows[row] = .empty
                            continue
                        }
                        let target = bytes.baseAddress! + row * width + (start - own.x)
                        let factor = clipBytes.baseAddress! + (y - other.y) * other.width + (start - other.x)
                        Self.multiplyRow(target, by: factor, count: end - start)
                        rows[row] = RowSpan(start: Int32(start - own.x), end: Int32(end - own.x))
                    }
                }
            }
        }
    }

    /// Empties every row outside `rect` and cuts the others' spans to its columns.
    private mutating func crop(to rect: PixelRect) {
        let own = bounds
        if own.x >= rect.x, own.maxX <= rect.maxX, own.y >= rect.y, own.maxY <= rect.maxY { return }
        spans.withUnsafeMutableBufferPointer { rows in
            for row in 0..<own.height {
                let y = own.y + row
                let span = rows[row]
                guard span.start < span.end else { continue }
                let start = Swift.max(own.x + Int(span.start), rect.x)
                let end = Swift.min(own.x + Int(span.end), rect.maxX)
                guard y >= rect.y, y < rect.maxY, start < end else {
                    rows[row] = .empty
                    continue
                }
                rows[row] = RowSpan(start: Int32(start - own.x), end: Int32(end - own.x))
            }
        }
    }

    /// `target[i] = round(target[i] · factor[i] / 255)` for `count` bytes, sixteen at a time.
    ///
    /// The even bytes of each 32-bit word (`& 0x00FF00FF`) and the odd ones (`>> 8`, same mask) each fill eight
    /// 16-bit lanes, so no widening conversion is needed (the generic vector conversions can stay calls when the
    /// module is optimized in several threads).
    @inline(__always)
    static func multiplyRow(_ target: UnsafeMutablePointer<UInt8>, by factor: UnsafePointer<UInt8>, count: Int) {
        var index = 0
        while index + 16 <= count {
            let a = UnsafeRawPointer(target + index).loadUnaligned(as: SIMD4<UInt32>.self)
            let b = UnsafeRawPointer(factor + index).loadUnaligned(as: SIMD4<UInt32>.self)
            let even = multiplyRounded255(
                unsafeBitCast(a & 0x00FF_00FF, to: SIMD8<UInt16>.self),
                unsafeBitCast(b & 0x00FF_00FF, to: SIMD8<UInt16>.self))
            let odd = multiplyRounded255(
                unsafeBitCast((a &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self),
                unsafeBitCast((b &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self))
            let product = unsafeBitCast(even, to: SIMD4<UInt32>.self) | unsafeBitCast(odd, to: SIMD4<UInt32>.self) &<< 8
            UnsafeMutableRawPointer(target + index).storeBytes(of: product, as: SIMD4<UInt32>.self)
            index += 16
        }
        while index < count {
            target[index] = UInt8(truncatingIfNeeded: multiplyRounded255(UInt32(target[index]), UInt32(factor[index])))
            index += 1
        }
    }
}
