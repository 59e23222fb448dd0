/// Glyph outlines from a `CFF ` table (Compact Font Format version 1 with Type 2 charstrings, cubic outlines).
///
/// Reads the header, the Name, Top DICT, String and Global Subr INDEXes, the Top DICT entries that locate the
/// charstrings (`CharStrings`, `Private`, `charset`, `FontMatrix`, `CharstringType`), and, for CID-keyed fonts
/// (a Top DICT with `ROS`), the `FDArray` of per-font Private DICTs and the `FDSelect` table that assigns each
/// glyph to one of them. Each Private DICT may name local subroutines (`Subrs`).
///
/// Outlines come out in font units (y up): charstring coordinates are multiplied by `FontMatrix[0] ×
/// unitsPerEm`, which is 1 for the usual matrix of 1/1000 in a font of 1000 units per em.
struct CompactFontOutlines: Sendable {
    /// One font's subroutines: the whole font for a name-keyed font, one `FDArray` entry for a CID-keyed one.
    struct PrivateFont: Sendable {
        /// The local subroutines, if the Private DICT has any.
        var localSubroutines: CompactIndex?
    }

    /// The `CFF ` table.
    let table: FontBytes
    /// One charstring per glyph.
    let charStrings: CompactIndex
    /// Subroutines shared by every font of the table.
    let globalSubroutines: CompactIndex
    /// The Private DICT data of each font (one entry unless CID-keyed).
    let fonts: [PrivateFont]
    /// For CID-keyed fonts, the `fonts` index of each glyph; empty otherwise (every glyph uses `fonts[0]`).
    let fontOfGlyph: [UInt8]
    /// The string id of each glyph's name (from `charset`), used by the accented-character form of `endchar`;
    /// empty when the font uses a predefined expert charset or is CID-keyed.
    let glyphNames: [UInt16]
    /// Multiplier from charstring units to font units.
    let scale: Double

    /// Most items an INDEX may declare (the format's count field is 16 bits).
    static let maximumItems = 65_535

    init(table: FontBytes, unitsPerEm: Int) throws(FontError) {
        self.table = table
        let major = try table.uint8(0)
        guard major == 1 else { throw .invalidValue(table: "CFF ", detail: "major version \(major)") }
        let headerSize = Int(try table.uint8(2))
        let names = try CompactIndex(table, at: headerSize)
        let topDicts = try CompactIndex(table, at: names.end)
        let strings = try CompactIndex(table, at: topDicts.end)
        globalSubroutines = try CompactIndex(table, at: strings.end)
        guard topDicts.count >= 1 else { throw .invalidValue(table: "CFF ", detail: "no Top DICT") }
        let top = try CompactDict(table, range: try topDicts.item(0))

        if let type = top.number(.charstringType), type != 2 {
            throw .invalidValue(table: "CFF ", detail: "charstring type \(type)")
        }
        guard let charStringsOffset = top.integer(.charStrings) else {
            throw .invalidValue(table: "CFF ", detail: "no CharStrings")
        }
        charStrings = try CompactIndex(table, at: charStringsOffset)
        guard charStrings.count >= 1 else { throw .invalidValue(table: "CFF ", detail: "no charstrings") }

        if let matrix = top.operands(.fontMatrix), matrix.count == 6, matrix[0].isFinite, matrix[0] != 0 {
            let value = matrix[0] * Double(unitsPerEm)
            scale = abs(value - 1) < 1e-9 ? 1 : value
        } else {
            scale = Double(unitsPerEm) / 1000
        }

        let isCIDKeyed = top.operands(.registryOrderingSupplement) != nil
        if isCIDKeyed {
            guard let arrayOffset = top.integer(.fontDictArray), let selectOffset = top.integer(.fontDictSelect)
            else { throw .invalidValue(table: "CFF ", detail: "CID font without FDArray or FDSelect") }
            let fontDicts = try CompactIndex(table, at: arrayOffset)
            guard fontDicts.count >= 1, fontDicts.count <= 256 else {
                throw .invalidValue(table: "CFF ", detail: "FDArray holds \(fontDicts.count) fonts")
            }
            var fonts: [PrivateFont] = []
            for index in 0..<fontDicts.count {
                let dict = try CompactDict(table, range: try fontDicts.item(index))
                fonts.append(try Self.privateFont(of: dict, in: table))
            }
            self.fonts = fonts
            fontOfGlyph = try Self.readFontSelect(
                table, at: selectOffset, glyphCount: charStrings.count, fontCount: fonts.count)
            glyphNames = []
        } else {
            fonts = [try Self.privateFont(of: top, in: table)]
            fontOfGlyph = []
            glyphNames =
                (try? Self.readCharset(table, at: top.integer(.charset) ?? 0, glyphCount: charStrings.count))
                ?? []
        }
    }

