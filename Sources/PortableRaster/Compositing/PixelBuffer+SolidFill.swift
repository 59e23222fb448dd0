#if !_endian(little)
    #error("the pixel compositing code reads RGBA bytes as little-endian 32-bit words")
#endif

extension PixelBuffer {
    /// Paints `color` through `mask` with the source-over operator, at opacity `alpha`.
    ///
    /// Global alpha is folded into the colour first (in floating point, then rounded once to 8 bits; see
    /// ``PremultipliedColor/rgba8``), then each pixel is composited as in ``fill(_:color:)-(_,RGBA8)``.
    /// `alpha` is clamped to `0 ... 1` and NaN paints nothing.
    public mutating func fill(_ mask: CoverageMask, color: PremultipliedColor, alpha: Float = 1) {
        fill(mask, color: color.scaled(by: alpha).rgba8)
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
    /// Speed: runs of 16 pixels with no coverage are skipped, fully covered runs of an opaque colour are plain
    /// stores, and everything else is blended four pixels at a time, with the red/blue and green/alpha channel
    /// pairs of each pixel in 16-bit vector lanes.
    public mutating func fill(_ mask: CoverageMask, color: RGBA8) {
        guard color.a != 0 else { return }  // premultiplied: alpha 0 means every channel is 0
        let area = mask.bounds.intersection(bounds)
        guard !area.isEmpty else { return }
        let stride = bytesPerRow
        let maskBounds = mask.bounds
        let paint = SolidPaint(color)
        storage.withUnsafeMutableBytes { pixels in
            mask.coverage.withUnsafeBufferPointer { coverage in
                mask.spans.withUnsafeBufferPointer { spans in
                    for y in area.y..<area.maxY {
                        let span = spans[y - maskBounds.y]
                        let start = Swift.max(maskBounds.x + Int(span.start), area.x)
                        let end = Swift.min(maskBounds.x + Int(span.end), area.maxX)
                        guard start < end else { continue }
                        let row = pixels.baseAddress! + y * stride + start * 4
                        let weights =
                            coverage.baseAddress! + (y - maskBounds.y) * maskBounds.width + (start - maskBounds.x)
                        paint.compositeRow(row, weights, count: end - start)
                    }
                }
            }
        }
    }
}

/// A solid premultiplied colour prepared for source-over compositing.
///
/// A pixel is handled as a little-endian 32-bit word `r | g << 8 | b << 16 | a << 24`. Masking with
/// `0x00FF00FF` leaves red and blue in the two 16-bit halves, shifting right by 8 first leaves green and
/// alpha, so four pixels fill two vectors of eight 16-bit lanes in which every product of two bytes fits.
struct SolidPaint {
    /// The colour as a pixel word.
    let packed: UInt32
    /// Red and blue of the colour in the 16-bit lanes of each 32-bit pixel slot.
    let redBlue: SIMD8<UInt16>
    /// Green and alpha of the colour in the 16-bit lanes of each 32-bit pixel slot.
    let greenAlpha: SIMD8<UInt16>
    /// `255 − alpha` in both 16-bit lanes of each pixel slot: the destination weight under full coverage.
    let fullRemaining: SIMD8<UInt16>
    /// The colour's alpha in every 16-bit lane.
    let alphaLanes: SIMD8<UInt16>
    let alpha: UInt32
    let isOpaque: Bool

    init(_ color: RGBA8) {
        packed = color.packed
        redBlue = unsafeBitCast(SIMD4<UInt32>(repeating: packed & 0x00FF_00FF), to: SIMD8<UInt16>.self)
        greenAlpha = unsafeBitCast(SIMD4<UInt32>(repeating: (packed >> 8) & 0x00FF_00FF), to: SIMD8<UInt16>.self)
        fullRemaining = SIMD8<UInt16>(repeating: UInt16(255 - color.a))
        alphaLanes = SIMD8<UInt16>(repeating: UInt16(color.a))
        alpha = UInt32(color.a)
        isOpaque = color.a == 255
    }

