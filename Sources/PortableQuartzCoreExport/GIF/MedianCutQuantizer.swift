/// Chooses a palette for a ``ColorHistogram`` (our addition).
///
/// The method is median cut with variance-minimising cuts, followed by a few k-means passes:
/// 1. When the histogram still holds exact colours and there are no more of them than `maximumColors`, the
///    palette is exactly those colours (a flat-coloured frame keeps its colours bit for bit).
/// 2. Otherwise all colours start in one box. Repeatedly, the box with the largest squared error (the sum over
///    its pixels of the squared RGB distance to the box's mean) is cut in two: across the channel whose colour
///    means vary most (by pixel count), between two neighbouring values of that channel, where the two halves'
///    squared errors add up least. This stops at `maximumColors` boxes or when no box can be cut.
/// 3. Each box's colour is the exact mean of its pixels (rounded). `refinementPasses` k-means passes then move
///    every histogram colour to its nearest palette colour and each palette colour to the mean of what it got,
///    which lowers the error further; a palette colour left with nothing keeps its value.
///
/// Distances are plain squared differences of the 8-bit sRGB values. Colours are processed in key order with
/// integer sorting, so the same histogram gives the same palette on every run, whatever order pixels came in.
/// Each cut costs time proportional to the box (a counting sort on one channel), so a palette for 30 000 colours
/// takes a few milliseconds.
public enum MedianCutQuantizer {
    /// Up to `maximumColors` colours (clamped to 1…256) that represent the counted pixels; `[black]` for an empty
    /// histogram.
    public static func colors(
        for histogram: ColorHistogram, maximumColors: Int, refinementPasses: Int = 2
    ) -> [ExportColor] {
        let limit = min(max(maximumColors, 1), 256)
        guard !histogram.isEmpty else { return [.black] }
        let entries = histogram.entries.sorted { $0.key < $1.key }
        if let exact = histogram.exactColorCount, exact <= limit {
            return entries.map { ExportColor(packed: $0.key) }
        }
        var order = [Int32](0..<Int32(entries.count))
        var scratch = order
        var boxes = [box(order, 0, entries.count, entries)]
        while boxes.count < limit {
            var chosen = -1
            var largest = 0.0
            for (index, box) in boxes.enumerated() where box.isSplittable && box.error > largest {
                chosen = index
                largest = box.error
            }
            guard chosen >= 0 else { break }
            if let (first, second) = split(boxes[chosen], &order, &scratch, entries) {
                boxes[chosen] = first
                boxes.append(second)
            } else {
                boxes[chosen].isSplittable = false
            }
        }
        var colors = boxes.map(\.mean)
        for _ in 0..<max(0, refinementPasses) {
            let refined = refine(colors, entries)
            if refined == colors { break }
            colors = refined
        }
        return colors
    }

    /// A contiguous run `lower..<upper` of the ordered colours and their totals.
    struct Box {
        var lower: Int
        var upper: Int
        var count = 0
        var red = 0
        var green = 0
        var blue = 0
        var squares = 0
        var isSplittable = true

        /// Sum of squared distances of the pixels to their mean.
        var error: Double { Self.error(count, red, green, blue, squares) }

        /// The mean colour, rounded to the nearest 8-bit values.
        var mean: ExportColor {
            ExportColor(
                red: UInt8((red + count / 2) / count), green: UInt8((green + count / 2) / count),
                blue: UInt8((blue + count / 2) / count))
        }

        static func error(_ count: Int, _ red: Int, _ green: Int, _ blue: Int, _ squares: Int) -> Double {
            guard count > 0 else { return 0 }
            let sum = Double(red) * Double(red) + Double(green) * Double(green) + Double(blue) * Double(blue)
            return max(0, Double(squares) - sum / Double(count))
        }

        mutating func add(_ entry: ColorHistogram.Entry) {
            count += entry.count
            red += entry.red
            green += entry.green
            blue += entry.blue
            squares += entry.squares
        }
    }

