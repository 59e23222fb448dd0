import Foundation
import Testing

@testable import PortableLottie

@Suite("JSONParser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Data(text.utf8))
    }

    @Test("numbers read exactly for short decimals and through the standard conversion for long ones")
    func numbers() throws {
        guard case .array(let values) = try parse("[0, -12.5, 1e3, 0.1, 12345678901234567890, 2.5E-3]") else {
            Issue.record("not an array")
            return
        }
        let numbers = values.compactMap { value -> Double? in
            if case .number(let number) = value { return number }
            return nil
        }
        #expect(numbers == [0, -12.5, 1000, 0.1, 1.2345678901234567e19, 0.0025])
    }

    @Test("escapes, surrogate pairs and lone surrogates decode (a lone one becomes U+FFFD)")
    func strings() throws {
        let value = try parse(#"["a\"b\\c\/\n", "\ud83d\ude00", "\ud800x"]"#)
        guard case .array(let elements) = value, elements.count == 3,
            case .string(let first) = elements[0], case .string(let second) = elements[1],
            case .string(let third) = elements[2]
        else {
            Issue.record("unexpected \(value)")
            return
        }
        #expect(first == "a\"b\\c/\n")
        #expect(second == "😀")
        #expect(third == "\u{FFFD}x")
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
    private func render(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): String(Int(number))
        case .array(let elements): "[" + elements.map(render).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.members.map { $0.key + ":" + render($0.value) }.joined(separator: ",") + "}"
        default: value.kindDescription
        }
    }

    @Test("arrays and objects nested in each other keep their own elements, in order")
    func nesting() throws {
        let text = #"{"a": [[1, 2], [3, [4, 5], {"b": [6], "c": {}}], []], "d": [7, [8]], "e": 9}"#
        #expect(try render(parse(text)) == "{a:[[1,2],[3,[4,5],{b:[6],c:{}}],[]],d:[7,[8]],e:9}")
        #expect(try render(parse("[[[[]]], [], [[1]], 2]")) == "[[[[]]],[],[[1]],2]")
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
        guard case .number(let value) = try parse("1e999") else {
            Issue.record("not a number")
            return
        }
        #expect(value == .infinity)
    }

    @Test(
        "objects keep their members in order, a repeated key reads as its last value (2), nested objects as their own")
    func objectMembers() throws {
        guard case .object(let object) = try parse(#"{"a": 1, "b": {"a": 5, "c": []}, "a": 2}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.map(\.key) == ["a", "b", "a"])
        guard case .number(let a)? = object["a"], case .object(let inner)? = object["b"] else {
            Issue.record("members of the wrong kind")
            return
        }
        #expect(a == 2)
        #expect(inner.members.map(\.key) == ["a", "c"])
        guard case .number(let innerA)? = inner["a"] else {
            Issue.record("inner member missing")
            return
        }
        #expect(innerA == 5)
        #expect(object["c"] == nil)
    }
}
