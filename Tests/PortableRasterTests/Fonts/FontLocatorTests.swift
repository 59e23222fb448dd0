@_spi(Engine) import PortableRaster
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A temporary folder of synthetic font files (with a `nested` subfolder), removed on deinit.
final class FontFolder {
    let path: String
    private var files: [String] = []

    init(_ fonts: [(file: String, bytes: [UInt8])]) throws {
        var template = Array("/tmp/font-tests-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw FontError.unreadableFile(path: "/tmp", code: errno) }
        path = String(cString: created)
        mkdir(path + "/nested", 0o755)
        for font in fonts {
            let file = path + "/" + font.file
            guard let handle = fopen(file, "wb") else { throw FontError.unreadableFile(path: file, code: errno) }
            _ = font.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
            fclose(handle)
            files.append(file)
        }
    }

    deinit {
        for file in files { unlink(file) }
        rmdir(path + "/nested")
        rmdir(path)
    }
}

/// Collects warnings from a locator.
final class WarningLog: Sendable {
    let messages = Mutex<[String]>([])
    var all: [String] { messages.withLock { $0 } }
    var handler: @Sendable (String) -> Void { { message in self.messages.withLock { $0.append(message) } } }
}

private func face(
    family: String, style: String, postScript: String, bold: Bool = false, italic: Bool = false
)
    -> [UInt8]
{
    var info = latinInfo()
    info.family = family
    info.subfamily = style
    info.postScriptName = postScript
    info.bold = bold
    info.italic = italic
    return SyntheticFont.trueType(latinFont(), info: info)
}

@Suite("Font locator")
struct FontLocatorTests {
    static func folder() throws -> FontFolder {
        try FontFolder([
            ("SansBook.ttf", face(family: "Default Sans", style: "Book", postScript: "DefaultSans")),
            ("SansBold.ttf", face(family: "Default Sans", style: "Bold", postScript: "DefaultSans-Bold", bold: true)),
            (
                "nested/SansBoldOblique.TTF",
                face(
                    family: "Default Sans", style: "Bold Oblique", postScript: "DefaultSans-BoldOblique", bold: true,
                    italic: true)
            ),
            ("Other.otf", face(family: "Other Serif", style: "Regular", postScript: "OtherSerif-Regular")),
            ("notes.txt", Array("not a font".utf8)),
            ("Broken.ttf", Array("not a font either".utf8)),
        ])
    }

    @Test("scanning finds every font file recursively, by extension, skipping unreadable ones")
    func scan() throws {
        let folder = try Self.folder()
        let locator = FontLocator(directories: [folder.path, "/nonexistent-font-folder"])
        let names = locator.installedFonts.map { $0.names.postScriptName ?? "?" }
        #expect(names == ["OtherSerif-Regular", "DefaultSans-Bold", "DefaultSans", "DefaultSans-BoldOblique"])
    }

    @Test("names match by PostScript name, full name, file name and family with style, ignoring case and spaces")
    func matching() throws {
        let folder = try Self.folder()
        let locator = FontLocator(directories: [folder.path])
        #expect(locator.match(name: "DefaultSans-Bold")?.names.subfamily == "Bold")
        #expect(locator.match(name: "default sans bold oblique")?.names.subfamily == "Bold Oblique")
        #expect(locator.match(name: "SansBook")?.names.subfamily == "Book")
        #expect(locator.match(name: "Default Sans")?.names.subfamily == "Book")
        #expect(locator.match(name: "Default Sans Italic Bold")?.names.subfamily == "Bold Oblique")
        #expect(locator.match(name: "DefaultSans-Oblique")?.names.subfamily == "Bold Oblique")
        #expect(locator.match(family: "Other Serif", bold: true, italic: false)?.names.subfamily == "Regular")
        #expect(locator.match(name: "Helvetica") == nil)
        #expect(locator.match(name: "") == nil)
    }