    private static func privateFont(of dict: CompactDict, in table: FontBytes) throws(FontError) -> PrivateFont {
        guard let location = dict.operands(.privateDict), location.count == 2 else { return PrivateFont() }
        guard let size = Int(exactly: location[0]), let offset = Int(exactly: location[1]),
            table.contains(offset, length: size)
        else { throw .truncatedTable("CFF ") }
        let privateDict = try CompactDict(table, range: offset..<(offset + size))
        guard let subroutines = privateDict.integer(.subroutines) else { return PrivateFont() }
        return PrivateFont(localSubroutines: try CompactIndex(table, at: offset + subroutines))
    }

    private static func readFontSelect(
        _ table: FontBytes, at offset: Int, glyphCount: Int, fontCount: Int
    ) throws(FontError) -> [UInt8] {
        let format = try table.uint8(offset)
        var result = [UInt8](repeating: 0, count: glyphCount)
        switch format {
        case 0:
            for glyph in 0..<glyphCount { result[glyph] = try table.uint8(offset + 1 + glyph) }
        case 3:
            let rangeCount = Int(try table.uint16(offset + 1))
            for index in 0..<rangeCount {
                let base = offset + 3 + 3 * index
                let first = Int(try table.uint16(base))
                let font = try table.uint8(base + 2)
                let next = Int(try table.uint16(base + 3))
                guard first <= next else { throw .invalidValue(table: "CFF ", detail: "FDSelect ranges out of order") }
                for glyph in first..<max(first, min(next, glyphCount)) { result[glyph] = font }
            }
        default:
            throw .invalidValue(table: "CFF ", detail: "FDSelect format \(format)")
        }
        guard result.allSatisfy({ Int($0) < fontCount }) else {
            throw .invalidValue(table: "CFF ", detail: "FDSelect names a font beyond FDArray")
        }
        return result
    }

    /// The string id of each glyph's name; offsets 0 (ISOAdobe) maps glyph *n* to string *n*, the predefined
    /// expert charsets (offsets 1 and 2) are not read.
    private static func readCharset(_ table: FontBytes, at offset: Int, glyphCount: Int) throws(FontError) -> [UInt16] {
        if offset == 0 { return (0..<glyphCount).map { UInt16(truncatingIfNeeded: $0) } }
        if offset < 3 { return [] }
        var names: [UInt16] = [0]
        names.reserveCapacity(glyphCount)
        let format = try table.uint8(offset)
        var position = offset + 1
        while names.count < glyphCount {
            switch format {
            case 0:
                names.append(try table.uint16(position))
                position += 2
            case 1, 2:
                let first = try table.uint16(position)
                let left = format == 1 ? Int(try table.uint8(position + 2)) : Int(try table.uint16(position + 2))
                position += format == 1 ? 3 : 4
                for step in 0...left where names.count < glyphCount {
                    names.append(first &+ UInt16(truncatingIfNeeded: step))
                }
            default:
                throw .invalidValue(table: "CFF ", detail: "charset format \(format)")
            }
        }
        return names
    }

    /// The outline of `glyph` in font units.
    func outline(of glyph: UInt16) throws(FontError) -> RasterPath {
        guard Int(glyph) < charStrings.count else {
            throw .glyphOutOfRange(glyph: glyph, count: charStrings.count)
        }
        var interpreter = CharstringInterpreter(outlines: self, glyph: glyph)
        try interpreter.run(glyph: glyph, allowAccent: true)
        // Arithmetic can overflow to infinities; keep every point finite and within ±2²⁴ font units.
        guard interpreter.path.points.allSatisfy({ abs($0.x) <= 16_777_216 && abs($0.y) <= 16_777_216 }) else {
            throw .invalidCharstring(glyph: glyph, detail: "coordinates out of range")
        }
        return interpreter.path
    }

    /// The local subroutines of the font `glyph` belongs to.
    func localSubroutines(of glyph: UInt16) -> CompactIndex? {
        let font = fontOfGlyph.isEmpty ? 0 : Int(fontOfGlyph[Int(glyph)])
        return fonts[font].localSubroutines
    }

    /// The glyph whose name has string id `name`, for the accented-character form of `endchar`.
    func glyph(named name: UInt16) -> UInt16? {
        glyphNames.firstIndex(of: name).map { UInt16($0) }
    }
}

/// A CFF INDEX: a count, an array of offsets and the data of `count` objects.
struct CompactIndex: Sendable {
    /// Number of objects.
    let count: Int
    /// Position of the offset array in the table.
    private let offsetsStart: Int
    /// Bytes per offset, 1 … 4.
    private let offsetSize: Int
    /// Position of the byte before the first object (offsets count from 1).
    private let dataBase: Int
    /// Position just past the INDEX.
    let end: Int
    private let table: FontBytes

