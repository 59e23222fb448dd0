import Foundation

/// Tightens the layout of pretty-printed JSON (our helper), so that an archive shows `"point" : [100, 60]` and
/// `"fromValue" : {"number" : 40}` instead of one line per number:
///
/// 1. every list that holds only numbers, strings, booleans and nulls goes on one line, elements separated by
///    `", "`;
/// 2. then every object whose members fit on one line (an object with one member whose value has no line break)
///    goes on one line too.
///
/// Lists of objects and objects with several members keep the encoder's layout. The result is the same JSON value,
/// and equal input gives equal output.
enum CompactJSONLayout {
    /// `json` (UTF-8, as `JSONEncoder` writes it with `.prettyPrinted`) with the two steps above applied.
    static func apply(to json: Data) -> Data {
        let lists = collapse([UInt8](json), open: openBracket, close: closeBracket) { inner in
            let elements = split(inner)
            return elements.isEmpty ? [] : Array(elements.joined(separator: [comma, space]))
        }
        let objects = collapse(lists, open: openBrace, close: closeBrace, skippingFlatLists: true) { inner in
            let body = trimmed(inner[...])
            return body.contains(newline) ? nil : Array(body)
        }
        return Data(objects)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let comma = UInt8(ascii: ",")
    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")

    /// Copies `bytes`, replacing each `open … close` group that contains no nested object (and no nested list,
    /// unless `skippingFlatLists` allows lists without lists or objects in them) by `open + layout(content) +
    /// close`, unless `layout` answers nil. Strings are copied untouched.
    private static func collapse(
        _ bytes: [UInt8], open: UInt8, close: UInt8, skippingFlatLists: Bool = false, layout: ([UInt8]) -> [UInt8]?
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                let end = endOfString(in: bytes, from: index)
                output.append(contentsOf: bytes[index..<end])
                index = end
                continue
            }
            if byte == open,
                let end = endOfFlatGroup(in: bytes, from: index, close: close, skippingFlatLists: skippingFlatLists),
                let inner = layout(Array(bytes[(index + 1)..<(end - 1)]))
            {
                output.append(open)
                output.append(contentsOf: inner)
                output.append(close)
                index = end
                continue
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// The index just past the `close` that ends the group opening at `start`, or nil when an object (or a list,
    /// see `collapse`) opens before it.
    private static func endOfFlatGroup(
        in bytes: [UInt8], from start: Int, close: UInt8, skippingFlatLists: Bool
    )
        -> Int?
    {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case quote:
                index = endOfString(in: bytes, from: index)
                continue
            case openBracket where skippingFlatLists:
                guard let end = endOfFlatGroup(in: bytes, from: index, close: closeBracket, skippingFlatLists: false)
                else { return nil }
                index = end
                continue
            case openBracket, openBrace:
                return nil
            case close:
                return index + 1
            default:
                index += 1
            }
        }
        return nil
    }

    /// The index just past the string literal that starts at `start` (a quote).
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == backslash {
                index += 2
                continue
            }
            if bytes[index] == quote { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    /// The trimmed elements of a list's content (commas inside strings do not split); none for an empty list.
    private static func split(_ content: [UInt8]) -> [ArraySlice<UInt8>] {
        var elements: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < content.count {
            if content[index] == quote {
                index = endOfString(in: content, from: index)
                continue
            }
            if content[index] == comma {
                elements.append(trimmed(content[start..<index]))
                start = index + 1
            }
            index += 1
        }
        let last = trimmed(content[start...])
        if !last.isEmpty || !elements.isEmpty { elements.append(last) }
        return elements
    }

    /// `slice` without leading and trailing spaces, tabs and line breaks.
    private static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard let first = slice.firstIndex(where: { !isSpace($0) }),
            let last = slice.lastIndex(where: { !isSpace($0) })
        else { return slice[slice.startIndex..<slice.startIndex] }
        return slice[first...last]
    }
}
