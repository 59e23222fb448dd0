import Foundation
import PortableQuartzCore

/// The picture `pqc timing` draws: a title with a colour legend, then one `TimingStrip` per configuration — its
/// caption, a colour band (the layer's presentation colour at every pixel column) and a progress lane (the
/// animated `strokeEnd`, drawn only where the animation shows) — over a shared axis of parent time
/// 0…`seconds`.
///
/// The height follows from the number of strips; the width is given. Column `i` of the timeline shows the time at
/// its centre, `(i + 0.5) / columns × seconds`.
struct TimingChart {
    /// The strips, top to bottom.
    let strips: [TimingStrip]
    /// Width of the picture in pixels.
    let width: Int
    /// The parent time shown at the right edge of the timeline, in seconds.
    let seconds: Double

    /// The narrowest picture that still shows captions and ticks legibly.
    static let minimumWidth = 320
    /// The widest picture accepted (a bitmap side may not exceed 32 767 pixels; this keeps files reasonable).
    static let maximumWidth = 8000

    // Layout, in pixels.
    static let margin = 16.0
    static let titleSize = 15.0
    static let captionSize = 12.0
    static let tickSize = 11.0
    static let bandHeight = 24.0
    static let laneHeight = 16.0
    static let stripGap = 12.0

    init(strips: [TimingStrip], width: Int, seconds: Double = 4) {
        self.strips = strips
        self.width = width
        self.seconds = seconds
    }

    /// The left and right pixel edges of the timeline.
    var timelineStart: Double { Self.margin }
    var timelineEnd: Double { Double(width) - Self.margin }
    /// How many pixel columns the timeline has.
    var columns: Int { max(1, Int(timelineEnd - timelineStart)) }

    /// The parent time a timeline column shows: the time at its centre.
    func time(ofColumn column: Int) -> Double {
        (Double(column) + 0.5) / Double(columns) * seconds
    }

    /// The timeline column that shows parent time `time` (clamped to the timeline).
    func column(showing time: Double) -> Int {
        let raw = Int((time / seconds * Double(columns)).rounded(.down))
        return min(max(raw, 0), columns - 1)
    }

    /// The vertical layout for text of the given line heights.
    struct Layout {
        /// Top of the first strip's caption.
        var firstStripTop: Double
        /// Caption line height.
        var captionHeight: Double
        /// Distance from one strip's caption top to the next one's.
        var stripPitch: Double
        /// Total height of the picture.
        var height: Int
        /// Top of the colour band of strip `index`.
        func bandTop(ofStrip index: Int) -> Double {
            firstStripTop + Double(index) * stripPitch + captionHeight + 2
        }
    }

    /// The layout for a canvas whose text has these line heights.
    func layout(titleHeight: Double, captionHeight: Double, tickHeight: Double) -> Layout {
        let firstStripTop = Self.margin + titleHeight + 4 + captionHeight + 12
        let pitch = captionHeight + 2 + Self.bandHeight + Self.laneHeight + Self.stripGap
        let bottom = firstStripTop + Double(strips.count) * pitch + 6 + tickHeight * 2 + Self.margin
        return Layout(
            firstStripTop: firstStripTop, captionHeight: captionHeight, stripPitch: pitch,
            height: Int(bottom.rounded(.up)))
    }

    /// The layout this chart gets with `font` (or without labels when `nil`).
    func layout(font: CGFont?) throws -> Layout {
        let probe = try PlotCanvas(width: 1, height: 1, font: font)
        return layout(
            titleHeight: probe.lineHeight(size: Self.titleSize),
            captionHeight: probe.lineHeight(size: Self.captionSize),
            tickHeight: probe.lineHeight(size: Self.tickSize))
    }

    /// Draws the chart with labels in `font` (none when `nil`).
    func render(font: CGFont?) throws -> CGImage {
        let layout = try layout(font: font)
        let canvas = try PlotCanvas(width: width, height: layout.height, font: font)
        drawHeader(on: canvas)
        for (index, strip) in strips.enumerated() {
            draw(strip, at: layout.bandTop(ofStrip: index), captionHeight: layout.captionHeight, on: canvas)
        }
        let axisTop = layout.firstStripTop + Double(strips.count) * layout.stripPitch
        drawAxis(top: axisTop, on: canvas)
        return try canvas.makeImage()
    }

