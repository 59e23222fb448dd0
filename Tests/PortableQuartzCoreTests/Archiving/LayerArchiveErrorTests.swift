import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("LayerArchive errors")
struct LayerArchiveErrorTests {
    /// A valid archive with three sublayers, the last with an animation "spin"; `sublayer2` replaces the third
    /// sublayer's JSON.
    private static func scene(sublayer2: String? = nil, rootExtra: String = "") -> String {
        let third =
            sublayer2 ?? """
                {"class": "CALayer", "animations": [{"class": "CABasicAnimation", "key": "spin",
                  "keyPath": "transform.rotation.z", "toValue": {"number": 3.14}}]}
                """
        return """
            {"version": 1, "root": {"class": "CALayer"\(rootExtra), "sublayers": [
              {"class": "CAShapeLayer", "properties": {"lineWidth": {"number": 2}}},
              {"class": "CATextLayer"},
              \(third)]}}
            """
    }

    @Test("the unmodified fixture loads, so each failure below comes from its one change")
    func fixtureLoads() throws {
        try ArchiveFixtures.withManualClock { _ in
            let root = try ArchiveFixtures.load(Self.scene())
            #expect(root.sublayers?.count == 3)
            #expect(root.sublayers?[2].animationKeys() == ["spin"])
        }
    }

