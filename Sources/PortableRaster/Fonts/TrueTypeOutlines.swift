/// Glyph outlines from the `loca` and `glyf` tables (TrueType quadratic outlines).
///
/// A simple glyph is a list of contours of on-curve and off-curve points. Between two consecutive off-curve
/// points lies an implied on-curve point at their midpoint, so each off-curve point is the control point of one
/// quadratic Bézier segment. A composite glyph places other glyphs, each through a 2×2 matrix and an offset
/// (or by making a point of the component coincide with a point of the glyph built so far).
///
/// Hinting instructions are ignored; outlines are in font units with y pointing up.
struct TrueTypeOutlines: Sendable {
    /// The `loca` table.
    let locations: FontBytes
    /// The `glyf` table.
    let glyphData: FontBytes
    /// Whether `loca` holds 32-bit offsets (`indexToLocFormat == 1`) rather than 16-bit halved ones.
    let usesLongOffsets: Bool
    /// The font's glyph count.
    let glyphCount: Int

    /// The bytes of `glyph` inside `glyf`, or `nil` for a glyph without outline (equal consecutive offsets).
    func data(of glyph: UInt16) throws(FontError) -> FontBytes? {
        guard Int(glyph) < glyphCount else { throw .glyphOutOfRange(glyph: glyph, count: glyphCount) }
        let index = Int(glyph)
        let start: Int
        let end: Int
        do {
            if usesLongOffsets {
                start = Int(try locations.uint32(4 * index))
                end = Int(try locations.uint32(4 * index + 4))
            } else {
                start = 2 * Int(try locations.uint16(2 * index))
                end = 2 * Int(try locations.uint16(2 * index + 2))
            }
        } catch {
            throw .glyphDataOutOfRange(glyph: glyph)
        }
        guard end > start else {
            if end == start { return nil }
            throw .glyphDataOutOfRange(glyph: glyph)
        }
        guard glyphData.contains(start, length: end - start) else { throw .glyphDataOutOfRange(glyph: glyph) }
        return try glyphData.slice(start, length: end - start)
    }

    /// The header bounding box of `glyph` (xMin, yMin, xMax, yMax), or `nil` for an empty glyph.
    func headerBounds(of glyph: UInt16) throws(FontError) -> FontBox? {
        guard let bytes = try data(of: glyph) else { return nil }
        return FontBox(
            minX: Int(try bytes.int16(2)), minY: Int(try bytes.int16(4)), maxX: Int(try bytes.int16(6)),
            maxY: Int(try bytes.int16(8)))
    }

    /// The outline of `glyph` as a path in font units.
    func outline(of glyph: UInt16) throws(FontError) -> RasterPath {
        var contours = GlyphContours()
        var ancestors: [UInt16] = []
        try appendPoints(of: glyph, into: &contours, ancestors: &ancestors, root: glyph)
        return contours.path()
    }

    /// Appends the points of `glyph` (untransformed) to `contours`.
    private func appendPoints(
        of glyph: UInt16, into contours: inout GlyphContours, ancestors: inout [UInt16], root: UInt16
    ) throws(FontError) {
        guard let bytes = try data(of: glyph) else { return }
        let contourCount = Int(try bytes.int16(0))
        if contourCount >= 0 {
            try appendSimple(bytes, contourCount: contourCount, into: &contours, root: root)
        } else {
            guard ancestors.count < Typeface.maximumCompositeDepth, !ancestors.contains(glyph) else {
                throw .compositeTooDeep(glyph: root)
            }
            ancestors.append(glyph)
            try appendComposite(bytes, into: &contours, ancestors: &ancestors, root: root)
            ancestors.removeLast()
        }
    }

    private func appendSimple(
        _ bytes: FontBytes, contourCount: Int, into contours: inout GlyphContours, root: UInt16
    ) throws(FontError) {
        guard contourCount > 0 else { return }
        var ends: [Int] = []
        ends.reserveCapacity(contourCount)
        var previous = -1
        for index in 0..<contourCount {
            let end = Int(try bytes.uint16(10 + 2 * index))
            guard end > previous else {
                throw .invalidValue(table: "glyf", detail: "contour ends of glyph \(root) are not increasing")
            }
            ends.append(end)
            previous = end
        }
        let pointCount = previous + 1
        guard contours.count + pointCount <= Typeface.maximumOutlinePoints else {
            throw .outlineTooComplex(glyph: root)
        }
        let instructionLength = Int(try bytes.uint16(10 + 2 * contourCount))
        var offset = 12 + 2 * contourCount + instructionLength

        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            let flag = try bytes.uint8(offset)
            offset += 1
            flags.append(flag)
            if flag & 0x08 != 0 {
                let repeats = Int(try bytes.uint8(offset))
                offset += 1
                for _ in 0..<min(repeats, pointCount - flags.count) { flags.append(flag) }
            }
        }