    private static func box(
        _ order: [Int32], _ lower: Int, _ upper: Int, _ entries: [ColorHistogram.Entry]
    ) -> Box {
        var box = Box(lower: lower, upper: upper)
        for position in lower..<upper { box.add(entries[Int(order[position])]) }
        box.isSplittable = upper - lower >= 2
        return box
    }

    /// Cuts `box` (see the type's documentation), or answers `nil` when all its colours share every channel value.
    private static func split(
        _ box: Box, _ order: inout [Int32], _ scratch: inout [Int32], _ entries: [ColorHistogram.Entry]
    ) -> (Box, Box)? {
        // Spread of the colour means along each channel, weighted by pixel count: Σ sᵢ²/nᵢ − S²/N.
        var spread = [0.0, 0.0, 0.0]
        for position in box.lower..<box.upper {
            let entry = entries[Int(order[position])]
            let count = Double(entry.count)
            spread[0] += Double(entry.red) * Double(entry.red) / count
            spread[1] += Double(entry.green) * Double(entry.green) / count
            spread[2] += Double(entry.blue) * Double(entry.blue) / count
        }
        let total = Double(box.count)
        spread[0] -= Double(box.red) * Double(box.red) / total
        spread[1] -= Double(box.green) * Double(box.green) / total
        spread[2] -= Double(box.blue) * Double(box.blue) / total
        let axes = [0, 1, 2].sorted { spread[$0] > spread[$1] || (spread[$0] == spread[$1] && $0 < $1) }
        for axis in axes {
            let shift = UInt32(axis * 8)
            sortByChannel(&order, &scratch, box.lower, box.upper, shift, entries)
            var left = Box(lower: box.lower, upper: box.lower)
            var best = -1
            var bestError = Double.infinity
            for cut in (box.lower + 1)..<box.upper {
                left.add(entries[Int(order[cut - 1])])
                let before = entries[Int(order[cut - 1])].key >> shift & 0xFF
                let after = entries[Int(order[cut])].key >> shift & 0xFF
                guard before != after else { continue }
                let rightError = Box.error(
                    box.count - left.count, box.red - left.red, box.green - left.green, box.blue - left.blue,
                    box.squares - left.squares)
                let error = left.error + rightError
                if error < bestError {
                    bestError = error
                    best = cut
                }
            }
            if best >= 0 {
                return (Self.box(order, box.lower, best, entries), Self.box(order, best, box.upper, entries))
            }
        }
        return nil
    }

    /// Stable counting sort of `order[lower..<upper]` by one channel of the colours' keys.
    private static func sortByChannel(
        _ order: inout [Int32], _ scratch: inout [Int32], _ lower: Int, _ upper: Int, _ shift: UInt32,
        _ entries: [ColorHistogram.Entry]
    ) {
        var starts = [Int](repeating: 0, count: 257)
        for position in lower..<upper {
            starts[Int(entries[Int(order[position])].key >> shift & 0xFF) + 1] += 1
        }
        for value in 0..<256 { starts[value + 1] += starts[value] }
        for position in lower..<upper {
            let value = Int(entries[Int(order[position])].key >> shift & 0xFF)
            scratch[lower + starts[value]] = order[position]
            starts[value] += 1
        }
        for position in lower..<upper { order[position] = scratch[position] }
    }

    /// One k-means pass: every colour goes to its nearest palette colour, every palette colour moves to the mean
    /// of what it got.
    private static func refine(_ colors: [ExportColor], _ entries: [ColorHistogram.Entry]) -> [ExportColor] {
        let search = NearestColorSearch(colors: colors, excluding: nil)
        var totals = [Box](repeating: Box(lower: 0, upper: 0), count: colors.count)
        for entry in entries {
            let count = entry.count
            let red = UInt32((entry.red + count / 2) / count)
            let green = UInt32((entry.green + count / 2) / count)
            let blue = UInt32((entry.blue + count / 2) / count)
            totals[search.nearest(red | green << 8 | blue << 16)].add(entry)
        }
        return zip(colors, totals).map { color, total in total.count > 0 ? total.mean : color }
    }
}
