/// A rectangular image of premultiplied RGBA pixels, 8 bits per channel.
///
/// Pixel `(x, y)` starts at byte `y × bytesPerRow + x × 4` of ``bytes`` and holds red, green, blue, alpha in
/// that order (see ``RGBA8``). Row 0 is the top row. Rows may be padded: ``bytesPerRow`` is at least
/// `width × 4`, and buffers created by ``init(width:height:)`` round it up to a multiple of 16 bytes so that
/// every row starts on the same 16-byte boundary as the first. Padding bytes are never read for pixels
/// and never written by drawing.
///
/// The buffer is a value type with copy-on-write storage: copying it is cheap until one copy is changed.
@_spi(Engine) public struct PixelBuffer: Sendable {
    /// Largest allowed width or height, in pixels.
    @_spi(Engine) public static let maximumSide = 32_767
    /// Largest allowed storage, in bytes (1 GiB, for example 16 384 × 16 384 pixels).
    @_spi(Engine) public static let maximumByteCount = 1 << 30

    /// Number of columns, at least 1.
    @_spi(Engine) public let width: Int
    /// Number of rows, at least 1.
    @_spi(Engine) public let height: Int
    /// Distance in bytes from the start of one row to the start of the next, at least `width × 4`.
    @_spi(Engine) public let bytesPerRow: Int
    /// The pixel storage, `bytesPerRow × height` bytes or, for adopted storage, at least enough for the last row.
    @_spi(Engine) public var bytes: [UInt8] { storage }
    /// The storage itself; internal so that drawing code in this module can write it in place.
    var storage: [UInt8]

