import Foundation
import PortableQuartzCore
import PortableQuartzCoreExport
import Testing

@testable import pqc

/// The gallery page as a person uses it, in a real browser: headless Chromium (Debian's `chromium`) driven over the
/// DevTools protocol. Skipped when no Chromium is installed (`apt-get install chromium`; `.ci/run` installs it when
/// it can).
@Suite(
    "Gallery page in headless Chromium",
    .enabled(if: HeadlessChromium.locate() != nil, "needs Chromium: apt-get install chromium"))
struct GalleryBrowserTests {
    /// The demo the test plays: seed 003's slider-scrubbed colour, 4.25 s, at 240×180 pixels and 10 frames per second
    /// (43 frames, quick to render in a debug build).
    static let demo = DemoCatalog.demo(named: "slider-scrub")!
    static let arguments = ["--size", "240x180", "--fps", "10"]

    @Test("plays, then scrubs to 2.0 s: the page shows t = 2.000 s, the engine's backgroundColor there, and its frame")
    func playScrubStepAndCompare() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = try GalleryCommand.parse(Self.arguments).options
        _ = try GalleryWriter(folder: folder, options: options).write(demos: [Self.demo])
        let browser = try HeadlessChromium(executable: HeadlessChromium.locate()!, width: 1400, height: 1000)
        let page = folder.appendingPathComponent("index.html").absoluteString
        try browser.call("Page.navigate", ["url": page])
        let player = "document.querySelector('#slider-scrub .player')"
        let canvas = "\(player).querySelector('canvas')"
        try browser.wait(until: "document.readyState === 'complete' && \(canvas).getAttribute('data-frame') === '0'")

        // Play: the frame moves on by itself; pause stops it.
        try browser.evaluate("\(player).querySelector('.play').click()")
        try browser.wait(until: "Number(\(canvas).getAttribute('data-frame')) >= 3")
        try browser.evaluate("\(player).querySelector('.play').click()")
        #expect(try browser.evaluate("\(player).getAttribute('data-playing')") as? String == "false")

        // Scrub to 2.0 s: frame 20 at 10 frames per second.
        try browser.evaluate(
            "(function () { var s = \(player).querySelector('.scrub'); s.value = '2'; "
                + "s.dispatchEvent(new Event('input')); })()")
        try browser.wait(until: "\(canvas).getAttribute('data-frame') === '20'")
        let shownTime = try browser.evaluate("\(player).querySelector('.time').textContent") as? String
        #expect(shownTime == "t = 2.000 s · frame 21 of 43")
        let rows =
            try browser.evaluate(
                "Array.from(\(player).querySelectorAll('.values tbody tr')).map(function (row) { "
                    + "return Array.from(row.cells).map(function (cell) { return cell.textContent; }); })")
            as? [[String]]

        // The engine at the same frame: the gallery's own frame source and property reader, independently of the page.
        let plan = try options.plan()
        let timeline = try plan.timeline(duration: 4.25)
        let source = try SceneFrameSource(canvas: plan.canvas) {
            try #require(DemoRegistry.scene(named: Self.demo.name, size: plan.canvas.bounds.size))
        }
        let expectedFrame = try source.frame(at: 20, time: timeline.time(ofFrame: 20))
        let expectedRows = AnimatedProperties.read(in: try #require(source.currentScene)).map {
            [$0.track.layer, $0.track.keyPath, $0.value]
        }
        #expect(rows == expectedRows)
        // The slider stands at 0.96 at 2.0 s (SliderScrubDemo.drag): timeOffset 0.96 of orange (1, 0.5, 0) → blue
        // (0, 0, 1) is (0.04, 0.02, 0.96) = #0a05f5.
        #expect(rows?.first == ["myLayer", "backgroundColor", "#0a05f5"])

        // The canvas's pixels, as the browser shows them, against the engine's frame.
        let rect =
            try browser.evaluate(
                "(function () { var c = \(canvas); c.scrollIntoView(); var r = c.getBoundingClientRect(); "
                    + "return [r.left + scrollX + c.clientLeft, r.top + scrollY + c.clientTop, c.clientWidth, "
                    + "c.clientHeight]; })()") as? [Double]
        let box = try #require(rect)
        let screenshot = try browser.screenshot(of: CGRect(x: box[0], y: box[1], width: box[2], height: box[3]))
        let shown = try #require(CGImage(pngData: screenshot))
        #expect(shown.width == expectedFrame.width && shown.height == expectedFrame.height)
        let difference = largestDifference(shown, expectedFrame)
        #expect(difference == 0, "the browser's canvas differs from the engine's frame by up to \(difference) levels")

        // One frame forwards with the step button.
        try browser.evaluate("\(player).querySelector('.forward').click()")
        try browser.wait(until: "\(canvas).getAttribute('data-frame') === '21'")
        #expect(
            try browser.evaluate("\(player).querySelector('.time').textContent") as? String
                == "t = 2.100 s · frame 22 of 43")
    }

    /// The largest difference of any channel of any pixel (premultiplied RGBA); 255 when the sizes differ.
    func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var largest = 0
        a.withUnsafePremultipliedRGBABytes { first in
            b.withUnsafePremultipliedRGBABytes { second in
                for y in 0..<a.height {
                    for x in 0..<(a.width * 4) {
                        largest = max(
                            largest, abs(Int(first[y * a.bytesPerRow + x]) - Int(second[y * b.bytesPerRow + x])))
                    }
                }
            }
        }
        return largest
    }
}
