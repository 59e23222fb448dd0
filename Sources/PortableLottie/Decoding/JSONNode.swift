/// A value of a parsed JSON document, with typed accessors that throw ``LottieDecodingError`` naming its path
/// (our own type; the decoder's only way of reading the document).
///
/// A node is the document and an index into it: making one allocates nothing, and its ``path`` is worked out only
/// when an error needs it. Numbers are accepted only when finite and no larger in magnitude than ``largestNumber``,
/// so no infinity, NaN or value that overflows later arithmetic reaches the model.
struct JSONNode {
    /// The largest magnitude a number may have (10¹²; Lottie files use at most a few million, e.g. for mask
    /// rectangles meant to be "infinite").
    static let largestNumber = 1e12

    let document: JSONDocument
    /// The value's index in `document`.
    let index: Int

    /// The document's root.
    init(_ document: JSONDocument) {
        self.init(document, index: 0)
    }

    private init(_ document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    private var kind: JSONDocument.Kind { document.kind(index) }

    /// Where this value sits in the document.
    var path: JSONPath { document.path(index) }

    // MARK: Members

    /// Member `key`, or nil when it is absent or `null`.
    subscript(key: String) -> JSONNode? {
        guard kind == .object, let member = document.member(key, of: index), document.kind(member) != .null else {
            return nil
        }
        return JSONNode(document, index: member)
    }

    /// Calls `body` with the packed key (``JSONDocument/packed(_:)``) and the value of each member of the object
    /// here, in document order, a `null` value as nil; nothing when this is not an object. Keeping the last value
    /// given for a key gives what the subscript gives for it.
    func forEachMember(_ body: (_ packedKey: UInt64, _ value: JSONNode?) -> Void) {
        guard kind == .object else { return }
        document.forEachMember(of: index) { key, member in
            body(key, document.kind(member) == .null ? nil : JSONNode(document, index: member))
        }
    }

    /// Member `key`; throws `.missing` when it is absent or `null`.
    func required(_ key: String) throws(LottieDecodingError) -> JSONNode {
        guard kind == .object else { throw mismatch("an object") }
        guard let member = self[key] else { throw LottieDecodingError(at: path.appending(key), .missing) }
        return member
    }

    /// Whether this is an object.
    var isObject: Bool { kind == .object }

    /// Whether this is an array.
    var isArray: Bool { kind == .array }

    // MARK: Scalars

    /// The number here (finite, |x| ≤ ``largestNumber``). A one-element array of a number is accepted as that
    /// number, since older Lottie exporters wrap scalars in arrays. Booleans read as 0 and 1.
    func number() throws(LottieDecodingError) -> Double {
        switch kind {
        case .number:
            let number = document.number(index)
            guard number.isFinite, abs(number) <= Self.largestNumber else {
                throw LottieDecodingError(at: path, .outOfRange(value: number, allowed: "a finite number up to 1e12"))
            }
            return number
        case .bool:
            return document.bool(index) ? 1 : 0
        case .array:
            guard let first else { throw mismatch("a number") }
            return try first.number()
        default:
            throw mismatch("a number")
        }
    }

    /// The number here, which must lie in `range`.
    func number(in range: ClosedRange<Double>) throws(LottieDecodingError) -> Double {
        let number = try number()
        guard range.contains(number) else {
            throw LottieDecodingError(
                at: path, .outOfRange(value: number, allowed: "\(range.lowerBound) to \(range.upperBound)"))
        }
        return number
    }

    /// The whole number here, which must lie in `range` (fractions are rounded to the nearest whole number).
    func integer(in range: ClosedRange<Int>) throws(LottieDecodingError) -> Int {
        let number = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        return Int(number.rounded())
    }

    /// The Boolean here; numbers read as true when non-zero (Lottie writes flags as 0 and 1).
    func bool() throws(LottieDecodingError) -> Bool {
        switch kind {
        case .bool: return document.bool(index)
        case .number: return document.number(index) != 0
        default: throw mismatch("a Boolean or 0/1")
        }
    }

    /// The string here; numbers are accepted and written out (some exporters write ids as numbers).
    func string() throws(LottieDecodingError) -> String {
        switch kind {
        case .string: return document.string(index)
        case .number:
            let number = document.number(index)
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: throw mismatch("a string")
        }
    }

    // MARK: Arrays

    /// The elements of the array here, each with its path.
    func elements() throws(LottieDecodingError) -> [JSONNode] {
        guard kind == .array else { throw mismatch("an array") }
        var nodes: [JSONNode] = []
        nodes.reserveCapacity(document.count(index))
        document.forEachElement(of: index) { nodes.append(JSONNode(document, index: $0)) }
        return nodes
    }

    /// The first element of the array here, or nil when this is not an array or the array is empty.
    var first: JSONNode? {
        kind == .array && document.count(index) > 0 ? JSONNode(document, index: index + 1) : nil
    }

    /// The array of numbers here. A single number reads as a one-element array.
    func numbers() throws(LottieDecodingError) -> [Double] {
        switch kind {
        case .array:
            var numbers: [Double] = []
            numbers.reserveCapacity(document.count(index))
            try document.forEachElement(of: index) { (element) throws(LottieDecodingError) in
                // A plain number in range is taken as it is; anything else is read (or refused) as a node.
                let number = document.number(element)
                if document.kind(element) == .number, abs(number) <= Self.largestNumber {
                    numbers.append(number)
                } else {
                    numbers.append(try JSONNode(document, index: element).number())
                }
            }
            return numbers
        case .number, .bool:
            return [try number()]
        default:
            throw mismatch("an array of numbers")
        }
    }

    /// The number of elements of the array here (0 for anything else).
    var count: Int { kind == .array ? document.count(index) : 0 }

    /// An error saying this value is not `expected`.
    func mismatch(_ expected: String) -> LottieDecodingError {
        LottieDecodingError(at: path, .wrongType(expected: expected, found: kind.description))
    }

    /// An error about this value, described in words.
    func invalid(_ reason: String) -> LottieDecodingError {
        LottieDecodingError(at: path, .invalid(reason))
    }
}
