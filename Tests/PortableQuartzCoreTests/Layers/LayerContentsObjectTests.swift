import Foundation
import Testing

@testable import PortableQuartzCore

/// `contents` keeps any object and reads it back; only images are drawn (issue 17 §2.9, which re-decides the
/// deviation that stored nil for anything but a `CGImage`).
///
/// Evidence: Apple declares `contents` as `Any?` and documents that it displays a `CGImage` (and, on macOS, an
/// `NSImage`); code written for iOS reads `layer.contents` back to test whether a layer already has its picture, and
/// setting a `UIImage` instead of its `cgImage` famously shows nothing while still reading back.
@Suite("CALayer.contents objects")
struct LayerContentsObjectTests {
    @Test("a string reads back as set and draws nothing; an image then replaces it and is drawn")
    func objectsReadBack() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contents = "not an image"
        #expect(layer.contents as? String == "not an image")
        #expect(layer.value(forKey: "contents") as? String == "not an image")
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [0, 0, 0, 0])
        let image = squareImage(side: 2, red: 0, green: 0, blue: 1)
        layer.contents = image
        #expect(layer.contents as AnyObject? === image)
        #expect(pixel(renderFrame(layer, size: 10), 5, 5) == [0, 0, 255, 255])
        layer.contents = nil
        #expect(layer.contents == nil)
    }

    @Test("a presentation copy carries the object too")
    func presentationCarriesObject() {
        MediaClock.withManualTime(startingAt: 0) { clock in
            let layer = CALayer()
            layer.contents = NSNumber(value: 7)
            clock.advance(by: 0)
            #expect(layer.presentation()?.contents as? NSNumber == NSNumber(value: 7))
        }
    }
}
