/// Fills runs of glyphs into a ``PixelBuffer`` or a ``CoverageMask``.
///
/// Use it in three steps: ``begin(clip:)``, one ``addGlyph(_:of:transform:)`` per glyph, then
/// ``finish(color:into:)`` (or ``finish(into:)`` for the coverage alone). The glyphs of a run are combined into
/// one coverage mask and the colour is composited once per pixel with source-over.
///
/// ## Two ways to a glyph's coverage
/// - **Cached bitmaps** (``cachesGlyphBitmaps``, on by default, for glyphs up to ``maximumCachedEmSize``
///   device pixels per em): a glyph is rasterized once per size, orientation and sub-pixel position and kept
///   in its ``Typeface`` (shared by all threads). The glyph origin's position is rounded to the nearest quarter
///   pixel in x and y, so a glyph may sit up to 1/8 pixel from its exact place; in exchange, drawing text that
///   was drawn before only copies coverage. Coverage of overlapping glyphs adds up, capped at full coverage.
/// - **Outlines** (larger glyphs, or with caching off): every glyph's outline goes into one exact-area scan
///   conversion with the nonzero rule, at its exact position.
///
/// A rasterizer keeps its scratch storage; once the glyphs of a text are cached, drawing it again allocates
/// nothing. Keep one per thread (it is a value type) and reuse it.
@_spi(Engine) public struct GlyphRasterizer: Sendable {
    /// Largest glyph size, in device pixels per em, whose bitmaps are cached.
    @_spi(Engine) public static let maximumCachedEmSize = 256.0
    /// Sub-pixel positions per pixel for cached bitmaps, in each direction.
    static let phases = 4.0

    /// Whether glyph bitmaps are cached and reused (see the type's documentation).
    @_spi(Engine) public var cachesGlyphBitmaps: Bool

    private var converter: ScanConverter
    private var glyphConverter: ScanConverter
    private var glyphMask = CoverageMask()
    private var outlineMask = CoverageMask()
    private var runMask = CoverageMask()
    /// Cached bitmaps placed in the current run, with their device position (the bitmap's top-left pixel).
    private var placements: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
    private var rowExtents: [(start: Int, end: Int)] = []
    private var clip = PixelRect.zero
    private var isOpen = false
    private var hasOutlines = false

    /// Creates a rasterizer whose curves are flattened to within `tolerance` device pixels.
    @_spi(Engine) public init(tolerance: Double = ScanConverter.defaultTolerance, cachesGlyphBitmaps: Bool = true) {
        converter = ScanConverter(tolerance: tolerance)
        glyphConverter = ScanConverter(tolerance: tolerance)
        self.cachesGlyphBitmaps = cachesGlyphBitmaps
    }

    /// Starts a run whose pixels are limited to `clip` (normally the bounds of the target buffer).
    @_spi(Engine) public mutating func begin(clip newClip: PixelRect) {
        converter.begin(clip: newClip)
        clip = newClip
        placements.removeAll(keepingCapacity: true)
        hasOutlines = false
        isOpen = true
    }

