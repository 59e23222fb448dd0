import PortableLottie
import Testing

@testable import pqc

@Suite("pqc render --set-color")
struct ColorSettingTests {
    @Test("'**.Fill 1.Color=#FF8000' parses to the keypath and (1, 0.502, 0); the split is at the last '='")
    func parses() throws {
        let setting = try #require(ColorSetting(parsing: "**.Fill 1.Color=#FF8000"))
        #expect(setting.keypath.keys == ["**", "Fill 1", "Color"])
        #expect(setting.color == LottieColor(r: 1, g: 128.0 / 255, b: 0))
        #expect(try #require(ColorSetting(parsing: "a=b.Color=00ff00")).keypath.keys == ["a=b", "Color"])
    }

    @Test("a missing keypath, a short or non-hexadecimal colour is refused")
    func refuses() {
        for text in ["=#FF0000", "**.Color", "**.Color=#FF00", "**.Color=#GG0000", "**.Color=#FF00001"] {
            #expect(ColorSetting(parsing: text) == nil, "\(text)")
        }
    }
}
