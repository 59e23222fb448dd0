import CRasterKernels

#if !_endian(little)
    #error("the pixel compositing code reads RGBA bytes as little-endian 32-bit words")
#endif

extension PixelBuffer {
    /// Paints `color` through `mask` with the source-over operator, at opacity `alpha`.
    ///
    /// Global alpha is folded into the colour first (in floating point). The colour then reaches the blend with
    /// 16 bits per channel rather than rounded to 8: each premultiplied channel `c` is carried as
    /// `C = round(255² · c)` (units of 1/255 of a level), alpha as the 8-bit `A = round(255 · alpha)` (halves
    /// away from zero, as ``PremultipliedColor/rgba8``), with `C ≤ 255 · A`. For coverage `m` (0 … 255) and a
    /// destination channel `d`:
    ///
    ///     m = 255:  result = round((C + d · (255 − A)) / 255)                     one rounding
    ///     m < 255:  s = round(C · m / 255²),  a = round(A · m / 255)
    ///               result = s + round(d · (255 − a) / 255)
    ///
    /// So a translucent colour over an opaque pixel is correctly rounded — there is no rounding of the colour
    /// before the blend to round again — and at partial coverage the colour scaled by coverage is rounded once,
    /// from the precise colour, before source-over. For a colour whose channels are whole 8-bit levels the two
    /// lines are exactly those of ``fill(_:color:)-(_,RGBA8)``. Results never exceed 255 and colour channels never
    /// exceed alpha. `alpha` is clamped to `0 ... 1` and NaN paints nothing.
    @_spi(Engine) public mutating func fill(_ mask: CoverageMask, color: PremultipliedColor, alpha: Float = 1) {
        composite(mask, SolidPaint(color.scaled(by: alpha)))
    }

    /// Paints the premultiplied `color` through `mask` with the source-over operator.
    ///
    /// For coverage `m` (0 … 255) each channel becomes
    ///
    ///     s = round(color · m / 255)            (for all four channels)
    ///     result = s + round(destination · (255 − s.alpha) / 255)
    ///
    /// with exact rounding (see `ByteMath.swift`); the result never exceeds 255. Pixels of the mask that lie
    /// outside the buffer are ignored.
    ///
    /// Speed: the rows' solid runs (``CoverageMask/solidRun(row:)``) are painted without reading their coverage,
    /// runs of 16 pixels with no coverage are skipped, fully covered runs of an opaque colour are plain stores, and
    /// everything else is blended four pixels at a time, with the red/blue and green/alpha channel pairs of each
    /// pixel in 16-bit vector lanes.
    @_spi(Engine) public mutating func fill(_ mask: CoverageMask, color: RGBA8) {
        composite(mask, SolidPaint(color))
    }

    /// Solid runs shorter than this many pixels are composited with the rest of their row's span: splitting a row
    /// costs two more runs, and a short run saves little reading (`PRK_SHORTEST_SOLID_RUN` in the C kernel).
    static let shortestSolidRun = 16

    /// Masks at least `HelperThread.rowsWorthDividing` rows tall and this many pixels in area are composited on two
    /// threads, half of the rows each (``HelperThread``).
    static let pixelsForHelper = 32_768

