/// Anti-aliased coverage of a region of device pixels: one byte per pixel, 0 (outside) to 255 (fully inside).
///
/// A mask covers the rectangle ``bounds``; every pixel outside it has coverage 0. Inside, each row keeps a
/// span (a range of columns) outside which coverage is also 0, so consumers touch only the pixels a shape
/// reaches and empty rows cost one comparison. Bytes outside a row's span are not kept up to date and are
/// never read through the public API.
///
/// Masks are made by ``ScanConverter`` and consumed by the compositing functions
/// (``PixelBuffer/fill(_:color:)``) and by ``intersect(with:)`` for clipping. A mask is meant to be kept and
/// refilled: refilling reuses its storage, so steady-state drawing allocates nothing.
@_spi(Engine) public struct CoverageMask: Sendable {
    /// The columns of one row that may have nonzero coverage, in mask-local columns `start ..< end`, and a run
    /// `solidStart ..< solidEnd` inside them known to have coverage 255 throughout (empty when none is known).
    ///
    /// The solid run lets clipping skip the pixels where one mask leaves the other unchanged. Writers that do not
    /// know such a run give none (``init(start:end:)``); it is never needed for correctness.
    @usableFromInline
    struct RowSpan: Sendable {
        @usableFromInline var start: Int32
        @usableFromInline var end: Int32
        @usableFromInline var solidStart: Int32
        @usableFromInline var solidEnd: Int32

        @usableFromInline static let empty = RowSpan(start: 0, end: 0)

        /// A span with no known solid run.
        @inlinable init(start: Int32, end: Int32) {
            self.init(start: start, end: end, solidStart: 0, solidEnd: 0)
        }

        /// A span whose columns `solidStart ..< solidEnd` all have coverage 255; an empty or inverted run is
        /// stored as none.
        @inlinable init(start: Int32, end: Int32, solidStart: Int32, solidEnd: Int32) {
            assert(solidStart >= solidEnd || (start <= solidStart && solidEnd <= end), "solid run inside the span")
            self.start = start
            self.end = end
            let hasRun = solidStart < solidEnd
            self.solidStart = hasRun ? solidStart : 0
            self.solidEnd = hasRun ? solidEnd : 0
        }
    }

    /// The device pixels the mask describes; coverage is 0 everywhere else.
    @_spi(Engine) public private(set) var bounds: PixelRect = .zero
    /// Row-major coverage bytes for ``bounds``, `bounds.width` bytes per row (valid only inside each span).
    @usableFromInline var coverage: [UInt8] = []
    /// One span per row of ``bounds``.
    @usableFromInline var spans: [RowSpan] = []
    /// Whether every pixel of ``bounds`` is known to have coverage 255 (a mask made by ``cover(_:)``): clipping by
    /// such a mask only cuts to its bounds. False does not mean a pixel is partly covered. Every writer of the
    /// bytes starts with ``reset(bounds:)``, which clears it.
    @_spi(Engine) public internal(set) var isSolid = false

    /// Creates an empty mask (no pixel covered).
    @_spi(Engine) public init() {}

    /// Creates a mask that covers `rect` uniformly with `coverage` (255 for fully inside).
    @_spi(Engine) public init(filling rect: PixelRect, coverage value: UInt8 = 255) {
        cover(rect, coverage: value)
    }

