/// The human-readable names a font gives itself in its `name` table.
///
/// Each name is taken from the best record available: Windows Unicode (platform 3, encoding 1 or 10) in US
/// English, then Windows Unicode in any language, then Unicode (platform 0), then Macintosh Roman (platform 1,
/// encoding 0, decoded as Latin-1, which agrees with Macintosh Roman on ASCII). Absent names are `nil`.
@_spi(Engine) public struct FontNames: Hashable, Sendable {
    /// Name id 1: the family of up to four styles (regular, bold, italic, bold italic), e.g. "DejaVu Sans".
    @_spi(Engine) public var family: String?
    /// Name id 2: the style within ``family``, e.g. "Book", "Bold", "Oblique".
    @_spi(Engine) public var subfamily: String?
    /// Name id 4: the complete name, e.g. "DejaVu Sans Bold".
    @_spi(Engine) public var fullName: String?
    /// Name id 6: the PostScript name, e.g. "DejaVuSans-Bold".
    @_spi(Engine) public var postScriptName: String?
    /// Name id 16: the family grouping more than four styles, when the font has one.
    @_spi(Engine) public var typographicFamily: String?
    /// Name id 17: the style within ``typographicFamily``, when the font has one.
    @_spi(Engine) public var typographicSubfamily: String?

    /// Creates a set of names.
    @_spi(Engine) public init(
        family: String? = nil, subfamily: String? = nil, fullName: String? = nil, postScriptName: String? = nil,
        typographicFamily: String? = nil, typographicSubfamily: String? = nil
    ) {
        self.family = family
        self.subfamily = subfamily
        self.fullName = fullName
        self.postScriptName = postScriptName
        self.typographicFamily = typographicFamily
        self.typographicSubfamily = typographicSubfamily
    }

    /// Most records read from one table.
    static let maximumRecords = 4096

    /// Reads the names from a `name` table; a damaged record is skipped, a damaged header gives no names.
    init(table: FontBytes) {
        self.init()
        guard let count = try? table.uint16(2), let storageOffset = try? table.uint16(4) else { return }
        var best: [UInt16: (rank: Int, text: String)] = [:]
        for index in 0..<min(Int(count), Self.maximumRecords) {
            let base = 6 + 12 * index
            guard let platform = try? table.uint16(base), let encoding = try? table.uint16(base + 2),
                let language = try? table.uint16(base + 4), let nameID = try? table.uint16(base + 6),
                let length = try? table.uint16(base + 8), let offset = try? table.uint16(base + 10),
                [1, 2, 4, 6, 16, 17].contains(nameID),
                let rank = Self.rank(platform: platform, encoding: encoding, language: language)
            else { continue }
            if let existing = best[nameID], existing.rank <= rank { continue }
            guard let bytes = try? table.slice(Int(storageOffset) + Int(offset), length: Int(length)) else {
                continue
            }
            let text = platform == 1 ? Self.latin1(bytes) : Self.utf16(bytes)
            guard !text.isEmpty else { continue }
            best[nameID] = (rank, text)
        }
        family = best[1]?.text
        subfamily = best[2]?.text
        fullName = best[4]?.text
        postScriptName = best[6]?.text
        typographicFamily = best[16]?.text
        typographicSubfamily = best[17]?.text
    }

    private static func rank(platform: UInt16, encoding: UInt16, language: UInt16) -> Int? {
        switch (platform, encoding) {
        case (3, 1), (3, 10): return language == 0x409 ? 0 : 1
        case (0, _): return 2
        case (1, 0): return language == 0 ? 3 : 4
        default: return nil
        }
    }

    private static func utf16(_ bytes: FontBytes) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var offset = 0
        while offset + 1 < bytes.count, let unit = try? bytes.uint16(offset) {
            units.append(unit)
            offset += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    private static func latin1(_ bytes: FontBytes) -> String {
        var scalars = String.UnicodeScalarView()
        for offset in 0..<bytes.count {
            guard let byte = try? bytes.uint8(offset) else { break }
            scalars.append(Unicode.Scalar(byte))
        }
        return String(scalars)
    }
}
