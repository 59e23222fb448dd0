/// How far a GIF's pictures are from the frames they were made from, summed over many frames (the comparison's
/// measures, all on 8-bit sRGB values).
///
/// - mean error: the mean absolute difference per channel, in levels (0…255): what a pixel-by-pixel look sees;
///   dithering raises it, since it trades exact pixels for the right average.
/// - area error (banding): the same after averaging both pictures over 5 × 5 pixels, so dither patterns that keep the
///   right average cancel out and what is left is colour shifted over areas: bands in gradients, a flat area in a
///   slightly wrong colour.
/// - flat-area noise: of the pixels whose 3 × 3 neighbourhood is one colour in the source, the share (percent)
///   whose neighbourhood is not one colour in the GIF: dither speckle where the source has none.
struct FrameMetrics {
    private(set) var pixels = 0
    private var absoluteSum = 0
    private var areaPixels = 0
    private var areaSum = 0.0
    private var flatPixels = 0
    private var speckledPixels = 0

    var meanError: Double { pixels == 0 ? 0 : Double(absoluteSum) / Double(pixels * 3) }
    var areaError: Double { areaPixels == 0 ? 0 : areaSum / Double(areaPixels * 3) }
    var flatNoisePercent: Double { flatPixels == 0 ? 0 : 100 * Double(speckledPixels) / Double(flatPixels) }

    /// Adds one pair of RGB pictures of `width × height` pixels.
    mutating func add(source: [UInt8], shown: [UInt8], width: Int, height: Int) {
        for index in 0..<(width * height * 3) {
            absoluteSum += abs(Int(source[index]) - Int(shown[index]))
        }
        pixels += width * height
        let sourceSums = Self.boxSums(source, width, height)
        let shownSums = Self.boxSums(shown, width, height)
        for y in 2..<(height - 2) {
            for x in 2..<(width - 2) {
                for channel in 0..<3 {
                    let at = (y * width + x) * 3 + channel
                    areaSum += Double(abs(sourceSums[at] - shownSums[at])) / 25
                }
                areaPixels += 1
            }
        }
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) where Self.isFlat(source, x, y, width) {
                flatPixels += 1
                if !Self.isFlat(shown, x, y, width) { speckledPixels += 1 }
            }
        }
    }

    mutating func add(_ other: FrameMetrics) {
        pixels += other.pixels
        absoluteSum += other.absoluteSum
        areaPixels += other.areaPixels
        areaSum += other.areaSum
        flatPixels += other.flatPixels
        speckledPixels += other.speckledPixels
    }

    /// Whether the 3 × 3 neighbourhood of (x, y) is one colour.
    private static func isFlat(_ rgb: [UInt8], _ x: Int, _ y: Int, _ width: Int) -> Bool {
        let centre = (y * width + x) * 3
        for dy in -1...1 {
            for dx in -1...1 {
                let at = ((y + dy) * width + x + dx) * 3
                if rgb[at] != rgb[centre] || rgb[at + 1] != rgb[centre + 1] || rgb[at + 2] != rgb[centre + 2] {
                    return false
                }
            }
        }
        return true
    }

    /// Per pixel and channel, the sum over the 5 × 5 square around it (only meaningful 2 pixels from the edges).
    private static func boxSums(_ rgb: [UInt8], _ width: Int, _ height: Int) -> [Int] {
        var rows = [Int](repeating: 0, count: rgb.count)
        for y in 0..<height {
            for x in 2..<(width - 2) {
                for channel in 0..<3 {
                    var sum = 0
                    for dx in -2...2 { sum += Int(rgb[(y * width + x + dx) * 3 + channel]) }
                    rows[(y * width + x) * 3 + channel] = sum
                }
            }
        }
        var sums = [Int](repeating: 0, count: rgb.count)
        for y in 2..<(height - 2) {
            for x in 2..<(width - 2) {
                for channel in 0..<3 {
                    var sum = 0
                    for dy in -2...2 { sum += rows[((y + dy) * width + x) * 3 + channel] }
                    sums[(y * width + x) * 3 + channel] = sum
                }
            }
        }
        return sums
    }
}
