import Foundation

/// Builds the readable archive paths of `LayerArchiveError` (our helper): `root.sublayers[2].animations["spin"]`.
enum ArchivePath {
    /// `path` followed by the field `name`: `root` + `mask` is `root.mask`; a name that is not an identifier is
    /// quoted in brackets (`values["my key"]`).
    static func field(_ path: String, _ name: String) -> String {
        guard isIdentifier(name) else { return path + "[\"\(name)\"]" }
        return path.isEmpty ? name : path + "." + name
    }

    /// `path` followed by the list index `index`: `root.sublayers` + 2 is `root.sublayers[2]`.
    static func index(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    /// `path` followed by an attached animation: `["key"]` by its key, or `[index]` without one.
    static func animation(_ path: String, key: String?, index: Int) -> String {
        guard let key else { return self.index(path, index) }
        return path + "[\"\(key)\"]"
    }

    /// A decoder's coding path in the same form (`Index n` keys become `[n]`).
    static func render(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
                path = self.index(path, index)
            } else {
                path = field(path, key.stringValue)
            }
        }
        return path
    }

    /// Whether `name` is a letter or underscore followed by letters, digits and underscores (ASCII).
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
