import Foundation
import PortableCoreGraphics
import PortableQuartzCore
import Testing

@testable import pqc

/// The 8-bit RGBA of pixel (x, y) (y from the top) of an opaque image.
private func pixel(_ image: CGImage, x: Int, y: Int) -> [UInt8] {
    let bytes = image.premultipliedRGBABytes
    let offset = (y * image.width + x) * 4
    return Array(bytes[offset..<(offset + 4)])
}

/// Colour components as the 8-bit sRGB bytes a fill of them gives.
private func bytes(_ color: ColorComponents) -> [UInt8] {
    [color.red, color.green, color.blue, color.alpha].map { UInt8(($0 * 255).rounded()) }
}

@Suite("Plot axes")
struct PlotAxisTests {
    @Test("ticks are round: 0…4 s gives 0, 0.5, …, 4 for 8 ticks; 0…1.8 gives steps of 0.2 without drift")
    func roundTicks() {
        let seconds = PlotAxis(lower: 0, upper: 4, start: 0, end: 400)
        #expect(seconds.ticks(approximateCount: 8) == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4])
        let short = PlotAxis(lower: 0, upper: 1.8, start: 0, end: 400)
        #expect(short.ticks() == [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8])
        #expect(short.ticks()[3] == 0.6)
    }

    @Test("mapping is linear and may run downwards: value 0.25 of 0…1 on pixels 200→0 lands at 150")
    func mapping() {
        let axis = PlotAxis(lower: 0, upper: 1, start: 200, end: 0)
        #expect(axis.position(of: 0.25) == 150)
        #expect(axis.value(atPixel: 150) == 0.25)
    }

    @Test("a zero-width or non-finite domain is widened to one unit: 2…2 becomes 1.5…2.5")
    func degenerateDomain() {
        let axis = PlotAxis(lower: 2, upper: 2, start: 0, end: 100)
        #expect(axis.lower == 1.5 && axis.upper == 2.5)
        let infinite = PlotAxis(lower: 0, upper: .infinity, start: 0, end: 100)
        #expect(infinite.upper == 1)
        #expect(PlotAxis.rounded(lower: .nan, upper: .nan) == (0, 0))
    }

    @Test("labels carry the decimals the step needs: 1.5 at step 0.5, 4 at step 2, 0.05 at step 0.05, never -0")
    func labels() {
        #expect(PlotAxis.label(1.5, step: 0.5) == "1.5")
        #expect(PlotAxis.label(4, step: 2) == "4")
        #expect(PlotAxis.label(0.05, step: 0.05) == "0.05")
        #expect(PlotAxis.label(-0.0, step: 0.1) == "0.0")
    }
}

@Suite("Plot sizes")
struct PlotSizeTests {
    @Test("800x600 parses; 'big', 10x10 and 9000x600 are rejected with the accepted form or range")
    func parsing() throws {
        let minimum = (width: 320, height: 240)
        #expect(try PlotSize.parse("800x600", minimum: minimum, maximum: 8000) == PlotSize(width: 800, height: 600))
        #expect(try PlotSize.parse("1200×700", minimum: minimum, maximum: 8000) == PlotSize(width: 1200, height: 700))
        #expect(throws: PlotSize.ParseError.self) { try PlotSize.parse("big", minimum: minimum, maximum: 8000) }
        #expect {
            try PlotSize.parse("10x10", minimum: minimum, maximum: 8000)
        } throws: { error in
            String(describing: error).contains("320x240 up to 8000x8000")
        }
        #expect(throws: PlotSize.ParseError.self) { try PlotSize.parse("9000x600", minimum: minimum, maximum: 8000) }
    }
}

@Suite("Timing chart")
struct TimingChartTests {
    @Test("column 0 of a 4-s timeline 400 columns wide shows t = 0.005; t = 0.25 is column 25")
    func columns() {
        let chart = TimingChart(strips: [], width: 432)
        #expect(chart.columns == 400)
        #expect(chart.time(ofColumn: 0) == 0.005)
        #expect(chart.column(showing: 0.25) == 25)
        #expect(chart.column(showing: -1) == 0)
        #expect(chart.column(showing: 99) == 399)
    }