    /// Composites `paint` through `mask`, row span by row span; a row's solid run (``CoverageMask/solidRun(row:)``)
    /// is painted as full coverage without reading its bytes, which gives the same pixels. With AVX2 the whole
    /// mask is one call into C (`prk_solid_mask_over_avx2`), with the same arithmetic; `vectorKernel` false takes
    /// the Swift loop (tests compare the two).
    mutating func composite(_ mask: CoverageMask, _ paint: SolidPaint, vectorKernel: Bool = VectorKernels.avx2) {
        guard paint.alpha != 0 else { return }  // premultiplied: alpha 0 means every channel is 0
        let area = mask.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        let stride = bytesPerRow
        let maskBounds = mask.bounds
        storage.withUnsafeMutableBytes { pixels in
            mask.coverage.withUnsafeBufferPointer { coverage in
                mask.spans.withUnsafeBufferPointer { spans in
                    let firstRow = area.y - maskBounds.y
                    let columnOffset = area.x - maskBounds.x
                    let destination = pixels.baseAddress! + area.y * stride + area.x * 4
                    let weights = coverage.baseAddress! + firstRow * maskBounds.width + columnOffset
                    #if arch(x86_64)
                        if vectorKernel {
                            Self.compositeWithKernel(
                                paint, destination, stride, weights, maskBounds.width,
                                readableEnd: coverage.baseAddress! + coverage.count, spans, firstRow: firstRow,
                                rows: area.height, columnOffset: columnOffset, width: area.width)
                            return
                        }
                    #endif
                    for row in 0..<area.height {
                        let span = spans[firstRow + row]
                        let start = Swift.max(Int(span.start) - columnOffset, 0)
                        let end = Swift.min(Int(span.end) - columnOffset, area.width)
                        guard start < end else { continue }
                        let pixelRow = destination + row * stride
                        let weightRow = weights + row * maskBounds.width
                        let solidStart = Swift.max(Int(span.solidStart) - columnOffset, start)
                        let solidEnd = Swift.min(Int(span.solidEnd) - columnOffset, end)
                        guard solidEnd - solidStart >= Self.shortestSolidRun else {
                            paint.compositeRow(
                                pixelRow + start * 4, weightRow + start, count: end - start, vectorKernel: false)
                            continue
                        }
                        paint.compositeRow(
                            pixelRow + start * 4, weightRow + start, count: solidStart - start, vectorKernel: false)
                        paint.compositeFullRow(pixelRow + solidStart * 4, count: solidEnd - solidStart)
                        paint.compositeRow(
                            pixelRow + solidEnd * 4, weightRow + solidEnd, count: end - solidEnd, vectorKernel: false)
                    }
                }
            }
        }
    }

    #if arch(x86_64)
        /// The AVX2 form of ``composite(_:_:)``'s rows (`rows` rows of `width` pixels from the area's first pixel,
        /// coverage and mask rows from the area's first row; mask columns are area columns plus `columnOffset`).
        /// `readableEnd` is the end of the mask's coverage bytes: the kernel may read up to there past a span.
        private static func compositeWithKernel(
            _ paint: SolidPaint, _ destination: UnsafeMutableRawPointer, _ stride: Int,
            _ weights: UnsafePointer<UInt8>, _ weightStride: Int, readableEnd: UnsafePointer<UInt8>,
            _ spans: UnsafeBufferPointer<CoverageMask.RowSpan>, firstRow: Int, rows: Int, columnOffset: Int, width: Int
        ) {
            assert(MemoryLayout<CoverageMask.RowSpan>.stride == 16, "RowSpan is four Int32s, as the kernel reads it")
            assert(firstRow >= 0 && firstRow + rows <= spans.count, "the area's rows are rows of the mask")
            assert(shortestSolidRun == Int(PRK_SHORTEST_SOLID_RUN), "one threshold on both routes")
            let spanWords = UnsafeRawPointer(spans.baseAddress! + firstRow).assumingMemoryBound(to: Int32.self)
            withUnsafePointer(to: paint.kernel) { kernel in
                /// Rows `first ..< first + count` of the area (each row's pixels depend on that row alone).
                func composite(_ first: Int, _ count: Int) {
                    prk_solid_mask_over_avx2(
                        destination.assumingMemoryBound(to: UInt8.self) + first * stride, stride,
                        weights + first * weightStride, weightStride, readableEnd, spanWords + 4 * first, count,
                        columnOffset, width, kernel)
                }
                guard rows >= HelperThread.rowsWorthDividing, rows * width >= pixelsForHelper,
                    HelperThread.isAvailableHere
                else {
                    composite(0, rows)
                    return
                }
                let half = rows / 2
                HelperThread.shared.run({ composite(half, rows - half) }, alongside: { composite(0, half) })
            }
        }
    #endif
}

