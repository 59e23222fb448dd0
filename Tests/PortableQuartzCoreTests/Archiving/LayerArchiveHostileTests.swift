import Foundation
import PortableQuartzCore
import Testing

/// Scene files a generator broke or an attacker wrote (issue 19): each refused with the place and the reason.
@Suite("Layer archives with hostile input")
struct LayerArchiveHostileTests {
    private func decodeError(_ text: String) -> LayerArchiveError? {
        do {
            _ = try LayerArchive.decode(fromJSON: Data(text.utf8))
            return nil
        } catch {
            return error as? LayerArchiveError
        }
    }

    @Test("a NaN timing value is refused at its path; infinities are accepted (repeatCount \"inf\" repeats for ever)")
    func nanTiming() throws {
        let text = """
            {"version": 1, "root": {"class": "CALayer", "sublayers": [{"class": "CALayer"}, {"class": "CALayer",
              "animations": [{"class": "CAAnimationGroup", "key": "g", "repeatCount": "inf",
                "animations": [{"class": "CABasicAnimation", "keyPath": "opacity", "speed": "nan"}]}]}]}}
            """
        let archive = try LayerArchive.decode(fromJSON: Data(text.utf8))
        let error = #expect(throws: LayerArchiveError.self) { try archive.checkTimingIsNumeric() }
        #expect(error?.path == #"root.sublayers[1].animations["g"].animations[0].speed"#)
        #expect(error?.description.contains("speed is NaN") == true)
        let fine = text.replacingOccurrences(of: #""speed": "nan""#, with: #""speed": 2"#)
        try LayerArchive.decode(fromJSON: Data(fine.utf8)).checkTimingIsNumeric()
        // A layer's own NaN beginTime.
        let layer = try LayerArchive.decode(
            fromJSON: Data(#"{"version": 1, "root": {"class": "CALayer", "beginTime": "nan"}}"#.utf8))
        #expect(throws: LayerArchiveError.self) { try layer.checkTimingIsNumeric() }
    }

    @Test("JSON that is not JSON says why: cut short, nested past 512 levels, or a stray character on line 2")
    func invalidJSONExplained() {
        let truncated = decodeError(#"{"version": 1, "root": {"class": "CAL"#)
        #expect(truncated?.description.contains("ends early (inside a string)") == true)
        let open = decodeError(#"{"version": 1, "root": {"class": "CALayer""#)
        #expect(open?.description.contains("2 bracket(s) still open") == true)
        let deep = decodeError(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        #expect(deep?.description.contains("nests 600 levels deep; at most 512") == true)
        let stray = decodeError("{\"version\": 1,\n \"root\": @}")
        #expect(stray?.description.contains("unexpected character on line 2") == true)
    }
}