    @Test("the rendered strip of duration 1, beginTime 0.5, fill backwards is orange at 0.25 s and grey at 3 s")
    func renderedBackwardsStrip() throws {
        let strip = TimingStrip(.init(duration: 1, beginTime: 0.5, fillMode: .backwards))
        let chart = TimingChart(strips: [strip], width: 432)
        let font = FontLibrary.shared.defaultFont
        let image = try chart.render(font: font)
        let layout = try chart.layout(font: font)
        #expect(image.width == 432)
        #expect(image.height == layout.height)
        let y = Int(layout.bandTop(ofStrip: 0) + TimingChart.bandHeight / 2)
        let x = Int(chart.timelineStart) + chart.column(showing: 0.25)
        #expect(pixel(image, x: x, y: y) == bytes(TimingStrip.fromColor))
        let late = Int(chart.timelineStart) + chart.column(showing: 3)
        #expect(pixel(image, x: late, y: y) == bytes(TimingStrip.modelColor))
    }

    @Test("the seed chart 960 wide encodes to a PNG that decodes at 960 × its layout height")
    func seedChartRoundTripsThroughPNG() throws {
        let strips = TimingStrip.Configuration.seedIllustrations.map(TimingStrip.init)
        let chart = TimingChart(strips: strips, width: 960)
        let font = FontLibrary.shared.defaultFont
        let image = try chart.render(font: font)
        let decoded = try #require(CGImage(pngData: image.pngData()))
        #expect(decoded.width == 960)
        #expect(decoded.height == (try chart.layout(font: font)).height)
        #expect(decoded.premultipliedRGBABytes == image.premultipliedRGBABytes)
    }

    @Test("without a font the chart still draws its strips (same band colours), only without labels")
    func drawsWithoutFont() throws {
        let strip = TimingStrip(.init(duration: 1.5, autoreverses: true))
        let chart = TimingChart(strips: [strip], width: 432)
        let image = try chart.render(font: nil)
        let layout = try chart.layout(font: nil)
        let y = Int(layout.bandTop(ofStrip: 0) + TimingChart.bandHeight / 2)
        // At 3.5 s the autoreversed animation (3 s in all) has been removed: the model grey shows.
        let x = Int(chart.timelineStart) + chart.column(showing: 3.5)
        #expect(pixel(image, x: x, y: y) == bytes(TimingStrip.modelColor))
        #expect(image.height == layout.height)
    }
}

@Suite("Curve chart")
struct CurveChartTests {
    @Test("a 640x400 chart of easeIn and the default spring decodes from PNG at 640 × 400")
    func pngHasRequestedSize() throws {
        var notes: [String] = []
        let specs = try ["easeIn", "spring:1,100,10,0"].map { try CurveSpec.parse($0, notes: &notes) }
        let seconds = CurveChart.automaticSeconds(for: specs)
        let chart = CurveChart(
            series: specs.map { CurveSeries($0, seconds: seconds) }, width: 640, height: 400, seconds: seconds)
        let image = try chart.render(font: FontLibrary.shared.defaultFont)
        let decoded = try #require(CGImage(pngData: image.pngData()))
        #expect(decoded.width == 640)
        #expect(decoded.height == 400)
    }

    @Test("easeIn's value at 0.5 s is drawn in the first series colour where the value axis puts 0.315")
    func easeInPlottedWhereTheEngineSays() throws {
        var notes: [String] = []
        let spec = try CurveSpec.parse("easeIn", notes: &notes)
        let chart = CurveChart(series: [CurveSeries(spec, seconds: 1)], width: 640, height: 480, seconds: 1)
        let image = try chart.render(font: nil)
        let layout = try chart.layout(font: nil)
        let panel = layout.valuePanel
        let x = Int(chart.timeAxis(in: panel).position(of: 0.5))
        let y = chart.valueAxis(in: panel).position(of: 0.315357)
        // The 2-pixel line crosses the column near y; look for the series colour within ±2 pixels.
        let colour = PlotColor.series(0)
        let expected = (colour.components ?? []).prefix(3).map { UInt8(($0 * 255).rounded()) }
        let found = (-2...2).contains { offset in
            Array(pixel(image, x: x, y: Int(y.rounded()) + offset).prefix(3)) == expected
        }
        #expect(found)
    }