    /// Reads the INDEX that starts at `offset` in `table`, checking that every offset lies inside the table.
    init(_ table: FontBytes, at offset: Int) throws(FontError) {
        self.table = table
        count = Int(try table.uint16(offset))
        guard count > 0 else {
            offsetsStart = offset + 2
            offsetSize = 1
            dataBase = offset + 2
            end = offset + 2
            return
        }
        offsetSize = Int(try table.uint8(offset + 2))
        guard (1...4).contains(offsetSize) else {
            throw .invalidValue(table: "CFF ", detail: "INDEX offset size \(offsetSize)")
        }
        offsetsStart = offset + 3
        dataBase = offsetsStart + (count + 1) * offsetSize - 1
        let last = try table.unsigned(offsetsStart + count * offsetSize, size: offsetSize)
        let first = try table.unsigned(offsetsStart, size: offsetSize)
        guard first == 1, last >= 1, table.contains(dataBase + 1, length: last - 1) else {
            throw .truncatedTable("CFF ")
        }
        end = dataBase + last
    }

    /// The table positions of object `index`.
    func item(_ index: Int) throws(FontError) -> Range<Int> {
        guard index >= 0, index < count else { throw .invalidValue(table: "CFF ", detail: "INDEX item \(index)") }
        let start = try table.unsigned(offsetsStart + index * offsetSize, size: offsetSize)
        let stop = try table.unsigned(offsetsStart + (index + 1) * offsetSize, size: offsetSize)
        guard start >= 1, start <= stop, dataBase + stop <= end else { throw .truncatedTable("CFF ") }
        return (dataBase + start)..<(dataBase + stop)
    }

    /// The number added to a subroutine number in a charstring to get the INDEX position.
    var subroutineBias: Int {
        count < 1240 ? 107 : (count < 33_900 ? 1131 : 32_768)
    }
}

/// A CFF DICT: operators with their operands.
struct CompactDict {
    /// DICT operators this reader uses; two-byte operators are `1200 + second byte`.
    enum Key: Int {
        case charset = 15
        case charStrings = 17
        case privateDict = 18
        case subroutines = 19
        case charstringType = 1206
        case fontMatrix = 1207
        case registryOrderingSupplement = 1230
        case fontDictArray = 1236
        case fontDictSelect = 1237
    }

    private var entries: [Int: [Double]] = [:]

    /// Most operands before an operator.
    static let maximumOperands = 48

    init(_ table: FontBytes, range: Range<Int>) throws(FontError) {
        var operands: [Double] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = try table.uint8(position)
            position += 1
            switch byte {
            case 0...21:
                var key = Int(byte)
                if byte == 12 {
                    key = 1200 + Int(try table.uint8(position))
                    position += 1
                }
                entries[key] = operands
                operands.removeAll(keepingCapacity: true)
                continue
            case 28:
                operands.append(Double(try table.int16(position)))
                position += 2
            case 29:
                operands.append(Double(try table.int32(position)))
                position += 4
            case 30:
                let (value, next) = try Self.real(table, at: position, limit: range.upperBound)
                operands.append(value)
                position = next
            case 32...246:
                operands.append(Double(Int(byte) - 139))
            case 247...250:
                operands.append(Double((Int(byte) - 247) * 256 + Int(try table.uint8(position)) + 108))
                position += 1
            case 251...254:
                operands.append(Double(-(Int(byte) - 251) * 256 - Int(try table.uint8(position)) - 108))
                position += 1
            default:
                throw .invalidValue(table: "CFF ", detail: "DICT byte \(byte)")
            }
            guard operands.count <= Self.maximumOperands else {
                throw .invalidValue(table: "CFF ", detail: "DICT operand stack overflow")
            }
        }
    }

    /// A real number in the DICT's nibble encoding, and the position after it.
    private static func real(_ table: FontBytes, at start: Int, limit: Int) throws(FontError) -> (Double, Int) {
        var text = ""
        var position = start
        while position < limit {
            let byte = try table.uint8(position)
            position += 1
            for nibble in [byte >> 4, byte & 0x0F] {
                switch nibble {
                case 0...9: text.append(Character(Unicode.Scalar(0x30 + nibble)))
                case 0xA: text.append(".")
                case 0xB: text.append("E")
                case 0xC: text.append("E-")
                case 0xE: text.append("-")
                case 0xF: return (Double(text) ?? 0, position)
                default: throw .invalidValue(table: "CFF ", detail: "real number nibble \(nibble)")
                }
            }
            guard text.count < 64 else { break }
        }
        throw .truncatedTable("CFF ")
    }

    func operands(_ key: Key) -> [Double]? { entries[key.rawValue] }

    func number(_ key: Key) -> Double? { entries[key.rawValue]?.last }

    /// The last operand of `key` as a non-negative integer, or `nil`.
    func integer(_ key: Key) -> Int? {
        guard let value = number(key), value >= 0, value < Double(Int32.max) else { return nil }
        return Int(value)
    }
}
