import Foundation
import FuzzSupport
import PortableCoreGraphics
@_spi(Engine) import PortableRaster

/// Font files (TrueType, CFF and CID-keyed CFF OpenType, collections) → every face's names and metrics, the
/// outlines, advances, bounds and kerning of its first glyphs, glyph rasterization at a size and transform the
/// input's last bytes choose, and text laid out (wrapped, truncated, aligned) and drawn through `CGFont`.
enum FontTarget: FuzzTarget {
    static func test(_ bytes: [UInt8]) {
        var settings = FuzzInput(Array(bytes.suffix(8)))
        let size = settings.pick([12, 0.5, 300, 1e-3, 4096, .nan, -5, 1e9])
        let angle = settings.double()
        guard let file = try? FontFile(bytes: bytes) else { return }
        for face in 0..<Swift.min(file.faceCount, 3) {
            guard let typeface = try? file.typeface(at: face) else { continue }
            exercise(typeface, size: size, angle: angle)
        }
        if let font = CGFont(CGDataProvider(data: Data(bytes))!) {
            layOut(font, size: size)
        }
    }

    static func exercise(_ typeface: Typeface, size: Double, angle: Double) {
        _ = (typeface.names, typeface.boundingBox, typeface.capHeight, typeface.italicAngle)
        var rasterizer = GlyphRasterizer()
        var buffer = try! PixelBuffer(width: 40, height: 30)
        rasterizer.begin(clip: buffer.bounds)
        let scale = size / Double(Swift.max(1, typeface.unitsPerEm))
        let transform = Affine2D(
            a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle), d: scale * cos(angle), tx: 4, ty: 24)
        for scalar in ["A", "g", " ", "é", "€", "\u{10FFFF}", "\u{0}"] as [Unicode.Scalar] {
            let glyph = typeface.glyph(for: scalar)
            _ = typeface.advance(of: glyph)
            _ = typeface.kerning(glyph, typeface.glyph(for: "V"))
            _ = typeface.bounds(of: glyph)
            _ = try? typeface.outline(of: glyph)
            rasterizer.addGlyph(glyph, of: typeface, transform: transform)
        }
        for glyph in [0, 1, 2, 3, typeface.glyphCount - 1, typeface.glyphCount, 65_535] {
            let glyph = UInt16(clamping: glyph)
            _ = typeface.cachedOutline(of: glyph)
            rasterizer.addGlyph(glyph, of: typeface, transform: transform)
        }
        rasterizer.finish(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), into: &buffer)
    }

    static func layOut(_ font: CGFont, size: Double) {
        _ = (font.fullName, font.fontBBox, font.numberOfGlyphs, font.metrics(size: size))
        let layout = TextLayout(
            string: "Wrap this line, then\nbreak… Größe ﬁ 𝄞", font: font, fontSize: size, width: 30, height: 25,
            alignment: .center, wraps: true, truncation: .middle, kerning: true)
        guard
            let context = CGContext(
                data: nil, width: 32, height: 24, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return }
        context.draw(layout, at: CGPoint(x: 1, y: 20))
    }

    static var seeds: [[UInt8]] {
        var info = SyntheticFontInfo()
        info.characters = [0x41: 1, 0x67: 2, 0x20: 3, 0xE9: 4, 0x56: 1]
        info.kerning = [(1, 1, -80), (2, 1, 40)]
        info.typo = (750, -250, 50, true)
        let triangle = SyntheticGlyph.simple(
            advance: 600, [[(0, 0, true), (300, 700, false), (600, 0, true)], [(100, 100, true), (200, 300, true)]])
        let glyphs: [SyntheticGlyph] = [
            .box(advance: 500, 50, 0, 450, 700), triangle, .box(advance: 550, 40, -200, 500, 500),
            SyntheticGlyph(advance: 250),
            .composite(advance: 600, [.init(glyph: 1, dx: 10, dy: 20, scale: .uniform(0.5)), .init(glyph: 2)]),
        ]
        let trueType = SyntheticFont.trueType(glyphs, info: info)
        let longLoca = SyntheticFont.trueType(glyphs, info: info, longLoca: true, cmapFormats: [12])
        let curves =
            Charstring.op([100, 0], Charstring.rmoveto) + Charstring.op([200, 0, 0, 300, -200, 0], Charstring.rlineto)
            + Charstring.op([50, 50, 100, 100, 50, 50], Charstring.rrcurveto) + Charstring.op([], Charstring.endchar)
        let subroutineCall = Charstring.op([-107], Charstring.callsubr) + Charstring.op([], Charstring.endchar)
        let subroutine =
            Charstring.op([10, 10], Charstring.rmoveto) + Charstring.op([50], Charstring.hlineto)
            + Charstring.op([], Charstring.ret)
        let compact = SyntheticFont.compact(
            charStrings: [Charstring.op([], Charstring.endchar), curves, subroutineCall],
            localSubroutines: [subroutine],
            info: info)
        let cid = SyntheticFont.compactCID(
            charStrings: [Charstring.op([], Charstring.endchar), subroutineCall, curves], fontOfGlyph: [0, 1, 0],
            localSubroutines: [[], [subroutine]], info: info)
        let collection = SyntheticFont.assembleCollection(
            [
                SyntheticFont.trueTypeTables(glyphs, info: info),
                SyntheticFont.trueTypeTables(
                    Array(glyphs.prefix(2)),
                    info: SyntheticFontInfo()),
            ])
        return [trueType, longLoca, compact, cid, collection]
    }

    static var dictionary: [[UInt8]] {
        [
            "glyf", "loca", "head", "hhea", "hmtx", "maxp", "cmap", "name", "OS/2", "kern", "CFF ", "ttcf", "OTTO",
            "post",
        ]
        .map { Array($0.utf8) } + [[0, 1, 0, 0], [0xFF, 0xFF], [0x7F, 0xFF], [0x80, 0x00], [12, 30], [12, 36]]
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzDriver.initialize(FontTarget.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.run(FontTarget.self, data, size)
}
