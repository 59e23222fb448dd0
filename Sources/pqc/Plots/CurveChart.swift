import Foundation
import PortableCoreGraphics

/// The picture `pqc curve` draws: a title, a legend, and two panels sharing a time axis — the value of every
/// curve (0 = from, 1 = to) above, its velocity (per second) below — with tick labels, grid lines, and each
/// spring's `settlingDuration` marked by a dashed line in the spring's colour.
///
/// Timing functions span 0…1 s (drawn as 1-second animations); springs span the whole time axis. The value axis
/// always includes 0…1 and the velocity axis always includes 0, both widened to round tick values.
struct CurveChart {
    /// The curves, in legend order.
    let series: [CurveSeries]
    /// Size of the picture in pixels.
    let width: Int
    let height: Int
    /// The time at the right edge, in seconds.
    let seconds: Double

    /// The smallest picture that still leaves room for both panels.
    static let minimumSize = (width: 320, height: 240)
    /// The largest side accepted.
    static let maximumSide = 8000
    /// The longest time axis, in seconds (springs that settle later are cut).
    static let maximumSeconds = 60.0

    // Layout, in pixels.
    static let leftMargin = 58.0
    static let rightMargin = 18.0
    static let margin = 14.0
    static let titleSize = 14.0
    static let labelSize = 11.0

    /// The time axis length for `specs` when none is asked for: at least 1 s (a timing function's second); for a
    /// spring 15 % past its settling duration, or four undamped periods when it never settles within
    /// `maximumSeconds`; rounded up to a round tick value and capped at `maximumSeconds`.
    static func automaticSeconds(for specs: [CurveSpec]) -> Double {
        var longest = 1.0
        for spec in specs {
            guard case .spring(_, let animation) = spec else { continue }
            let settling = animation.settlingDuration
            if settling.isFinite && settling <= maximumSeconds {
                longest = max(longest, settling * 1.15)
            } else {
                longest = max(longest, 4 * animation.perceptualDuration)
            }
        }
        let rounded = PlotAxis.rounded(lower: 0, upper: min(longest, maximumSeconds)).upper
        return min(rounded, maximumSeconds)
    }

    /// The panels' rectangles (top-left origin) for a canvas whose text has these line heights and whose legend
    /// takes `legendHeight` pixels.
    struct Layout {
        var valuePanel: CGRect
        var velocityPanel: CGRect
        var legendTop: Double
    }

    func layout(titleHeight: Double, labelHeight: Double, legendHeight: Double) -> Layout {
        let left = Self.leftMargin
        let right = Double(width) - Self.rightMargin
        let legendTop = Self.margin + titleHeight + labelHeight + 4
        let valueTitleTop = legendTop + legendHeight + 6
        let firstPanelTop = valueTitleTop + labelHeight + 2
        let bottomReserve = labelHeight * 2 + 8 + Self.margin
        let between = labelHeight + 10
        let available = max(20, Double(height) - firstPanelTop - bottomReserve - between)
        let valueHeight = (available * 0.58).rounded()
        let velocityHeight = available - valueHeight
        let value = CGRect(x: left, y: firstPanelTop, width: right - left, height: valueHeight)
        let velocity = CGRect(x: left, y: value.maxY + between, width: right - left, height: velocityHeight)
        return Layout(valuePanel: value, velocityPanel: velocity, legendTop: legendTop)
    }

    /// The time axis over a panel.
    func timeAxis(in panel: CGRect) -> PlotAxis {
        PlotAxis(lower: 0, upper: seconds, start: panel.minX, end: panel.maxX)
    }

    /// The value axis over a panel: 0…1 and every sample, widened to round ticks.
    func valueAxis(in panel: CGRect) -> PlotAxis {
        let values = series.flatMap { $0.points.map(\.value) }.filter(\.isFinite)
        let domain = PlotAxis.rounded(
            lower: min(0, values.min() ?? 0), upper: max(1, values.max() ?? 1),
            approximateCount: Self.verticalTickCount(panel))
        return PlotAxis(lower: domain.lower, upper: domain.upper, start: panel.maxY, end: panel.minY)
    }

