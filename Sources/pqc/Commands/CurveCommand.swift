import ArgumentParser
import Foundation

/// `pqc curve`: plots timing functions and springs (value and velocity over time) as a PNG.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Plot timing functions and springs (value and velocity over time) as a PNG.",
        discussion: """
            Values come from the engine: CAMediaTimingFunction for timing functions (drawn as 1-second \
            animations), CASpringAnimation for springs (drawn from release, with settlingDuration marked by a \
            dashed line).

            \(CurveSpec.acceptedForms)

            Examples:
              pqc curve easeIn easeOut easeInEaseOut      named curves into ./curve.png
              pqc curve cubic:0.68,-0.55,0.27,1.55        an overshooting cubic
              pqc curve spring:1,100,10,0 spring:0.5,0.3  default and perceptual springs
              pqc curve spring:10,1500,50,100 --out jump.png --size 1200x700
            """
    )

    @Argument(help: "Curves to plot (at least one); see the accepted forms above.")
    var names: [String] = []

    @Option(name: .long, help: "PNG file to write (replaced atomically).")
    var out: String = "curve.png"

    @Option(
        name: .long,
        help: """
            Picture size as WIDTHxHEIGHT, from \(CurveChart.minimumSize.width)x\(CurveChart.minimumSize.height) \
            up to \(CurveChart.maximumSide)x\(CurveChart.maximumSide).
            """)
    var size: String = "800x600"

    @Option(
        name: .long,
        help: "Length of the time axis in seconds (default: long enough for every spring to settle, at least 1).")
    var seconds: Double?

    func validate() throws {
        guard !names.isEmpty else {
            throw ValidationError("Name at least one curve. \(CurveSpec.acceptedForms)")
        }
        var notes: [String] = []
        for name in names {
            do {
                _ = try CurveSpec.parse(name, notes: &notes)
            } catch {
                throw ValidationError(error.description)
            }
        }
        do {
            _ = try plotSize()
        } catch {
            throw ValidationError(error.description)
        }
        if let seconds, !(seconds > 0 && seconds <= CurveChart.maximumSeconds) {
            throw ValidationError(
                "--seconds \(seconds) is out of range; use a time above 0 and up to \(Int(CurveChart.maximumSeconds)).")
        }
    }

    func run() throws {
        var notes: [String] = []
        let specs = try names.map { name in try CurveSpec.parse(name, notes: &notes) }
        for note in notes { FileHandle.standardError.write(Data("pqc: \(note)\n".utf8)) }
        let plotSize = try plotSize()
        let span = seconds ?? CurveChart.automaticSeconds(for: specs)
        let chart = CurveChart(
            series: specs.map { CurveSeries($0, seconds: span) }, width: plotSize.width, height: plotSize.height,
            seconds: span)
        let image = try chart.render(font: PlotFonts.labelFontOrWarn())
        let url = try PNGFileWriter.write(image, to: out)
        print("Wrote \(url.path) (\(image.width)×\(image.height) pixels, \(specs.count) curve(s) over \(span) s).")
    }

    private func plotSize() throws(PlotSize.ParseError) -> PlotSize {
        try PlotSize.parse(size, minimum: CurveChart.minimumSize, maximum: CurveChart.maximumSide)
    }
}