    /// Composites `count` pixels starting at `row`, with their coverage bytes at `weights`.
    @inline(__always)
    func compositeRow(_ row: UnsafeMutableRawPointer, _ weights: UnsafePointer<UInt8>, count: Int) {
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
                if isOpaque {
                    let value = SIMD4<UInt32>(repeating: packed)
                    for quad in 0..<4 { (pixels + quad * 16).storeBytes(of: value, as: SIMD4<UInt32>.self) }
                } else {
                    for quad in 0..<4 { blendFull(pixels + quad * 16) }
                }
            } else {
                for quad in 0..<4 { blend(pixels + quad * 16, weights + index + quad * 4) }
            }
            index += 16
        }
        while index + 4 <= count {
            blend(row + index * 4, weights + index)
            index += 4
        }
        while index < count {
            blendOne((row + index * 4).assumingMemoryBound(to: UInt8.self), UInt32(weights[index]))
            index += 1
        }
    }

    /// Four pixels under full coverage: `color + destination · (255 − alpha) / 255`.
    @inline(__always)
    func blendFull(_ pixels: UnsafeMutableRawPointer) {
        let destination = pixels.loadUnaligned(as: SIMD4<UInt32>.self)
        let red = unsafeBitCast(destination & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let green = unsafeBitCast((destination &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let keptRedBlue = unsafeBitCast(multiplyRounded255(red, fullRemaining), to: SIMD4<UInt32>.self)
        let keptGreenAlpha = unsafeBitCast(multiplyRounded255(green, fullRemaining), to: SIMD4<UInt32>.self)
        let result = (keptRedBlue | keptGreenAlpha &<< 8) &+ SIMD4<UInt32>(repeating: packed)
        pixels.storeBytes(of: result, as: SIMD4<UInt32>.self)
    }

    /// Four pixels with their own coverage bytes at `weights`.
    @inline(__always)
    func blend(_ pixels: UnsafeMutableRawPointer, _ weights: UnsafePointer<UInt8>) {
        let quad = UnsafeRawPointer(weights).loadUnaligned(as: UInt32.self)
        if quad == 0 { return }
        if quad == .max {
            if isOpaque {
                pixels.storeBytes(of: SIMD4<UInt32>(repeating: packed), as: SIMD4<UInt32>.self)
            } else {
                blendFull(pixels)
            }
            return
        }
        // Each pixel's coverage in both 16-bit halves of its 32-bit slot.
        let bytes = UnsafeRawPointer(weights).loadUnaligned(as: SIMD4<UInt8>.self)
        let both = SIMD8<UInt16>(
            UInt16(bytes[0]), UInt16(bytes[0]), UInt16(bytes[1]), UInt16(bytes[1]),
            UInt16(bytes[2]), UInt16(bytes[2]), UInt16(bytes[3]), UInt16(bytes[3]))
        let paintRedBlue = multiplyRounded255(redBlue, both)
        let paintGreenAlpha = multiplyRounded255(greenAlpha, both)
        let remaining = 255 &- multiplyRounded255(alphaLanes, both)
        let destination = pixels.loadUnaligned(as: SIMD4<UInt32>.self)
        let red = unsafeBitCast(destination & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let green = unsafeBitCast((destination &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let outRedBlue = unsafeBitCast(paintRedBlue &+ multiplyRounded255(red, remaining), to: SIMD4<UInt32>.self)
        let outGreenAlpha = unsafeBitCast(
            paintGreenAlpha &+ multiplyRounded255(green, remaining), to: SIMD4<UInt32>.self)
        pixels.storeBytes(of: outRedBlue | outGreenAlpha &<< 8, as: SIMD4<UInt32>.self)
    }

    /// One pixel (the row's last few), channel by channel.
    @inline(__always)
    func blendOne(_ pixel: UnsafeMutablePointer<UInt8>, _ coverage: UInt32) {
        guard coverage != 0 else { return }
        let paintAlpha = multiplyRounded255(alpha, coverage)
        let remaining = 255 - paintAlpha
        for channel in 0..<3 {
            let paint = multiplyRounded255((packed >> (8 * UInt32(channel))) & 0xFF, coverage)
            pixel[channel] = UInt8(truncatingIfNeeded: paint + multiplyRounded255(UInt32(pixel[channel]), remaining))
        }
        pixel[3] = UInt8(truncatingIfNeeded: paintAlpha + multiplyRounded255(UInt32(pixel[3]), remaining))
    }
}