    /// The velocity axis over a panel: 0 and every sample, widened to round ticks.
    func velocityAxis(in panel: CGRect) -> PlotAxis {
        let values = series.flatMap { $0.points.map(\.velocity) }.filter(\.isFinite)
        let domain = PlotAxis.rounded(
            lower: min(0, values.min() ?? 0), upper: max(0, values.max() ?? 1),
            approximateCount: Self.verticalTickCount(panel))
        return PlotAxis(lower: domain.lower, upper: domain.upper, start: panel.maxY, end: panel.minY)
    }

    /// How many ticks a vertical axis aims for: one per 24 pixels of panel height, 2…5.
    static func verticalTickCount(_ panel: CGRect) -> Int {
        max(2, min(5, Int(panel.height / 24)))
    }

    /// The layout this chart gets with `font` (or without labels when `nil`).
    func layout(font: CGFont?) throws -> Layout {
        layout(on: try PlotCanvas(width: 1, height: 1, font: font))
    }

    /// The layout for the text measurements of `canvas`.
    private func layout(on canvas: PlotCanvas) -> Layout {
        let labelHeight = canvas.lineHeight(size: Self.labelSize)
        return layout(
            titleHeight: canvas.lineHeight(size: Self.titleSize), labelHeight: labelHeight,
            legendHeight: Double(legendRows(on: canvas).count) * (labelHeight + 2))
    }

    /// Draws the chart with labels in `font` (none when `nil`).
    func render(font: CGFont?) throws -> CGImage {
        let canvas = try PlotCanvas(width: width, height: height, font: font)
        let labelHeight = canvas.lineHeight(size: Self.labelSize)
        let legendRows = legendRows(on: canvas)
        let layout = layout(on: canvas)

        let textWidth = Double(width) - 2 * Self.margin
        canvas.text(
            "Value and velocity over time", at: CGPoint(x: Self.margin, y: Self.margin), size: Self.titleSize,
            maxWidth: textWidth)
        canvas.text(
            "timing functions as 1-s animations, springs from release; dashed: settlingDuration",
            at: CGPoint(x: Self.margin, y: Self.margin + canvas.lineHeight(size: Self.titleSize)),
            size: Self.labelSize, color: PlotColor.mutedInk, maxWidth: textWidth)
        drawLegend(legendRows, top: layout.legendTop, rowHeight: labelHeight + 2, on: canvas)

        let valuePanel = layout.valuePanel
        let velocityPanel = layout.velocityPanel
        let valueAxis = valueAxis(in: valuePanel)
        let velocityAxis = velocityAxis(in: velocityPanel)
        drawPanel(
            valuePanel, title: "value (0 = fromValue, 1 = toValue)", vertical: valueAxis, timeLabels: false,
            on: canvas)
        drawPanel(
            velocityPanel, title: "velocity (per second)", vertical: velocityAxis, timeLabels: true, on: canvas)

        for (index, curve) in series.enumerated() {
            let color = PlotColor.series(index)
            let time = timeAxis(in: valuePanel)
            canvas.polyline(
                curve.points.map { CGPoint(x: time.position(of: $0.time), y: valueAxis.position(of: $0.value)) },
                color: color, width: 2)
            canvas.polyline(
                curve.points.map { CGPoint(x: time.position(of: $0.time), y: velocityAxis.position(of: $0.velocity)) },
                color: color, width: 2)
        }
        drawSettlingMarks(valuePanel: valuePanel, velocityPanel: velocityPanel, on: canvas)
        return try canvas.makeImage()
    }