        let base = contours.count
        var x = 0
        for flag in flags {
            if flag & 0x02 != 0 {
                let delta = Int(try bytes.uint8(offset))
                offset += 1
                x += flag & 0x10 != 0 ? delta : -delta
            } else if flag & 0x10 == 0 {
                x += Int(try bytes.int16(offset))
                offset += 2
            }
            contours.xs.append(Double(x))
        }
        var y = 0
        for flag in flags {
            if flag & 0x04 != 0 {
                let delta = Int(try bytes.uint8(offset))
                offset += 1
                y += flag & 0x20 != 0 ? delta : -delta
            } else if flag & 0x20 == 0 {
                y += Int(try bytes.int16(offset))
                offset += 2
            }
            contours.ys.append(Double(y))
            contours.onCurve.append(false)
        }
        for (index, flag) in flags.enumerated() { contours.onCurve[base + index] = flag & 0x01 != 0 }
        for end in ends { contours.ends.append(base + end) }
    }

    private func appendComposite(
        _ bytes: FontBytes, into contours: inout GlyphContours, ancestors: inout [UInt16], root: UInt16
    ) throws(FontError) {
        var offset = 10
        var more = true
        while more {
            let flags = try bytes.uint16(offset)
            let component = try bytes.uint16(offset + 2)
            offset += 4
            let argument1: Int
            let argument2: Int
            let pointsAreXY = flags & 0x0002 != 0
            if flags & 0x0001 != 0 {
                argument1 = pointsAreXY ? Int(try bytes.int16(offset)) : Int(try bytes.uint16(offset))
                argument2 = pointsAreXY ? Int(try bytes.int16(offset + 2)) : Int(try bytes.uint16(offset + 2))
                offset += 4
            } else {
                argument1 = pointsAreXY ? Int(try bytes.int8(offset)) : Int(try bytes.uint8(offset))
                argument2 = pointsAreXY ? Int(try bytes.int8(offset + 1)) : Int(try bytes.uint8(offset + 1))
                offset += 2
            }
            var matrix = Affine2D.identity
            if flags & 0x0008 != 0 {
                let scale = try bytes.f2dot14(offset)
                matrix.a = scale
                matrix.d = scale
                offset += 2
            } else if flags & 0x0040 != 0 {
                matrix.a = try bytes.f2dot14(offset)
                matrix.d = try bytes.f2dot14(offset + 2)
                offset += 4
            } else if flags & 0x0080 != 0 {
                matrix.a = try bytes.f2dot14(offset)
                matrix.b = try bytes.f2dot14(offset + 2)
                matrix.c = try bytes.f2dot14(offset + 4)
                matrix.d = try bytes.f2dot14(offset + 6)
                offset += 8
            }
            more = flags & 0x0020 != 0

            var child = GlyphContours()
            try appendPoints(of: component, into: &child, ancestors: &ancestors, root: root)
            guard contours.count + child.count <= Typeface.maximumOutlinePoints else {
                throw .outlineTooComplex(glyph: root)
            }
            child.apply(matrix)
            var shift = RasterPoint.zero
            if pointsAreXY {
                shift = RasterPoint(x: Double(argument1), y: Double(argument2))
                // Offsets are unscaled unless the font asks for the component's matrix to apply to them too.
                if flags & 0x0800 != 0, flags & 0x1000 == 0 { shift = matrix.applyLinear(to: shift) }
            } else {
                guard argument1 < contours.count, argument2 < child.count else {
                    throw .invalidValue(table: "glyf", detail: "anchor point out of range in glyph \(root)")
                }
                shift = RasterPoint(
                    x: contours.xs[argument1] - child.xs[argument2], y: contours.ys[argument1] - child.ys[argument2])
            }
            child.translate(by: shift)
            contours.append(child)
        }
    }
}

/// Points of a TrueType glyph before conversion to a path.
struct GlyphContours {
    var xs: [Double] = []
    var ys: [Double] = []
    var onCurve: [Bool] = []
    /// Index of the last point of each contour.
    var ends: [Int] = []

    var count: Int { xs.count }

    mutating func apply(_ matrix: Affine2D) {
        guard !matrix.isIdentity else { return }
        for index in 0..<xs.count {
            let mapped = matrix.apply(to: RasterPoint(x: xs[index], y: ys[index]))
            xs[index] = mapped.x
            ys[index] = mapped.y
        }
    }

    mutating func translate(by shift: RasterPoint) {
        guard shift != .zero else { return }
        for index in 0..<xs.count {
            xs[index] += shift.x
            ys[index] += shift.y
        }
    }

    mutating func append(_ other: GlyphContours) {
        let base = count
        xs.append(contentsOf: other.xs)
        ys.append(contentsOf: other.ys)
        onCurve.append(contentsOf: other.onCurve)
        ends.append(contentsOf: other.ends.map { $0 + base })
    }

    /// The contours as closed subpaths: lines between on-curve points, quadratic curves through off-curve
    /// points, with an on-curve point implied midway between two off-curve ones.
    ///
    /// A contour starts at its first on-curve point when the first point is on the curve, else at its last point
    /// when that one is, else at the midpoint of the first and last (both off-curve). A contour of a single point
    /// adds only a move (it has no area).
    func path() -> RasterPath {
        var path = RasterPath()
        path.reserveCapacity(verbs: count + ends.count * 2, points: count * 2)
        var first = 0
        for end in ends {
            defer { first = end + 1 }
            guard end >= first else { continue }
            func point(_ index: Int) -> RasterPoint { RasterPoint(x: xs[index], y: ys[index]) }
            let start: RasterPoint
            let indices: Range<Int>
            if onCurve[first] {
                start = point(first)
                indices = (first + 1)..<(end + 1)
            } else if onCurve[end] {
                start = point(end)
                indices = first..<end
            } else {
                start = point(first).interpolated(to: point(end), by: 0.5)
                indices = first..<(end + 1)
            }
            path.move(to: start)
            var control: RasterPoint?
            for index in indices {
                let current = point(index)
                if onCurve[index] {
                    if let pending = control {
                        path.quadCurve(to: current, control: pending)
                        control = nil
                    } else {
                        path.line(to: current)
                    }
                } else {
                    if let pending = control {
                        path.quadCurve(to: pending.interpolated(to: current, by: 0.5), control: pending)
                    }
                    control = current
                }
            }
            if let pending = control { path.quadCurve(to: start, control: pending) }
            path.close()
        }
        return path
    }
}
