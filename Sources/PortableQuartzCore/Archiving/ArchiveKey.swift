import Foundation

/// A coding key of any name (our helper): the archive types read their fields by name so that they can report
/// unknown fields instead of silently ignoring them.
struct ArchiveKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where Key == ArchiveKey {
    /// Throws ``LayerArchiveError/Reason/unknownField(_:)`` for the first field (in sorted order) not in `known`.
    func rejectUnknownFields(_ known: Set<String>) throws {
        let unknown = allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        if let first = unknown.first {
            throw LayerArchiveError(
                path: ArchivePath.field(ArchivePath.render(codingPath), first), reason: .unknownField(first))
        }
    }

    /// Decodes the field `name` when present (JSON `null` counts as absent).
    func optional<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value? {
        try decodeIfPresent(type, forKey: ArchiveKey(name))
    }

    /// Decodes a possibly non-finite number (see `ArchivedNumber`) when present.
    func optionalNumber<Value: BinaryFloatingPoint & Codable>(_ type: Value.Type, _ name: String) throws -> Value? {
        try decodeIfPresent(ArchivedNumber<Value>.self, forKey: ArchiveKey(name))?.value
    }

    /// Decodes a list of possibly non-finite numbers when present.
    func optionalNumbers(_ name: String) throws -> [Double]? {
        try decodeIfPresent([ArchivedNumber<Double>].self, forKey: ArchiveKey(name))?.map(\.value)
    }
}

extension KeyedEncodingContainer where Key == ArchiveKey {
    /// Encodes `value` under `name` unless it is nil.
    mutating func optional<Value: Encodable>(_ value: Value?, _ name: String) throws {
        try encodeIfPresent(value, forKey: ArchiveKey(name))
    }

    /// Encodes a possibly non-finite number (see `ArchivedNumber`) unless it is nil.
    mutating func optionalNumber<Value: BinaryFloatingPoint & Codable>(_ value: Value?, _ name: String) throws {
        try encodeIfPresent(value.map { ArchivedNumber($0) }, forKey: ArchiveKey(name))
    }

    /// Encodes a list of possibly non-finite numbers unless it is nil.
    mutating func optionalNumbers(_ values: [Double]?, _ name: String) throws {
        try encodeIfPresent(values?.map(ArchivedNumber.init), forKey: ArchiveKey(name))
    }
}
