#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One face of a font file found in the font folders.
package struct InstalledFont: Hashable, Sendable {
    /// The file's path.
    package let path: String
    /// The face's position in the file (0 unless the file is a collection).
    package let faceIndex: Int
    /// The names the face gives itself.
    package let names: FontNames

    /// Creates a record of an installed face.
    package init(path: String, faceIndex: Int, names: FontNames) {
        self.path = path
        self.faceIndex = faceIndex
        self.names = names
    }

    /// Whether the style name says bold (any name containing "bold", so "Semibold" counts too).
    package var isBold: Bool { styleWords.contains("bold") }
    /// Whether the style name says italic or oblique.
    package var isItalic: Bool { styleWords.contains("italic") || styleWords.contains("oblique") }

    private var styleWords: String {
        ((names.subfamily ?? "") + " " + (names.typographicSubfamily ?? "")).lowercased()
    }
}

/// The outcome of looking a font up by name: the face to use and whether it is the one asked for.
package struct FontResolution: Sendable {
    /// The parsed face.
    package let typeface: Typeface
    /// Where it came from.
    package let font: InstalledFont
    /// Whether the requested name matched nothing and a default face was substituted.
    package let usedFallback: Bool
}

/// Finds installed fonts by name, with a default when a name is not installed.
///
/// ## Where it looks
/// The folders given at creation, searched recursively (following symbolic links, each folder once) for files
/// ending in `.ttf`, `.otf`, `.ttc` or `.otc`; ``standardDirectories(home:)`` lists the usual ones. The folders
/// are scanned once, on first use, reading only each file's table directory and `name` table; ``rescan()``
/// forgets the result.
///
/// ## How a name matches
/// Names are compared ignoring case, spaces, hyphens and underscores. In order: the PostScript name
/// ("DejaVuSans-Bold"), the full name ("DejaVu Sans Bold"), the file name without extension ("DejaVuSans"),
/// then a family and style: the requested name minus a trailing style ("-BoldOblique", " Bold Italic") is
/// compared with each face's family (name ids 1 and 16), and among those faces the one whose style agrees on
/// italic, then on bold, wins (slant before weight, as CSS font matching does), preferring a plain style ("Regular", "Book", "Roman", "Normal", "Medium") when
/// neither is asked for and a face whose legacy family (id 1) matched.
///
/// ## Fallback and warnings
/// ``resolve(name:)`` never fails while any font is installed: a name that matches nothing gets the
/// ``defaultFamily`` face with the requested bold and italic (or, without that family, the first installed
/// face in path order), and the result says so. Each unmatched name is reported once through the
/// `warningHandler` given at creation (the first `maximumReportedNames` names; later ones are not reported, so a
/// program asking for ever new names cannot grow the set of names without bound) (this module never prints by itself; the caller decides where the
/// message goes). With no font installed at all, ``resolve(name:)`` throws ``FontError/noFontsInstalled(searched:)``.
///
/// Thread-safe: scanning, the cache of parsed faces and the set of reported names are guarded by a lock.
package final class FontLocator: Sendable {
    /// The folders searched, in order.
    package let directories: [String]
    /// The family substituted for names that match nothing.
    package let defaultFamily: String
    private let warningHandler: (@Sendable (String) -> Void)?

    private struct State {
        var installed: [InstalledFont]?
        var typefaces: [String: Typeface] = [:]
        var reported: Set<String> = []
    }

    private let state = LockedValue(State())

    /// How many unmatched names are remembered, to report each once: 1,024.
    package static let maximumReportedNames = 1_024

    /// Most files examined in one scan.
    static let maximumFiles = 20_000
    /// Deepest folder nesting followed.
    static let maximumDepth = 12

    /// Creates a locator.
    ///
    /// - Parameters:
    ///   - directories: folders to search; the standard ones by default.
    ///   - defaultFamily: family used when a name is not installed.
    ///   - warningHandler: receives one message per requested name that matched nothing; `nil` keeps quiet.
    package init(
        directories: [String] = FontLocator.standardDirectories(), defaultFamily: String = "DejaVu Sans",
        warningHandler: (@Sendable (String) -> Void)? = nil
    ) {
        self.directories = directories
        self.defaultFamily = defaultFamily
        self.warningHandler = warningHandler
    }

    /// The usual font folders on Linux: `/usr/share/fonts`, `/usr/local/share/fonts`, and `~/.fonts` and
    /// `~/.local/share/fonts` when `home` (by default the `HOME` environment variable) is set.
    package static func standardDirectories(home: String? = FontLocator.homeDirectory()) -> [String] {
        var result = ["/usr/share/fonts", "/usr/local/share/fonts"]
        if let home, !home.isEmpty {
            result.append(home + "/.fonts")
            result.append(home + "/.local/share/fonts")
        }
        return result
    }

    /// The `HOME` environment variable, or `nil`.
    package static func homeDirectory() -> String? {
        getenv("HOME").map { String(cString: $0) }
    }

    /// Every face found in ``directories``, sorted by path then face index (scanned on first use).
    package var installedFonts: [InstalledFont] {
        if let installed = state.withLock({ $0.installed }) { return installed }
        let found = Self.scan(directories)
        return state.withLock { current in
            if let installed = current.installed { return installed }
            current.installed = found
            return found
        }
    }

    /// Forgets the scanned list (the next lookup scans again) and the parsed faces.
    package func rescan() {
        state.withLock { current in
            current.installed = nil
            current.typefaces.removeAll()
        }
    }

    // MARK: - Matching

    /// The installed face that `name` denotes (see the type's matching rules), or `nil`.
    package func match(name: String) -> InstalledFont? {
        let wanted = Self.normalized(name)
        guard !wanted.isEmpty else { return nil }
        let fonts = installedFonts
        if let font = fonts.first(where: { Self.normalized($0.names.postScriptName ?? "") == wanted }) { return font }
        if let font = fonts.first(where: { Self.normalized($0.names.fullName ?? "") == wanted }) { return font }
        if let font = fonts.first(where: { $0.faceIndex == 0 && Self.normalized(Self.fileStem($0.path)) == wanted }) {
            return font
        }
        let (family, bold, italic) = Self.splitStyle(name)
        return match(family: family, bold: bold, italic: italic)
    }

    /// The face of `family` that best fits the style, or `nil` when no face has that family.
    package func match(family: String, bold: Bool, italic: Bool) -> InstalledFont? {
        let wanted = Self.normalized(family)
        guard !wanted.isEmpty else { return nil }
        var best: (score: Int, font: InstalledFont)?
        for font in installedFonts {
            let legacy = Self.normalized(font.names.family ?? "") == wanted
            let typographic = Self.normalized(font.names.typographicFamily ?? "") == wanted
            guard legacy || typographic else { continue }
            var score = legacy ? 4 : 0
            if font.isItalic == italic { score += 16 }
            if font.isBold == bold { score += 8 }
            if !bold && !italic && Self.isPlainStyle(font.names.subfamily) { score += 2 }
            if best == nil || score > best!.score { best = (score, font) }
        }
        return best?.font
    }

    /// The face for `name`, or the default face when nothing matches (see the type's fallback rules).
    ///
    /// - Throws: ``FontError/noFontsInstalled(searched:)`` when no font is installed; the errors of
    ///   ``typeface(for:)`` when the chosen file cannot be parsed.
    package func resolve(name: String) throws(FontError) -> FontResolution {
        if let font = match(name: name) {
            return FontResolution(typeface: try typeface(for: font), font: font, usedFallback: false)
        }
        let (_, bold, italic) = Self.splitStyle(name)
        guard let fallback = match(family: defaultFamily, bold: bold, italic: italic) ?? installedFonts.first else {
            throw .noFontsInstalled(searched: directories)
        }
        let firstReport = state.withLock {
            $0.reported.count < Self.maximumReportedNames && $0.reported.insert(name).inserted
        }
        if firstReport, let warningHandler {
            let used = fallback.names.fullName ?? fallback.names.family ?? fallback.path
            warningHandler("font \"\(name)\" is not installed; using \"\(used)\" instead")
        }
        return FontResolution(typeface: try typeface(for: fallback), font: fallback, usedFallback: true)
    }

    /// The parsed face of `font`, read once and then kept.
    package func typeface(for font: InstalledFont) throws(FontError) -> Typeface {
        let key = "\(font.faceIndex):\(font.path)"
        if let cached = state.withLock({ $0.typefaces[key] }) { return cached }
        let typeface = try FontFile(contentsOf: font.path).typeface(at: font.faceIndex)
        return state.withLock { current in
            if let cached = current.typefaces[key] { return cached }
            current.typefaces[key] = typeface
            return typeface
        }
    }

    // MARK: - Names

    /// `name` lowercased with everything but letters and digits removed: the form names are compared in.
    package static func normalized(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
    }

    private static func fileStem(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: ".") else { return file }
        return String(file[..<dot])
    }

    private static func isPlainStyle(_ subfamily: String?) -> Bool {
        ["regular", "book", "roman", "normal", "medium", ""].contains(normalized(subfamily ?? ""))
    }

    /// Style words that may end a requested name.
    private static let styleWords = [
        "bolditalic", "boldoblique", "italic", "oblique", "bold", "regular", "book", "roman", "normal",
    ]

    /// Splits "Family-BoldOblique" or "Family Bold Italic" into the family and the bold and italic flags; a name
    /// without a recognised style is all family, neither bold nor italic.
    package static func splitStyle(_ name: String) -> (family: String, bold: Bool, italic: Bool) {
        if let dash = name.lastIndex(of: "-") {
            let style = normalized(String(name[name.index(after: dash)...]))
            if styleWords.contains(style) || style.contains("bold") || style.contains("italic")
                || style.contains("oblique")
            {
                return (
                    String(name[..<dash]), style.contains("bold"),
                    style.contains("italic") || style.contains("oblique")
                )
            }
        }
        var words = name.split(separator: " ").map(String.init)
        var bold = false
        var italic = false
        while words.count > 1, let last = words.last.map({ normalized($0) }), styleWords.contains(last) {
            bold = bold || last.contains("bold")
            italic = italic || last.contains("italic") || last.contains("oblique")
            words.removeLast()
        }
        return (words.joined(separator: " "), bold, italic)
    }

    // MARK: - Scanning

    /// Every face of every font file under `directories`, sorted by path and face index.
    static func scan(_ directories: [String]) -> [InstalledFont] {
        var files: [String] = []
        var visited: Set<[UInt64]> = []
        for directory in directories {
            collectFontFiles(in: directory, depth: 0, visited: &visited, into: &files)
        }
        files.sort()
        var fonts: [InstalledFont] = []
        for path in files {
            guard let faces = try? FaceNameReader.names(ofFileAt: path) else { continue }
            for (index, names) in faces.enumerated() {
                fonts.append(InstalledFont(path: path, faceIndex: index, names: names))
            }
        }
        return fonts
    }

    private static func collectFontFiles(
        in directory: String, depth: Int, visited: inout Set<[UInt64]>, into files: inout [String]
    ) {
        guard depth <= maximumDepth, files.count < maximumFiles else { return }
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        guard visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return }
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var subdirectories: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var entryStatus = stat()
            guard stat(path, &entryStatus) == 0 else { continue }
            let kind = entryStatus.st_mode & S_IFMT
            if kind == S_IFDIR {
                subdirectories.append(path)
            } else if kind == S_IFREG, isFontFileName(name), files.count < maximumFiles {
                files.append(path)
            }
        }
        for subdirectory in subdirectories.sorted() {
            collectFontFiles(in: subdirectory, depth: depth + 1, visited: &visited, into: &files)
        }
    }

    private static func isFontFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
            || lower.hasSuffix(".otc")
    }
}