    /// Adds `glyph` mapped by `transform` from font units (y up) to device pixels (y down).
    ///
    /// For a glyph of `size` pixels per em with its origin at device point `(x, y)`, the transform is
    /// `scale(size / unitsPerEm, −size / unitsPerEm)` followed by a translation to `(x, y)`. Glyphs that cannot
    /// be read add nothing; a non-finite transform adds nothing.
    @_spi(Engine) public mutating func addGlyph(_ glyph: UInt16, of typeface: Typeface, transform: Affine2D) {
        guard isOpen, transform.isFinite else { return }
        let emSize =
            Swift.max(
                (transform.a * transform.a + transform.b * transform.b).squareRoot(),
                (transform.c * transform.c + transform.d * transform.d).squareRoot()) * Double(typeface.unitsPerEm)
        guard cachesGlyphBitmaps, emSize <= Self.maximumCachedEmSize,
            abs(transform.tx) < 1e9, abs(transform.ty) < 1e9
        else {
            let outline = typeface.cachedOutline(of: glyph)
            guard !outline.isEmpty else { return }
            converter.addPath(outline, transform: transform)
            hasOutlines = true
            return
        }
        var originX = (transform.tx * Self.phases).rounded()
        var originY = (transform.ty * Self.phases).rounded()
        let phaseX = originX - (originX / Self.phases).rounded(.down) * Self.phases
        let phaseY = originY - (originY / Self.phases).rounded(.down) * Self.phases
        originX = (originX - phaseX) / Self.phases
        originY = (originY - phaseY) / Self.phases
        let key = GlyphBitmapKey(
            glyph: glyph, a: transform.a.bitPattern, b: transform.b.bitPattern, c: transform.c.bitPattern,
            d: transform.d.bitPattern, phaseX: UInt8(phaseX), phaseY: UInt8(phaseY))
        let bitmap: GlyphBitmap
        if let cached = typeface.cachedBitmap(for: key) {
            bitmap = cached
        } else {
            var local = transform
            local.tx = phaseX / Self.phases
            local.ty = phaseY / Self.phases
            guard let fresh = rasterize(glyph, of: typeface, transform: local) else {
                // An outline reaching far outside its em: draw it directly instead of caching a huge bitmap.
                converter.addPath(typeface.cachedOutline(of: glyph), transform: transform)
                hasOutlines = true
                return
            }
            bitmap = fresh
            typeface.storeBitmap(bitmap, for: key)
        }
        guard bitmap.width > 0 else { return }
        placements.append((bitmap, Int(originX) + bitmap.left, Int(originY) + bitmap.top))
    }

    /// Most pixels a cached glyph bitmap may span.
    static let maximumBitmapArea = 1 << 20

    /// The coverage of `glyph` under `transform`, with the bitmap placed relative to device pixel (0, 0); `nil`
    /// when the outline's box spans more than ``maximumBitmapArea`` pixels.
    private mutating func rasterize(_ glyph: UInt16, of typeface: Typeface, transform: Affine2D) -> GlyphBitmap? {
        let outline = typeface.cachedOutline(of: glyph)
        guard let first = outline.points.first else { return .empty }
        var minimum = transform.apply(to: first)
        var maximum = minimum
        for point in outline.points {
            let mapped = transform.apply(to: point)
            minimum = RasterPoint(x: Swift.min(minimum.x, mapped.x), y: Swift.min(minimum.y, mapped.y))
            maximum = RasterPoint(x: Swift.max(maximum.x, mapped.x), y: Swift.max(maximum.y, mapped.y))
        }
        // Control points enclose the curves, so this box holds the whole glyph.
        let left = Int(minimum.x.rounded(.down)) - 1
        let top = Int(minimum.y.rounded(.down)) - 1
        let width = Int(maximum.x.rounded(.up)) + 1 - left
        let height = Int(maximum.y.rounded(.up)) + 1 - top
        guard width * height <= Self.maximumBitmapArea else { return nil }
        let box = PixelRect(x: left, y: top, width: width, height: height)
        glyphConverter.fill(outline, transform: transform, rule: .nonZero, clip: box, into: &glyphMask)
        return GlyphBitmap(mask: glyphMask)
    }

    /// Rasterizes the run and composites `color` through its coverage.
    @_spi(Engine) public mutating func finish(color: PremultipliedColor, into buffer: inout PixelBuffer) {
        guard isOpen else { return }
        buildRunMask()
        buffer.fill(runMask, color: color)
    }

    /// Rasterizes the run into `target` without painting it (for clipping to text or measuring coverage).
    @_spi(Engine) public mutating func finish(into target: inout CoverageMask) {
        guard isOpen else {
            target.removeAll()
            return
        }
        buildRunMask()
        swap(&target, &runMask)
    }

