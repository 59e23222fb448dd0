/// Turns working pixels (see `WorkingPixels`) into palette indices, with the chosen dithering.
///
/// Exact colours already looked up are remembered in a direct-mapped cache of 2¹⁷ entries, each stamped with a
/// palette generation, so switching palettes costs nothing and a global palette keeps its cache across frames.
struct PaletteMapper: Sendable {
    private var search = NearestColorSearch(colors: [.black], excluding: nil)
    /// Palette colours, packed, by index.
    private var colors: [UInt32] = []
    private var transparentIndex: UInt8 = 0
    /// Cache entries: generation (high 32 bits) | colour (24 bits) | index (8 bits).
    private var cache = [UInt64](repeating: 0, count: 1 << 17)
    private var generation: UInt64 = 0
    /// Floyd–Steinberg error rows (3 channels per column, in 1/16 units), reused.
    private var errors: [Int32] = []

    static let bayer: [Int32] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Makes `palette` the one pixels are mapped to.
    mutating func use(_ palette: GIFPalette) {
        search = NearestColorSearch(colors: palette.colors, excluding: palette.transparentIndex)
        colors = palette.colors.map(\.packed)
        transparentIndex = UInt8(palette.transparentIndex ?? 0)
        generation += 1
        if generation == 1 << 32 {
            generation = 1
            for index in cache.indices { cache[index] = 0 }
        }
    }

    /// The palette index for the opaque colour `packed`.
    mutating func index(of packed: UInt32) -> UInt8 {
        withLookup { lookup in lookup(packed) }
    }

    /// Looks colours up through the cache without per-pixel array checks; only valid inside `withLookup`.
    struct Lookup {
        let cache: UnsafeMutablePointer<UInt64>
        let tag: UInt64
        let search: NearestColorSearch

        @inline(__always)
        func callAsFunction(_ packed: UInt32) -> UInt8 {
            let slot = Int((packed &* 0x9E37_79B1) >> 15)
            let key = tag | UInt64(packed)
            let entry = cache[slot]
            if entry >> 8 == key { return UInt8(truncatingIfNeeded: entry) }
            let index = UInt8(search.nearest(packed))
            cache[slot] = key << 8 | UInt64(index)
            return index
        }
    }

