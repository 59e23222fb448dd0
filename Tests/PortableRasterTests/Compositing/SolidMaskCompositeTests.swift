import Testing

@_spi(Engine) @testable import PortableRaster

/// A solid fill through a coverage mask paints each row's solid run (`CoverageMask.solidRun(row:)`) as full coverage
/// without reading its bytes, in C (`prk_solid_mask_over_avx2`) where AVX2 is available and in Swift otherwise. The
/// runs hold only 255 (`CoverageMaskSolidRunTests`), so the pixels must be exactly those of compositing every byte:
/// these cases compare the four ways (kernel or Swift loop, runs used or removed) on seeded masks and buffers.
@Suite("Solid fills through masks with solid runs")
struct SolidMaskCompositeTests {
    /// `mask` with no solid run recorded: every byte of every span is read.
    static func withoutRuns(_ mask: CoverageMask) -> CoverageMask {
        var copy = mask
        for row in copy.spans.indices {
            copy.spans[row] = CoverageMask.RowSpan(start: copy.spans[row].start, end: copy.spans[row].end)
        }
        return copy
    }

    /// `pixels` with `paint` composited through `mask`, by the kernel or by the Swift loop.
    static func composite(_ pixels: PixelBuffer, _ mask: CoverageMask, _ paint: SolidPaint, kernel: Bool) -> PixelBuffer
    {
        var copy = pixels
        copy.composite(mask, paint, vectorKernel: kernel)
        return copy
    }

    /// A buffer of seeded bytes, padding included.
    static func seededPixels(width: Int, height: Int, _ random: inout SplitMix64) throws -> PixelBuffer {
        var pixels = try PixelBuffer(width: width, height: height)
        pixels.storage.withUnsafeMutableBytes { bytes in
            for offset in bytes.indices { bytes[offset] = UInt8(truncatingIfNeeded: random.next()) }
        }
        return pixels
    }

    /// The pixels the four ways give when they agree (the Swift loop with no runs, as the reference), else nil.
    static func allWaysAgree(_ pixels: PixelBuffer, _ mask: CoverageMask, _ paint: SolidPaint) -> PixelBuffer? {
        let plain = withoutRuns(mask)
        let reference = composite(pixels, plain, paint, kernel: false)
        var ways = [composite(pixels, mask, paint, kernel: false)]
        if VectorKernels.avx2 {
            ways += [composite(pixels, mask, paint, kernel: true), composite(pixels, plain, paint, kernel: true)]
        }
        return ways.allSatisfy { $0.storage == reference.storage } ? reference : nil
    }

