/// Turns unfiltered PNG rows of any colour type and bit depth into premultiplied RGBA8 pixels.
///
/// See ``PNG/decode(_:)`` for the rounding rules.
struct PNGPixelConverter {
    private let header: PNGHeader
    /// Premultiplied palette colours packed as ``RGBA8/packed``, one per possible index (256).
    private let paletteColors: [UInt32]
    private let paletteCount: Int
    /// The `tRNS` colour key (one gray value or red, green, blue), at the file's bit depth.
    private let colorKey: [UInt16]?

    init(header: PNGHeader, palette: [UInt8], paletteAlpha: [UInt8], colorKey: [UInt16]?) {
        self.header = header
        self.colorKey = colorKey
        paletteCount = palette.count / 3
        var colors = [UInt32](repeating: 0, count: 256)
        if header.colorType == .palette {
            for index in 0..<paletteCount {
                let alpha = index < paletteAlpha.count ? UInt32(paletteAlpha[index]) : 255
                let r = multiplyRounded255(UInt32(palette[3 * index]), alpha)
                let g = multiplyRounded255(UInt32(palette[3 * index + 1]), alpha)
                let b = multiplyRounded255(UInt32(palette[3 * index + 2]), alpha)
                colors[index] = r | g << 8 | b << 16 | alpha << 24
            }
        }
        paletteColors = colors
    }

    /// Converts `pixels` pixels from `row` and writes them `pixelStep` bytes apart starting at `destination`.
    ///
    /// - Throws: ``PNGError/paletteIndexOutOfRange(index:paletteCount:)`` for a palette index without entry.
    func convert(
        _ row: UnsafePointer<UInt8>, pixels: Int, into destination: UnsafeMutablePointer<UInt8>, pixelStep: Int
    ) throws(PNGError) {
        let out = UnsafeMutableRawPointer(destination)
        @inline(__always) func store(_ index: Int, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) {
            out.storeBytes(
                of: (r | g << 8 | b << 16 | a << 24).littleEndian, toByteOffset: index &* pixelStep, as: UInt32.self)
        }
        @inline(__always) func sample16(_ offset: Int) -> UInt32 {
            UInt32(row[offset]) << 8 | UInt32(row[offset &+ 1])
        }
        let depth = header.bitDepth
        switch (header.colorType, depth) {
        case (.gray, 16):
            let key = colorKey.map { UInt32($0[0]) }
            for x in 0..<pixels {
                let v = sample16(x &* 2)
                if v == key {
                    store(x, 0, 0, 0, 0)
                } else {
                    let g = reduce16(v)
                    store(x, g, g, g, 255)
                }
            }
        case (.gray, _):
            let key = colorKey.map { UInt32($0[0]) }
            let mask = UInt32(1 << depth - 1)
            let scale = 255 / mask
            for x in 0..<pixels {
                let bit = x &* depth
                let v = UInt32(row[bit &>> 3]) &>> UInt32(8 &- depth &- (bit & 7)) & mask
                if v == key {
                    store(x, 0, 0, 0, 0)
                } else {
                    let g = v &* scale
                    store(x, g, g, g, 255)
                }
            }
        case (.grayAlpha, 8):
            for x in 0..<pixels {
                let a = UInt32(row[x &* 2 &+ 1])
                let g = multiplyRounded255(UInt32(row[x &* 2]), a)
                store(x, g, g, g, a)
            }
        case (.grayAlpha, _):
            for x in 0..<pixels {
                let a16 = sample16(x &* 4 &+ 2)
                let g = premultiply16(sample16(x &* 4), a16)
                store(x, g, g, g, reduce16(a16))
            }
        case (.rgb, 8):
            if let key = colorKey {
                for x in 0..<pixels {
                    let r = UInt32(row[x &* 3])
                    let g = UInt32(row[x &* 3 &+ 1])
                    let b = UInt32(row[x &* 3 &+ 2])
                    if r == UInt32(key[0]) && g == UInt32(key[1]) && b == UInt32(key[2]) {
                        store(x, 0, 0, 0, 0)
                    } else {
                        store(x, r, g, b, 255)
                    }
                }
            } else {
                for x in 0..<pixels {
                    store(x, UInt32(row[x &* 3]), UInt32(row[x &* 3 &+ 1]), UInt32(row[x &* 3 &+ 2]), 255)
                }
            }
        case (.rgb, _):
            for x in 0..<pixels {
                let r = sample16(x &* 6)
                let g = sample16(x &* 6 &+ 2)
                let b = sample16(x &* 6 &+ 4)
                if let key = colorKey, r == UInt32(key[0]) && g == UInt32(key[1]) && b == UInt32(key[2]) {
                    store(x, 0, 0, 0, 0)
                } else {
                    store(x, reduce16(r), reduce16(g), reduce16(b), 255)
                }
            }
        case (.rgba, 8):
            for x in 0..<pixels {
                let word = UInt32(littleEndian: UnsafeRawPointer(row + x &* 4).loadUnaligned(as: UInt32.self))
                let a = word &>> 24
                if a == 255 {
                    out.storeBytes(of: word.littleEndian, toByteOffset: x &* pixelStep, as: UInt32.self)
                } else {
                    store(
                        x, multiplyRounded255(word & 0xFF, a), multiplyRounded255((word &>> 8) & 0xFF, a),
                        multiplyRounded255((word &>> 16) & 0xFF, a), a)
                }
            }
        case (.rgba, _):
            for x in 0..<pixels {
                let a16 = sample16(x &* 8 &+ 6)
                store(
                    x, premultiply16(sample16(x &* 8), a16), premultiply16(sample16(x &* 8 &+ 2), a16),
                    premultiply16(sample16(x &* 8 &+ 4), a16), reduce16(a16))
            }
        case (.palette, _):
            let mask = 1 << depth - 1
            try paletteColors.withUnsafeBufferPointer { (colors) throws(PNGError) in
                for x in 0..<pixels {
                    let bit = x &* depth
                    let index = Int(row[bit &>> 3]) &>> (8 &- depth &- (bit & 7)) & mask
                    guard index < paletteCount else {
                        throw .paletteIndexOutOfRange(index: index, paletteCount: paletteCount)
                    }
                    out.storeBytes(of: colors[index].littleEndian, toByteOffset: x &* pixelStep, as: UInt32.self)
                }
            }
        }
    }
}

/// A 16-bit sample reduced to 8 bits, rounded to nearest: `round(v / 257)`. Never a tie, because
/// `2v + 257` is odd and so never a multiple of 514.
@inline(__always)
func reduce16(_ v: UInt32) -> UInt32 {
    (v &+ 128) / 257
}

/// A straight 16-bit colour sample multiplied by a 16-bit alpha and reduced to 8 bits in one rounding:
/// `round(c · a / (65 535 · 257))`. The divisor is odd, so there is never a tie. The result never
/// exceeds ``reduce16(_:)`` of the alpha, so premultiplied colour stays at or below alpha.
@inline(__always)
func premultiply16(_ c: UInt32, _ a: UInt32) -> UInt32 {
    let divisor: UInt64 = 65_535 * 257
    return UInt32(truncatingIfNeeded: (UInt64(c) &* UInt64(a) &+ divisor / 2) / divisor)
}