    private mutating func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
        let tag = generation << 24
        let search = self.search
        return cache.withUnsafeMutableBufferPointer { cache in
            body(Lookup(cache: cache.baseAddress!, tag: tag, search: search))
        }
    }

    /// Maps the `columns × rows` rectangle at (`x`, `y`) of a frame `width` pixels wide into `indices`
    /// (`columns × rows` bytes, row after row). Transparent pixels get the palette's transparent index.
    mutating func map(
        _ pixels: UnsafeBufferPointer<UInt32>, width: Int, x: Int, y: Int, columns: Int, rows: Int,
        dithering: GIFDithering, into indices: inout [UInt8]
    ) {
        if indices.count < columns * rows { indices = [UInt8](repeating: 0, count: columns * rows) }
        switch dithering {
        case .none, .ordered:
            mapOrdered(pixels, width, x, y, columns, rows, dithered: dithering == .ordered, &indices)
        case .floydSteinberg:
            mapDiffused(pixels, width, x, y, columns, rows, &indices)
        }
    }

    /// Largest channel error (levels) at which a pixel in a flat area or on an edge keeps its nearest colour
    /// undithered: below it the difference is too small to see on its own, and a dither pattern would be the only
    /// thing visible.
    static let flatTolerance: Int32 = 8
    /// Largest channel difference (levels) between a pixel and a 4-neighbour at which the neighbourhood still counts
    /// as a gradient (smooth change) rather than an edge.
    static let gradientStep: Int32 = 24

    /// The largest channel difference between the pixel at (`column`, `row`) of a frame `width × height` and its
    /// 4-neighbours inside the frame (a transparent neighbour or pixel counts as 255).
    @inline(__always)
    static func variation(
        _ pixels: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ column: Int, _ row: Int
    ) -> Int32 {
        let centre = pixels[row * width + column]
        var largest: Int32 = 0
        @inline(__always) func compare(_ other: UInt32) {
            if other == centre { return }
            if other == WorkingPixels.transparent || centre == WorkingPixels.transparent {
                largest = 255
                return
            }
            largest = max(largest, channelDistance(centre, other))
        }
        if column > 0 { compare(pixels[row * width + column - 1]) }
        if column + 1 < width { compare(pixels[row * width + column + 1]) }
        if row > 0 { compare(pixels[(row - 1) * width + column]) }
        if row + 1 < height { compare(pixels[(row + 1) * width + column]) }
        return largest
    }

    /// The largest difference between the red, green and blue of two packed opaque colours.
    @inline(__always)
    static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int32 {
        let red = abs(Int32(a & 0xFF) - Int32(b & 0xFF))
        let green = abs(Int32(a >> 8 & 0xFF) - Int32(b >> 8 & 0xFF))
        let blue = abs(Int32(a >> 16 & 0xFF) - Int32(b >> 16 & 0xFF))
        return max(red, green, blue)
    }

    /// Whether the pixel `value` (not exactly in the palette, nearest colour `nearest`) is left undithered: its error
    /// is at most one level, or at most ``flatTolerance`` in a flat area (no neighbour differs) or on an edge (a
    /// neighbour differs by more than ``gradientStep``). What remains is dithered: gradients the palette cannot hold,
    /// and colours far from every palette colour.
    @inline(__always)
    static func keepsNearest(
        _ value: UInt32, _ nearest: UInt32, _ pixels: UnsafePointer<UInt32>, _ width: Int, _ height: Int,
        _ column: Int, _ row: Int
    ) -> Bool {
        let error = channelDistance(value, nearest)
        if error <= 1 { return true }
        guard error <= flatTolerance else { return false }
        let variation = variation(pixels, width, height, column, row)
        return variation == 0 || variation > gradientStep
    }

    private mutating func mapOrdered(
        _ pixels: UnsafeBufferPointer<UInt32>, _ width: Int, _ x: Int, _ y: Int, _ columns: Int, _ rows: Int,
        dithered: Bool, _ indices: inout [UInt8]
    ) {
        let transparent = transparentIndex
        let colors = self.colors
        let height = pixels.count / width
        withLookup { lookup in
            colors.withUnsafeBufferPointer { colors in
                Self.bayer.withUnsafeBufferPointer { bayer in
                    indices.withUnsafeMutableBufferPointer { indices in
                        for row in 0..<rows {
                            let line = pixels.baseAddress! + (y + row) * width + x
                            let out = indices.baseAddress! + row * columns
                            let cellRow = ((y + row) & 7) << 3
                            for column in 0..<columns {
                                let value = line[column]
                                if value == WorkingPixels.transparent {
                                    out[column] = transparent
                                    continue
                                }
                                let nearest = lookup(value)
                                let chosen = colors[Int(nearest)]
                                if !dithered || chosen == value
                                    || Self.keepsNearest(
                                        value, chosen, pixels.baseAddress!, width, height, x + column, y + row)
                                {
                                    out[column] = nearest
                                    continue
                                }
                                // Mix the nearest colour c₀ with the palette colour c₁ nearest to the far side of
                                // the pixel p (2p − c₀), in the share t = (p − c₀)·(c₁ − c₀) / |c₁ − c₀|² that puts
                                // the mix closest to p: c₁ where t > (2b + 1)/128 for the cell's Bayer value b.
                                let red = Int32(value & 0xFF)
                                let green = Int32(value >> 8 & 0xFF)
                                let blue = Int32(value >> 16 & 0xFF)
                                let red0 = Int32(chosen & 0xFF)
                                let green0 = Int32(chosen >> 8 & 0xFF)
                                let blue0 = Int32(chosen >> 16 & 0xFF)
                                let far =
                                    UInt32(min(255, max(0, 2 * red - red0)))
                                    | UInt32(min(255, max(0, 2 * green - green0))) << 8
                                    | UInt32(min(255, max(0, 2 * blue - blue0))) << 16
                                let other = lookup(far)
                                let second = colors[Int(other)]
                                let dr = Int32(second & 0xFF) - red0
                                let dg = Int32(second >> 8 & 0xFF) - green0
                                let db = Int32(second >> 16 & 0xFF) - blue0
                                let along = (red - red0) * dr + (green - green0) * dg + (blue - blue0) * db
                                let length = dr * dr + dg * dg + db * db
                                let threshold = 2 * bayer[cellRow | ((x + column) & 7)] + 1
                                out[column] = length > 0 && along * 128 > length * threshold ? other : nearest
                            }
                        }
                    }
                }
            }
        }
    }

    private mutating func mapDiffused(
        _ pixels: UnsafeBufferPointer<UInt32>, _ width: Int, _ x: Int, _ y: Int, _ columns: Int, _ rows: Int,
        _ indices: inout [UInt8]
    ) {
        // Two rows of accumulated error, each with one spare column on either side.
        let rowLength = (columns + 2) * 3
        if errors.count < rowLength * 2 { errors = [Int32](repeating: 0, count: rowLength * 2) }
        for position in 0..<(rowLength * 2) { errors[position] = 0 }
        let transparent = transparentIndex
        var current = 0
        var next = rowLength
        for row in 0..<rows {
            let line = pixels.baseAddress! + (y + row) * width + x
            let forward = row & 1 == 0
            let step = forward ? 1 : -1
            var column = forward ? 0 : columns - 1
            for _ in 0..<columns {
                let value = line[column]
                let slot = (column + 1) * 3
                if value == WorkingPixels.transparent {
                    indices[row * columns + column] = transparent
                    errors[current + slot] = 0
                    errors[current + slot + 1] = 0
                    errors[current + slot + 2] = 0
                    column += step
                    continue
                }
                let nearest = self.index(of: value)
                let nearestColor = colors[Int(nearest)]
                if nearestColor == value
                    || Self.keepsNearest(
                        value, nearestColor, pixels.baseAddress!, width, pixels.count / width, x + column, y + row)
                {
                    // A colour the palette holds, or one kept flat: shown as it is, and the error arriving here
                    // goes no further (it would otherwise speckle flat areas next to gradients).
                    indices[row * columns + column] = nearest
                    errors[current + slot] = 0
                    errors[current + slot + 1] = 0
                    errors[current + slot + 2] = 0
                    column += step
                    continue
                }
                var wanted: (Int32, Int32, Int32) = (0, 0, 0)
                wanted.0 = min(255, max(0, Int32(value & 0xFF) + (errors[current + slot] + 8) >> 4))
                wanted.1 = min(255, max(0, Int32(value >> 8 & 0xFF) + (errors[current + slot + 1] + 8) >> 4))
                wanted.2 = min(255, max(0, Int32(value >> 16 & 0xFF) + (errors[current + slot + 2] + 8) >> 4))
                errors[current + slot] = 0
                errors[current + slot + 1] = 0
                errors[current + slot + 2] = 0
                let index = self.index(of: UInt32(wanted.0) | UInt32(wanted.1) << 8 | UInt32(wanted.2) << 16)
                indices[row * columns + column] = index
                let chosen = colors[Int(index)]
                let error = (
                    wanted.0 - Int32(chosen & 0xFF), wanted.1 - Int32(chosen >> 8 & 0xFF),
                    wanted.2 - Int32(chosen >> 16 & 0xFF)
                )
                let ahead = slot + step * 3
                let behind = slot - step * 3
                errors[current + ahead] += error.0 * 7
                errors[current + ahead + 1] += error.1 * 7
                errors[current + ahead + 2] += error.2 * 7
                errors[next + behind] += error.0 * 3
                errors[next + behind + 1] += error.1 * 3
                errors[next + behind + 2] += error.2 * 3
                errors[next + slot] += error.0 * 5
                errors[next + slot + 1] += error.1 * 5
                errors[next + slot + 2] += error.2 * 5
                errors[next + ahead] += error.0
                errors[next + ahead + 1] += error.1
                errors[next + ahead + 2] += error.2
                column += step
            }
            // The row just finished becomes the next "next" row; clear it (its spare columns too).
            for position in current..<(current + rowLength) { errors[position] = 0 }
            swap(&current, &next)
        }
    }
}