    /// The legend entries (curve index and text) split into rows that fit the width.
    private func legendRows(on canvas: PlotCanvas) -> [[(Int, String)]] {
        var rows: [[(Int, String)]] = [[]]
        var x = Self.margin
        let limit = Double(width) - Self.margin
        for (index, curve) in series.enumerated() {
            var text = curve.label
            if let settling = curve.settlingDuration {
                text += settling.isFinite ? ", settles in \(Self.seconds(settling))" : ", never settles"
            }
            let entryWidth = 22 + canvas.textWidth(text, size: Self.labelSize) + 16
            if x + entryWidth > limit && !rows[rows.count - 1].isEmpty {
                rows.append([])
                x = Self.margin
            }
            rows[rows.count - 1].append((index, text))
            x += entryWidth
        }
        return rows
    }

    private func drawLegend(_ rows: [[(Int, String)]], top: Double, rowHeight: Double, on canvas: PlotCanvas) {
        for (row, entries) in rows.enumerated() {
            var x = Self.margin
            let y = top + Double(row) * rowHeight
            for (index, text) in entries {
                let middle = y + rowHeight / 2
                canvas.line(
                    from: CGPoint(x: x, y: middle), to: CGPoint(x: x + 18, y: middle), color: PlotColor.series(index),
                    width: 3)
                x += 22
                x +=
                    canvas.text(
                        text, at: CGPoint(x: x, y: middle), size: Self.labelSize, anchor: .middleLeft,
                        maxWidth: max(0, Double(width) - Self.margin - x)) + 16
            }
        }
    }

    private func drawPanel(
        _ panel: CGRect, title: String, vertical: PlotAxis, timeLabels: Bool, on canvas: PlotCanvas
    ) {
        let labelHeight = canvas.lineHeight(size: Self.labelSize)
        canvas.text(
            title, at: CGPoint(x: panel.minX, y: panel.minY - labelHeight - 2), size: Self.labelSize,
            color: PlotColor.mutedInk)
        let time = timeAxis(in: panel)
        let timeStep = time.tickStep()
        for tick in time.ticks() {
            let x = time.position(of: tick)
            canvas.line(from: CGPoint(x: x, y: panel.minY), to: CGPoint(x: x, y: panel.maxY), color: PlotColor.grid)
            if timeLabels {
                canvas.text(
                    PlotAxis.label(tick, step: timeStep), at: CGPoint(x: x, y: panel.maxY + 4), size: Self.labelSize,
                    anchor: .topCenter)
            }
        }
        let count = Self.verticalTickCount(panel)
        let verticalStep = vertical.tickStep(approximateCount: count)
        for tick in vertical.ticks(approximateCount: count) {
            let y = vertical.position(of: tick)
            canvas.line(
                from: CGPoint(x: panel.minX, y: y), to: CGPoint(x: panel.maxX, y: y),
                color: tick == 0 ? PlotColor.frame : PlotColor.grid)
            canvas.text(
                PlotAxis.label(tick, step: verticalStep), at: CGPoint(x: panel.minX - 5, y: y), size: Self.labelSize,
                anchor: .middleRight)
        }
        canvas.stroke(panel, color: PlotColor.frame)
        if timeLabels {
            canvas.text(
                "time (s)", at: CGPoint(x: panel.midX, y: panel.maxY + 6 + labelHeight), size: Self.labelSize,
                color: PlotColor.mutedInk, anchor: .topCenter)
        }
    }

    /// A dashed line at each spring's settling duration (when it falls on the time axis), across both panels.
    private func drawSettlingMarks(valuePanel: CGRect, velocityPanel: CGRect, on canvas: PlotCanvas) {
        let time = timeAxis(in: valuePanel)
        for (index, curve) in series.enumerated() {
            guard let settling = curve.settlingDuration, settling.isFinite, settling <= seconds else { continue }
            let x = time.position(of: settling)
            let color = PlotColor.series(index)
            for panel in [valuePanel, velocityPanel] {
                canvas.line(
                    from: CGPoint(x: x, y: panel.minY), to: CGPoint(x: x, y: panel.maxY), color: color, width: 1.5,
                    dash: [5, 4])
            }
        }
    }

    /// Seconds for a legend: "1.473 s".
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f s", value)
    }
}