/// Reads the `name` tables of a font file without reading the whole file.
enum FaceNameReader {
    /// The names of every face of the file at `path` (one entry per face of a collection).
    static func names(ofFileAt path: String) throws(FontError) -> [FontNames] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, code: errno) }
        defer { close(descriptor) }
        func read(_ offset: Int, _ length: Int) throws(FontError) -> FontBytes {
            guard offset >= 0, length >= 0, length <= FontFile.maximumFileSize else { throw .truncatedTable("name") }
            var bytes = [UInt8](repeating: 0, count: length)
            let got = bytes.withUnsafeMutableBytes { buffer in
                length == 0 ? 0 : pread(descriptor, buffer.baseAddress!, length, off_t(offset))
            }
            guard got == length else { throw .truncatedTable("directory") }
            return FontBytes(bytes, name: "directory")
        }
        let header = try read(0, 12)
        var directories: [Int] = []
        switch try header.uint32(0) {
        case 0x0001_0000, 0x7472_7565, 0x4F54_544F:
            directories = [0]
        case 0x7474_6366:
            let count = Int(try header.uint32(8))
            guard count >= 1, count <= FontFile.maximumFaceCount else { throw .notAFont }
            let offsets = try read(12, 4 * count)
            for index in 0..<count { directories.append(Int(try offsets.uint32(4 * index))) }
        default:
            throw .notAFont
        }
        var result: [FontNames] = []
        for offset in directories {
            let tableCount = Int(try read(offset + 4, 2).uint16(0))
            let records = try read(offset + 12, 16 * tableCount)
            var names = FontNames()
            for index in 0..<tableCount {
                guard try records.uint32(16 * index) == TableTag.names.value else { continue }
                let start = Int(try records.uint32(16 * index + 8))
                let length = Int(try records.uint32(16 * index + 12))
                guard length <= 4 << 20 else { break }  // a real name table is a few kilobytes
                names = FontNames(table: try read(start, length))
                break
            }
            result.append(names)
        }
        return result
    }
}
