import Foundation

/// A linear axis: maps values in `lower…upper` onto pixels `start…end` and picks round tick values.
///
/// `start` may be larger than `end` (a vertical axis whose values grow upwards while pixels grow downwards). A
/// domain of zero or non-finite width is widened to one unit around its value, so mapping never divides by 0.
struct PlotAxis {
    /// The smallest value shown.
    let lower: Double
    /// The largest value shown.
    let upper: Double
    /// The pixel where `lower` lands.
    let start: Double
    /// The pixel where `upper` lands.
    let end: Double

    /// An axis over `lower…upper`, on pixels `start…end`.
    init(lower: Double, upper: Double, start: Double, end: Double) {
        var low = lower.isFinite ? lower : 0
        var high = upper.isFinite ? upper : low + 1
        if high < low { swap(&low, &high) }
        if high - low < 1e-12 {
            low -= 0.5
            high += 0.5
        }
        self.lower = low
        self.upper = high
        self.start = start
        self.end = end
    }

    /// The pixel position of `value` (linear; values outside the domain land outside `start…end`). NaN stays NaN.
    func position(of value: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    /// The value at pixel position `pixel` (the inverse of `position(of:)`).
    func value(atPixel pixel: Double) -> Double {
        lower + (pixel - start) / (end - start) * (upper - lower)
    }

    /// Round tick values inside the domain, about `approximateCount` of them: multiples of 1, 2 or 5 times a power
    /// of ten.
    func ticks(approximateCount: Int = 6) -> [Double] {
        let step = Step(span: upper - lower, approximateCount: approximateCount)
        let first = step.index(atOrAbove: lower)
        let last = step.index(atOrBelow: upper)
        guard first <= last, last - first < 1000 else { return [] }
        return (first...last).map(step.multiple)
    }

    /// The spacing of `ticks(approximateCount:)`.
    func tickStep(approximateCount: Int = 6) -> Double {
        Step(span: upper - lower, approximateCount: approximateCount).value
    }

    /// A step of 1, 2 or 5 × 10ⁿ that splits `span` into about `approximateCount` parts.
    static func niceStep(span: Double, approximateCount: Int) -> Double {
        Step(span: span, approximateCount: approximateCount).value
    }

    /// The domain widened outwards to the nearest multiples of the nice step, so the frame ends on ticks.
    static func rounded(lower: Double, upper: Double, approximateCount: Int = 6) -> (lower: Double, upper: Double) {
        let step = Step(span: upper - lower, approximateCount: approximateCount)
        return (step.multiple(step.index(atOrBelow: lower)), step.multiple(step.index(atOrAbove: upper)))
    }

    /// A tick spacing `digit × 10^exponent` with `digit` 1, 2 or 5. Multiples are computed as `i × digit`
    /// scaled by an exact power of ten (dividing for negative exponents), so 9 steps of 0.2 give exactly 1.8, not
    /// 1.8000000000000003.
    struct Step {
        let digit: Double
        let exponent: Int

        init(span: Double, approximateCount: Int) {
            let raw = span / Double(max(1, approximateCount))
            guard raw.isFinite, raw > 0 else {
                digit = 1
                exponent = 0
                return
            }
            var exponent = Int(log10(raw).rounded(.down))
            let fraction = raw / pow(10, Double(exponent))
            var digit: Double = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10
            if digit == 10 {
                digit = 1
                exponent += 1
            }
            self.digit = digit
            self.exponent = exponent
        }

        /// The spacing.
        var value: Double { multiple(1) }

        /// `index` steps from 0 (never -0).
        func multiple(_ index: Int) -> Double {
            let count = Double(index) * digit
            let scale = pow(10, Double(abs(exponent)))
            let result = exponent >= 0 ? count * scale : count / scale
            return result == 0 ? 0 : result
        }

        /// The smallest index whose multiple is at least `value` (with a little slack for rounding).
        func index(atOrAbove value: Double) -> Int {
            Self.clampedIndex((value / self.value - 1e-9).rounded(.up))
        }

        /// The largest index whose multiple is at most `value` (with a little slack for rounding).
        func index(atOrBelow value: Double) -> Int {
            Self.clampedIndex((value / self.value + 1e-9).rounded(.down))
        }

        /// An integral `Double` as an index within ±10⁹ (NaN gives 0), so no conversion traps.
        private static func clampedIndex(_ raw: Double) -> Int {
            guard !raw.isNaN else { return 0 }
            return Int(Swift.max(Swift.min(raw, 1e9), -1e9))
        }
    }

    /// `value` written for a tick label with as many decimals as a 1, 2 or 5 × 10ⁿ `step` needs (step 0.5 →
    /// "1.5", step 2 → "4"); never "-0".
    static func label(_ value: Double, step: Double) -> String {
        let decimals = step >= 1 || !step.isFinite ? 0 : min(6, Int((-log10(step) - 1e-9).rounded(.up)))
        let text = String(format: "%.\(decimals)f", value)
        return Double(text) == 0 ? String(format: "%.\(decimals)f", 0.0) : text
    }
}