    /// Adds `count` coverage bytes from `source` to `target`, saturating at 255, sixteen at a time.
    @inline(__always)
    private static func addSaturating(
        _ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        var index = 0
        while index + 16 <= count {
            let a = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let b = UnsafeRawPointer(target + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let sum = a &+ b
            let saturated = sum.replacing(with: 255, where: sum .< a)
            UnsafeMutableRawPointer(target + index).storeBytes(of: saturated, as: SIMD16<UInt8>.self)
            index += 16
        }
        while index < count {
            let sum = Int(source[index]) + Int(target[index])
            target[index] = UInt8(truncatingIfNeeded: Swift.min(sum, 255))
            index += 1
        }
    }

    /// Combines the scan-converted outlines and the placed bitmaps into ``runMask``.
    private mutating func buildRunMask() {
        isOpen = false
        if hasOutlines {
            converter.finish(rule: .nonZero, into: &outlineMask)
        } else {
            outlineMask.removeAll()
        }
        if placements.isEmpty {
            swap(&runMask, &outlineMask)
            return
        }
        // The union of every placed bitmap (and the outline mask), inside the clip.
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        for placement in placements {
            minX = Swift.min(minX, placement.x)
            minY = Swift.min(minY, placement.y)
            maxX = Swift.max(maxX, placement.x + placement.bitmap.width)
            maxY = Swift.max(maxY, placement.y + placement.bitmap.height)
        }
        let outlineBounds = outlineMask.bounds
        if !outlineBounds.isEmpty {
            minX = Swift.min(minX, outlineBounds.x)
            minY = Swift.min(minY, outlineBounds.y)
            maxX = Swift.max(maxX, outlineBounds.maxX)
            maxY = Swift.max(maxY, outlineBounds.maxY)
        }
        let bounds = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(clip)
        guard !bounds.isEmpty else {
            runMask.removeAll()
            placements.removeAll(keepingCapacity: true)
            return
        }
        runMask.reset(bounds: bounds)
        rowExtents.removeAll(keepingCapacity: true)
        rowExtents.append(contentsOf: repeatElement((start: Int.max, end: Int.min), count: bounds.height))
        let width = bounds.width
        runMask.coverage.withUnsafeMutableBufferPointer { coverage in
            coverage.baseAddress!.update(repeating: 0, count: width * bounds.height)
            for placement in placements {
                let bitmap = placement.bitmap
                let firstRow = Swift.max(placement.y, bounds.y)
                let lastRow = Swift.min(placement.y + bitmap.height, bounds.maxY)
                let firstColumn = Swift.max(placement.x, bounds.x)
                let lastColumn = Swift.min(placement.x + bitmap.width, bounds.maxX)
                guard firstRow < lastRow, firstColumn < lastColumn else { continue }
                bitmap.bytes.withUnsafeBufferPointer { source in
                    for row in firstRow..<lastRow {
                        let sourceRow = (row - placement.y) * bitmap.width - placement.x
                        let targetRow = (row - bounds.y) * width - bounds.x
                        Self.addSaturating(
                            source.baseAddress! + sourceRow + firstColumn,
                            into: coverage.baseAddress! + targetRow + firstColumn,
                            count: lastColumn - firstColumn)
                        let extent = rowExtents[row - bounds.y]
                        rowExtents[row - bounds.y] = (
                            Swift.min(extent.start, firstColumn - bounds.x),
                            Swift.max(extent.end, lastColumn - bounds.x)
                        )
                    }
                }
            }
            if !outlineBounds.isEmpty {
                for row in Swift.max(outlineBounds.y, bounds.y)..<Swift.min(outlineBounds.maxY, bounds.maxY) {
                    outlineMask.withRow(row) { columns, source in
                        let targetRow = (row - bounds.y) * width - bounds.x
                        var start = Int.max
                        var end = Int.min
                        for (offset, column) in columns.enumerated() where column >= bounds.x && column < bounds.maxX {
                            let sum = Int(coverage[targetRow + column]) + Int(source[offset])
                            coverage[targetRow + column] = UInt8(truncatingIfNeeded: Swift.min(sum, 255))
                            start = Swift.min(start, column - bounds.x)
                            end = Swift.max(end, column - bounds.x + 1)
                        }
                        let extent = rowExtents[row - bounds.y]
                        rowExtents[row - bounds.y] = (Swift.min(extent.start, start), Swift.max(extent.end, end))
                    }
                }
            }
        }
        for (row, extent) in rowExtents.enumerated() where extent.start < extent.end {
            runMask.spans[row] = CoverageMask.RowSpan(start: Int32(extent.start), end: Int32(extent.end))
        }
        placements.removeAll(keepingCapacity: true)
    }
}