    @Test("a missing family falls back to the default family in the requested style and warns once per name")
    func fallback() throws {
        let folder = try Self.folder()
        let log = WarningLog()
        let locator = FontLocator(
            directories: [folder.path], defaultFamily: "Default Sans", warningHandler: log.handler)
        let first = try locator.resolve(name: "Helvetica-Bold")
        #expect(first.usedFallback)
        #expect(first.font.names.postScriptName == "DefaultSans-Bold")
        #expect(first.typeface.names.subfamily == "Bold")
        _ = try locator.resolve(name: "Helvetica-Bold")
        _ = try locator.resolve(name: "Courier")
        #expect(
            log.all == [
                "font \"Helvetica-Bold\" is not installed; using \"Default Sans Bold\" instead",
                "font \"Courier\" is not installed; using \"Default Sans Book\" instead",
            ])
        let found = try locator.resolve(name: "Other Serif")
        #expect(!found.usedFallback)
        #expect(found.typeface.names.family == "Other Serif")
        #expect(log.all.count == 2)
    }

    @Test("1,100 different missing names are reported for the first 1,024 only (the remembered names are capped)")
    func reportedNamesAreCapped() throws {
        let folder = try Self.folder()
        let log = WarningLog()
        let locator = FontLocator(
            directories: [folder.path], defaultFamily: "Default Sans", warningHandler: log.handler)
        for index in 0..<1_100 { _ = try locator.resolve(name: "Missing \(index)") }
        _ = try locator.resolve(name: "Missing 0")
        #expect(log.all.count == FontLocator.maximumReportedNames)
        #expect(log.all.last == "font \"Missing 1023\" is not installed; using \"Default Sans Book\" instead")
    }

    @Test("without the default family the first installed face is used")
    func fallbackWithoutDefaultFamily() throws {
        let folder = try Self.folder()
        let locator = FontLocator(directories: [folder.path], defaultFamily: "DejaVu Sans")
        #expect(try locator.resolve(name: "Nope").font.names.postScriptName == "OtherSerif-Regular")
    }

    @Test("parsed faces are cached: resolving twice returns the same object")
    func typefaceCache() throws {
        let folder = try Self.folder()
        let locator = FontLocator(directories: [folder.path])
        let first = try locator.resolve(name: "Other Serif").typeface
        let second = try locator.resolve(name: "OtherSerif-Regular").typeface
        #expect(first === second)
    }

    @Test("with no font files at all, resolving is a typed error naming the searched folders")
    func noFonts() throws {
        let empty = try FontFolder([])
        let locator = FontLocator(directories: [empty.path])
        #expect(locator.installedFonts.isEmpty)
        #expect(throws: FontError.noFontsInstalled(searched: [empty.path])) { try locator.resolve(name: "Anything") }
    }

    @Test("a collection file lists each face with its index")
    func collectionFaces() throws {
        var bold = latinInfo()
        bold.family = "Pair"
        bold.subfamily = "Bold"
        bold.postScriptName = "Pair-Bold"
        var regular = bold
        regular.subfamily = "Regular"
        regular.postScriptName = "Pair-Regular"
        let bytes = SyntheticFont.assembleCollection([
            SyntheticFont.trueTypeTables(latinFont(), info: regular),
            SyntheticFont.trueTypeTables(latinFont(), info: bold),
        ])
        let folder = try FontFolder([("Pair.ttc", bytes)])
        let locator = FontLocator(directories: [folder.path])
        #expect(locator.installedFonts.map(\.faceIndex) == [0, 1])
        let match = try #require(locator.match(name: "Pair Bold"))
        #expect(match.faceIndex == 1)
        #expect(try locator.typeface(for: match).names.postScriptName == "Pair-Bold")
    }

    @Test("the standard folders are the system ones plus two under the home folder")
    func standardDirectories() {
        #expect(
            FontLocator.standardDirectories(home: "/home/me") == [
                "/usr/share/fonts", "/usr/local/share/fonts", "/home/me/.fonts", "/home/me/.local/share/fonts",
            ])
        #expect(FontLocator.standardDirectories(home: nil) == ["/usr/share/fonts", "/usr/local/share/fonts"])
    }
}
