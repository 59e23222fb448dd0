import Foundation
import PortableCoreGraphics
import Synchronization
import Testing

/// A temporary folder holding font files, removed on deinit.
final class TemporaryFontFolder {
    let path: String

    init(_ files: [(name: String, bytes: [UInt8])]) throws {
        path = NSTemporaryDirectory() + "cgfont-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: path + "/" + file.name)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Collects warning messages.
final class MessageLog: Sendable {
    private let storage = Mutex<[String]>([])
    var messages: [String] { storage.withLock { $0 } }
    var handler: @Sendable (String) -> Void { { message in self.storage.withLock { $0.append(message) } } }
}

@Suite("CGFont")
struct CGFontTests {
    @Test("a font from data reports Apple's metrics in font units: descent is negative")
    func metricsInFontUnits() throws {
        let font = LayoutTestFont.font
        #expect(font.unitsPerEm == 1000)
        #expect(font.ascent == 800)
        #expect(font.descent == -200)
        #expect(font.leading == 90)
        #expect(font.xHeight == 500)
        #expect(font.capHeight == 0)  // no "H" in the font and no OS/2 table
        #expect(font.numberOfGlyphs == 31)
        #expect(font.fontBBox == CGRect(x: -50, y: -200, width: 1050, height: 1000))
        #expect(font.fullName == "Layout Test Regular")
        #expect(font.postScriptName == "LayoutTest-Regular")
        #expect(font.familyName == "Layout Test")
        #expect(font.italicAngle == 0)
        #expect(!font.isSubstitute)
    }

    @Test("getGlyphAdvances and getGlyphBBoxes fill the caller's buffers; unknown glyphs get 0 and .zero")
    func glyphQueries() {
        let font = LayoutTestFont.font
        let glyphs: [CGGlyph] = [1, 27, 30, 500]
        var advances = [Int32](repeating: -1, count: 4)
        #expect(font.getGlyphAdvances(glyphs: glyphs, count: 4, advances: &advances))
        #expect(advances == [500, 250, 1000, 0])
        var boxes = [CGRect](repeating: .infinite, count: 4)
        #expect(font.getGlyphBBoxes(glyphs: glyphs, count: 4, bboxes: &boxes))
        #expect(
            boxes == [
                CGRect(x: 50, y: 0, width: 400, height: 500), .zero, CGRect(x: 100, y: 0, width: 800, height: 100),
                .zero,
            ])
    }

    @Test("characters map to glyphs by scalar; kerning and advances are in font units")
    func characters() {
        let font = LayoutTestFont.font
        #expect(font.glyphs(for: "av Z") == [1, 22, 27, 0])
        #expect(font.glyph(for: "…") == 30)
        #expect(font.kerning(between: 1, and: 22) == -100)
        #expect(font.advance(of: 22) == 500)
    }

    @Test("font metrics at 10 pt: ascent 8, descent 2, leading 0.9, line height 10.9, x height 5")
    func metricsAtSize() {
        let metrics = LayoutTestFont.font.metrics(size: 10)
        #expect(metrics.ascent == 8)
        #expect(metrics.descent == 2)
        #expect(abs(metrics.leading - 0.9) < 1e-12)
        #expect(abs(metrics.lineHeight - 10.9) < 1e-12)
        #expect(metrics.xHeight == 5)
        #expect(metrics.pointSize == 10)
        #expect(metrics.familyName == "Layout Test")
        #expect(FontMetrics(font: LayoutTestFont.font, size: -1).ascent == 0)
    }

    @Test("data that is not a font gives nil")
    func badData() {
        #expect(CGFont(CGDataProvider(data: Data("no font here".utf8))!) == nil)
    }

    @Test("fonts made from the same face are equal and hash alike")
    func equality() throws {
        let folder = try TemporaryFontFolder([("test.ttf", LayoutTestFont.bytes())])
        let library = FontLibrary(directories: [folder.path], warningHandler: nil)
        let first = try #require(library.exactFont(named: "Layout Test"))
        let second = try #require(library.exactFont(named: "LayoutTest-Regular"))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != LayoutTestFont.font)
    }
}

@Suite("FontLibrary")
struct FontLibraryTests {
    static func library(_ log: MessageLog) throws -> (TemporaryFontFolder, FontLibrary) {
        let folder = try TemporaryFontFolder([
            ("regular.ttf", LayoutTestFont.bytes()),
            ("bold.ttf", LayoutTestFont.bytes(family: "Layout Test", style: "Bold")),
        ])
        return (
            folder, FontLibrary(directories: [folder.path], defaultFamily: "Layout Test", warningHandler: log.handler)
        )
    }

    @Test("installed names are found; unknown names give nil from exactFont and the default from font(named:)")
    func lookups() throws {
        let log = MessageLog()
        let (folder, library) = try Self.library(log)
        _ = folder
        #expect(library.installedFontNames == ["LayoutTest-Bold", "LayoutTest-Regular"])
        #expect(library.exactFont(named: "Layout Test Bold")?.styleName == "Bold")
        #expect(library.exactFont(named: "No Such Font") == nil)
        let fallback = try #require(library.font(named: "No Such Font"))
        #expect(fallback.isSubstitute)
        #expect(fallback.familyName == "Layout Test")
        #expect(fallback.styleName == "Regular")
        _ = library.font(named: "No Such Font")
        #expect(log.messages == ["font \"No Such Font\" is not installed; using \"Layout Test Regular\" instead"])
        #expect(library.defaultFont?.styleName == "Regular")
    }

    @Test("Apple's system families are substituted, in the asked style, with one warning per name")
    func appleFamilies() throws {
        let log = MessageLog()
        let (folder, library) = try Self.library(log)
        _ = folder
        let helvetica = try #require(library.exactFont(named: "Helvetica-Bold"))
        #expect(helvetica.isSubstitute)
        #expect(helvetica.requestedName == "Helvetica-Bold")
        #expect(helvetica.styleName == "Bold")
        _ = library.exactFont(named: "Helvetica-Bold")
        #expect(try #require(library.exactFont(named: "Menlo")).styleName == "Regular")
        #expect(
            log.messages == [
                "font \"Helvetica-Bold\" is not installed; using \"Layout Test Bold\" instead",
                "font \"Menlo\" is not installed; using \"Layout Test Regular\" instead",
            ])
    }

    @Test("with no fonts installed every lookup gives nil")
    func noFonts() throws {
        let folder = try TemporaryFontFolder([])
        let library = FontLibrary(directories: [folder.path], warningHandler: nil)
        #expect(library.font(named: "Anything") == nil)
        #expect(library.exactFont(named: "Helvetica") == nil)
        #expect(library.defaultFont == nil)
    }
}