    @Test("the value axis always spans 0…1 and grows for overshoot: the default spring reaches 1.2 at most")
    func valueAxisCoversOvershoot() throws {
        var notes: [String] = []
        let spec = try CurveSpec.parse("spring:1,100,10,0", notes: &notes)
        let chart = CurveChart(series: [CurveSeries(spec, seconds: 1.8)], width: 640, height: 480, seconds: 1.8)
        let axis = chart.valueAxis(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(axis.lower == 0)
        #expect(axis.upper == 1.2)
    }
}

@Suite("PNG files")
struct PNGFileWriterTests {
    private func smallImage() throws -> CGImage {
        try PlotCanvas(width: 4, height: 3, font: nil).makeImage()
    }

    @Test("writes a 4 × 3 PNG atomically and leaves no temporary file beside it")
    func writesAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("plot.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let url = try PNGFileWriter.write(try smallImage(), to: path)
        let decoded = try #require(CGImage(pngData: try Data(contentsOf: url)))
        #expect(decoded.width == 4 && decoded.height == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plot.png"])
    }

    @Test("a missing folder gives one message naming it and the --out fix, and writes nothing")
    func missingFolder() throws {
        let path = "/nonexistent-pqc-folder-\(UUID().uuidString)/plot.png"
        #expect {
            try PNGFileWriter.write(try smallImage(), to: path)
        } throws: { error in
            let message = String(describing: error)
            return message.contains("does not exist") && message.contains("--out")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an unwritable folder gives one message with the --out fix and leaves no temporary file")
    func unwritableFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        // Root ignores permissions; only check the failure where the folder really is read-only.
        guard access(folder.path, W_OK) != 0 else { return }
        #expect {
            try PNGFileWriter.write(try smallImage(), to: folder.appendingPathComponent("plot.png").path)
        } throws: { error in
            String(describing: error).contains("--out")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a path that is a folder is refused with a hint to add a file name")
    func folderAsPath() throws {
        let folder = FileManager.default.temporaryDirectory.path
        #expect {
            try PNGFileWriter.write(try smallImage(), to: folder)
        } throws: { error in
            String(describing: error).contains("it is a folder")
        }
    }
}

@Suite("Plot commands")
struct PlotCommandTests {
    @Test("pqc curve rejects an unknown name with the accepted forms, and accepts easeIn with --size 640x480")
    func curveArguments() throws {
        #expect {
            _ = try CurveCommand.parse(["wobble"])
        } throws: { error in
            CurveCommand.message(for: error).contains("Accepted curves")
        }
        #expect(throws: (any Error).self) { _ = try CurveCommand.parse([]) }
        #expect(throws: (any Error).self) { _ = try CurveCommand.parse(["easeIn", "--size", "50x50"]) }
        #expect(throws: (any Error).self) { _ = try CurveCommand.parse(["easeIn", "--seconds", "0"]) }
        let command = try CurveCommand.parse(["easeIn", "--size", "640x480"])
        #expect(command.names == ["easeIn"])
    }

    @Test("pqc timing accepts widths 320…8000 only")
    func timingArguments() throws {
        #expect(throws: (any Error).self) { _ = try TimingCommand.parse(["--width", "100"]) }
        #expect(try TimingCommand.parse(["--width", "320"]).width == 320)
    }

    @Test("pqc timing and pqc curve are subcommands of pqc, with examples in their help")
    func registered() {
        let names = Pqc.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names.contains("timing") && names.contains("curve"))
        #expect(TimingCommand.helpMessage().contains("Examples:"))
        #expect(CurveCommand.helpMessage().contains("spring:0.5,0.3"))
    }

    @Test("pqc curve writes the PNG it names: 640 × 480, decodable")
    func curveRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-curve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.png").path
        let command = try CurveCommand.parse(["easeOut", "spring:0.5,0.3", "--size", "640x480", "--out", path])
        try command.run()
        let image = try #require(CGImage(pngData: try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(image.width == 640 && image.height == 480)
    }
}

@Suite("Plot fonts")
struct PlotFontsTests {
    @Test("with no font installed the plots get nil (and draw without labels) instead of failing")
    func noFontGivesNil() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let library = FontLibrary(directories: [empty.path], warningHandler: nil)
        #expect(PlotFonts.labelFontOrWarn(library: library) == nil)
        let chart = TimingChart(strips: [TimingStrip(.init(duration: 1))], width: 400)
        #expect(try chart.render(font: nil).width == 400)
    }
}
