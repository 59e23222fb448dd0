/// Colours Swift source for the gallery page (our helper): the text becomes HTML with `<span class="…">` around
/// each comment, string literal, number, keyword, attribute or directive, and type name, escaped for HTML.
///
/// It is a tokenizer, not a parser: it knows Swift's comments (line, block — nested — and doc comments), string
/// literals (single-line, multi-line `"""`, raw `#"…"#`, with `\(…)` interpolations, whose code is coloured too),
/// numbers (decimal, hexadecimal, binary, octal, with `_` and exponents), keywords, `@attributes`, `#directives`,
/// and names that start with a capital letter (types, by Swift's convention). Everything else is copied as it is.
/// Unterminated comments or strings run to the end of the text, so any input gives well-formed HTML.
///
/// Classes: `c` comment, `s` string, `n` number, `k` keyword, `a` attribute or directive, `t` type.
///
/// Example: `let x = 1 // one` → `<span class="k">let</span> x = <span class="n">1</span> <span class="c">// one</span>`.
enum SwiftHighlighter {
    /// Swift's keywords and the contextual keywords that read as keywords in declarations.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "lazy", "mutating", "nonisolated",
        "nonmutating", "optional", "override", "package", "required", "set", "some", "any", "unowned", "weak",
        "willSet", "consuming", "borrowing", "sending",
    ]

    /// `source` as highlighted HTML (without a surrounding `<pre>`).
    static func html(_ source: String) -> String {
        var scanner = Scanner(Array(source.unicodeScalars))
        scanner.run(until: nil)
        return scanner.output
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, for HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { escaped += scalar == "\"" ? "&quot;" : escapeText(scalar) }
        return escaped
    }

    /// `scalar` escaped for HTML text (`&`, `<` and `>`; quotes need no escape outside attributes).
    private static func escapeText(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        default: String(scalar)
        }
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var position = 0
        var output = ""

        init(_ text: [Unicode.Scalar]) {
            self.text = text
        }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            position + offset < text.count ? text[position + offset] : nil
        }

        func starts(with prefix: String) -> Bool {
            var offset = 0
            for scalar in prefix.unicodeScalars {
                guard peek(offset) == scalar else { return false }
                offset += 1
            }
            return true
        }

        /// Copies scalars until the end, or (inside an interpolation) until the `)` that closes it, which is
        /// consumed but not copied.
        mutating func run(until closing: Unicode.Scalar?) {
            var depth = 0
            while let scalar = peek() {
                if let closing, scalar == closing, depth == 0 {
                    position += 1
                    return
                }
                if scalar == "(" { depth += 1 }
                if scalar == ")" { depth -= 1 }
                if starts(with: "//") {
                    span("c") { $0.takeLine() }
                } else if starts(with: "/*") {
                    span("c") { $0.takeBlockComment() }
                } else if scalar == "\"" || (scalar == "#" && rawStringHashes() != nil) {
                    takeString()
                } else if scalar.properties.numericType != nil && scalar.isASCII {
                    span("n") { $0.takeNumber() }
                } else if scalar == "@" || scalar == "#", let next = peek(1), isIdentifierStart(next) {
                    span("a") { scanner in
                        scanner.copy()
                        _ = scanner.takeIdentifier()
                    }
                } else if isIdentifierStart(scalar) {
                    let start = position
                    let word = takeIdentifierText()
                    let previousIsDot = start > 0 && text[start - 1] == "."
                    if SwiftHighlighter.keywords.contains(word) && !previousIsDot {
                        output += "<span class=\"k\">\(word)</span>"
                    } else if let first = word.unicodeScalars.first, first.properties.isUppercase {
                        output += "<span class=\"t\">\(word)</span>"
                    } else {
                        output += word
                    }
                } else {
                    copy()
                }
            }
        }

        mutating func span(_ kind: String, _ body: (inout Scanner) -> Void) {
            output += "<span class=\"\(kind)\">"
            body(&self)
            output += "</span>"
        }

        mutating func copy() {
            output += SwiftHighlighter.escapeText(text[position])
            position += 1
        }

        mutating func takeLine() {
            while let scalar = peek(), scalar != "\n" { copy() }
        }

        mutating func takeBlockComment() {
            var depth = 0
            while peek() != nil {
                if starts(with: "/*") {
                    depth += 1
                    copy()
                    copy()
                } else if starts(with: "*/") {
                    depth -= 1
                    copy()
                    copy()
                    if depth == 0 { return }
                } else {
                    copy()
                }
            }
        }

        mutating func takeNumber() {
            while let scalar = peek(),
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
                    || (scalar == "." && peek(1).map { $0.properties.numericType != nil } == true)
                    || ((scalar == "-" || scalar == "+") && (text[position - 1] == "e" || text[position - 1] == "p"))
            {
                copy()
            }
        }

        func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic
        }

        mutating func takeIdentifierText() -> String {
            var word = ""
            while let scalar = peek(),
                scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            {
                word.unicodeScalars.append(scalar)
                position += 1
            }
            return word
        }

        mutating func takeIdentifier() -> String {
            let word = takeIdentifierText()
            output += word
            return word
        }

        /// The number of `#` before a `"` here, when this is the start of a raw string.
        func rawStringHashes() -> Int? {
            var count = 0
            while peek(count) == "#" { count += 1 }
            return count > 0 && peek(count) == "\"" ? count : nil
        }

        /// A string literal, its interpolations highlighted as code.
        mutating func takeString() {
            let hashes = rawStringHashes() ?? 0
            let delimiter = String(repeating: "#", count: hashes)
            let multiline = starts(with: delimiter + "\"\"\"")
            let quote = multiline ? "\"\"\"" : "\""
            let closing = quote + delimiter
            let interpolation = "\\" + delimiter + "("
            output += "<span class=\"s\">"
            for _ in 0..<(hashes + quote.count) { copy() }
            while let scalar = peek() {
                if starts(with: closing) {
                    for _ in 0..<closing.unicodeScalars.count { copy() }
                    break
                }
                if !multiline && scalar == "\n" { break }
                if starts(with: interpolation) {
                    for _ in 0..<interpolation.unicodeScalars.count { copy() }
                    output += "</span>"
                    run(until: ")")
                    output += "<span class=\"s\">)"
                    continue
                }
                if hashes == 0 && scalar == "\\" && peek(1) != nil { copy() }
                copy()
            }
            output += "</span>"
        }
    }
}
