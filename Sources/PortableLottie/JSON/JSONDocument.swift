/// A parsed JSON document stored flat: one entry per value, in document order (our own type).
///
/// Layout, for `{"a": [1, 2], "b": true}`:
///
/// ```
/// index  0        1       2        3   4   5       6
/// entry  object   key a   array    1   2   key b   true
/// count  2 members        2 elements
/// end    7        2       5        4   5   6       7
/// parent -1       0       0        2   2   0       0
/// ```
///
/// An array's elements follow it; an object's members follow it as a key (a string entry) then the value's entries.
/// `end` is the index just past an entry's subtree, so a reader skips a value in one step, and `parent` leads back
/// to the root, which is how a value's path is found when (and only when) an error needs it. A document is two
/// arrays: a string of up to 7 UTF-8 bytes (every key Lottie uses but a few) lives inside its entry, a longer one in
/// the string table, and only those longer than 15 bytes (Swift's small strings) allocate on their own. Memory is
/// linear in the input: at most one entry per two bytes (`[0,0,…]`).
final class JSONDocument: Sendable {
    /// What a value is.
    enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object

        /// A short name for error messages ("a number", "an object", …).
        var description: String {
            switch self {
            case .null: "null"
            case .bool: "a Boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// One value.
    struct Entry: Sendable {
        /// A number's bits, a Boolean as 0 or 1, a short string packed by ``JSONDocument/pack(_:)`` (0 for a
        /// string kept in ``JSONDocument/strings``).
        var bits: UInt64
        /// An array's elements, an object's members, or the index in ``JSONDocument/strings`` of a long string.
        var count: Int32
        /// The index just past this value and everything inside it.
        var end: Int32
        /// The array or object this value is inside (-1 for the root); a member's key has its object as parent.
        var parent: Int32
        var kind: Kind
    }

    /// The values, the root first.
    let entries: [Entry]
    /// The strings longer than 7 bytes, in document order.
    let strings: [String]

    init(entries: [Entry], strings: [String]) {
        self.entries = entries
        self.strings = strings
    }

    // MARK: Reading

    func kind(_ index: Int) -> Kind { entries[index].kind }

    /// The number at `index` (a ``Kind/number`` entry).
    func number(_ index: Int) -> Double { Double(bitPattern: entries[index].bits) }

    /// The Boolean at `index` (a ``Kind/bool`` entry).
    func bool(_ index: Int) -> Bool { entries[index].bits != 0 }

    /// The string at `index` (a ``Kind/string`` entry).
    func string(_ index: Int) -> String {
        let entry = entries[index]
        guard entry.bits != 0 else { return strings[Int(entry.count)] }
        let length = Int(entry.bits >> 56) - 1
        return withUnsafeBytes(of: entry.bits.littleEndian) { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self)
        }
    }

    /// The number of elements of an array or members of an object at `index` (0 for anything else).
    func count(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .array || entry.kind == .object ? Int(entry.count) : 0
    }

    /// Calls `body` with the index of each element of the array at `index`, in order.
    @inline(__always)
    func forEachElement<Failure: Error>(of index: Int, _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        var element = index + 1
        let end = Int(entries[index].end)
        while element < end {
            try body(element)
            element = Int(entries[element].end)
        }
    }

    /// The indices of the elements of the array at `index`, in order.
    func elements(of index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(entries[index].count))
        forEachElement(of: index) { result.append($0) }
        return result
    }

    /// The keys and value indices of the object at `index`, in document order (a repeated key appears each time).
    func members(of index: Int) -> [(key: String, value: Int)] {
        var result: [(key: String, value: Int)] = []
        var key = index + 1
        let end = Int(entries[index].end)
        while key < end {
            result.append((string(key), key + 1))
            key = Int(entries[key + 1].end)
        }
        return result
    }

    /// Calls `body` with each member of the object at `index`, in document order: its key packed by ``pack(_:)`` (0
    /// for a key longer than 7 bytes) and the index of its value. Reading several members in one pass costs what
    /// one ``member(_:of:)`` lookup does.
    @inline(__always)
    func forEachMember(of index: Int, _ body: (_ packedKey: UInt64, _ value: Int) -> Void) {
        var key = index + 1
        let end = Int(entries[index].end)
        while key < end {
            body(entries[key].bits, key + 1)
            key = Int(entries[key + 1].end)
        }
    }

    /// The value of the last member named `key` of the object at `index`, or nil when there is none.
    ///
    /// Keys are compared byte for byte (as JSON readers on Apple platforms compare them), a short one as one
    /// integer. Lottie objects have a handful of members, so a scan beats a hash table here.
    func member(_ key: String, of index: Int) -> Int? {
        var key = key
        let packed = key.withUTF8 { Self.pack(UnsafeRawBufferPointer($0)) }
        var found: Int?
        var member = index + 1
        let end = Int(entries[index].end)
        while member < end {
            let entry = entries[member]
            if packed != 0 ? entry.bits == packed : (entry.bits == 0 && strings[Int(entry.count)] == key) {
                found = member + 1
            }
            member = Int(entries[member + 1].end)
        }
        return found
    }

    /// Where the value at `index` sits, for an error message.
    func path(_ index: Int) -> JSONPath {
        var steps: [(key: String?, position: Int)] = []
        var child = index
        var parent = Int(entries[child].parent)
        while parent >= 0 {
            if entries[parent].kind == .object {
                steps.append((string(child - 1), 0))
            } else {
                var position = 0
                var sibling = parent + 1
                while sibling < child {
                    position += 1
                    sibling = Int(entries[sibling].end)
                }
                steps.append((nil, position))
            }
            child = parent
            parent = Int(entries[child].parent)
        }
        return steps.reversed().reduce(JSONPath.root) { path, step in
            step.key.map(path.appending) ?? path.appending(step.position)
        }
    }

    // MARK: Short strings

    /// `key` packed by ``pack(_:)`` (0 when it is longer than 7 bytes).
    static func packed(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { pack(UnsafeRawBufferPointer($0)) }
    }

    /// `utf8` packed into one integer when it is at most 7 bytes long (byte k in bits 8k…8k+7, the length plus one
    /// in the top byte, so the result is never 0); 0 for a longer string.
    static func pack(_ utf8: UnsafeRawBufferPointer) -> UInt64 {
        guard utf8.count <= 7 else { return 0 }
        var bits = UInt64(utf8.count + 1) << 56
        for (position, byte) in utf8.enumerated() {
            bits |= UInt64(byte) << (8 * position)
        }
        return bits
    }
}
