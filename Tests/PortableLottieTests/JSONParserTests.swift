import Foundation
import Testing

@testable import PortableLottie

@Suite("JSONParser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONDocument {
        try JSONParser.parse(Data(text.utf8))
    }

    @Test("numbers read exactly for short decimals and through the standard conversion for long ones")
    func numbers() throws {
        let document = try parse("[0, -12.5, 1e3, 0.1, 12345678901234567890, 2.5E-3]")
        #expect(document.kind(0) == .array)
        let elements = document.elements(of: 0)
        #expect(elements.allSatisfy { document.kind($0) == .number })
        #expect(elements.map(document.number) == [0, -12.5, 1000, 0.1, 1.2345678901234567e19, 0.0025])
    }

    @Test(
        "every number reads as the standard library's correctly rounded conversion of its text (0.000123, 19 and 20 digits, exponents)"
    )
    func numbersMatchTheStandardConversion() throws {
        var texts = [
            "0.000123", "-0.0", "100", "123456789012345678", "1234567890123456789", "12345678901234567891",
            "0.12345678901234567891", "9007199254740993", "1e22", "1e23", "1E-22", "4.9e-324", "0.1e1", "-3.25E+2",
            "2.2250738585072014e-308", "1.7976931348623157e308", "10000000000000000000000000",
        ]
        // Seeded decimals of every length up to 22 digits, with and without fractions and exponents.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % bound
        }
        for _ in 0..<2_000 {
            let digits = (0...Int(next(22))).map { _ in String(next(10)) }.joined()
            var text = next(2) == 0 ? "-" : ""
            text += digits.drop(while: { $0 == "0" }).isEmpty ? "0" : String(digits.drop(while: { $0 == "0" }))
            if next(2) == 0 { text += "." + (0...Int(next(12))).map { _ in String(next(10)) }.joined() }
            if next(3) == 0 { text += "e" + String(Int(next(60)) - 30) }
            texts.append(text)
        }
        let document = try parse("[" + texts.joined(separator: ",") + "]")
        let values = document.elements(of: 0).map(document.number)
        for (text, value) in zip(texts, values) {
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test(
        "short strings read the same wherever they end, up to the document's last bytes (\"ab\" 1 byte before the end)")
    func shortStringsNearTheEnd() throws {
        for text in [#"["ab"]"#, #"{"a":"bc"}"#, #"["abcdefg","","x"]"#, #"[1,"abc",{"k":"v"}]"#] {
            let document = try parse(text)
            for index in document.entries.indices where document.kind(index) == .string {
                let string = document.string(index)
                #expect(document.entries[index].bits == Array(string.utf8).withUnsafeBytes(JSONDocument.pack))
            }
        }
        #expect(try parse(#"["ab"]"#).string(1) == "ab")
        #expect(try parse(#"{"abc":"defghij","z":"y"}"#).members(of: 0).map(\.key) == ["abc", "z"])
    }

    @Test("escapes, surrogate pairs and lone surrogates decode (a lone one becomes U+FFFD)")
    func strings() throws {
        let document = try parse(#"["a\"b\\c\/\n", "\ud83d\ude00", "\ud800x", "longer than seven"]"#)
        let elements = document.elements(of: 0)
        #expect(elements.allSatisfy { document.kind($0) == .string })
        #expect(
            elements.map(document.string) == ["a\"b\\c/\n", "😀", "\u{FFFD}x", "longer than seven"])
    }

    @Test(
        "strings of up to 7 bytes live in their entry, longer ones in the string table (\"abcdefg\" against \"abcdefgh\")"
    )
    func shortStrings() throws {
        let document = try parse(#"{"abcdefg": 1, "abcdefgh": 2, "": 3}"#)
        #expect(document.strings == ["abcdefgh"])
        #expect(document.member("abcdefg", of: 0).map(document.number) == 1)
        #expect(document.member("abcdefgh", of: 0).map(document.number) == 2)
        #expect(document.member("", of: 0).map(document.number) == 3)
        #expect(document.member("abcdef", of: 0) == nil)
        #expect(Array("ab".utf8).withUnsafeBytes(JSONDocument.pack) == 0x0300_0000_0000_6261)
        #expect(Array("abcdefgh".utf8).withUnsafeBytes(JSONDocument.pack) == 0)
    }

    @Test("a value's path is worked out from the document: the 1 of {\"a\": [0, {\"b\": [5, 1]}]} is a[1].b[1]")
    func paths() throws {
        let document = try parse(#"{"a": [0, {"b": [5, 1]}]}"#)
        // Entries: 0 object, 1 key a, 2 array, 3 the 0, 4 object, 5 key b, 6 array, 7 the 5, 8 the 1.
        #expect(document.number(8) == 1)
        #expect(document.path(8).description == "a[1].b[1]")
        #expect(document.path(4).description == "a[1]")
        #expect(document.path(0).description == "")
        #expect(document.entries.map(\.end) == [9, 2, 9, 4, 9, 6, 9, 8, 9])
    }

    @Test(
        "malformed documents throw with the line and column of the fault",
        arguments: [
            ("{\"a\": 1,\n \"b\" 2}", 2, 6),
            ("[1, 2", 1, 6),
            ("{\"a\": tru}", 1, 7),
            ("[01]", 1, 3),
            ("\"abc", 1, 5),
            ("[1] x", 1, 5),
        ])
    func malformed(text: String, line: Int, column: Int) {
        #expect {
            try parse(text)
        } throws: { error in
            guard let error = error as? JSONParser.SyntaxError else { return false }
            return error.line == line && error.column == column
        }
    }

    /// A compact rendering of a parsed value: numbers as integers, objects as `{key:value,…}`.
    private func render(_ document: JSONDocument, _ index: Int = 0) -> String {
        switch document.kind(index) {
        case .number: String(Int(document.number(index)))
        case .array: "[" + document.elements(of: index).map { render(document, $0) }.joined(separator: ",") + "]"
        case .object:
            "{" + document.members(of: index).map { $0.key + ":" + render(document, $0.value) }.joined(separator: ",")
                + "}"
        case let kind: kind.description
        }
    }

    @Test("arrays and objects nested in each other keep their own elements, in order")
    func nesting() throws {
        let text = #"{"a": [[1, 2], [3, [4, 5], {"b": [6], "c": {}}], []], "d": [7, [8]], "e": 9}"#
        #expect(try render(parse(text)) == "{a:[[1,2],[3,[4,5],{b:[6],c:{}}],[]],d:[7,[8]],e:9}")
        #expect(try render(parse("[[[[]]], [], [[1]], 2]")) == "[[[[]]],[],[[1]],2]")
        #expect(try render(parse(#"[true, null, "x"]"#)) == "[a Boolean,null,a string]")
    }

    @Test("nesting deeper than 256 levels is refused instead of overflowing the stack (100 000 brackets)")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test("a number beyond Double's range reads as infinity, which the decoder later rejects")
    func hugeNumber() throws {
        let document = try parse("1e999")
        #expect(document.kind(0) == .number)
        #expect(document.number(0) == .infinity)
    }

    @Test(
        "objects keep their members in order, a repeated key reads as its last value (2), nested objects as their own")
    func objectMembers() throws {
        let document = try parse(#"{"a": 1, "b": {"a": 5, "c": []}, "a": 2}"#)
        #expect(document.members(of: 0).map(\.key) == ["a", "b", "a"])
        let a = try #require(document.member("a", of: 0))
        let inner = try #require(document.member("b", of: 0))
        #expect(document.number(a) == 2)
        #expect(document.kind(inner) == .object)
        #expect(document.members(of: inner).map(\.key) == ["a", "c"])
        #expect(document.member("a", of: inner).map(document.number) == 5)
        #expect(document.member("c", of: 0) == nil)
    }
}