/// A solid premultiplied colour prepared for source-over compositing.
///
/// A pixel is handled as a little-endian 32-bit word `r | g << 8 | b << 16 | a << 24`. Masking with
/// `0x00FF00FF` leaves red and blue in the two 16-bit halves, shifting right by 8 first leaves green and
/// alpha, so four pixels fill two vectors of eight 16-bit lanes in which every product of two bytes fits.
///
/// The colour is kept at 1/255-level precision (see ``PixelBuffer/fill(_:color:alpha:)``): channel `k` as
/// `C_k = 255 · whole_k + fraction_k` with `0 ≤ fraction_k < 255`; alpha always has fraction 0.
struct SolidPaint {
    /// The colour as a pixel word (the nearest 8-bit colour; exact when ``hasFraction`` is false).
    let packed: UInt32
    /// Whole levels of red and blue in the 16-bit lanes of each 32-bit pixel slot.
    let redBlue: SIMD8<UInt16>
    /// Whole levels of green and alpha in the 16-bit lanes of each 32-bit pixel slot.
    let greenAlpha: SIMD8<UInt16>
    /// The fractions (1/255 of a level) of red and blue, and of green and alpha, laid out the same way.
    let redBlueFraction: SIMD8<UInt16>
    let greenAlphaFraction: SIMD8<UInt16>
    /// `C` of red and blue, and of green and alpha (`255 · A`), laid out the same way.
    let redBlueNumerator: SIMD8<UInt16>
    let greenAlphaNumerator: SIMD8<UInt16>
    /// `255 − alpha` in both 16-bit lanes of each pixel slot: the destination weight under full coverage.
    let fullRemaining: SIMD8<UInt16>
    /// The colour's alpha in every 16-bit lane.
    let alphaLanes: SIMD8<UInt16>
    let alpha: UInt32
    let isOpaque: Bool
    /// Whether some channel is not a whole number of 8-bit levels (then partial coverage takes the precise
    /// path; otherwise both paths give identical results and the shorter one is used).
    let hasFraction: Bool
    /// `C` of red, green, blue and alpha, for the scalar form.
    let numerators: SIMD4<UInt32>
    #if arch(x86_64)
        /// The same values for the AVX2 kernel.
        let kernel: prk_solid_paint
    #endif

    /// A colour that is exact in 8 bits.
    init(_ color: RGBA8) {
        self.init(
            numerators: SIMD4(UInt32(color.r), UInt32(color.g), UInt32(color.b), UInt32(color.a)) &* 255,
            alpha: UInt32(color.a))
    }

    /// A floating-point colour, carried at 1/255-level precision.
    init(_ color: PremultipliedColor) {
        let alpha = UInt32(color.rgba8.a)
        let limit = Float(alpha * 255)
        // Channels are in 0 ... alpha ≤ 1 (``PremultipliedColor`` clamps), so the products are in 0 ... 65 025.
        func numerator(_ channel: Float) -> UInt32 {
            UInt32(Swift.min((channel * 65_025).rounded(), limit))
        }
        self.init(
            numerators: SIMD4(numerator(color.red), numerator(color.green), numerator(color.blue), alpha * 255),
            alpha: alpha)
    }

    /// `numerators` are `C` of red, green, blue and alpha (alpha's is `255 · alpha`).
    private init(numerators: SIMD4<UInt32>, alpha: UInt32) {
        let whole = numerators / 255
        let fraction = numerators &- whole &* 255
        self.numerators = numerators
        // The nearest 8-bit colour, for the opaque stores (exact whenever opaque colours have no fraction).
        let nearest = (numerators &+ 127) / 255
        packed = nearest[0] | nearest[1] << 8 | nearest[2] << 16 | nearest[3] << 24
        func lanes(_ low: UInt32, _ high: UInt32) -> SIMD8<UInt16> {
            unsafeBitCast(SIMD4<UInt32>(repeating: low | high << 16), to: SIMD8<UInt16>.self)
        }
        redBlue = lanes(whole[0], whole[2])
        greenAlpha = lanes(whole[1], whole[3])
        redBlueFraction = lanes(fraction[0], fraction[2])
        greenAlphaFraction = lanes(fraction[1], fraction[3])
        redBlueNumerator = lanes(numerators[0], numerators[2])
        greenAlphaNumerator = lanes(numerators[1], numerators[3])
        fullRemaining = SIMD8<UInt16>(repeating: UInt16(255 - alpha))
        alphaLanes = SIMD8<UInt16>(repeating: UInt16(alpha))
        self.alpha = alpha
        // Opaque: the full-coverage result round(C / 255) does not depend on the destination, and is `packed`.
        isOpaque = alpha == 255
        hasFraction = fraction != .zero
        #if arch(x86_64)
            kernel = prk_solid_paint(
                packed: packed, whole_red_blue: whole[0] | whole[2] << 16, whole_green_alpha: whole[1] | whole[3] << 16,
                fraction_red_blue: fraction[0] | fraction[2] << 16,
                fraction_green_alpha: fraction[1] | fraction[3] << 16,
                numerator_red_blue: numerators[0] | numerators[2] << 16,
                numerator_green_alpha: numerators[1] | numerators[3] << 16, alpha: alpha, opaque: isOpaque,
                has_fraction: hasFraction)
        #endif
    }

