import Foundation

/// Why bytes that Foundation's JSON reader refused are not usable JSON, in words (our helper): Foundation says
/// only "The given data was not valid JSON" for a truncated file, a file nested too deeply and a typo alike.
///
/// One pass over the bytes tracks strings and bracket depth. A file that ends inside a string or with brackets
/// still open was cut short; one that nests deeper than Foundation's limit of ``maximumDepth`` levels (about 255
/// layers of a layer archive, which uses two levels per sublayer) is too deep; anything else is a syntax error
/// whose line is given when it can be found cheaply (the first byte that no JSON value can contain).
enum JSONDiagnosis {
    /// The deepest nesting of arrays and objects Foundation's reader accepts.
    static let maximumDepth = 512

    /// A sentence explaining the problem with `data`, which the JSON reader refused.
    static func explain(_ data: Data) -> String {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        var line = 1
        var strayLine: Int?
        for byte in data {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = Swift.max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ","),
                UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "E"):
                break
            default:
                if strayLine == nil { strayLine = line }
            }
        }
        if deepest > maximumDepth {
            return "the JSON nests \(deepest) levels deep; at most \(maximumDepth) are read (a layer tree about "
                + "\(maximumDepth / 2 - 1) layers deep)"
        }
        if inString || depth > 0 {
            return "the JSON ends early (\(inString ? "inside a string" : "\(depth) bracket(s) still open")); the file "
                + "looks truncated"
        }
        if let strayLine { return "the JSON has a syntax error (an unexpected character on line \(strayLine))" }
        return "the JSON has a syntax error (unbalanced brackets or a misplaced comma, colon or word)"
    }
}