    /// Makes the mask cover `rect` uniformly with `coverage` (255 for fully inside; then ``isSolid``), reusing its
    /// storage; an empty `rect` or coverage 0 leaves it empty.
    @_spi(Engine) public mutating func cover(_ rect: PixelRect, coverage value: UInt8 = 255) {
        guard !rect.isEmpty, value != 0 else {
            removeAll()
            return
        }
        reset(bounds: rect)
        let count = rect.width * rect.height
        coverage.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.update(repeating: value, count: count)
        }
        let width = Int32(rect.width)
        isSolid = value == 255
        let span = RowSpan(start: 0, end: width, solidStart: 0, solidEnd: isSolid ? width : 0)
        spans.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress!.update(repeating: span, count: rect.height)
        }
    }

    /// Creates a mask from row-major coverage bytes for `bounds` (`bounds.width` bytes per row), for example
    /// the alpha channel of an image used as a mask. Each row's span is trimmed to its nonzero bytes.
    ///
    /// - Precondition: `bytes.count == bounds.width × bounds.height` (an empty `bounds` needs no bytes).
    @_spi(Engine) public init(bounds rect: PixelRect, coverage bytes: [UInt8]) {
        guard !rect.isEmpty else { return }
        precondition(bytes.count == rect.width * rect.height, "coverage needs \(rect.width * rect.height) bytes")
        reset(bounds: rect)
        coverage = bytes
        for row in 0..<rect.height {
            let base = row * rect.width
            guard let first = (0..<rect.width).first(where: { bytes[base + $0] != 0 }),
                let last = (0..<rect.width).last(where: { bytes[base + $0] != 0 })
            else { continue }
            spans[row] = RowSpan(start: Int32(first), end: Int32(last + 1))
        }
    }

    /// Whether no pixel has nonzero coverage recorded (every row span is empty).
    @_spi(Engine) public var isEmpty: Bool {
        !spans.prefix(bounds.isEmpty ? 0 : bounds.height).contains { $0.start < $0.end }
    }

    /// The device columns of row `y` that may have nonzero coverage; an empty range when none do.
    @_spi(Engine) public func span(row y: Int) -> Range<Int> {
        guard y >= bounds.y, y < bounds.maxY else { return 0..<0 }
        let span = spans[y - bounds.y]
        guard span.start < span.end else { return 0..<0 }
        return (bounds.x + Int(span.start))..<(bounds.x + Int(span.end))
    }

    /// The device columns of row `y` known to have coverage 255 (a run the mask's writer recorded; pixels outside
    /// it may be fully covered too); an empty range when none is known.
    @_spi(Engine) public func solidRun(row y: Int) -> Range<Int> {
        guard y >= bounds.y, y < bounds.maxY else { return 0..<0 }
        let span = spans[y - bounds.y]
        guard span.solidStart < span.solidEnd else { return 0..<0 }
        return (bounds.x + Int(span.solidStart))..<(bounds.x + Int(span.solidEnd))
    }

    /// The coverage of device pixel `(x, y)`: 0 outside the mask, 255 fully covered.
    @_spi(Engine) public func coverage(x: Int, y: Int) -> UInt8 {
        guard y >= bounds.y, y < bounds.maxY, x >= bounds.x, x < bounds.maxX else { return 0 }
        let row = y - bounds.y
        let column = x - bounds.x
        let span = spans[row]
        guard column >= Int(span.start), column < Int(span.end) else { return 0 }
        return coverage[row * bounds.width + column]
    }

    /// The sum of all coverage bytes: the covered area in pixels times 255.
    @_spi(Engine) public var totalCoverage: Int {
        var total = 0
        for row in 0..<Swift.max(0, bounds.height) {
            let span = spans[row]
            guard span.start < span.end else { continue }
            let base = row * bounds.width
            for column in Int(span.start)..<Int(span.end) {
                total += Int(coverage[base + column])
            }
        }
        return total
    }

    /// Calls `body` with the span of device row `y` (device columns) and its coverage bytes (one per column
    /// of the span). Rows outside the mask give an empty span and an empty buffer.
    @_spi(Engine) public func withRow<R, E: Error>(
        _ y: Int, _ body: (_ columns: Range<Int>, _ coverage: UnsafeBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        let columns = span(row: y)
        guard !columns.isEmpty else { return try body(columns, UnsafeBufferPointer(start: nil, count: 0)) }
        let offset = (y - bounds.y) * bounds.width + (columns.lowerBound - bounds.x)
        let result: Result<R, E> = coverage.withUnsafeBufferPointer { bytes in
            let row = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + columns.count)])
            do throws(E) { return .success(try body(columns, row)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Makes the mask describe `newBounds` with every row empty, reusing storage when it is large enough.
    @usableFromInline
    mutating func reset(bounds newBounds: PixelRect) {
        isSolid = false
        guard !newBounds.isEmpty else {
            bounds = .zero
            return
        }
        bounds = newBounds
        let byteCount = newBounds.width * newBounds.height
        if coverage.count < byteCount {
            coverage.append(contentsOf: repeatElement(0, count: byteCount - coverage.count))
        }
        if spans.count < newBounds.height {
            spans.append(contentsOf: repeatElement(.empty, count: newBounds.height - spans.count))
        }
        spans.withUnsafeMutableBufferPointer { rows in
            rows.baseAddress!.update(repeating: .empty, count: newBounds.height)
        }
    }

    /// Calls `body` with the mask's coverage bytes and row spans for writing, as the writers that fill a mask row by
    /// row after ``reset(bounds:)`` take them: `bounds.width × bounds.height` bytes, row-major, and one span per row
    /// (the buffers may hold more, left over from larger masks).
    @inline(__always)
    mutating func withRows<R>(
        _ body: (_ coverage: UnsafeMutableBufferPointer<UInt8>, _ spans: UnsafeMutableBufferPointer<RowSpan>) -> R
    ) -> R {
        coverage.withUnsafeMutableBufferPointer { bytes in
            spans.withUnsafeMutableBufferPointer { rows in body(bytes, rows) }
        }
    }

    /// Removes all coverage, keeping the storage for reuse.
    @_spi(Engine) public mutating func removeAll() {
        bounds = .zero
        isSolid = false
    }
}
