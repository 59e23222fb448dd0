extension CoverageMask {
    /// Multiplies this mask by `clip`, pixel by pixel: coverage becomes `round(coverage · clip / 255)`.
    ///
    /// This is how a shape is clipped by an anti-aliased clip region, and how nested clips combine (each
    /// new clip mask is intersected with the current one). Pixels outside `clip` end up uncovered; row spans
    /// shrink to the overlap of both masks' spans. Rounding is exact (see `ByteMath.swift`), so a factor of
    /// 255 leaves coverage unchanged and a factor of 0 clears it.
    ///
    /// Speed: the rows' solid runs (``RowSpan``) save work without changing a byte. Where the clip's row is solid the
    /// bytes stay as they are, where this mask's row is solid over a long stretch the clip's bytes are copied, and
    /// the rest is multiplied; the result's solid run is the overlap of the two.
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
            clip.spans.withUnsafeBufferPointer { clipRows in
                withRows { bytes, rows in
                    for row in 0..<own.height {
                        let y = own.y + row
                        let span = rows[row]
                        guard span.start < span.end else { continue }
                        guard y >= other.y, y < other.maxY else {
                            rows[row] = .empty
                            continue
                        }
                        let clipSpan = clipRows[y - other.y]
                        // Device columns from here on.
                        let start = Swift.max(own.x + Int(span.start), other.x + Int(clipSpan.start))
                        let end = Swift.min(own.x + Int(span.end), other.x + Int(clipSpan.end))
                        guard start < end else {
                            rows[row] = .empty
                            continue
                        }
                        let target = RowBytes(bytes.baseAddress! + row * width, firstColumn: own.x)
                        let factor = RowBytes(
                            UnsafeMutablePointer(mutating: clipBytes.baseAddress!) + (y - other.y) * other.width,
                            firstColumn: other.x)
                        let ownSolid = (own.x + Int(span.solidStart))..<(own.x + Int(span.solidEnd))
                        let clipSolid = (other.x + Int(clipSpan.solidStart))..<(other.x + Int(clipSpan.solidEnd))
                        let kept = Self.overlap(clipSolid, start..<end)
                        if kept.isEmpty {
                            Self.combineRow(target, factor, start..<end, ownSolid: ownSolid)
                        } else {
                            Self.combineRow(target, factor, start..<kept.lowerBound, ownSolid: ownSolid)
                            Self.combineRow(target, factor, kept.upperBound..<end, ownSolid: ownSolid)
                        }
                        let solid = Self.overlap(ownSolid, kept)
                        rows[row] = RowSpan(
                            start: Int32(start - own.x), end: Int32(end - own.x),
                            solidStart: Int32(solid.lowerBound - own.x), solidEnd: Int32(solid.upperBound - own.x))
                    }
                }
            }
        }
    }

    /// Whether this mask is known to cover every pixel `other` may cover with coverage 255: each nonempty row span of
    /// `other` lies inside this mask's solid run of that row (a mask that ``isSolid`` has whole rows as runs).
    ///
    /// Then `other` intersected with this mask is `other` itself, byte for byte (`round(255 · c / 255) = c`), so a
    /// shape that covers its clip can be painted through the clip's mask without the intersection. False does not
    /// mean that the mask leaves a pixel of `other` partly uncovered. Costs one look at each row of `other`.
    @_spi(Engine) public func covers(_ other: CoverageMask) -> Bool {
        let own = bounds
        let inner = other.bounds
        guard !own.isEmpty else { return other.isEmpty }
        let contained = inner.x >= own.x && inner.maxX <= own.maxX && inner.y >= own.y && inner.maxY <= own.maxY
        if isSolid && contained { return true }
        for row in 0..<Swift.max(0, inner.height) {
            let span = other.spans[row]
            guard span.start < span.end else { continue }
            let y = inner.y + row
            guard y >= own.y, y < own.maxY else { return false }
            let solid = spans[y - own.y]
            guard solid.solidStart < solid.solidEnd,
                own.x + Int(solid.solidStart) <= inner.x + Int(span.start),
                own.x + Int(solid.solidEnd) >= inner.x + Int(span.end)
            else { return false }
        }
        return true
    }

    /// The columns two ranges share; an empty range at the larger lower bound when they share none.
    @inline(__always)
    private static func overlap(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        let lower = Swift.max(a.lowerBound, b.lowerBound)
        let upper = Swift.min(a.upperBound, b.upperBound)
        return lower < upper ? lower..<upper : lower..<lower
    }

    /// One row of mask bytes addressed by device column.
    private struct RowBytes {
        let base: UnsafeMutablePointer<UInt8>
        /// The device column of `base[0]`.
        let firstColumn: Int

        init(_ base: UnsafeMutablePointer<UInt8>, firstColumn: Int) {
            self.base = base
            self.firstColumn = firstColumn
        }

        @inline(__always)
        func at(_ column: Int) -> UnsafeMutablePointer<UInt8> {
            assert(column >= firstColumn, "a column of the row")
            return base + (column - firstColumn)
        }
    }

    /// Multiplies the bytes of `columns` (device columns) by the clip's, copying the clip's bytes instead over
    /// `ownSolid`, where this mask is 255 (the product is then the clip's byte exactly). Runs of fewer than
    /// ``copyThreshold`` bytes are simply multiplied: splitting them costs more than it saves.
    @inline(__always)
    private static func combineRow(_ target: RowBytes, _ factor: RowBytes, _ columns: Range<Int>, ownSolid: Range<Int>)
    {
        let count = columns.upperBound - columns.lowerBound
        guard count > 0 else { return }
        let copyStart = Swift.max(ownSolid.lowerBound, columns.lowerBound)
        let copyEnd = Swift.min(ownSolid.upperBound, columns.upperBound)
        guard count >= copyThreshold, copyEnd - copyStart >= copyThreshold else {
            multiplyRow(target.at(columns.lowerBound), by: factor.at(columns.lowerBound), count: count)
            return
        }
        multiplyRow(
            target.at(columns.lowerBound), by: factor.at(columns.lowerBound), count: copyStart - columns.lowerBound)
        target.at(copyStart).update(from: factor.at(copyStart), count: copyEnd - copyStart)
        multiplyRow(target.at(copyEnd), by: factor.at(copyEnd), count: columns.upperBound - copyEnd)
    }

    /// The shortest run of a solid row copied rather than multiplied in ``combineRow(_:_:_:ownSolid:)``.
    private static let copyThreshold = 32

    /// Empties every row outside `rect` and cuts the others' spans (and solid runs) to its columns.
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
                let solid = Self.overlap((own.x + Int(span.solidStart))..<(own.x + Int(span.solidEnd)), start..<end)
                rows[row] = RowSpan(
                    start: Int32(start - own.x), end: Int32(end - own.x), solidStart: Int32(solid.lowerBound - own.x),
                    solidEnd: Int32(solid.upperBound - own.x))
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
