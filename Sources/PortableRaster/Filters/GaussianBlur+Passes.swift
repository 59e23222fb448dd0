extension GaussianBlur {
    /// Blurs the coverage of `mask` into `output`, whose bounds become `mask.bounds` grown by ``extent`` on
    /// every side (the empty mask stays empty). Total coverage is preserved up to the final rounding.
    @_spi(Engine) public mutating func blur(_ mask: CoverageMask, into output: inout CoverageMask) {
        let area = mask.bounds
        guard !area.isEmpty, !mask.isEmpty else {
            output.removeAll()
            return
        }
        let width = area.width + 2 * extent
        let height = area.height + 2 * extent
        preparePlanes(count: width * height)
        let margin = extent
        planeA.withUnsafeMutableBufferPointer { plane in
            let base = plane.baseAddress!
            base.update(repeating: 0, count: width * height)
            for row in 0..<area.height {
                mask.withRow(area.y + row) { columns, coverage in
                    guard !columns.isEmpty else { return }
                    let target = base + (row + margin) * width + margin + (columns.lowerBound - area.x)
                    for index in 0..<coverage.count { target[index] = Float(coverage[index]) }
                }
            }
        }
        blurPlane(width: width, height: height, channels: 1, contentRows: margin..<(margin + area.height), clamp: false)
        writeMask(
            into: &output,
            bounds: PixelRect(x: area.x - extent, y: area.y - extent, width: width, height: height))
    }

    /// Blurs the alpha channel of `image`, placed with its top-left pixel at device pixel `(x, y)`, into
    /// `output`, whose bounds become the image's rectangle grown by ``extent`` on every side. This is the
    /// shadow of a drawing: fill `output` with the shadow colour at the shadow's offset.
    @_spi(Engine) public mutating func blurAlpha(of image: PixelBuffer, x: Int, y: Int, into output: inout CoverageMask)
    {
        let width = image.width + 2 * extent
        let height = image.height + 2 * extent
        preparePlanes(count: width * height)
        let margin = extent
        planeA.withUnsafeMutableBufferPointer { plane in
            let base = plane.baseAddress!
            base.update(repeating: 0, count: width * height)
            image.withUnsafeBytes { bytes in
                for row in 0..<image.height {
                    let source = bytes.baseAddress! + row * image.bytesPerRow + 3
                    let target = base + (row + margin) * width + margin
                    for column in 0..<image.width {
                        target[column] = Float(source.load(fromByteOffset: column * 4, as: UInt8.self))
                    }
                }
            }
        }
        blurPlane(
            width: width, height: height, channels: 1, contentRows: margin..<(margin + image.height), clamp: false)
        writeMask(into: &output, bounds: PixelRect(x: x - extent, y: y - extent, width: width, height: height))
    }

    /// Blurs every channel of `buffer` in place, keeping its size; see ``Edges`` for what lies beyond the
    /// borders. Colour channels are clamped to alpha after rounding, so the result stays premultiplied.
    @_spi(Engine) public mutating func blur(_ buffer: inout PixelBuffer, edges: Edges = .transparent) {
        guard extent > 0 else { return }
        let width = buffer.width
        let height = buffer.height
        preparePlanes(count: width * height * 4)
        let stride = buffer.bytesPerRow
        buffer.withUnsafeBytes { bytes in
            planeA.withUnsafeMutableBufferPointer { plane in
                for row in 0..<height {
                    let source = bytes.baseAddress! + row * stride
                    let target = plane.baseAddress! + row * width * 4
                    for index in 0..<(width * 4) {
                        target[index] = Float(source.load(fromByteOffset: index, as: UInt8.self))
                    }
                }
            }
        }
        blurPlane(width: width, height: height, channels: 4, contentRows: 0..<height, clamp: edges == .clamp)
        planeA.withUnsafeBufferPointer { plane in
            buffer.withUnsafeMutableBytes { bytes in
                for row in 0..<height {
                    let source = plane.baseAddress! + row * width * 4
                    let target = bytes.baseAddress! + row * stride
                    for column in 0..<width {
                        let pixel = source + column * 4
                        let alpha = Self.roundToByte(pixel[3])
                        let red = Swift.min(Self.roundToByte(pixel[0]), alpha)
                        let green = Swift.min(Self.roundToByte(pixel[1]), alpha)
                        let blue = Swift.min(Self.roundToByte(pixel[2]), alpha)
                        target.storeBytes(
                            of: red | green &<< 8 | blue &<< 16 | alpha &<< 24, toByteOffset: column * 4,
                            as: UInt32.self)
                    }
                }
            }
        }
    }

    // MARK: Windows

    /// Blurs `mask` as ``blur(_:into:)`` does, but computes only the part of the result inside `window`; `output`'s
    /// bounds become that part (empty when the blurred mask does not reach the window).
    ///
    /// The work and memory follow the window and the blur's reach, not the mask's size grown by it in both
    /// directions: about `(window.width + 2·extent) × rows + (window.height + 2·extent) × window.width` samples,
    /// where `rows` is the mask's height near the window. A 1024-pixel blur of a 64 × 48 mask seen through a
    /// 64 × 48 clip touches under a million samples instead of the 6,200² of the whole blurred plane.
    @_spi(Engine) public mutating func blur(
        _ mask: CoverageMask, into output: inout CoverageMask, within window: PixelRect
    ) {
        blurWindow(source: mask.isEmpty ? .zero : mask.bounds, window: window, into: &output) { row, span, line in
            mask.withRow(row) { columns, coverage in
                let lower = Swift.max(columns.lowerBound, span.lowerBound)
                let upper = Swift.min(columns.upperBound, span.upperBound)
                guard lower < upper else { return }
                for column in lower..<upper {
                    line[column - span.lowerBound] = Float(coverage[column - columns.lowerBound])
                }
            }
        }
    }

    /// Blurs the alpha of `image` placed at device pixel `(x, y)` as ``blurAlpha(of:x:y:into:)`` does, computing
    /// only the part of the result inside `window` (see ``blur(_:into:within:)``).
    @_spi(Engine) public mutating func blurAlpha(
        of image: PixelBuffer, x: Int, y: Int, into output: inout CoverageMask, within window: PixelRect
    ) {
        let source = PixelRect(x: x, y: y, width: image.width, height: image.height)
        image.withUnsafeBytes { bytes in
            blurWindow(source: source, window: window, into: &output) { row, span, line in
                let lower = Swift.max(source.x, span.lowerBound)
                let upper = Swift.min(source.maxX, span.upperBound)
                guard lower < upper else { return }
                let pixels = bytes.baseAddress! + (row - y) * image.bytesPerRow + 3
                for column in lower..<upper {
                    line[column - span.lowerBound] = Float(
                        pixels.load(fromByteOffset: (column - x) * 4, as: UInt8.self))
                }
            }
        }
    }

    /// The windowed blur of a one-channel source occupying `source`: each source row that can reach `window` is
    /// loaded (by `loadRow(row, columns, line)`, writing the row's samples in `columns` to `line[0…]`) over the
    /// window's columns grown by ``extent``, blurred horizontally, and kept over the window's columns only; then
    /// the columns are blurred vertically over the window's rows grown by ``extent``, and the window's rows kept.
    /// Samples a pass reads beyond a line or column count as 0; their errors travel inwards by one box radius per
    /// pass, three radii in all, which is exactly the margin, so the kept part is exact.
    private mutating func blurWindow(
        source: PixelRect, window requested: PixelRect, into output: inout CoverageMask,
        loadRow: (Int, Range<Int>, UnsafeMutablePointer<Float>) -> Void
    ) {
        let reach = extent
        let blurred = PixelRect(
            x: source.x - reach, y: source.y - reach, width: source.width + 2 * reach,
            height: source.height + 2 * reach)
        let window = source.isEmpty ? .zero : requested.intersection(blurred)
        guard !window.isEmpty else {
            output.removeAll()
            return
        }
        let width = window.width
        let span = (window.x - reach)..<(window.maxX + reach)
        let top = window.y - reach
        let height = window.height + 2 * reach
        preparePlanes(count: width * height)
        let lineLength = span.count
        let vectors = (lineLength + 3) / 4
        prepareLines(vectors: vectors, sums: Swift.max(lineLength, width))
        let r = radius
        let a = endWeight
        let rows = Swift.max(top, source.y)..<Swift.min(top + height, source.maxY)
        planeA.withUnsafeMutableBufferPointer { plane in
            let base = plane.baseAddress!
            base.update(repeating: 0, count: width * height)
            lineA.withUnsafeMutableBytes { first in
                lineB.withUnsafeMutableBytes { second in
                    sums.withUnsafeMutableBufferPointer { third in
                        let line = third.baseAddress!
                        let one = first.baseAddress!
                        let two = second.baseAddress!
                        for row in rows {
                            line.update(repeating: 0, count: lineLength)
                            loadRow(row, span, line)
                            Self.pass(line, one, count: lineLength, r, a, false, Float.self)
                            Self.pass(one, two, count: lineLength, r, a, false, Float.self)
                            Self.pass(two, line, count: lineLength, r, a, false, Float.self)
                            (base + (row - top) * width).update(from: line + reach, count: width)
                        }
                    }
                }
            }
        }
        passColumns(rows: height, length: width, clamp: false, keeping: reach..<(reach + window.height))
        writeMask(into: &output, bounds: window)
    }

    // MARK: Passes

    private mutating func preparePlanes(count: Int) {
        Self.grow(&planeA, to: count, with: 0)
        Self.grow(&planeB, to: count, with: 0)
    }

    /// Grows the two line buffers to at least `vectors` vectors and the column sums and zeros to `sums` floats.
    private mutating func prepareLines(vectors: Int, sums count: Int) {
        Self.grow(&lineA, to: vectors, with: .zero)
        Self.grow(&lineB, to: vectors, with: .zero)
        Self.grow(&sums, to: count, with: 0)
        Self.grow(&zeros, to: count, with: 0)
    }

    /// Appends `filler` to `array` until it holds `count` elements.
    private static func grow<Element>(_ array: inout [Element], to count: Int, with filler: Element) {
        if array.count < count { array.append(contentsOf: repeatElement(filler, count: count - array.count)) }
    }

    /// Runs the three horizontal passes on `contentRows` and the three vertical passes on all rows of the
    /// plane in `planeA` (`width × height` samples of `channels` floats), leaving the result in `planeA`.
    private mutating func blurPlane(width: Int, height: Int, channels: Int, contentRows: Range<Int>, clamp: Bool) {
        guard extent > 0 else { return }
        let rowLength = width * channels
        prepareLines(vectors: width, sums: rowLength)
        let r = radius
        let a = endWeight
        planeA.withUnsafeMutableBytes { plane in
            lineA.withUnsafeMutableBytes { first in
                lineB.withUnsafeMutableBytes { second in
                    let one = first.baseAddress!
                    let two = second.baseAddress!
                    var row = contentRows.lowerBound
                    if channels == 1 {
                        // Four rows at a time, interleaved so that each vector lane holds one row: the running sums
                        // of the four rows then advance together instead of one slow dependency chain per row.
                        while row + 4 <= contentRows.upperBound {
                            let lines = plane.baseAddress! + row * rowLength * 4
                            Self.interleave(lines, rowBytes: rowLength * 4, into: two, count: width)
                            Self.pass(two, one, count: width, r, a, clamp, SIMD4<Float>.self)
                            Self.pass(one, two, count: width, r, a, clamp, SIMD4<Float>.self)
                            Self.pass(two, one, count: width, r, a, clamp, SIMD4<Float>.self)
                            Self.deinterleave(one, into: lines, rowBytes: rowLength * 4, count: width)
                            row += 4
                        }
                    }
                    while row < contentRows.upperBound {
                        let line = plane.baseAddress! + row * rowLength * 4
                        if channels == 4 {
                            Self.pass(line, one, count: width, r, a, clamp, SIMD4<Float>.self)
                            Self.pass(one, two, count: width, r, a, clamp, SIMD4<Float>.self)
                            Self.pass(two, line, count: width, r, a, clamp, SIMD4<Float>.self)
                        } else {
                            Self.pass(line, one, count: width, r, a, clamp, Float.self)
                            Self.pass(one, two, count: width, r, a, clamp, Float.self)
                            Self.pass(two, line, count: width, r, a, clamp, Float.self)
                        }
                        row += 1
                    }
                }
            }
        }
        passColumns(rows: height, length: rowLength, clamp: clamp, keeping: 0..<height)
    }

    /// The three vertical passes over the `rows` rows of `length` floats at the start of ``planeA``, through
    /// ``planeB``; then rows `kept` of the result are copied to the start of ``planeA``. ``sums`` and ``zeros``
    /// must hold at least `length` floats.
    private mutating func passColumns(rows: Int, length: Int, clamp: Bool, keeping kept: Range<Int>) {
        let r = radius
        let a = endWeight
        planeA.withUnsafeMutableBufferPointer { first in
            planeB.withUnsafeMutableBufferPointer { second in
                sums.withUnsafeMutableBufferPointer { sums in
                    zeros.withUnsafeBufferPointer { zeros in
                        assert(sums.count >= length && zeros.count >= length, "the column sums need a full row")
                        let one = first.baseAddress!
                        let two = second.baseAddress!
                        let scratch = sums.baseAddress!
                        let zero = zeros.baseAddress!
                        Self.passRows(one, two, rows: rows, length: length, r, a, clamp, scratch, zero)
                        Self.passRows(two, one, rows: rows, length: length, r, a, clamp, scratch, zero)
                        Self.passRows(one, two, rows: rows, length: length, r, a, clamp, scratch, zero)
                        one.update(from: two + kept.lowerBound * length, count: kept.count * length)
                    }
                }
            }
        }
    }

    /// Gathers `count` floats from each of four rows `rowBytes` apart into `count` vectors, one row per lane.
    @inline(__always)
    private static func interleave(
        _ rows: UnsafeRawPointer, rowBytes: Int, into target: UnsafeMutableRawPointer, count: Int
    ) {
        for index in 0..<count {
            let offset = index &<< 2
            let vector = SIMD4<Float>(
                rows.load(fromByteOffset: offset, as: Float.self),
                rows.load(fromByteOffset: rowBytes &+ offset, as: Float.self),
                rows.load(fromByteOffset: 2 &* rowBytes &+ offset, as: Float.self),
                rows.load(fromByteOffset: 3 &* rowBytes &+ offset, as: Float.self))
            target.storeBytes(of: vector, toByteOffset: index &<< 4, as: SIMD4<Float>.self)
        }
    }

    /// The inverse of ``interleave(_:rowBytes:into:count:)``.
    @inline(__always)
    private static func deinterleave(
        _ source: UnsafeRawPointer, into rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int
    ) {
        for index in 0..<count {
            let vector = source.loadUnaligned(fromByteOffset: index &<< 4, as: SIMD4<Float>.self)
            let offset = index &<< 2
            rows.storeBytes(of: vector[0], toByteOffset: offset, as: Float.self)
            rows.storeBytes(of: vector[1], toByteOffset: rowBytes &+ offset, as: Float.self)
            rows.storeBytes(of: vector[2], toByteOffset: 2 &* rowBytes &+ offset, as: Float.self)
            rows.storeBytes(of: vector[3], toByteOffset: 3 &* rowBytes &+ offset, as: Float.self)
        }
    }

    /// One extended-box pass along a line of `count` samples from `source` to `target` (distinct buffers).
    @inline(__always)
    private static func pass<Sample: BlurSample>(
        _ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, count: Int, _ r: Int, _ a: Float,
        _ clamp: Bool, _: Sample.Type
    ) {
        let size = MemoryLayout<Sample>.stride
        @inline(__always) func at(_ index: Int) -> Sample {
            if index >= 0 && index < count {
                return source.loadUnaligned(fromByteOffset: index * size, as: Sample.self)
            }
            guard clamp else { return .zero }
            return source.loadUnaligned(fromByteOffset: (index < 0 ? 0 : count - 1) * size, as: Sample.self)
        }
        let norm = 1 / (Float(2 * r + 1) + 2 * a)
        var sum = Sample.zero
        for offset in -r...r { sum = sum + at(offset) }
        // Indices whose whole window (distance r + 1 either side) lies inside the line need no edge checks.
        let safeStart = Swift.min(r + 1, count)
        let safeEnd = Swift.max(safeStart, count - r - 1)
        var index = 0
        while index < safeStart {
            let ends = at(index - r - 1) + at(index + r + 1)
            target.storeBytes(of: (sum + ends * a) * norm, toByteOffset: index * size, as: Sample.self)
            sum = sum + at(index + r + 1) - at(index - r)
            index += 1
        }
        while index < safeEnd {
            let low = source.loadUnaligned(fromByteOffset: (index - r - 1) * size, as: Sample.self)
            let high = source.loadUnaligned(fromByteOffset: (index + r + 1) * size, as: Sample.self)
            target.storeBytes(of: (sum + (low + high) * a) * norm, toByteOffset: index * size, as: Sample.self)
            let leaving = source.loadUnaligned(fromByteOffset: (index - r) * size, as: Sample.self)
            sum = sum + high - leaving
            index += 1
        }
        while index < count {
            let ends = at(index - r - 1) + at(index + r + 1)
            target.storeBytes(of: (sum + ends * a) * norm, toByteOffset: index * size, as: Sample.self)
            sum = sum + at(index + r + 1) - at(index - r)
            index += 1
        }
    }

    /// One extended-box pass down the columns of a plane of `rows` rows of `length` floats, a whole row at a
    /// time (so the inner loops run along contiguous memory).
    private static func passRows(
        _ source: UnsafePointer<Float>, _ target: UnsafeMutablePointer<Float>, rows: Int, length: Int, _ r: Int,
        _ a: Float, _ clamp: Bool, _ sums: UnsafeMutablePointer<Float>, _ zeros: UnsafePointer<Float>
    ) {
        @inline(__always) func row(_ index: Int) -> UnsafePointer<Float> {
            if index >= 0 && index < rows { return source + index * length }
            guard clamp else { return zeros }
            return source + (index < 0 ? 0 : rows - 1) * length
        }
        let norm = 1 / (Float(2 * r + 1) + 2 * a)
        sums.update(repeating: 0, count: length)
        for offset in -r...r {
            let add = row(offset)
            guard add != zeros else { continue }
            for x in 0..<length { sums[x] += add[x] }
        }
        let vectorLength = length & ~3
        for index in 0..<rows {
            let low = UnsafeRawPointer(row(index - r - 1))
            let high = UnsafeRawPointer(row(index + r + 1))
            let leaving = UnsafeRawPointer(row(index - r))
            let out = UnsafeMutableRawPointer(target + index * length)
            let running = UnsafeMutableRawPointer(sums)
            // out = (sum + (low + high)·a)·norm, then the window moves down: sum += high − leaving.
            var x = 0
            while x < vectorLength {
                let offset = x &<< 2
                let sum = running.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                let entering = high.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                let ends = low.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) + entering
                out.storeBytes(of: (sum + ends * a) * norm, toByteOffset: offset, as: SIMD4<Float>.self)
                let left = leaving.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                running.storeBytes(of: sum + entering - left, toByteOffset: offset, as: SIMD4<Float>.self)
                x &+= 4
            }
            while x < length {
                let sum = sums[x]
                let entering = high.load(fromByteOffset: x &<< 2, as: Float.self)
                let ends = low.load(fromByteOffset: x &<< 2, as: Float.self) + entering
                out.storeBytes(of: (sum + ends * a) * norm, toByteOffset: x &<< 2, as: Float.self)
                sums[x] = sum + entering - leaving.load(fromByteOffset: x &<< 2, as: Float.self)
                x &+= 1
            }
        }
    }

    /// Rounds `planeA` (one float per pixel) into `output`'s coverage over `bounds`, with per-row spans.
    private func writeMask(into output: inout CoverageMask, bounds: PixelRect) {
        output.reset(bounds: bounds)
        let width = bounds.width
        planeA.withUnsafeBufferPointer { plane in
            output.withRows { coverage, spans in
                for row in 0..<bounds.height {
                    let source = plane.baseAddress! + row * width
                    let target = coverage.baseAddress! + row * width
                    var first = -1
                    var last = -1
                    for column in 0..<width {
                        let byte = UInt8(truncatingIfNeeded: Self.roundToByte(source[column]))
                        target[column] = byte
                        if byte != 0 {
                            if first < 0 { first = column }
                            last = column
                        }
                    }
                    if first >= 0 {
                        spans[row] = CoverageMask.RowSpan(start: Int32(first), end: Int32(last + 1))
                    }
                }
            }
        }
    }

    /// Rounds to the nearest byte value (halves up), clamping to `0 ... 255`.
    @inline(__always)
    static func roundToByte(_ value: Float) -> UInt32 {
        UInt32(Swift.min(Swift.max(value + 0.5, 0), 255.5))
    }
}

/// A sample the blur passes can average: one float (a mask) or four (a pixel).
protocol BlurSample {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Float) -> Self
}

extension Float: BlurSample {}
extension SIMD4: BlurSample where Scalar == Float {}
