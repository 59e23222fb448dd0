/// Finds the palette colour nearest to a colour (squared RGB distance), faster than trying all 256.
///
/// The colours are sorted along the channel in which they spread most; a search starts at the query's value of
/// that channel and walks outwards both ways, stopping in each direction once the difference in that channel
/// alone is at least the best distance found. Ties go to the lower palette index.
struct NearestColorSearch: Sendable {
    /// Per sorted entry: the sort channel's value, red, green, blue, palette index.
    private var table: [Int32] = []
    /// For each value 0…255 of the sort channel, the first sorted entry whose value is at least it.
    private var starts: [Int32] = []
    /// Bit offset of the sort channel in a packed colour: 0 red, 8 green, 16 blue.
    private var shift: UInt32 = 8
    /// Number of searchable colours.
    private(set) var count = 0

    /// A search over `colors`, leaving out the entry at `excluding` (the transparent one).
    init(colors: [ExportColor], excluding: Int?) {
        var candidates: [(value: Int32, color: ExportColor, index: Int)] = []
        for (index, color) in colors.enumerated() where index != excluding {
            candidates.append((0, color, index))
        }
        count = candidates.count
        guard !candidates.isEmpty else { return }
        func range(_ channel: (ExportColor) -> UInt8) -> Int {
            let values = candidates.map { Int(channel($0.color)) }
            return values.max()! - values.min()!
        }
        let ranges = [range(\.red), range(\.green), range(\.blue)]
        var axis = 1
        if ranges[0] > ranges[axis] { axis = 0 }
        if ranges[2] > ranges[axis] { axis = 2 }
        shift = UInt32(axis * 8)
        for position in candidates.indices {
            candidates[position].value = Int32(candidates[position].color.packed >> shift & 0xFF)
        }
        candidates.sort { ($0.value, $0.index) < ($1.value, $1.index) }
        table.reserveCapacity(candidates.count * 5)
        for candidate in candidates {
            table += [
                candidate.value, Int32(candidate.color.red), Int32(candidate.color.green),
                Int32(candidate.color.blue), Int32(candidate.index),
            ]
        }
        starts = [Int32](repeating: Int32(candidates.count), count: 256)
        var position = candidates.count
        for value in stride(from: 255, through: 0, by: -1) {
            while position > 0 && candidates[position - 1].value >= Int32(value) { position -= 1 }
            starts[value] = Int32(position)
        }
    }

    /// The palette index of the colour nearest to `packed` (`red | green << 8 | blue << 16`). There must be at
    /// least one searchable colour.
    func nearest(_ packed: UInt32) -> Int {
        let red = Int32(packed & 0xFF)
        let green = Int32(packed >> 8 & 0xFF)
        let blue = Int32(packed >> 16 & 0xFF)
        let key = Int32(packed >> shift & 0xFF)
        return table.withUnsafeBufferPointer { table in
            var bestDistance = Int32.max
            var bestIndex = Int32.max
            @inline(__always) func consider(_ entry: Int) -> Bool {
                let base = entry * 5
                let keyDifference = table[base] - key
                if keyDifference * keyDifference > bestDistance { return false }
                let dr = table[base + 1] - red
                let dg = table[base + 2] - green
                let db = table[base + 3] - blue
                let distance = dr * dr + dg * dg + db * db
                let index = table[base + 4]
                if distance < bestDistance || (distance == bestDistance && index < bestIndex) {
                    bestDistance = distance
                    bestIndex = index
                }
                return true
            }
            var up = Int(starts[Int(key)])
            var down = up - 1
            var goingUp = up < count
            var goingDown = down >= 0
            while goingUp || goingDown {
                if goingUp {
                    goingUp = consider(up)
                    up += 1
                    if up >= count { goingUp = false }
                }
                if goingDown {
                    goingDown = consider(down)
                    down -= 1
                    if down < 0 { goingDown = false }
                }
            }
            return Int(bestIndex)
        }
    }
}
