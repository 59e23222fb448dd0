import PortableQuartzCoreExport
import Testing

@Suite("MedianCutQuantizer")
struct MedianCutQuantizerTests {
    /// Mean over pixels of the squared RGB distance to the nearest palette colour.
    static func meanSquaredError(_ image: CGImage, _ palette: [ExportColor]) -> Double {
        let pixels = TestImages.pixels(image)
        var total = 0
        for start in stride(from: 0, to: pixels.count, by: 4) {
            total += palette.map { color in
                let dr = Int(pixels[start]) - Int(color.red)
                let dg = Int(pixels[start + 1]) - Int(color.green)
                let db = Int(pixels[start + 2]) - Int(color.blue)
                return dr * dr + dg * dg + db * db
            }.min()!
        }
        return Double(total) / Double(pixels.count / 4)
    }

    @Test("a 256-level gray ramp in 16 colours: 16 grays, error ≤ 64.5 (the best with whole-number colours)")
    func grayRampQuality() {
        let ramp = TestImages.image(width: 256, height: 2) { x, _ in (UInt8(x), UInt8(x), UInt8(x), 255) }
        var histogram = ColorHistogram()
        histogram.add(ramp)
        let palette = MedianCutQuantizer.colors(for: histogram, maximumColors: 16)
        #expect(palette.count == 16)
        #expect(palette.allSatisfy { $0.red == $0.green && $0.green == $0.blue })
        // Sixteen runs of sixteen levels with centres 16k + 8: Σd² over d = −8…7 is 344 per channel, 3 channels,
        // divided by 16 levels = 64.5.
        #expect(Self.meanSquaredError(ramp, palette) <= 64.5)
    }

    @Test("five exact colours, two of them 5 apart (250 and 255 gray), are kept bit for bit")
    func exactColorsKept() {
        let colors: [(UInt8, UInt8, UInt8)] = [(250, 250, 250), (255, 255, 255), (0, 0, 0), (12, 200, 7), (90, 90, 91)]
        let image = TestImages.image(width: 5, height: 3) { x, _ in
            (colors[x].0, colors[x].1, colors[x].2, 255)
        }
        var histogram = ColorHistogram()
        histogram.add(image)
        let palette = MedianCutQuantizer.colors(for: histogram, maximumColors: 256)
        #expect(Set(palette) == Set(colors.map { ExportColor(red: $0.0, green: $0.1, blue: $0.2) }))
    }

    @Test("four noisy clusters in 4 colours: each colour is its cluster's rounded mean")
    func clustersFindTheirMeans() {
        let centres: [(Int, Int, Int)] = [(40, 40, 200), (200, 40, 40), (40, 200, 40), (220, 220, 220)]
        var state: UInt32 = 99
        var sums = [[Int]](repeating: [0, 0, 0, 0], count: 4)
        var values: [(UInt8, UInt8, UInt8, UInt8)] = []
        for index in 0..<(64 * 16) {
            let cluster = index % 4
            var channel: [Int] = []
            for centre in [centres[cluster].0, centres[cluster].1, centres[cluster].2] {
                state = state &* 1_664_525 &+ 1_013_904_223
                channel.append(centre + Int(state >> 28) - 8)
            }
            sums[cluster][0] += channel[0]
            sums[cluster][1] += channel[1]
            sums[cluster][2] += channel[2]
            sums[cluster][3] += 1
            values.append((UInt8(channel[0]), UInt8(channel[1]), UInt8(channel[2]), 255))
        }
        let image = TestImages.image(width: 64, height: 16) { x, y in values[y * 64 + x] }
        var histogram = ColorHistogram()
        histogram.add(image)
        let palette = MedianCutQuantizer.colors(for: histogram, maximumColors: 4)
        let expected = sums.map { sum in
            ExportColor(
                red: UInt8((sum[0] + sum[3] / 2) / sum[3]), green: UInt8((sum[1] + sum[3] / 2) / sum[3]),
                blue: UInt8((sum[2] + sum[3] / 2) / sum[3]))
        }
        #expect(Set(palette) == Set(expected))
    }

    @Test("65 536 colours overflow exact counting, yet one colour is still the exact mean (128, 128, 128)")
    func coarseHistogramKeepsExactMeans() {
        let image = TestImages.image(width: 256, height: 256) { x, y in (UInt8(x), UInt8(y), UInt8((x + y) & 255), 255)
        }
        var histogram = ColorHistogram()
        histogram.add(image)
        #expect(histogram.pixelCount == 65_536)
        #expect(
            MedianCutQuantizer.colors(for: histogram, maximumColors: 1) == [
                ExportColor(red: 128, green: 128, blue: 128)
            ])
        let palette = MedianCutQuantizer.colors(for: histogram, maximumColors: 256)
        #expect(palette.count == 256)
        // A 256-colour palette for a uniform cube: cells about 41 levels wide, error well under 3 × 41² / 12 ≈ 420.
        #expect(Self.meanSquaredError(image, palette) < 420)
    }

    @Test("transparent pixels are counted apart: 3 of 8 transparent, 5 opaque")
    func transparentPixelsApart() {
        let image = TestImages.image(width: 8, height: 1) { x, _ in x < 3 ? (0, 0, 0, 0) : (9, 9, 9, 255) }
        var histogram = ColorHistogram()
        histogram.add(image)
        #expect(histogram.transparentPixelCount == 3)
        #expect(histogram.pixelCount == 5)
        histogram.removeAll()
        #expect(histogram.isEmpty && histogram.transparentPixelCount == 0)
    }
}