    /// Composites `count` pixels starting at `row`, with their coverage bytes at `weights`; with `vectorKernel`
    /// (only where ``VectorKernels/avx2`` holds) eight pixels a step in C, with the same arithmetic.
    @inline(__always)
    func compositeRow(
        _ row: UnsafeMutableRawPointer, _ weights: UnsafePointer<UInt8>, count: Int, vectorKernel: Bool
    ) {
        #if arch(x86_64)
            if vectorKernel {
                withUnsafePointer(to: kernel) { paint in
                    prk_solid_over_avx2(row.assumingMemoryBound(to: UInt8.self), weights, count, paint)
                }
                return
            }
        #endif
        var index = 0
        while index + 16 <= count {
            let low = UnsafeRawPointer(weights + index).loadUnaligned(as: UInt64.self)
            let high = UnsafeRawPointer(weights + index + 8).loadUnaligned(as: UInt64.self)
            if low | high == 0 {
                index += 16
                continue
            }
            let pixels = row + index * 4
            if low & high == .max {
                compositeFullRow(pixels, count: 16)
            } else {
                for quad in 0..<4 { blend(pixels + quad * 16, weights + index + quad * 4) }
            }
            index += 16
        }
        while index + 4 <= count {
            blend(row + index * 4, weights + index)
            index += 4
        }
        if index < count {
            blendPartial(row + index * 4, weights + index, count: count - index)
        }
    }

    /// Composites `count` pixels starting at `row` as ``compositeRow(_:_:count:vectorKernel:)`` does where every
    /// coverage byte is 255, without reading coverage: the colour stored when opaque, else ``full(_:)`` (the Swift
    /// form of the C kernel's `full_run`).
    @inline(__always)
    func compositeFullRow(_ row: UnsafeMutableRawPointer, count: Int) {
        var index = 0
        while index + 4 <= count {
            if isOpaque {
                (row + index * 4).storeBytes(of: SIMD4<UInt32>(repeating: packed), as: SIMD4<UInt32>.self)
            } else {
                blendFull(row + index * 4)
            }
            index += 4
        }
        while index < count {
            let pixel = row + index * 4
            let value = isOpaque ? packed : full(SIMD4(repeating: pixel.loadUnaligned(as: UInt32.self)))[0]
            pixel.storeBytes(of: value, as: UInt32.self)
            index += 1
        }
    }

