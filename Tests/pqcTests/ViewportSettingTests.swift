import Foundation
import Testing

@testable import pqc

@Suite("pqc render --viewport")
struct ViewportSettingTests {
    @Test("'10,10,65,65' parses to the rectangle at (10, 10), 65 × 65; spaces and fractions are fine")
    func parses() throws {
        let plain = try #require(ViewportSetting(parsing: "10,10,65,65"))
        #expect(plain.frame == CGRect(x: 10, y: 10, width: 65, height: 65))
        let spaced = try #require(ViewportSetting(parsing: " -2.5, 0 ,1e2,3"))
        #expect(spaced.frame == CGRect(x: -2.5, y: 0, width: 100, height: 3))
    }

    @Test("three numbers, a width or height of 0 or below, words and non-finite numbers are refused")
    func refuses() {
        for text in ["10,10,65", "0,0,0,5", "0,0,5,-1", "a,b,c,d", "nan,0,1,1", "0,0,inf,1", "1,2,3,4,5", ""] {
            #expect(ViewportSetting(parsing: text) == nil, "\(text)")
        }
    }
}
