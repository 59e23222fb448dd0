import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("ArchivedValue")
struct ArchivedValueTests {
    /// Compact JSON of an encodable value, keys sorted.
    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test(
        "each kind has its documented JSON shape and reads back equal",
        arguments: [
            (ArchivedValue.null, "null"),
            (.number(0.5), #"{"number":0.5}"#),
            (.point(CGPoint(x: 1.5, y: -2)), #"{"point":[1.5,-2]}"#),
            (.size(CGSize(width: 3, height: 4)), #"{"size":[3,4]}"#),
            (.rect(CGRect(x: 1, y: 2, width: 3, height: 4)), #"{"rect":[1,2,3,4]}"#),
            (.color(ColorComponents(red: 1, green: 0.5, blue: 0, alpha: 0.25)), #"{"color":[1,0.5,0,0.25]}"#),
            (
                .transform(CATransform3DMakeTranslation(5, 6, 7)),
                #"{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,5,6,7,1]}"#
            ),
            (
                .affineTransform(CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5)),
                #"{"affineTransform":[2,0,0,3,4,5]}"#
            ),
            (.numbers([1, 2.5]), #"{"numbers":[1,2.5]}"#),
            (.colors([ColorComponents(red: 0, green: 0, blue: 1, alpha: 1)]), #"{"colors":[[0,0,1,1]]}"#),
            (
                .path([
                    .move(CGPoint(x: 0, y: 0)), .quadCurve(control: CGPoint(x: 1, y: 2), end: CGPoint(x: 3, y: 4)),
                    .close,
                ]),
                #"{"path":[{"move":[0,0]},{"quad":[1,2,3,4]},{"close":[]}]}"#
            ),
            (.bool(true), #"{"bool":true}"#),
            (.string("evenOdd"), #"{"string":"evenOdd"}"#),
        ])
    func jsonShapes(value: ArchivedValue, json: String) throws {
        #expect(try Self.json(value) == json)
        #expect(try Self.decode(ArchivedValue.self, json) == value)
    }

    @Test("infinities and NaN are written as strings and read back")
    func nonFiniteNumbers() throws {
        #expect(
            try Self.json([ArchivedValue.number(.infinity), .number(-.infinity)])
                == #"[{"number":"inf"},{"number":"-inf"}]"#)
        let decoded = try Self.decode(ArchivedValue.self, #"{"number":"nan"}"#)
        guard case .number(let number) = decoded else {
            Issue.record("expected a number, got \(decoded)")
            return
        }
        #expect(number.isNaN)
        let error = ArchiveFixtures.archiveError { _ = try Self.decode(ArchivedValue.self, #"{"number":"lots"}"#) }
        #expect(
            error
                == LayerArchiveError(
                    path: "number", reason: .malformedJSON("expected a number, found the string \"lots\"")))
    }

    @Test("an image stores its premultiplied bytes in base64 and rebuilds the same pixels")
    func image() throws {
        let archived = ArchivedImage(ArchiveFixtures.image())
        // Bytes FF 00 00 FF 00 00 80 80 in base64.
        #expect(try Self.json(archived) == #"{"height":1,"premultipliedRGBA":"/wAA/wAAgIA=","width":2}"#)
        let rebuilt = try archived.makeImage(at: "image")
        #expect(rebuilt.width == 2 && rebuilt.premultipliedRGBABytes == [255, 0, 0, 255, 0, 0, 128, 128])
        let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        let linearImage = try #require(
            CGImage(premultipliedRGBA: [1, 2, 3, 4], width: 1, height: 1, colorSpace: linear))
        let archivedLinear = ArchivedImage(linearImage)
        #expect(archivedLinear.colorSpace == CGColorSpace.linearSRGB)
        #expect(try archivedLinear.makeImage(at: "image").colorSpace == linear)
    }

    @Test("a path keeps every element kind and its coordinates")
    func path() throws {
        let elements = ArchivedPathElement.elements(of: ArchiveFixtures.wigglePath())
        #expect(
            elements == [
                .move(CGPoint(x: 0, y: 0)), .line(CGPoint(x: 10, y: 0)),
                .quadCurve(control: CGPoint(x: 20, y: 0), end: CGPoint(x: 20, y: 10)),
                .curve(control1: CGPoint(x: 15, y: 25), control2: CGPoint(x: 5, y: 25), end: CGPoint(x: 0, y: 20)),
                .close,
            ])
        #expect(ArchivedPathElement.makePath(elements) == ArchiveFixtures.wigglePath())
        let error = ArchiveFixtures.archiveError {
            _ = try Self.decode([ArchivedPathElement].self, #"[{"curve":[1,2]}]"#)
        }
        #expect(
            error == LayerArchiveError(path: "[0].curve", reason: .invalidValue("\"curve\" needs 6 numbers, found 2")))
    }

    @Test("a value object needs exactly one known kind key")
    func malformedValueObjects() {
        let twoKeys = ArchiveFixtures.archiveError {
            _ = try Self.decode(ArchivedValue.self, #"{"number":1,"bool":true}"#)
        }
        #expect(twoKeys?.reason.explanation.contains("found bool, number") == true)
        let bare = ArchiveFixtures.archiveError { _ = try Self.decode(ArchivedValue.self, "0.5") }
        #expect(bare?.reason.explanation.contains("{\"number\": 0.5}") == true)
        let wrongCount = ArchiveFixtures.archiveError { _ = try Self.decode(ArchivedValue.self, #"{"color":[1,0,0]}"#) }
        #expect(
            wrongCount == LayerArchiveError(path: "color", reason: .invalidValue("a color needs 4 numbers, found 3")))
    }

    @Test("timing functions: predefined curves by name, others by their control points as Float digits")
    func timingFunctions() throws {
        #expect(ArchivedTimingFunction(CAMediaTimingFunction(name: .easeOut)) == .named("easeOut"))
        // Within 0.001 of easeIn: Core Animation hands back the predefined curve.
        #expect(ArchivedTimingFunction(CAMediaTimingFunction(controlPoints: 0.4205, 0, 1, 1)) == .named("easeIn"))
        let custom = ArchivedTimingFunction(CAMediaTimingFunction(controlPoints: 0.3, 0.1, 0.2, 1))
        #expect(custom == .controlPoints(0.3, 0.1, 0.2, 1))
        #expect(try Self.json([custom, .named("linear")]) == #"[[0.3,0.1,0.2,1],"linear"]"#)
        #expect(try custom.makeFunction(at: "f") == CAMediaTimingFunction(controlPoints: 0.3, 0.1, 0.2, 1))
        let error = ArchiveFixtures.archiveError { _ = try Self.decode(ArchivedTimingFunction.self, "[1, 2]") }
        #expect(error?.reason == .invalidValue("a timing function is a name or four numbers [c1x, c1y, c2x, c2y]"))
    }

    @Test("animation values convert by the key path's kind, or by what they are when no kind applies")
    func appleValues() {
        #expect(ArchivedValue(appleValue: [0, 100], preferring: .point) == .point(CGPoint(x: 0, y: 100)))
        #expect(ArchivedValue(appleValue: [0, 100], preferring: nil) == .numbers([0, 100]))
        #expect(
            ArchivedValue(appleValue: NSValue(cgSize: CGSize(width: 2, height: 3)), preferring: nil)
                == .size(CGSize(width: 2, height: 3)))
        #expect(ArchivedValue(appleValue: NSNull(), preferring: .color) == .null)
        #expect(ArchivedValue(appleValue: "fade", preferring: .number) == .string("fade"))
        #expect(ArchivedValue(appleValue: NSObject(), preferring: nil) == nil)
        #expect(ArchivedValue(plainValue: true) == .bool(true))
        #expect(ArchivedValue(plainValue: NSNumber(value: 2)) == .number(2))
        #expect(ArchivedValue(plainValue: Float(0.5)) == .number(0.5))
        #expect(ArchivedValue(plainValue: CGPoint.zero) == nil)
    }

    @Test("timing values are listed only when they differ from the defaults, with Float digits for speed")
    func timing() throws {
        let animation = CABasicAnimation()
        animation.speed = 0.3
        animation.repeatCount = .infinity
        animation.fillMode = .both
        let timing = ArchivedTiming(animation, defaultDuration: 0)
        #expect(timing.speed == 0.3 && timing.repeatCount == .infinity && timing.duration == nil)
        let archived = ArchivedAnimation(animation, key: "k")
        #expect(
            try Self.json(archived)
                == #"{"class":"CABasicAnimation","fillMode":"both","key":"k","repeatCount":"inf","speed":0.3}"#)
        let layerTiming = ArchiveFixtures.withManualClock { _ in ArchivedTiming(CALayer(), defaultDuration: .infinity) }
        #expect(layerTiming == ArchivedTiming())
    }

    @Test("an explicit null fromValue is kept apart from a missing one")
    func explicitNull() throws {
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = NSNull()
        let archived = ArchivedAnimation(animation, key: nil)
        #expect(archived.fromValue == .null && archived.toValue == nil)
        let json = try Self.json(archived)
        #expect(json == #"{"class":"CABasicAnimation","fromValue":null,"keyPath":"backgroundColor"}"#)
        let decoded = try Self.decode(ArchivedAnimation.self, json)
        #expect(decoded == archived)
        let rebuilt = try #require(try decoded.makeAnimation(at: "a") as? CABasicAnimation)
        #expect(rebuilt.fromValue is NSNull && rebuilt.toValue == nil)
    }
}

@Suite("CompactJSONLayout")
struct CompactJSONLayoutTests {
    @Test("scalar lists and one-member objects go on one line; strings and lists of objects are left alone")
    func layout() {
        let pretty = """
            {
              "a" : [
                1,
                "x, [y] {z}"
              ],
              "b" : {
                "c" : [

                ]
              },
              "d" : [
                {
                  "e" : 2
                },
                {
                  "f" : 3,
                  "g" : 4
                }
              ]
            }
            """
        let compact = String(decoding: CompactJSONLayout.apply(to: Data(pretty.utf8)), as: UTF8.self)
        #expect(
            compact == """
                {
                  "a" : [1, "x, [y] {z}"],
                  "b" : {"c" : []},
                  "d" : [
                    {"e" : 2},
                    {
                      "f" : 3,
                      "g" : 4
                    }
                  ]
                }
                """)
    }
}
