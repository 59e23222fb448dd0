/// A bounds-checked, big-endian view of part of a font file.
///
/// Every read names an offset relative to the start of the view and throws
/// ``FontError/truncatedTable(_:)`` (naming the view's table) when the bytes it needs are not all inside the
/// view, so parsing code never reads outside the file whatever the offsets stored in it say. Views share the
/// file's storage; making a sub-view copies nothing.
struct FontBytes: Sendable {
    /// The whole file.
    let storage: [UInt8]
    /// Where the view starts in ``storage``.
    let start: Int
    /// Number of bytes in the view.
    let count: Int
    /// The table tag used in error messages.
    let name: String

    /// A view of all of `storage`.
    init(_ storage: [UInt8], name: String) {
        self.storage = storage
        self.start = 0
        self.count = storage.count
        self.name = name
    }

    private init(storage: [UInt8], start: Int, count: Int, name: String) {
        self.storage = storage
        self.start = start
        self.count = count
        self.name = name
    }

    /// Whether `length` bytes at `offset` lie inside the view (false for negative values and on overflow).
    @inline(__always)
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    /// The `length` bytes at `offset` as a view named `name` (the current name when `nil`).
    func slice(_ offset: Int, length: Int, name newName: String? = nil) throws(FontError) -> FontBytes {
        guard contains(offset, length: length) else { throw .truncatedTable(newName ?? name) }
        return FontBytes(storage: storage, start: start + offset, count: length, name: newName ?? name)
    }

    /// Everything from `offset` to the end of the view.
    func slice(from offset: Int) throws(FontError) -> FontBytes {
        guard contains(offset, length: 0) else { throw .truncatedTable(name) }
        return FontBytes(storage: storage, start: start + offset, count: count - offset, name: name)
    }

    @inline(__always)
    private func check(_ offset: Int, _ length: Int) throws(FontError) {
        guard contains(offset, length: length) else { throw .truncatedTable(name) }
    }

    /// The unsigned byte at `offset`.
    @inline(__always)
    func uint8(_ offset: Int) throws(FontError) -> UInt8 {
        try check(offset, 1)
        return storage[start + offset]
    }

    /// The signed byte at `offset`.
    @inline(__always)
    func int8(_ offset: Int) throws(FontError) -> Int8 {
        Int8(bitPattern: try uint8(offset))
    }

    /// The big-endian unsigned 16-bit value at `offset`.
    @inline(__always)
    func uint16(_ offset: Int) throws(FontError) -> UInt16 {
        try check(offset, 2)
        let base = start + offset
        return UInt16(storage[base]) << 8 | UInt16(storage[base + 1])
    }

    /// The big-endian signed 16-bit value at `offset`.
    @inline(__always)
    func int16(_ offset: Int) throws(FontError) -> Int16 {
        Int16(bitPattern: try uint16(offset))
    }

    /// The big-endian unsigned 24-bit value at `offset`.
    func uint24(_ offset: Int) throws(FontError) -> UInt32 {
        try check(offset, 3)
        let base = start + offset
        return UInt32(storage[base]) << 16 | UInt32(storage[base + 1]) << 8 | UInt32(storage[base + 2])
    }

    /// The big-endian unsigned 32-bit value at `offset`.
    @inline(__always)
    func uint32(_ offset: Int) throws(FontError) -> UInt32 {
        try check(offset, 4)
        let base = start + offset
        return UInt32(storage[base]) << 24 | UInt32(storage[base + 1]) << 16 | UInt32(storage[base + 2]) << 8
            | UInt32(storage[base + 3])
    }

    /// The big-endian signed 32-bit value at `offset`.
    func int32(_ offset: Int) throws(FontError) -> Int32 {
        Int32(bitPattern: try uint32(offset))
    }

    /// An unsigned big-endian value of `size` bytes (1 … 4) at `offset`, as used by CFF offsets.
    func unsigned(_ offset: Int, size: Int) throws(FontError) -> Int {
        try check(offset, size)
        var value = 0
        for index in 0..<size { value = value << 8 | Int(storage[start + offset + index]) }
        return value
    }

    /// The 16.16 fixed-point value at `offset`.
    func fixed(_ offset: Int) throws(FontError) -> Double {
        Double(try int32(offset)) / 65536
    }

    /// The 2.14 fixed-point value at `offset`.
    func f2dot14(_ offset: Int) throws(FontError) -> Double {
        Double(try int16(offset)) / 16384
    }
}

/// A four-byte table tag such as `glyf`, held as its big-endian 32-bit value.
struct TableTag: Hashable, Sendable, CustomStringConvertible {
    let value: UInt32

    init(value: UInt32) { self.value = value }

    /// The tag spelled by four ASCII characters (shorter strings are padded with spaces).
    init(_ text: String) {
        var value: UInt32 = 0
        var bytes = Array(text.utf8.prefix(4))
        while bytes.count < 4 { bytes.append(0x20) }
        for byte in bytes { value = value << 8 | UInt32(byte) }
        self.value = value
    }

    var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) }
        return String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
    }

    static let head = TableTag("head")
    static let horizontalHeader = TableTag("hhea")
    static let maximumProfile = TableTag("maxp")
    static let os2 = TableTag("OS/2")
    static let characterMap = TableTag("cmap")
    static let horizontalMetrics = TableTag("hmtx")
    static let kerning = TableTag("kern")
    static let glyphLocations = TableTag("loca")
    static let glyphData = TableTag("glyf")
    static let compactFont = TableTag("CFF ")
    static let compactFont2 = TableTag("CFF2")
    static let names = TableTag("name")
    static let postScript = TableTag("post")
    static let glyphPositioning = TableTag("GPOS")
}
