/// A JSON value together with its path, with typed accessors that throw ``LottieDecodingError`` naming that path
/// (our own type; the decoder's only way of reading the document).
///
/// Numbers are accepted only when finite and no larger in magnitude than ``largestNumber``, so no infinity, NaN
/// or value that overflows later arithmetic reaches the model.
struct JSONNode {
    /// The largest magnitude a number may have (10¹²; Lottie files use at most a few million, e.g. for mask
    /// rectangles meant to be "infinite").
    static let largestNumber = 1e12

    let value: JSONValue
    let path: JSONPath

    init(_ value: JSONValue, path: JSONPath = .root) {
        self.value = value
        self.path = path
    }

    // MARK: Members

    /// Member `key`, or nil when it is absent or `null`.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value, let member = members[key] else { return nil }
        if case .null = member { return nil }
        return JSONNode(member, path: path.appending(key))
    }

    /// Member `key`; throws `.missing` when it is absent or `null`.
    func required(_ key: String) throws(LottieDecodingError) -> JSONNode {
        guard case .object = value else { throw mismatch("an object") }
        guard let member = self[key] else { throw LottieDecodingError(at: path.appending(key), .missing) }
        return member
    }

    /// Whether this is an object.
    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    /// Whether this is an array.
    var isArray: Bool {
        if case .array = value { return true }
        return false
    }

    // MARK: Scalars

    /// The number here (finite, |x| ≤ ``largestNumber``). A one-element array of a number is accepted as that
    /// number, since older Lottie exporters wrap scalars in arrays. Booleans read as 0 and 1.
    func number() throws(LottieDecodingError) -> Double {
        switch value {
        case .number(let number):
            guard number.isFinite, abs(number) <= Self.largestNumber else {
                throw LottieDecodingError(at: path, .outOfRange(value: number, allowed: "a finite number up to 1e12"))
            }
            return number
        case .bool(let flag):
            return flag ? 1 : 0
        case .array(let elements) where !elements.isEmpty:
            return try JSONNode(elements[0], path: path.appending(0)).number()
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
        switch value {
        case .bool(let flag): return flag
        case .number(let number): return number != 0
        default: throw mismatch("a Boolean or 0/1")
        }
    }

    /// The string here; numbers are accepted and written out (some exporters write ids as numbers).
    func string() throws(LottieDecodingError) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: throw mismatch("a string")
        }
    }

    // MARK: Arrays

    /// The elements of the array here, each with its path.
    func elements() throws(LottieDecodingError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return elements.enumerated().map { JSONNode($1, path: path.appending($0)) }
    }

    /// The array of numbers here. A single number reads as a one-element array.
    func numbers() throws(LottieDecodingError) -> [Double] {
        switch value {
        case .array(let elements):
            var numbers: [Double] = []
            numbers.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                // A plain number in range needs no path; anything else is read (or refused) as a node.
                if case .number(let number) = element, abs(number) <= Self.largestNumber {
                    numbers.append(number)
                } else {
                    numbers.append(try JSONNode(element, path: path.appending(index)).number())
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
    var count: Int {
        if case .array(let elements) = value { return elements.count }
        return 0
    }

    /// An error saying this value is not `expected`.
    func mismatch(_ expected: String) -> LottieDecodingError {
        LottieDecodingError(at: path, .wrongType(expected: expected, found: value.kindDescription))
    }

    /// An error about this value, described in words.
    func invalid(_ reason: String) -> LottieDecodingError {
        LottieDecodingError(at: path, .invalid(reason))
    }
}
