import Foundation

/// A strict JSON reader (RFC 8259) over UTF-8 bytes that builds a ``JSONDocument`` (our own code).
///
/// It is written for hostile input: nesting deeper than ``maximumDepth`` is refused instead of exhausting the stack,
/// every allocation is bounded by the input's length, and any syntax error is reported with its byte offset, line
/// and column. Numbers beyond `Double`'s range read as infinities, which the Lottie decoder then rejects by path.
/// A UTF-8 byte-order mark at the start is skipped; invalid UTF-8 inside strings becomes U+FFFD.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (Lottie files nest about 20 deep).
    static let maximumDepth = 256

    /// What is wrong with the text, and where (offset from 0; line and column from 1, column in bytes).
    struct SyntaxError: Error, Equatable {
        let offset: Int
        let line: Int
        let column: Int
        let reason: String
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0
    /// The document's values so far (see ``JSONDocument`` for the layout).
    private var entries: [JSONDocument.Entry] = []
    private var strings: [String] = []
    /// The array or object being read (-1 before the root).
    private var parent: Int32 = -1

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // Compact Lottie files hold about one value per 4 bytes (LottieLogo1: 14,392 in 56,651); the array grows
        // past a third of the byte count only for denser input. Under 2 GiB of input, every index fits in `Int32`.
        entries.reserveCapacity(Swift.min(bytes.count / 3 + 16, 1 << 20))
    }

    /// Parses a whole document: one value, with only whitespace around it.
    static func parse(_ data: Data) throws(SyntaxError) -> JSONDocument {
        guard data.count < Int(Int32.max) else {
            throw SyntaxError(offset: 0, line: 1, column: 1, reason: "documents of 2 GiB or more are not read")
        }
        let result: Result<JSONDocument, SyntaxError> = data.withUnsafeBytes { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(SyntaxError) {
                try parser.document()
                return .success(JSONDocument(entries: parser.entries, strings: parser.strings))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func document() throws(SyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        try value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the document's value") }
    }

    // MARK: Values

    /// Appends a value with no contents.
    private mutating func append(_ kind: JSONDocument.Kind, bits: UInt64 = 0, count: Int32 = 0) {
        let end = Int32(truncatingIfNeeded: entries.count + 1)
        entries.append(JSONDocument.Entry(bits: bits, count: count, end: end, parent: parent, kind: kind))
    }

    private mutating func value() throws(SyntaxError) {
        guard index < bytes.count else { throw failure("the document ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try container(.object)
        case UInt8(ascii: "["): try container(.array)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"):
            try literal("true")
            append(.bool, bits: 1)
        case UInt8(ascii: "f"):
            try literal("false")
            append(.bool)
        case UInt8(ascii: "n"):
            try literal("null")
            append(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            append(.number, bits: try number().bitPattern)
        default: throw failure("unexpected character where a value was expected")
        }
    }

    /// Appends the array or object starting here, then its contents, then sets its count and end.
    private mutating func container(_ kind: JSONDocument.Kind) throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("arrays and objects nest more than \(Self.maximumDepth) deep")
        }
        index += 1
        let own = entries.count
        append(kind)
        let outer = parent
        parent = Int32(truncatingIfNeeded: own)
        let isObject = kind == .object
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var count: Int32 = 0
        skipWhitespace()
        if peek() == closing {
            index += 1
        } else {
            reading: while true {
                skipWhitespace()
                if isObject { try memberName() }
                try value()
                count += 1
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case closing:
                    index += 1
                    break reading
                default:
                    throw failure(isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
                }
            }
        }
        parent = outer
        entries[own].count = count
        entries[own].end = Int32(truncatingIfNeeded: entries.count)
        depth -= 1
    }

    /// Appends a member's name and reads past the colon after it.
    private mutating func memberName() throws(SyntaxError) {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
        try string()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
        index += 1
        skipWhitespace()
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let count = word.utf8.count
        guard index + count <= bytes.count else { throw failure("the document ends inside a literal") }
        for (offset, byte) in word.utf8.enumerated() where bytes[index + offset] != byte {
            throw failure("unknown literal (expected true, false or null)")
        }
        index += count
    }

    // MARK: Numbers

    /// Exact powers of ten up to 10²², the ones a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        let end = bytes.count
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        // Up to 19 significant digits (leading zeros of a fraction do not count) go into the mantissa; the decimal
        // exponent says where its point is. More digits only move the exponent, and force the exact fallback below.
        var mantissa: UInt64 = 0
        var digits = 0
        var decimalExponent = 0
        guard index < end, let first = digit(bytes[index]) else { throw failure("a number needs a digit here") }
        index += 1
        if first == 0 {
            if index < end, digit(bytes[index]) != nil { throw failure("a number may not have leading zeros") }
        } else {
            mantissa = first
            digits = 1
            while index < end, let next = digit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa * 10 + next
                } else {
                    decimalExponent += 1
                }
                digits += 1
                index += 1
            }
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, digit(bytes[index]) != nil else { throw failure("a number needs a digit after '.'") }
            while index < end, let next = digit(bytes[index]) {
                if digits == 0 && next == 0 {
                    decimalExponent -= 1
                } else {
                    if digits < 19 {
                        mantissa = mantissa * 10 + next
                        decimalExponent -= 1
                    }
                    digits += 1
                }
                index += 1
            }
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, digit(bytes[index]) != nil else {
                throw failure("a number needs a digit in its exponent")
            }
            var exponent = 0
            while index < end, let next = digit(bytes[index]) {
                exponent = Swift.min(exponent * 10 + Int(next), 100_000)
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        // Up to 19 significant digits and a small exponent: one exact or singly rounded operation. Anything else
        // goes through the standard library's correctly rounded conversion.
        let value: Double
        if digits <= 19, abs(decimalExponent) <= 22, mantissa < 1 << 53 {
            let scale = Self.exactPowersOfTen[abs(decimalExponent)]
            value = decimalExponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        } else {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            return Double(text) ?? (negative ? -.infinity : .infinity)
        }
        return negative ? -value : value
    }

    /// The value of an ASCII digit, or nil for any other byte.
    @inline(__always)
    private func digit(_ byte: UInt8) -> UInt64? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? UInt64(value) : nil
    }

    // MARK: Strings

    /// Appends the string starting at the opening quote: packed into its entry when it is at most 7 bytes long,
    /// otherwise kept in `strings`.
    private mutating func string() throws(SyntaxError) {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                appendDocumentString(from: start)
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                let utf8 = try escapedString(from: start)
                utf8.withUnsafeBytes { appendString($0) }
                return
            }
            if byte < 0x20 { throw failure("a control character must be escaped inside a string") }
            index += 1
        }
        throw failure("the document ends inside a string")
    }

    private mutating func appendString(_ utf8: UnsafeRawBufferPointer) {
        appendString(utf8, packed: JSONDocument.pack(utf8))
    }

    /// Appends the string of the document's bytes from `start` up to the current index (the closing quote).
    private mutating func appendDocumentString(from start: Int) {
        let count = index - start
        guard count <= 7, start + 8 <= bytes.count else {
            appendString(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            return
        }
        // What `pack` gives, from one load of eight bytes inside the document (those after the string masked off).
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        let packed = word & (1 << (8 * UInt64(count)) - 1) | UInt64(count + 1) << 56
        appendString(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), packed: packed)
    }

    /// Appends a string whose packed form (``JSONDocument/pack(_:)``) is `packed`.
    private mutating func appendString(_ utf8: UnsafeRawBufferPointer, packed: UInt64) {
        if packed != 0 {
            append(.string, bits: packed)
        } else {
            append(.string, count: Int32(truncatingIfNeeded: strings.count))
            strings.append(String(decoding: utf8, as: UTF8.self))
        }
    }

    /// The slow path for strings with escapes: the UTF-8 bytes from `start` (just after the opening quote) to the
    /// closing quote, escapes decoded.
    private mutating func escapedString(from start: Int) throws(SyntaxError) -> [UInt8] {
        var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return utf8
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { break }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): appendUTF8(of: try unicodeEscape(), to: &utf8)
                default:
                    index -= 1
                    throw failure("unknown escape in a string")
                }
            case 0..<0x20:
                index -= 1
                throw failure("a control character must be escaped inside a string")
            default:
                utf8.append(byte)
            }
        }
        throw failure("the document ends inside a string")
    }

    /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair; lone surrogates become
    /// U+FFFD.
    private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800..<0xDC00).contains(high), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let saved = index
            index += 2
            let low = try hexQuad()
            if (0xDC00..<0xE000).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            index = saved
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("the document ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(of scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
        utf8.append(contentsOf: String(Character(scalar)).utf8)
    }

    // MARK: Helpers

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// A syntax error at the current position.
    private func failure(_ reason: String) -> SyntaxError {
        let end = Swift.min(index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<end where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return SyntaxError(offset: index, line: line, column: end - lineStart + 1, reason: reason)
    }
}
