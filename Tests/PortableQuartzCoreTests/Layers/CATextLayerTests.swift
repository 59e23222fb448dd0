import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CATextLayer")
struct CATextLayerTests {
    @Test("a new text layer has Apple's defaults: no string, Helvetica 36, opaque white, natural, no wrapping")
    func defaults() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.font as? String == "Helvetica")
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor.map(ColorComponents.init) == .opaqueWhite)
        #expect(!layer.isWrapped && !layer.allowsFontSubpixelQuantization)
        #expect(layer.truncationMode == .none && layer.alignmentMode == .natural)
    }

    @Test("plain properties read back what was set")
    func roundTrips() {
        let layer = CATextLayer()
        layer.fontSize = 12.5
        layer.foregroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        layer.isWrapped = true
        layer.truncationMode = .middle
        layer.alignmentMode = .center
        layer.allowsFontSubpixelQuantization = true
        #expect(layer.fontSize == 12.5)
        #expect(layer.foregroundColor == CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        #expect(layer.isWrapped && layer.allowsFontSubpixelQuantization)
        #expect(layer.truncationMode.rawValue == "middle" && layer.alignmentMode.rawValue == "center")
        #expect(layer.modelState.text.alignmentMode == "center")
    }

    @Test("a String is stored as its characters and read back")
    func plainString() {
        let layer = CATextLayer()
        layer.string = "Hello"
        #expect(layer.string as? String == "Hello")
        #expect(layer.modelState.text.string == "Hello")
        layer.string = nil
        #expect(layer.string == nil && layer.modelState.text.string == nil)
    }

    @Test("an NSString string and font name count as their characters: \"ns\", \"Menlo\"")
    func foundationStrings() {
        let layer = CATextLayer()
        layer.string = NSString(string: "ns")
        layer.font = NSString(string: "Menlo")
        #expect(layer.modelState.text.string == "ns" && layer.modelState.text.font == "Menlo")
        #expect((layer.string as? NSString)?.isEqual(to: "ns") == true)
    }

    @Test("a value that is no string is kept and read back but gives the state no text")
    func nonStringValue() {
        let layer = CATextLayer()
        layer.string = 42
        #expect(layer.string as? Int == 42)
        #expect(layer.modelState.text.string == nil)
    }

    @Test("an attributed string is read back as the same object; the state keeps its characters")
    func attributedString() {
        let layer = CATextLayer()
        let text = NSAttributedString(string: "Hi there")
        layer.string = text
        #expect((layer.string as? NSAttributedString)?.string == "Hi there")
        #expect(layer.modelState.text.string == "Hi there")
    }

    @Test("a mutable attributed string is copied when set: appending to it later leaves \"abc\"")
    func mutableAttributedStringIsCopied() {
        let layer = CATextLayer()
        let text = NSMutableAttributedString(string: "abc")
        layer.string = text
        text.append(NSAttributedString(string: "d"))
        #expect((layer.string as? NSAttributedString)?.string == "abc")
        #expect(layer.modelState.text.string == "abc")
    }

    @Test("a font name is stored as given; a CGFont is read back as the same object and stored by its name")
    func fonts() throws {
        let layer = CATextLayer()
        layer.font = "Courier"
        #expect(layer.font as? String == "Courier")
        let font = try #require(CGFont("DejaVu Sans"))
        layer.font = font
        #expect(layer.font as? CGFont === font)
        #expect(layer.modelState.text.font == "DejaVu Sans")
        layer.font = nil
        #expect(layer.font == nil && layer.modelState.text.font == nil)
    }

    @Test("fontSize and foregroundColor animate implicitly; string, wrapping and alignment do not")
    func whichPropertiesAnimate() {
        MediaClock.withManualTime { clock in
            let layer = CATextLayer()
            clock.advance(by: 0)
            layer.string = "x"
            layer.isWrapped = true
            layer.alignmentMode = .right
            layer.fontSize = 18
            layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            #expect(layer.animationKeys() == ["fontSize", "foregroundColor"])
        }
    }

    @Test("a presentation copy is a CATextLayer; fontSize 36 → 18 shows 21.55674 after 0.125 s")
    func presentationMidAnimation() throws {
        try MediaClock.withManualTime { clock in
            let layer = CATextLayer()
            clock.advance(by: 0)
            layer.fontSize = 18
            clock.advance(by: 0)
            clock.advance(by: 0.125)
            let shown: CATextLayer = try #require(layer.presentation())
            #expect(abs(shown.fontSize - (36 - 18 * 0.802403)) < 1e-4)
            #expect(shown.model() === layer)
        }
    }

    @Test("the presentation shows the committed string, not an attributed string set since")
    func presentationStringIsCommitted() throws {
        try MediaClock.withManualTime { clock in
            let layer = CATextLayer()
            layer.string = "old"
            clock.advance(by: 0)
            layer.string = NSAttributedString(string: "new")
            let shown = try #require(layer.presentation())
            #expect(shown.string as? String == "old")
            clock.advance(by: 0)
            let after = try #require(layer.presentation())
            #expect((after.string as? NSAttributedString)?.string == "new")
        }
    }

    @Test("key-value coding of string and font keeps the objects; wrapped and fontSize go by Apple's names")
    func keyValueCoding() {
        let layer = CATextLayer()
        let text = NSAttributedString(string: "kv")
        layer.setValue(text, forKey: "string")
        #expect((layer.value(forKey: "string") as? NSAttributedString)?.string == "kv")
        layer.setValue("Menlo", forKey: "font")
        #expect(layer.value(forKey: "font") as? String == "Menlo")
        layer.setValue(true, forKey: "wrapped")
        layer.setValue(20, forKey: "fontSize")
        #expect(layer.isWrapped && layer.fontSize == 20)
    }

    @Test("defaultValue(forKey:) answers the text defaults: fontSize 36, Helvetica, white, none, natural")
    func defaultValues() {
        #expect(CATextLayer.defaultValue(forKey: "fontSize") as? Double == 36)
        #expect(CATextLayer.defaultValue(forKey: "font") as? String == "Helvetica")
        #expect(
            CATextLayer.defaultValue(forKey: "foregroundColor") as? CGColor
                == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(CATextLayer.defaultValue(forKey: "truncationMode") as? String == "none")
        #expect(CATextLayer.defaultValue(forKey: "alignmentMode") as? String == "natural")
        // A flag answers even when false (issue 17 §2.6).
        #expect(CATextLayer.defaultValue(forKey: "wrapped") as? Bool == false)
        #expect(CATextLayer.defaultValue(forKey: "string") == nil)
    }

    @Test("the eight text properties need display: setting any of them marks the layer, position does not")
    func textPropertiesNeedDisplay() {
        // A peer's tests cross-checked on macOS (issue 17 §2.5).
        let keys = [
            "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode", "alignmentMode",
            "allowsFontSubpixelQuantization",
        ]
        for key in keys { #expect(CATextLayer.needsDisplay(forKey: key), "\(key)") }
        #expect(!CATextLayer.needsDisplay(forKey: "position") && !CALayer.needsDisplay(forKey: "string"))
        let setters: [(CATextLayer) -> Void] = [
            { $0.string = "Hi" }, { $0.font = "Courier" as NSString }, { $0.fontSize = 12 },
            { $0.foregroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1) }, { $0.isWrapped = true },
            { $0.truncationMode = .end }, { $0.alignmentMode = .center }, { $0.allowsFontSubpixelQuantization = true },
            { $0.setValue(24, forKey: "fontSize") },
        ]
        for (index, set) in setters.enumerated() {
            let layer = CATextLayer()
            #expect(!layer.needsDisplay())
            set(layer)
            #expect(layer.needsDisplay(), "setter \(index)")
        }
        let moved = CATextLayer()
        moved.position = CGPoint(x: 5, y: 5)
        #expect(!moved.needsDisplay())
    }

    @Test("displaying after a text change draws no bitmap (the text is painted from the values); setNeedsDisplay does")
    func textDisplayDrawsNoBitmap() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.string = "Hi"
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay() && layer.contents == nil)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.contents is CGImage)
    }
}
