/// Counts the colours of one or more images for ``MedianCutQuantizer`` (our addition).
///
/// Colours are counted exactly while there are at most 32 768 distinct ones. Past that, the histogram drops the
/// lowest bit of every channel (merging colours that differ only there) and keeps counting, and again if needed,
/// down to 4 bits per channel at most (4 096 possible cells, so it always fits). Each entry keeps its pixel count
/// and the exact sums of the channels and of their squares, so a palette colour is the true mean of the pixels it
/// stands for however coarse the grouping became. Close colours such as (250, 250, 250) and white stay apart
/// unless the image has tens of thousands of colours.
///
/// Memory is fixed (about 2 MB) whatever the number of pixels added; counts and sums are 64-bit.
public struct ColorHistogram: Sendable {
    /// One group of pixels with the same colour after dropping ``droppedBits`` low bits per channel.
    struct Entry: Sendable {
        /// The colour with the low bits cleared, packed `red | green << 8 | blue << 16`.
        var key: UInt32
        var count = 0
        var red = 0
        var green = 0
        var blue = 0
        /// Σ (red² + green² + blue²) over the entry's pixels.
        var squares = 0
    }

    /// Most entries kept before colours are merged.
    static let capacity = 1 << 15
    private static let slotCount = 1 << 16

    private(set) var entries: [Entry] = []
    /// Open-addressing hash table: entry index + 1, or 0 for an empty slot.
    private var slots: [Int32]
    /// Low bits cleared in every channel of the keys, 0…4.
    private(set) var droppedBits = 0
    /// Number of opaque pixels counted.
    public private(set) var pixelCount = 0
    /// Number of transparent pixels seen (not counted as colours).
    public private(set) var transparentPixelCount = 0

    /// An empty histogram.
    public init() {
        slots = [Int32](repeating: 0, count: Self.slotCount)
        entries.reserveCapacity(Self.capacity)
    }

    /// Whether no opaque pixel has been counted.
    public var isEmpty: Bool { pixelCount == 0 }

    /// Number of distinct colours counted when they are still exact, else `nil`.
    var exactColorCount: Int? { droppedBits == 0 ? entries.count : nil }

    /// Counts the pixels of `image` as a GIF would show them: partly transparent pixels composited over `matte`,
    /// fully transparent ones counted in ``transparentPixelCount`` (or as `matte` when `preservesTransparency` is
    /// `false`).
    public mutating func add(_ image: CGImage, matte: ExportColor = .white, preservesTransparency: Bool = true) {
        var pixels: [UInt32] = []
        _ = WorkingPixels.load(image, matte: matte, preservesTransparency: preservesTransparency, into: &pixels)
        pixels.withUnsafeBufferPointer {
            add(pixels: $0, width: image.width, x: 0, y: 0, columns: image.width, rows: image.height)
        }
    }

    /// Counts the working pixels of a `columns × rows` rectangle at (`x`, `y`) of a frame `width` pixels wide.
    mutating func add(pixels: UnsafeBufferPointer<UInt32>, width: Int, x: Int, y: Int, columns: Int, rows: Int) {
        // Runs of one colour are summed locally and added to their entry once.
        var runValue = WorkingPixels.transparent
        var runLength = 0
        for row in y..<(y + rows) {
            let line = pixels.baseAddress! + row * width
            for column in x..<(x + columns) {
                let value = line[column]
                if value == WorkingPixels.transparent {
                    transparentPixelCount += 1
                } else if value == runValue {
                    runLength += 1
                } else {
                    addRun(runValue, runLength)
                    runValue = value
                    runLength = 1
                }
            }
        }
        addRun(runValue, runLength)
    }

    /// Adds `length` pixels of colour `value` (nothing for a transparent value or an empty run).
    private mutating func addRun(_ value: UInt32, _ length: Int) {
        guard length > 0, value != WorkingPixels.transparent else { return }
        let index = entryIndex(for: value)
        let red = Int(value & 0xFF)
        let green = Int(value >> 8 & 0xFF)
        let blue = Int(value >> 16 & 0xFF)
        entries[index].count += length
        entries[index].red += red * length
        entries[index].green += green * length
        entries[index].blue += blue * length
        entries[index].squares += (red * red + green * green + blue * blue) * length
        pixelCount += length
    }

    /// The entry for `value`, created if needed (merging entries first when the histogram is full).
    private mutating func entryIndex(for value: UInt32) -> Int {
        while true {
            let key = value & Self.mask(droppedBits)
            var slot = Self.slot(for: key)
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if entries[index].key == key { return index }
                slot = (slot + 1) & (Self.slotCount - 1)
            }
            if entries.count < Self.capacity {
                entries.append(Entry(key: key))
                slots[slot] = Int32(entries.count)
                return entries.count - 1
            }
            coarsen()
        }
    }

    /// Drops one more low bit per channel and merges the entries that now share a key.
    private mutating func coarsen() {
        droppedBits += 1
        let old = entries
        entries.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = 0 }
        for entry in old {
            let key = entry.key & Self.mask(droppedBits)
            var slot = Self.slot(for: key)
            var found = -1
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if entries[index].key == key {
                    found = index
                    break
                }
                slot = (slot + 1) & (Self.slotCount - 1)
            }
            if found < 0 {
                entries.append(Entry(key: key))
                slots[slot] = Int32(entries.count)
                found = entries.count - 1
            }
            entries[found].count += entry.count
            entries[found].red += entry.red
            entries[found].green += entry.green
            entries[found].blue += entry.blue
            entries[found].squares += entry.squares
        }
    }

    private static func mask(_ droppedBits: Int) -> UInt32 {
        let channel = UInt32(0xFF << droppedBits & 0xFF)
        return channel | channel << 8 | channel << 16
    }

    private static func slot(for key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> 16)
    }

    /// Forgets every pixel, keeping the storage.
    public mutating func removeAll() {
        if entries.count < slots.count / 8 {
            for entry in entries {
                var slot = Self.slot(for: entry.key)
                while slots[slot] != 0 {
                    slots[slot] = 0
                    slot = (slot + 1) & (Self.slotCount - 1)
                }
            }
        } else {
            for index in slots.indices { slots[index] = 0 }
        }
        entries.removeAll(keepingCapacity: true)
        droppedBits = 0
        pixelCount = 0
        transparentPixelCount = 0
    }
}