    @Test("an unknown layer class names the layer's path")
    func unknownLayerClass() {
        ArchiveFixtures.withManualClock { _ in
            let error = ArchiveFixtures.archiveError {
                _ = try ArchiveFixtures.load(Self.scene(sublayer2: #"{"class": "CAFooLayer"}"#))
            }
            #expect(error == LayerArchiveError(path: "root.sublayers[2]", reason: .unknownLayerClass("CAFooLayer")))
            #expect(error?.description.hasPrefix("root.sublayers[2]: unknown layer class \"CAFooLayer\"") == true)
        }
    }

    @Test("an unknown animation class names the animation by its key")
    func unknownAnimationClass() {
        ArchiveFixtures.withManualClock { _ in
            let third = #"{"class": "CALayer", "animations": [{"class": "CAWobble", "key": "spin"}]}"#
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(
                error
                    == LayerArchiveError(
                        path: "root.sublayers[2].animations[\"spin\"]", reason: .unknownAnimationClass("CAWobble")))
        }
    }

    @Test("a property the class does not have is an unknown key")
    func unknownPropertyKey() {
        ArchiveFixtures.withManualClock { _ in
            let third = #"{"class": "CALayer", "properties": {"lineWidth": {"number": 2}}}"#
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(
                error
                    == LayerArchiveError(
                        path: "root.sublayers[2].properties.lineWidth",
                        reason: .unknownProperty(key: "lineWidth", layerClass: "CALayer")))
        }
    }

    @Test("a field the format does not have is rejected where it appears")
    func unknownField() {
        let error = ArchiveFixtures.archiveError {
            _ = try LayerArchive.decode(fromJSON: Data(Self.scene(rootExtra: #", "sublayer": []"#).utf8))
        }
        #expect(error == LayerArchiveError(path: "root.sublayer", reason: .unknownField("sublayer")))
    }

    @Test("a value of the wrong kind for its property names the property")
    func wrongValueKind() {
        ArchiveFixtures.withManualClock { _ in
            let third = #"{"class": "CALayer", "properties": {"opacity": {"string": "half"}}}"#
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(
                error
                    == LayerArchiveError(
                        path: "root.sublayers[2].properties.opacity",
                        reason: .wrongValueKind(expected: "number", found: "string")))
        }
    }

    @Test("null is accepted only for properties that can be nil")
    func nullForNonNullable() throws {
        try ArchiveFixtures.withManualClock { _ in
            let nullable = #"{"class": "CALayer", "properties": {"borderColor": null}}"#
            let layer = try ArchiveFixtures.load(Self.scene(sublayer2: nullable))
            #expect(layer.sublayers?[2].borderColor == nil)
            let third = #"{"class": "CALayer", "properties": {"opacity": null}}"#
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(error?.reason == .wrongValueKind(expected: "number", found: "null"))
        }
    }

    @Test("a malformed value inside a keyed animation names the animation's key and the value")
    func badAnimationValue() {
        let third = """
            {"class": "CALayer", "animations": [{"class": "CABasicAnimation", "key": "spin",
              "keyPath": "position", "toValue": {"point": [1]}}]}
            """
        let error = ArchiveFixtures.archiveError {
            _ = try LayerArchive.decode(fromJSON: Data(Self.scene(sublayer2: third).utf8))
        }
        #expect(
            error
                == LayerArchiveError(
                    path: "root.sublayers[2].animations[\"spin\"].toValue.point",
                    reason: .invalidValue("a point needs 2 numbers, found 1")))
    }

    @Test("a field of another animation class is rejected with its path")
    func fieldNotApplicable() {
        ArchiveFixtures.withManualClock { _ in
            let third = """
                {"class": "CALayer", "animations": [{"class": "CABasicAnimation", "key": "spin",
                  "values": [{"number": 1}]}]}
                """
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(
                error
                    == LayerArchiveError(
                        path: "root.sublayers[2].animations[\"spin\"].values",
                        reason: .fieldNotApplicable(field: "values", animationClass: "CABasicAnimation")))
        }
    }

    @Test("an unknown timing-function name in a group member names the member by index")
    func unknownTimingFunction() {
        ArchiveFixtures.withManualClock { _ in
            let third = """
                {"class": "CALayer", "animations": [{"class": "CAAnimationGroup", "key": "g", "animations": [
                  {"class": "CABasicAnimation"}, {"class": "CABasicAnimation", "timingFunction": "bouncy"}]}]}
                """
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(error?.path == "root.sublayers[2].animations[\"g\"].animations[1].timingFunction")
            #expect(error?.description.contains("unknown timing function \"bouncy\"") == true)
        }
    }

    @Test("an unknown value function name is an invalid value")
    func unknownValueFunction() {
        ArchiveFixtures.withManualClock { _ in
            let third = """
                {"class": "CALayer", "animations": [{"class": "CABasicAnimation", "key": "spin",
                  "keyPath": "transform", "valueFunction": "twist"}]}
                """
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(
                error
                    == LayerArchiveError(
                        path: "root.sublayers[2].animations[\"spin\"].valueFunction",
                        reason: .invalidValue("unknown value function \"twist\"")))
        }
    }

    @Test("version 99 is unsupported, when decoding and when building an archive made in code")
    func unsupportedVersion() {
        let json = Self.scene().replacingOccurrences(of: #"{"version": 1"#, with: #"{"version": 99"#)
        let decodeError = ArchiveFixtures.archiveError { _ = try LayerArchive.decode(fromJSON: Data(json.utf8)) }
        #expect(decodeError == LayerArchiveError(path: "version", reason: .unsupportedVersion(99)))
        let buildError = ArchiveFixtures.archiveError {
            _ = try LayerArchive(root: ArchivedLayer(className: "CALayer"), version: 99).makeLayer()
        }
        #expect(buildError == decodeError)
    }

    @Test("truncated JSON is malformed, with the decoding error kept")
    func truncatedJSON() throws {
        let json = Self.scene()
        let truncated = Data(json.utf8.prefix(json.utf8.count / 2))
        let error = try #require(ArchiveFixtures.archiveError { _ = try LayerArchive.decode(fromJSON: truncated) })
        guard case .malformedJSON = error.reason else {
            Issue.record("expected malformedJSON, got \(error.reason)")
            return
        }
        #expect(error.path == "")
        #expect(error.underlyingError != nil)
        #expect(error.description.hasPrefix("layer archive: malformed JSON"))
    }

    @Test("a missing class field is malformed JSON at that path")
    func missingClass() {
        let error = ArchiveFixtures.archiveError {
            _ = try LayerArchive.decode(fromJSON: Data(Self.scene(sublayer2: "{}").utf8))
        }
        #expect(error?.path == "root.sublayers[2].class")
        #expect(error?.reason == .malformedJSON("missing field \"class\""))
    }

    @Test("an extra value that names a property or is not plain is rejected")
    func badExtraValues() {
        ArchiveFixtures.withManualClock { _ in
            let property = #"{"class": "CALayer", "extraValues": {"opacity": {"number": 1}}}"#
            let first = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: property)) }
            #expect(first?.path == "root.sublayers[2].extraValues.opacity")
            let point = #"{"class": "CALayer", "extraValues": {"spot": {"point": [1, 2]}}}"#
            let second = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: point)) }
            #expect(
                second
                    == LayerArchiveError(
                        path: "root.sublayers[2].extraValues.spot",
                        reason: .invalidValue("extra values are numbers, flags or strings")))
        }
    }

    @Test("an image whose byte count does not match its size cannot be built")
    func badImage() {
        ArchiveFixtures.withManualClock { _ in
            // "AAAA" is 3 bytes; a 1×1 image needs 4.
            let third = """
                {"class": "CALayer", "properties": {"contents": {"image":
                  {"width": 1, "height": 1, "premultipliedRGBA": "AAAA"}}}}
                """
            let error = ArchiveFixtures.archiveError { _ = try ArchiveFixtures.load(Self.scene(sublayer2: third)) }
            #expect(
                error
                    == LayerArchiveError(
                        path: "root.sublayers[2].properties.contents.image",
                        reason: .invalidValue("an image of 1×1 pixels needs 4 × width × height bytes, found 3")))
        }
    }
}
