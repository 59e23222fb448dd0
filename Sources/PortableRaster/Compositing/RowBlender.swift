#if !_endian(little)
    #error("the pixel compositing code reads RGBA bytes as little-endian 32-bit words")
#endif

/// Composites a run of premultiplied source pixels onto destination pixels under a ``BlendMode``.
///
/// Source pixels are 32-bit words laid out as ``RGBA8/packed``; destination pixels are the bytes of a
/// ``PixelBuffer`` row. Each pixel has a weight byte (coverage, 0 … 255) that interpolates between the old
/// destination and the composited result (see ``BlendMode``).
///
/// ``BlendMode/normal`` runs an exact integer path four pixels at a time whose arithmetic is the one of the
/// solid fill: `s' = round(s·m/255)` for all four channels, then `r = s' + round(d·(255 − s'.alpha)/255)`.
/// Global alpha must already be folded into the weights for it (``scaleWeights(_:count:by:)``). Every other
/// mode goes through ``BlendMode/composite(_:over:)`` in `Float` with the source scaled by ``alpha``, and is
/// rounded once, to nearest.
struct RowBlender {
    let mode: BlendMode
    /// Factor applied to the source before compositing in the non-normal modes, `0 ... 1`.
    let alpha: Float

    init(mode: BlendMode, alpha: Float) {
        self.mode = mode
        self.alpha = alpha
    }

    /// Composites `count` pixels.
    @inline(__always)
    func blend(
        _ source: UnsafePointer<UInt32>, weights: UnsafePointer<UInt8>, into destination: UnsafeMutableRawPointer,
        count: Int
    ) {
        if mode == .normal {
            Self.sourceOver(source, weights: weights, into: destination, count: count)
        } else {
            blendScalar(source, weights: weights, into: destination, count: count)
        }
    }