    @Test(
        "blue (0, 0, 128, 128) over white through a rectangle from x = 2.5: (127, 127, 255) inside, (191, 191, 255) at 128"
    )
    func workedNumber() throws {
        // The rectangle's rows record columns 6 ..< 38 as their solid run: the untouched quads of four cells between
        // the quads its sides cross (as in `CoverageMaskSolidRunTests`), long enough to be painted as a run.
        var path = RasterPath()
        path.addRect(x: 2.5, y: 1, width: 37.75, height: 4)
        let mask = CoverageMaskSolidRunTests.rasterize((path, .nonZero))
        #expect(mask.solidRun(row: 2) == 6..<38)
        var white = try PixelBuffer(width: 44, height: 6)
        white.fill(RGBA8(r: 255, g: 255, b: 255, a: 255), in: PixelRect(x: 0, y: 0, width: 44, height: 6))
        let result = try #require(Self.allWaysAgree(white, mask, SolidPaint(RGBA8(r: 0, g: 0, b: 128, a: 128))))
        // Full coverage: 0 + round(255 · 127 / 255) = 127 for red and green, 128 + 127 = 255 for blue.
        #expect((3..<40).allSatisfy { result[x: $0, y: 2] == RGBA8(r: 127, g: 127, b: 255, a: 255) })
        // Coverage 128: the colour scales to round(128 · 128 / 255) = 64, and 255 − 64 = 191 of white remains.
        #expect(result[x: 2, y: 2] == RGBA8(r: 191, g: 191, b: 255, a: 255))
        #expect(result[x: 10, y: 0] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test("scan-converted masks: runs used or not, kernel or Swift loop, the same pixels on 300 seeded shapes")
    func scanConvertedMasks() throws {
        var random = SplitMix64(seed: 9_120)
        var failures = 0
        var rowsWithRuns = 0
        for index in 0..<300 {
            let mask = CoverageMaskSolidRunTests.mask(&random)
            rowsWithRuns += (mask.bounds.y..<mask.bounds.maxY).count { !mask.solidRun(row: $0).isEmpty }
            // Smaller than the masks' 96 × 80 area, so some masks are cut at the right and bottom.
            let pixels = try Self.seededPixels(width: 70, height: 64, &random)
            if Self.allWaysAgree(pixels, mask, SolidPaintTailTests.seededPaint(index, &random)) == nil {
                failures += 1
            }
        }
        #expect(failures == 0)
        #expect(rowsWithRuns > 3_000)
    }

    @Test(
        "masks reaching past every side of the buffer, seeded runs and bytes, noise outside the spans: the same pixels"
    )
    func masksPastTheEdges() throws {
        var random = SplitMix64(seed: 5_517)
        var failures = 0
        for index in 0..<300 {
            let bounds = PixelRect(
                x: Int(random.next() % 40) - 20, y: Int(random.next() % 30) - 15, width: 1 + Int(random.next() % 90),
                height: 1 + Int(random.next() % 40))
            var mask = CoverageMask()
            mask.reset(bounds: bounds)
            mask.withRows { coverage, spans in
                // Bytes outside the spans must change nothing: the kernel reads some of them (the last few pixels of
                // a span take eight bytes in one load) into lanes it does not store.
                for offset in coverage.indices { coverage[offset] = UInt8(truncatingIfNeeded: random.next()) }
                for row in 0..<bounds.height {
                    let start = Int(random.next() % UInt64(bounds.width))
                    let end = start + 1 + Int(random.next() % UInt64(bounds.width - start))
                    let solidStart = start + Int(random.next() % UInt64(end - start + 1))
                    let solidEnd = solidStart + Int(random.next() % UInt64(end - solidStart + 1))
                    for column in start..<end {
                        let inRun = column >= solidStart && column < solidEnd
                        let kind = random.next() % 3
                        coverage[row * bounds.width + column] =
                            inRun || kind == 0 ? 255 : kind == 1 ? 0 : UInt8(truncatingIfNeeded: random.next())
                    }
                    spans[row] = CoverageMask.RowSpan(
                        start: Int32(start), end: Int32(end), solidStart: Int32(solidStart),
                        solidEnd: Int32(solidEnd))
                }
            }
            let pixels = try Self.seededPixels(width: 48, height: 20, &random)
            if Self.allWaysAgree(pixels, mask, SolidPaintTailTests.seededPaint(index, &random)) == nil {
                failures += 1
            }
        }
        #expect(failures == 0)
    }

    @Test(
        "masks of 300 × 200 pixels, composited on two threads by the kernel (100 rows each): the Swift loop's pixels"
    )
    func largeMasksOnTwoThreads() throws {
        // 200 rows and 60,000 pixels: at or past both of the kernel's thresholds for dividing the rows.
        #expect(200 >= HelperThread.rowsWorthDividing && 300 * 200 >= PixelBuffer.pixelsForHelper)
        var random = SplitMix64(seed: 7_203)
        var failures = 0
        for index in 0..<12 {
            var path = RasterPath()
            path.addEllipse(
                center: RasterPoint(x: 150 + random.unit() * 20, y: 100 + random.unit() * 10), radiusX: 140,
                radiusY: 95)
            path.addEllipse(center: RasterPoint(x: 150, y: 100), radiusX: 40 + random.unit() * 40, radiusY: 60)
            var converter = ScanConverter()
            var mask = CoverageMask()
            converter.fill(path, rule: .evenOdd, clip: PixelRect(x: 0, y: 0, width: 300, height: 200), into: &mask)
            let pixels = try Self.seededPixels(width: 300, height: 200, &random)
            if Self.allWaysAgree(pixels, mask, SolidPaintTailTests.seededPaint(index, &random)) == nil {
                failures += 1
            }
        }
        #expect(failures == 0)
    }

    @Test("a clear sparing seeded masks' runs sets exactly the pixels of its rectangle outside them (300 cases)")
    func clearSparesExactlyTheRuns() throws {
        var random = SplitMix64(seed: 6_011)
        var mismatches = 0
        var spared = 0
        for _ in 0..<300 {
            let mask = CoverageMaskSolidRunTests.mask(&random)
            var pixels = try Self.seededPixels(width: 90, height: 70, &random)
            let before = pixels
            // Rectangles reaching past the buffer and the mask on any side.
            let rect = PixelRect(
                x: Int(random.next() % 60) - 10, y: Int(random.next() % 50) - 10, width: Int(random.next() % 110),
                height: Int(random.next() % 90))
            let grey = RGBA8(r: 9, g: 8, b: 7, a: 10)
            pixels.fill(grey, in: rect, sparingSolidRunsOf: mask)
            for y in 0..<70 {
                for x in 0..<90 {
                    let inRect = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
                    let kept = !inRect || mask.solidRun(row: y).contains(x)
                    if inRect && kept { spared += 1 }
                    if pixels[x: x, y: y] != (kept ? before[x: x, y: y] : grey) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(spared > 20_000)
    }

    @Test("a clear sparing a rectangle's solid runs 6 ..< 38 on rows 1 … 4 leaves those 128 pixels as they were")
    func clearSparesSolidRuns() throws {
        var path = RasterPath()
        path.addRect(x: 2.5, y: 1, width: 37.75, height: 4)
        let mask = CoverageMaskSolidRunTests.rasterize((path, .nonZero))
        let grey = RGBA8(r: 7, g: 7, b: 7, a: 7)
        var pixels = try PixelBuffer(width: 44, height: 6)
        pixels.fill(grey, in: pixels.bounds)
        pixels.fill(.transparent, in: PixelRect(x: 1, y: 0, width: 42, height: 6), sparingSolidRunsOf: mask)
        let kept = (0..<6).flatMap { y in (0..<44).filter { pixels[x: $0, y: y] == grey }.map { ($0, y) } }
        // The 128 pixels of the runs, and columns 0 and 43 of every row, outside the rectangle cleared.
        #expect(kept.count == 128 + 12)
        #expect(kept.allSatisfy { x, y in x == 0 || x == 43 || (6..<38).contains(x) && (1..<5).contains(y) })
    }
}
