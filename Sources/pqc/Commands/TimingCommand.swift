import ArgumentParser
import Foundation

/// `pqc timing`: draws seed 003's CAMediaTiming illustrations, one timeline strip per configuration, as a PNG.
struct TimingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing",
        abstract: "Draw the CAMediaTiming illustrations of seed 003 as a PNG, computed by the real engine.",
        discussion: """
            Each strip is a CABasicAnimation of a layer's backgroundColor (orange to blue; the layer itself is \
            grey) with one set of timing values: duration, beginTime, fillMode, autoreverses, repeatCount \
            (including fractional), repeatDuration, speed and timeOffset. The band shows the layer's colour at \
            every moment of parent time 0…4 s after the animation was added; the line under it is the progress of \
            a strokeEnd animation with the same timing, drawn only while the animation shows.

            Examples:
              pqc timing                          writes ./timing.png, 960 pixels wide
              pqc timing --out /tmp/timing.png    writes /tmp/timing.png
              pqc timing --width 1600             wider (the height follows the strips)
            """
    )

    @Option(name: .long, help: "PNG file to write (replaced atomically).")
    var out: String = "timing.png"

    @Option(
        name: .long,
        help: "Width in pixels, \(TimingChart.minimumWidth)…\(TimingChart.maximumWidth); the height follows.")
    var width: Int = 960

    func validate() throws {
        guard (TimingChart.minimumWidth...TimingChart.maximumWidth).contains(width) else {
            throw ValidationError(
                "Width \(width) is out of range; use \(TimingChart.minimumWidth)…\(TimingChart.maximumWidth) pixels.")
        }
    }

    func run() throws {
        let strips = TimingStrip.Configuration.seedIllustrations.map(TimingStrip.init)
        let chart = TimingChart(strips: strips, width: width)
        let image = try chart.render(font: PlotFonts.labelFontOrWarn())
        let url = try PNGFileWriter.write(image, to: out)
        print("Wrote \(url.path) (\(image.width)×\(image.height) pixels, \(strips.count) timing strips).")
    }
}