    /// Multiplies `count` weight bytes by `factor / 255` with exact rounding (see `ByteMath.swift`).
    ///
    /// Sixteen bytes at a time: the even bytes of each 32-bit word (`& 0x00FF00FF`) and the odd ones
    /// (`>> 8`, same mask) each fill eight 16-bit lanes, so no widening conversion is needed.
    @inline(__always)
    static func scaleWeights(_ weights: UnsafeMutablePointer<UInt8>, count: Int, by factor: UInt8) {
        guard factor != 255 else { return }
        let lanes = SIMD8<UInt16>(repeating: UInt16(factor))
        var index = 0
        while index &+ 16 <= count {
            let raw = UnsafeMutableRawPointer(weights + index)
            let words = raw.loadUnaligned(as: SIMD4<UInt32>.self)
            let even = unsafeBitCast(words & 0x00FF_00FF, to: SIMD8<UInt16>.self)
            let odd = unsafeBitCast((words &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
            let scaledEven = unsafeBitCast(multiplyRounded255(even, lanes), to: SIMD4<UInt32>.self)
            let scaledOdd = unsafeBitCast(multiplyRounded255(odd, lanes), to: SIMD4<UInt32>.self)
            raw.storeBytes(of: scaledEven | scaledOdd &<< 8, as: SIMD4<UInt32>.self)
            index &+= 16
        }
        while index < count {
            weights[index] = UInt8(truncatingIfNeeded: multiplyRounded255(UInt32(weights[index]), UInt32(factor)))
            index &+= 1
        }
    }

    // MARK: Source-over, four pixels at a time

    /// Source-over of `count` pixels with per-pixel weights.
    ///
    /// Runs of 16 fully covered opaque source pixels are copied; runs without coverage are skipped; the rest
    /// is blended four pixels at a time.
    @inline(__always)
    static func sourceOver(
        _ source: UnsafePointer<UInt32>, weights: UnsafePointer<UInt8>, into destination: UnsafeMutableRawPointer,
        count: Int
    ) {
        var index = 0
        let opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
        while index &+ 16 <= count {
            let low = UnsafeRawPointer(weights + index).loadUnaligned(as: UInt64.self)
            let high = UnsafeRawPointer(weights + index).loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if low | high == 0 {
                index &+= 16
                continue
            }
            let colors = UnsafeRawPointer(source + index)
            if low & high == .max {
                let a = colors.loadUnaligned(as: SIMD4<UInt32>.self)
                let b = colors.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
                let c = colors.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self)
                let d = colors.loadUnaligned(fromByteOffset: 48, as: SIMD4<UInt32>.self)
                if a & b & c & d & opaque == opaque {
                    let pixels = destination + index &<< 2
                    pixels.storeBytes(of: a, as: SIMD4<UInt32>.self)
                    pixels.storeBytes(of: b, toByteOffset: 16, as: SIMD4<UInt32>.self)
                    pixels.storeBytes(of: c, toByteOffset: 32, as: SIMD4<UInt32>.self)
                    pixels.storeBytes(of: d, toByteOffset: 48, as: SIMD4<UInt32>.self)
                    index &+= 16
                    continue
                }
            }
            for quad in 0..<4 { blendQuad(source, weights, destination, index &+ quad &<< 2) }
            index &+= 16
        }
        while index &+ 4 <= count {
            blendQuad(source, weights, destination, index)
            index &+= 4
        }
        while index < count {
            let weight = UInt32(weights[index])
            let color = source[index]
            if weight != 0 && color != 0 {
                let pixel = destination + index &<< 2
                let old = SIMD4<UInt32>(repeating: pixel.loadUnaligned(as: UInt32.self))
                let result = over(SIMD4(repeating: color), old, weights: SIMD4(repeating: weight))
                pixel.storeBytes(of: result[0], as: UInt32.self)
            }
            index &+= 1
        }
    }

    /// Source-over of the four pixels starting at `index`.
    @inline(__always)
    static func blendQuad(
        _ source: UnsafePointer<UInt32>, _ weights: UnsafePointer<UInt8>, _ destination: UnsafeMutableRawPointer,
        _ index: Int
    ) {
        let quad = UnsafeRawPointer(weights + index).loadUnaligned(as: UInt32.self)
        guard quad != 0 else { return }
        let colors = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<UInt32>.self)
        guard colors != .zero else { return }
        let pixels = destination + index &<< 2
        if quad == .max {
            if colors & 0xFF00_0000 == SIMD4(repeating: 0xFF00_0000) {
                pixels.storeBytes(of: colors, as: SIMD4<UInt32>.self)
            } else {
                pixels.storeBytes(
                    of: overFull(colors, pixels.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
            }
            return
        }
        // Each pixel's weight in both 16-bit halves of its 32-bit lane: interleave the bytes with themselves,
        // then with zeros.
        let bytes = unsafeBitCast(SIMD4<UInt32>(quad, 0, 0, 0), to: SIMD16<UInt8>.self)
        let both = unsafeBitCast(
            SIMD16<UInt8>(
                bytes[0], 0, bytes[0], 0, bytes[1], 0, bytes[1], 0, bytes[2], 0, bytes[2], 0, bytes[3], 0, bytes[3], 0),
            to: SIMD8<UInt16>.self)
        pixels.storeBytes(
            of: over(colors, pixels.loadUnaligned(as: SIMD4<UInt32>.self), both: both), as: SIMD4<UInt32>.self)
    }

    /// Four source pixels over four destination pixels at full coverage: `s + d·(255 − αs)/255`.
    @inline(__always)
    static func overFull(_ colors: SIMD4<UInt32>, _ old: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let alpha = colors &>> 24
        let remaining = unsafeBitCast(
            (255 &- alpha) | (255 &- alpha) &<< 16, to: SIMD8<UInt16>.self)
        let redBlue = unsafeBitCast(old & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let greenAlpha = unsafeBitCast((old &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let keptRedBlue = unsafeBitCast(multiplyRounded255(redBlue, remaining), to: SIMD4<UInt32>.self)
        let keptGreenAlpha = unsafeBitCast(multiplyRounded255(greenAlpha, remaining), to: SIMD4<UInt32>.self)
        return (keptRedBlue | keptGreenAlpha &<< 8) &+ colors
    }

    /// Four source pixels scaled by their weights (0 … 255 in each 32-bit lane), over four destination pixels.
    @inline(__always)
    static func over(_ colors: SIMD4<UInt32>, _ old: SIMD4<UInt32>, weights: SIMD4<UInt32>) -> SIMD4<UInt32> {
        over(colors, old, both: unsafeBitCast(weights | weights &<< 16, to: SIMD8<UInt16>.self))
    }

    /// Four source pixels scaled by their weights, given in both 16-bit halves of each pixel's lane, over four
    /// destination pixels.
    @inline(__always)
    static func over(_ colors: SIMD4<UInt32>, _ old: SIMD4<UInt32>, both: SIMD8<UInt16>) -> SIMD4<UInt32> {
        let paintRedBlue = multiplyRounded255(unsafeBitCast(colors & 0x00FF_00FF, to: SIMD8<UInt16>.self), both)
        let paintGreenAlpha = multiplyRounded255(
            unsafeBitCast((colors &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self), both)
        // Each pixel's painted alpha in both of its lanes: the same product as the alpha lane of
        // `paintGreenAlpha`, computed from the source alpha spread first (cheaper than regrouping lanes).
        let alpha = colors &>> 24
        let paintAlpha = multiplyRounded255(unsafeBitCast(alpha | alpha &<< 16, to: SIMD8<UInt16>.self), both)
        let remaining = 255 &- paintAlpha
        let redBlue = unsafeBitCast(old & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let greenAlpha = unsafeBitCast((old &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let outRedBlue = unsafeBitCast(paintRedBlue &+ multiplyRounded255(redBlue, remaining), to: SIMD4<UInt32>.self)
        let outGreenAlpha = unsafeBitCast(
            paintGreenAlpha &+ multiplyRounded255(greenAlpha, remaining), to: SIMD4<UInt32>.self)
        return outRedBlue | outGreenAlpha &<< 8
    }

    // MARK: Every other mode, one pixel at a time

    private func blendScalar(
        _ source: UnsafePointer<UInt32>, weights: UnsafePointer<UInt8>, into destination: UnsafeMutableRawPointer,
        count: Int
    ) {
        let scale = alpha / 255
        for index in 0..<count {
            let weight = weights[index]
            guard weight != 0 else { continue }
            let pixel = destination + index * 4
            let old = pixel.loadUnaligned(as: UInt32.self)
            let d = Self.unpack(old) * (1 / 255)
            let s = Self.unpack(source[index]) * scale
            let full = mode.composite(s, over: d)
            let mixed = weight == 255 ? full : d + (full - d) * (Float(weight) / 255)
            pixel.storeBytes(of: Self.pack(mixed), as: UInt32.self)
        }
    }

    @inline(__always)
    static func unpack(_ word: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<UInt32>(word & 0xFF, (word >> 8) & 0xFF, (word >> 16) & 0xFF, word >> 24))
    }

    /// Rounds fractions in `0 ... 1` to a pixel word, keeping colour channels at or below alpha.
    @inline(__always)
    static func pack(_ color: SIMD4<Float>) -> UInt32 {
        let scaled = (color * 255 + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255.49))
        var bytes = SIMD4<UInt32>(scaled.rounded(.down))
        let alpha = bytes[3]
        bytes = bytes.replacing(with: alpha, where: bytes .> alpha)
        return bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
    }
}
