#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A font file in memory: a single TrueType/OpenType font, or a collection (`.ttc`/`.otc`) of several faces.
///
/// Opening a file only checks the signature and, for a collection, the list of faces; each face's tables are
/// parsed by ``typeface(at:)``. Files larger than ``maximumFileSize`` are refused.
@_spi(Engine) public struct FontFile: Sendable {
    /// Largest file accepted, in bytes (256 MiB; the largest common CJK collections are about a tenth of that).
    @_spi(Engine) public static let maximumFileSize = 256 << 20
    /// Most faces read from one collection.
    static let maximumFaceCount = 1024

    /// The whole file.
    @_spi(Engine) public let bytes: [UInt8]
    /// Byte offset of each face's table directory; one entry for a single font.
    let faceOffsets: [Int]

    /// Number of faces: 1 for a single font, the collection's face count for a collection.
    @_spi(Engine) public var faceCount: Int { faceOffsets.count }

    /// Reads font data already in memory.
    ///
    /// - Throws: ``FontError/notAFont`` for an unknown signature, ``FontError/truncatedTable(_:)`` (naming
    ///   `"ttcf"`) when a collection header is cut short.
    @_spi(Engine) public init(bytes: [UInt8]) throws(FontError) {
        let data = FontBytes(bytes, name: "directory")
        guard data.count >= 12 else { throw .notAFont }
        let signature = try data.uint32(0)
        switch signature {
        case 0x0001_0000, 0x7472_7565, 0x4F54_544F:  // TrueType 1.0, 'true', 'OTTO'
            faceOffsets = [0]
        case 0x7474_6366:  // 'ttcf'
            let header = FontBytes(bytes, name: "ttcf")
            let count = Int(try header.uint32(8))
            guard count >= 1, count <= Self.maximumFaceCount else {
                throw .invalidValue(table: "ttcf", detail: "face count \(count) is outside 1…\(Self.maximumFaceCount)")
            }
            var offsets: [Int] = []
            offsets.reserveCapacity(count)
            for index in 0..<count {
                offsets.append(Int(try header.uint32(12 + 4 * index)))
            }
            faceOffsets = offsets
        default:
            throw .notAFont
        }
        self.bytes = bytes
    }

    /// Reads the font file at `path`.
    ///
    /// - Throws: ``FontError/unreadableFile(path:code:)`` when the file cannot be opened or read, and the
    ///   errors of ``init(bytes:)``.
    @_spi(Engine) public init(contentsOf path: String) throws(FontError) {
        try self.init(bytes: try Self.readFile(at: path, limit: Self.maximumFileSize))
    }

    /// Parses face `index` (0 for a single font).
    ///
    /// - Throws: ``FontError/faceIndexOutOfRange(index:count:)`` for a face that does not exist, and the
    ///   errors of `Typeface.init(file:directoryOffset:)`.
    @_spi(Engine) public func typeface(at index: Int = 0) throws(FontError) -> Typeface {
        guard index >= 0, index < faceOffsets.count else {
            throw .faceIndexOutOfRange(index: index, count: faceOffsets.count)
        }
        return try Typeface(file: FontBytes(bytes, name: "directory"), directoryOffset: faceOffsets[index])
    }

    /// Reads at most `limit` bytes of the file at `path`.
    static func readFile(at path: String, limit: Int) throws(FontError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadableFile(path: path, code: errno) }
        let size = Int(status.st_size)
        guard size <= limit else {
            throw .invalidValue(table: "file", detail: "\(path) is \(size) bytes, more than the \(limit) accepted")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < size {
                let got = read(descriptor, buffer.baseAddress! + filled, size - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { break }
                filled += got
            }
        }
        if failure != 0 { throw .unreadableFile(path: path, code: failure) }
        if filled < size { bytes.removeLast(size - filled) }
        return bytes
    }
}

/// The table records of one face: where each table lies in the file.
struct TableDirectory: Sendable {
    /// The face's signature: `0x00010000` or `true` for TrueType outlines, `OTTO` for CFF outlines.
    let signature: UInt32
    /// Offset and length of each table, by tag. Records that point outside the file are kept and reported
    /// as truncated when the table is used.
    let records: [TableTag: (offset: Int, length: Int)]

    /// Most table records read from one directory.
    static let maximumTableCount = 512

    init(file: FontBytes, offset: Int) throws(FontError) {
        let header = try file.slice(offset, length: 12)
        signature = try header.uint32(0)
        guard signature == 0x0001_0000 || signature == 0x7472_7565 || signature == 0x4F54_544F else {
            throw .notAFont
        }
        let count = Int(try header.uint16(4))
        guard count <= Self.maximumTableCount else {
            throw .invalidValue(table: "directory", detail: "\(count) tables")
        }
        let list = try file.slice(offset + 12, length: 16 * count)
        var records: [TableTag: (offset: Int, length: Int)] = [:]
        for index in 0..<count {
            let tag = TableTag(value: try list.uint32(16 * index))
            let start = Int(try list.uint32(16 * index + 8))
            let length = Int(try list.uint32(16 * index + 12))
            if records[tag] == nil { records[tag] = (start, length) }
        }
        self.records = records
    }

    /// Whether the face has a record for `tag`.
    func has(_ tag: TableTag) -> Bool { records[tag] != nil }

    /// The bytes of table `tag`, or `nil` when the face has no such table.
    ///
    /// - Throws: ``FontError/truncatedTable(_:)`` when the record points outside the file.
    func table(_ tag: TableTag, in file: FontBytes) throws(FontError) -> FontBytes? {
        guard let record = records[tag] else { return nil }
        return try file.slice(record.offset, length: record.length, name: tag.description)
    }

    /// The bytes of table `tag`.
    ///
    /// - Throws: ``FontError/missingTable(_:)`` when the face has no such table.
    func required(_ tag: TableTag, in file: FontBytes) throws(FontError) -> FontBytes {
        guard let bytes = try table(tag, in: file) else { throw .missingTable(tag.description) }
        return bytes
    }
}