    /// The last `count` (1 … 3) pixels of a row, blended as a quad on a copy: the missing pixels get no coverage
    /// and are neither read nor written. Every lane is computed on its own, so each pixel gets what ``blendOne(_:_:)``
    /// gives it, in one vector pass instead of four channels one by one.
    @inline(__always)
    func blendPartial(_ pixels: UnsafeMutableRawPointer, _ weights: UnsafePointer<UInt8>, count: Int) {
        assert(count > 0 && count < 4, "a partial quad has 1 to 3 pixels")
        var quadPixels = SIMD4<UInt32>()
        var quadWeights: UInt32 = 0
        for pixel in 0..<count {
            quadPixels[pixel] = pixels.loadUnaligned(fromByteOffset: pixel &<< 2, as: UInt32.self)
            quadWeights |= UInt32(weights[pixel]) &<< (pixel &<< 3)
        }
        withUnsafeMutableBytes(of: &quadPixels) { quadBytes in
            withUnsafeBytes(of: &quadWeights) { weightBytes in
                blend(quadBytes.baseAddress!, weightBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        for pixel in 0..<count {
            pixels.storeBytes(of: quadPixels[pixel], toByteOffset: pixel &<< 2, as: UInt32.self)
        }
    }

    /// Four pixels under full coverage: `round((C + destination · (255 − alpha)) / 255)`, one rounding.
    @inline(__always)
    func blendFull(_ pixels: UnsafeMutableRawPointer) {
        let destination = pixels.loadUnaligned(as: SIMD4<UInt32>.self)
        pixels.storeBytes(of: full(destination), as: SIMD4<UInt32>.self)
    }

    /// The full-coverage result for four destination pixels.
    @inline(__always)
    func full(_ destination: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let red = unsafeBitCast(destination & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let green = unsafeBitCast((destination &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let outRedBlue = divideRounded255(redBlueNumerator &+ red &* fullRemaining)
        let outGreenAlpha = divideRounded255(greenAlphaNumerator &+ green &* fullRemaining)
        return unsafeBitCast(outRedBlue, to: SIMD4<UInt32>.self)
            | unsafeBitCast(outGreenAlpha, to: SIMD4<UInt32>.self) &<< 8
    }

    /// Four pixels with their own coverage bytes at `weights`.
    @inline(__always)
    func blend(_ pixels: UnsafeMutableRawPointer, _ weights: UnsafePointer<UInt8>) {
        let quad = UnsafeRawPointer(weights).loadUnaligned(as: UInt32.self)
        if quad == 0 { return }
        if quad == .max {
            compositeFullRow(pixels, count: 4)
            return
        }
        // Each pixel's coverage in both 16-bit halves of its 32-bit slot.
        let bytes = UnsafeRawPointer(weights).loadUnaligned(as: SIMD4<UInt8>.self)
        let both = SIMD8<UInt16>(
            UInt16(bytes[0]), UInt16(bytes[0]), UInt16(bytes[1]), UInt16(bytes[1]),
            UInt16(bytes[2]), UInt16(bytes[2]), UInt16(bytes[3]), UInt16(bytes[3]))
        let destination = pixels.loadUnaligned(as: SIMD4<UInt32>.self)
        // The colour scaled by coverage: whole levels times m, plus the fraction's share, rounded once.
        let paintRedBlue: SIMD8<UInt16>
        let paintGreenAlpha: SIMD8<UInt16>
        if hasFraction {
            paintRedBlue = divideRounded255(redBlue &* both &+ multiplyRounded255(redBlueFraction, both))
            paintGreenAlpha = divideRounded255(greenAlpha &* both &+ multiplyRounded255(greenAlphaFraction, both))
        } else {
            paintRedBlue = multiplyRounded255(redBlue, both)
            paintGreenAlpha = multiplyRounded255(greenAlpha, both)
        }
        let remaining = 255 &- multiplyRounded255(alphaLanes, both)
        let red = unsafeBitCast(destination & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let green = unsafeBitCast((destination &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let outRedBlue = unsafeBitCast(paintRedBlue &+ multiplyRounded255(red, remaining), to: SIMD4<UInt32>.self)
        let outGreenAlpha = unsafeBitCast(
            paintGreenAlpha &+ multiplyRounded255(green, remaining), to: SIMD4<UInt32>.self)
        var result = outRedBlue | outGreenAlpha &<< 8
        // Only when some coverage byte is 255, that is some byte of `~quad` is zero: subtracting 1 from each byte of
        // `~quad` then borrows through that byte, setting its high bit, which `quad` has set too (exact for "some
        // byte": a wrong high bit can only follow a byte that is zero).
        if hasFraction && (~quad &- 0x0101_0101) & quad & 0x8080_8080 != 0 {
            // Fully covered pixels of the quad get the full-coverage result, like their neighbours inside.
            let covered = SIMD4<UInt32>(UInt32(bytes[0]), UInt32(bytes[1]), UInt32(bytes[2]), UInt32(bytes[3]))
            let select = SIMD4<UInt32>() &- ((covered &+ 1) &>> 8)  // all ones where the coverage is 255
            result = (result & ~select) | (full(destination) & select)
        }
        pixels.storeBytes(of: result, as: SIMD4<UInt32>.self)
    }

    /// One pixel, channel by channel, with the arithmetic of ``blend(_:_:)``: the plain form of it, against which
    /// the tests check the vector paths.
    @inline(__always)
    func blendOne(_ pixel: UnsafeMutablePointer<UInt8>, _ coverage: UInt32) {
        guard coverage != 0 else { return }
        if coverage == 255 {
            let remaining = 255 - alpha
            for channel in 0..<4 {
                pixel[channel] = UInt8(
                    truncatingIfNeeded: divideRounded255(numerators[channel] + UInt32(pixel[channel]) * remaining))
            }
            return
        }
        let remaining = 255 - multiplyRounded255(alpha, coverage)
        for channel in 0..<4 {
            let numerator = numerators[channel]
            let whole = numerator / 255
            let paint = divideRounded255(whole * coverage + multiplyRounded255(numerator - whole * 255, coverage))
            pixel[channel] = UInt8(truncatingIfNeeded: paint + multiplyRounded255(UInt32(pixel[channel]), remaining))
        }
    }
}
