import Testing

@_spi(Engine) @testable import PortableRaster

/// The last one to three pixels of a row, which the solid fill blends as one quad on a copy
/// (`SolidPaint.blendPartial`): each pixel must get what the channel-by-channel form (`SolidPaint.blendOne`) gives
/// it, and the pixels after them must stay untouched.
@Suite("Solid paint row tails")
struct SolidPaintTailTests {
    /// The paint of seeded case `index`: even cases a premultiplied 8-bit colour (opaque one time in four), odd
    /// ones a colour finer than 8 bits (alpha exactly 1 one time in three).
    static func seededPaint(_ index: Int, _ random: inout SplitMix64) -> SolidPaint {
        func byte() -> UInt8 { UInt8(truncatingIfNeeded: random.next()) }
        if index % 2 == 0 {
            let alpha = index % 8 == 0 ? 255 : byte()
            func channel() -> UInt8 { UInt8(UInt32(byte()) * UInt32(alpha) / 255) }
            return SolidPaint(RGBA8(r: channel(), g: channel(), b: channel(), a: alpha))
        }
        let alpha = index % 6 == 1 ? 1 : Float(random.unit())
        func channel() -> Float { Float(random.unit()) * alpha }
        return SolidPaint(
            PremultipliedColor(premultipliedRed: channel(), green: channel(), blue: channel(), alpha: alpha))
    }

    /// Blends `pixels` (1 … 3 words, then a sentinel word) with `coverage` both ways; returns the quad form's
    /// words (sentinel included) and the channel-by-channel form's.
    static func blendBothWays(_ paint: SolidPaint, _ pixels: [UInt32], _ coverage: [UInt8]) -> ([UInt32], [UInt32]) {
        var quadForm = pixels + [0xDEAD_BEEF]
        var coverageBytes = coverage
        quadForm.withUnsafeMutableBytes { words in
            coverageBytes.withUnsafeMutableBufferPointer { weights in
                paint.blendPartial(words.baseAddress!, weights.baseAddress!, count: pixels.count)
            }
        }
        var channelForm = pixels + [0xDEAD_BEEF]
        channelForm.withUnsafeMutableBytes { bytes in
            for index in 0..<pixels.count {
                paint.blendOne(
                    bytes.baseAddress!.advanced(by: index * 4).assumingMemoryBound(to: UInt8.self),
                    UInt32(coverage[index]))
            }
        }
        return (quadForm, channelForm)
    }

    @Test("opaque red at coverage 128 over white gives (255, 127, 127, 255) either way; the fourth word is untouched")
    func workedNumber() {
        let paint = SolidPaint(RGBA8(r: 255, g: 0, b: 0, a: 255))
        let white: UInt32 = 0xFFFF_FFFF
        let (quad, channels) = Self.blendBothWays(paint, [white, white], [128, 0])
        // Red: round(255·128/255) + round(255·127/255) = 128 + 127; green and blue: 0 + 127.
        #expect(quad[0] == 0xFF7F_7FFF)
        #expect(quad[1] == white)
        #expect(quad[2] == 0xDEAD_BEEF)
        #expect(quad == channels)
    }

    @Test("quad and channel forms agree on 200 000 seeded tails: 8-bit and finer colours, any coverage")
    func quadFormMatchesChannelForm() {
        var random = SplitMix64(seed: 77)
        func byte() -> UInt8 { UInt8(truncatingIfNeeded: random.next()) }
        var mismatches = 0
        for index in 0..<200_000 {
            let paint = Self.seededPaint(index, &random)
            let count = 1 + Int(random.next() % 3)
            let pixels = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            // Coverage 0 and 255 often, anything else otherwise.
            let coverage = (0..<count).map { _ -> UInt8 in
                switch random.next() % 4 {
                case 0: 0
                case 1: 255
                default: byte()
                }
            }
            let (quad, channels) = Self.blendBothWays(paint, pixels, coverage)
            if quad != channels { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
