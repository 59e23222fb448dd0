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
    /// Per palette entry, the local colour step: the largest channel difference to its nearest other colour.
    private var steps: [Int32] = []
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
        steps = Self.localSteps(palette)
    }

    /// For each entry, the largest channel difference to its nearest (squared RGB distance) other searchable
    /// colour; 0 when there is no other colour or for the transparent entry.
    static func localSteps(_ palette: GIFPalette) -> [Int32] {
        let colors = palette.colors
        var steps = [Int32](repeating: 0, count: colors.count)
        for (index, color) in colors.enumerated() where index != palette.transparentIndex {
            var bestDistance = Int.max
            for (other, neighbour) in colors.enumerated() where other != index && other != palette.transparentIndex {
                let dr = Int(color.red) - Int(neighbour.red)
                let dg = Int(color.green) - Int(neighbour.green)
                let db = Int(color.blue) - Int(neighbour.blue)
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance {
                    bestDistance = distance
                    steps[index] = Int32(max(abs(dr), abs(dg), abs(db)))
                }
            }
        }
        return steps
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

    private mutating func mapOrdered(
        _ pixels: UnsafeBufferPointer<UInt32>, _ width: Int, _ x: Int, _ y: Int, _ columns: Int, _ rows: Int,
        dithered: Bool, _ indices: inout [UInt8]
    ) {
        let transparent = transparentIndex
        let steps = self.steps
        withLookup { lookup in
            steps.withUnsafeBufferPointer { steps in
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
                                } else if dithered {
                                    // Threshold (2b + 1 − 64)/128 of the local step of the pixel's nearest colour:
                                    // −½ … +½ step.
                                    let step = steps[Int(lookup(value))]
                                    let offset = (2 * bayer[cellRow | ((x + column) & 7)] - 63) * step / 128
                                    let red = UInt32(clamping: min(255, max(0, Int32(value & 0xFF) + offset)))
                                    let green = UInt32(clamping: min(255, max(0, Int32(value >> 8 & 0xFF) + offset)))
                                    let blue = UInt32(clamping: min(255, max(0, Int32(value >> 16 & 0xFF) + offset)))
                                    out[column] = lookup(red | green << 8 | blue << 16)
                                } else {
                                    out[column] = lookup(value)
                                }
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