    private func drawHeader(on canvas: PlotCanvas) {
        let m = Self.margin
        canvas.text(
            "CAMediaTiming (seed 003), evaluated by PortableQuartzCore",
            at: CGPoint(x: m, y: m), size: Self.titleSize, maxWidth: Double(width) - 2 * m)
        let legendTop = m + canvas.lineHeight(size: Self.titleSize) + 4
        var x = m
        let swatch = 12.0
        let entries: [(ColorComponents, String)] = [
            (TimingStrip.fromColor, "fromValue"), (TimingStrip.toColor, "toValue"),
            (TimingStrip.modelColor, "model value (animation not showing)"),
        ]
        for (color, label) in entries {
            let box = CGRect(x: x, y: legendTop + 1, width: swatch, height: swatch)
            canvas.fill(box, color: color.cgColor)
            canvas.stroke(box, color: PlotColor.frame)
            x += swatch + 4
            x +=
                canvas.text(
                    label, at: CGPoint(x: x, y: legendTop), size: Self.captionSize,
                    maxWidth: max(0, Double(width) - m - x)) + 14
        }
        let lane = "line under each band: progress (strokeEnd 0→1)"
        if x + canvas.textWidth(lane, size: Self.captionSize) <= Double(width) - m {
            canvas.text(lane, at: CGPoint(x: x, y: legendTop), size: Self.captionSize, color: PlotColor.mutedInk)
        }
    }

    private func draw(_ strip: TimingStrip, at bandTop: Double, captionHeight: Double, on canvas: PlotCanvas) {
        let start = timelineStart
        canvas.text(
            strip.configuration.caption, at: CGPoint(x: start, y: bandTop - captionHeight - 2), size: Self.captionSize,
            maxWidth: Double(columns))
        let laneTop = bandTop + Self.bandHeight
        canvas.fill(
            CGRect(x: start, y: laneTop, width: Double(columns), height: Self.laneHeight), color: PlotColor.lane)
        drawGrid(top: laneTop, height: Self.laneHeight, on: canvas)

        var progressPoints: [CGPoint] = []
        progressPoints.reserveCapacity(columns)
        for column in 0..<columns {
            let sample = strip.sample(atParentTime: time(ofColumn: column))
            let x = start + Double(column)
            canvas.fill(CGRect(x: x, y: bandTop, width: 1, height: Self.bandHeight), color: sample.color.cgColor)
            if let progress = sample.progress, progress.isFinite {
                let y = laneTop + Self.laneHeight - 2 - progress * (Self.laneHeight - 4)
                progressPoints.append(CGPoint(x: x + 0.5, y: y))
            } else {
                progressPoints.append(CGPoint(x: Double.nan, y: .nan))
            }
        }
        canvas.polyline(progressPoints, color: PlotColor.ink, width: 1.5)
        canvas.stroke(
            CGRect(x: start, y: bandTop, width: Double(columns), height: Self.bandHeight + Self.laneHeight),
            color: PlotColor.frame)
    }

    /// Light vertical lines at every half second across a lane.
    private func drawGrid(top: Double, height: Double, on canvas: PlotCanvas) {
        var halfSeconds = 1
        while Double(halfSeconds) * 0.5 < seconds {
            let x = timelineStart + Double(halfSeconds) * 0.5 / seconds * Double(columns)
            canvas.line(
                from: CGPoint(x: x, y: top), to: CGPoint(x: x, y: top + height), color: PlotColor.grid, width: 1)
            halfSeconds += 1
        }
    }

    private func drawAxis(top: Double, on canvas: PlotCanvas) {
        let y = top - Self.stripGap + 6
        let start = timelineStart
        let end = start + Double(columns)
        canvas.line(from: CGPoint(x: start, y: y), to: CGPoint(x: end, y: y), color: PlotColor.ink)
        var halfSeconds = 0
        while Double(halfSeconds) * 0.5 <= seconds + 1e-9 {
            let t = Double(halfSeconds) * 0.5
            let x = start + t / seconds * Double(columns)
            let major = halfSeconds % 2 == 0
            canvas.line(
                from: CGPoint(x: x, y: y), to: CGPoint(x: x, y: y + (major ? 5 : 3)), color: PlotColor.ink)
            if major {
                canvas.text(
                    "\(Int(t)) s", at: CGPoint(x: x, y: y + 6), size: Self.tickSize,
                    anchor: halfSeconds == 0 ? .topLeft : t >= seconds ? .topRight : .topCenter)
            }
            halfSeconds += 1
        }
        canvas.text(
            "parent time after add(_:forKey:)",
            at: CGPoint(x: (start + end) / 2, y: y + 6 + canvas.lineHeight(size: 11)),
            size: Self.tickSize, color: PlotColor.mutedInk, anchor: .topCenter)
    }
}