    /// Creates a buffer of transparent pixels (all bytes zero).
    ///
    /// - Throws: ``PixelBufferError/nonPositiveSize(width:height:)`` when a side is below 1;
    ///   ``PixelBufferError/tooLarge(width:height:)`` when a side exceeds ``maximumSide`` or the storage would
    ///   exceed ``maximumByteCount``.
    @_spi(Engine) public init(width: Int, height: Int) throws(PixelBufferError) {
        try Self.validate(width: width, height: height)
        let stride = (width * 4 + 15) & ~15
        guard stride * height <= Self.maximumByteCount else {
            throw .tooLarge(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.storage = [UInt8](repeating: 0, count: stride * height)
    }

    /// Adopts existing premultiplied RGBA storage laid out with the given row stride.
    ///
    /// - Throws: the size errors of ``init(width:height:)``;
    ///   ``PixelBufferError/bytesPerRowTooSmall(bytesPerRow:minimum:)`` when `bytesPerRow < width × 4`;
    ///   ``PixelBufferError/storageTooSmall(count:required:)`` when `bytes` cannot hold the last row.
    @_spi(Engine) public init(width: Int, height: Int, bytesPerRow: Int, bytes: [UInt8]) throws(PixelBufferError) {
        try Self.validate(width: width, height: height)
        guard bytesPerRow >= width * 4 else {
            throw .bytesPerRowTooSmall(bytesPerRow: bytesPerRow, minimum: width * 4)
        }
        let (rows, rowsOverflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !rowsOverflow, rows <= Self.maximumByteCount else {
            throw .tooLarge(width: width, height: height)
        }
        let required = rows + width * 4
        guard bytes.count >= required else {
            throw .storageTooSmall(count: bytes.count, required: required)
        }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.storage = bytes
    }

    private static func validate(width: Int, height: Int) throws(PixelBufferError) {
        guard width >= 1, height >= 1 else { throw .nonPositiveSize(width: width, height: height) }
        guard width <= maximumSide, height <= maximumSide else { throw .tooLarge(width: width, height: height) }
    }

    /// The whole buffer as a rectangle at the origin.
    @_spi(Engine) public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at column `x`, row `y`. Both must be inside ``bounds`` (checked; out of range traps).
    @_spi(Engine) public subscript(x x: Int, y y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the buffer")
            let offset = y * bytesPerRow + x * 4
            return RGBA8(r: storage[offset], g: storage[offset + 1], b: storage[offset + 2], a: storage[offset + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the buffer")
            let offset = y * bytesPerRow + x * 4
            storage.withUnsafeMutableBufferPointer { bytes in
                bytes[offset] = newValue.r
                bytes[offset + 1] = newValue.g
                bytes[offset + 2] = newValue.b
                bytes[offset + 3] = newValue.a
            }
        }
    }

    /// Sets every pixel to `color` (replacing, not blending).
    @_spi(Engine) public mutating func fill(_ color: RGBA8) {
        fill(color, in: bounds)
    }

    /// Whether every pixel is `color` (for invariant checks).
    @_spi(Engine) public func isFilled(with color: RGBA8) -> Bool {
        let value = color.packed.littleEndian
        return storage.withUnsafeBytes { raw in
            (0..<height).allSatisfy { row in
                let start = raw.baseAddress! + row * bytesPerRow
                return (0..<width).allSatisfy { start.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) == value }
            }
        }
    }

    /// Sets every pixel of `rect` that lies inside the buffer to `color` (replacing, not blending).
    @_spi(Engine) public mutating func fill(_ color: RGBA8, in rect: PixelRect) {
        fill(color, in: rect, sparing: nil)
    }

    /// Sets every pixel of `rect` that lies inside the buffer to `color`, except those of `mask`'s solid runs
    /// (``CoverageMask/solidRun(row:)``), which keep what they hold: for a drawing about to set those pixels itself.
    @_spi(Engine) public mutating func fill(_ color: RGBA8, in rect: PixelRect, sparingSolidRunsOf mask: CoverageMask) {
        fill(color, in: rect, sparing: mask)
    }

    /// The two fills above: every pixel of `rect` inside the buffer but those of `mask`'s solid runs, if any.
    ///
    /// The runs are read from the mask's row spans directly (``CoverageMask/solidRun(row:)``'s answer, cut to the
    /// area): a frame's clear goes through every row of the frame, and most rows spare a run.
    private mutating func fill(_ color: RGBA8, in rect: PixelRect, sparing mask: CoverageMask?) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let stride = bytesPerRow
        let value = color.packed.littleEndian
        let maskBounds = mask?.bounds ?? .zero
        let maskSpans = mask?.spans ?? []
        storage.withUnsafeMutableBytes { raw in
            maskSpans.withUnsafeBufferPointer { spans in
                let maskRows = Swift.min(Swift.max(maskBounds.height, 0), spans.count)
                for row in area.y..<area.maxY {
                    let start = raw.baseAddress! + row * stride
                    // The spared columns: the row's solid run inside the area, empty when the two do not meet.
                    var runStart = area.x
                    var runEnd = area.x
                    let maskRow = row - maskBounds.y
                    if maskRow >= 0 && maskRow < maskRows {
                        runStart = Swift.max(maskBounds.x + Int(spans[maskRow].solidStart), area.x)
                        runEnd = Swift.min(maskBounds.x + Int(spans[maskRow].solidEnd), area.maxX)
                    }
                    guard runStart < runEnd else {
                        Self.set(start + area.x * 4, count: area.width, to: value)
                        continue
                    }
                    Self.set(start + area.x * 4, count: runStart - area.x, to: value)
                    Self.set(start + runEnd * 4, count: area.maxX - runEnd, to: value)
                }
            }
        }
    }

    /// Sets `count` pixel words from `start` to `value` (a little-endian pixel word). Long runs of zero go to
    /// `memset`; short ones (a clear's few pixels beside a spared run) are stored here, without the call.
    @inline(__always)
    private static func set(_ start: UnsafeMutableRawPointer, count: Int, to value: UInt32) {
        if value == 0 && count >= 16 {
            start.initializeMemory(as: UInt8.self, repeating: 0, count: count * 4)
            return
        }
        let quad = SIMD4<UInt32>(repeating: value)
        var column = 0
        while column + 4 <= count {
            start.storeBytes(of: quad, toByteOffset: column * 4, as: SIMD4<UInt32>.self)
            column += 4
        }
        while column < count {
            start.storeBytes(of: value, toByteOffset: column * 4, as: UInt32.self)
            column += 1
        }
    }

    /// Sets every pixel to transparent.
    @_spi(Engine) public mutating func clear() {
        fill(.transparent)
    }

    /// Calls `body` with read access to the raw storage (layout as described on the type).
    @_spi(Engine) public func withUnsafeBytes<R, E: Error>(
        _ body: (UnsafeRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        let result: Result<R, E> = storage.withUnsafeBytes { raw in
            do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Calls `body` with write access to the raw storage (layout as described on the type). `body` must keep
    /// colour channels at or below alpha; the compositing code stays in range either way but the colours
    /// it produces from invalid pixels are unspecified.
    @_spi(Engine) public mutating func withUnsafeMutableBytes<R, E: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        let result: Result<R, E> = storage.withUnsafeMutableBytes { raw in
            do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

extension PixelBuffer: Equatable {
    /// Two buffers are equal when they have the same size and the same pixels; row padding and the row
    /// stride are ignored.
    @_spi(Engine) public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        let rowBytes = lhs.width * 4
        return lhs.storage.withUnsafeBytes { left in
            rhs.storage.withUnsafeBytes { right in
                for row in 0..<lhs.height {
                    let a = UnsafeRawBufferPointer(
                        rebasing: left[(row * lhs.bytesPerRow)..<(row * lhs.bytesPerRow + rowBytes)])
                    let b = UnsafeRawBufferPointer(
                        rebasing: right[(row * rhs.bytesPerRow)..<(row * rhs.bytesPerRow + rowBytes)])
                    if !a.elementsEqual(b) { return false }
                }
                return true
            }
        }
    }
}
