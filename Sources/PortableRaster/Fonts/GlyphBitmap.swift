/// The anti-aliased coverage of one glyph at one size, orientation and sub-pixel position, kept for reuse.
///
/// `left` and `top` place the bitmap relative to the device pixel that holds the glyph origin (after the
/// sub-pixel phase of the origin has been taken into the rasterization); `bytes` holds `width × height`
/// coverage values row by row, 0 outside the glyph.
struct GlyphBitmap: Sendable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    var bytes: [UInt8]

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, bytes: [])

    /// Copies the covered pixels of `mask`; the bitmap keeps the mask's bounds as its placement.
    init(mask: CoverageMask) {
        let bounds = mask.bounds
        guard !bounds.isEmpty else {
            self = .empty
            return
        }
        left = bounds.x
        top = bounds.y
        width = bounds.width
        height = bounds.height
        var bytes = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        bytes.withUnsafeMutableBufferPointer { target in
            for row in 0..<bounds.height {
                mask.withRow(bounds.y + row) { columns, coverage in
                    guard !columns.isEmpty else { return }
                    let start = row * bounds.width + (columns.lowerBound - bounds.x)
                    for index in 0..<coverage.count { target[start + index] = coverage[index] }
                }
            }
        }
        self.bytes = bytes
    }

    private init(left: Int, top: Int, width: Int, height: Int, bytes: [UInt8]) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// What identifies a cached glyph bitmap: the glyph, the exact linear part of its font-units-to-device
/// transform, and the origin's sub-pixel phase in quarters of a pixel.
struct GlyphBitmapKey: Hashable, Sendable {
    var glyph: UInt16
    var a: UInt64
    var b: UInt64
    var c: UInt64
    var d: UInt64
    var phaseX: UInt8
    var phaseY: UInt8

    /// Hashes two words instead of seven fields (lookups happen once per drawn glyph).
    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(glyph) | UInt64(phaseX) << 16 | UInt64(phaseY) << 24)
        hasher.combine(a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (c &* 0xC2B2_AE3D_27D4_EB4F) ^ (d &* 0x1656_67B1_9E37_79F9))
    }
}

/// A bounded store of glyph bitmaps. When adding one would pass ``byteLimit``, everything is dropped first.
struct GlyphBitmapStore: Sendable {
    /// Most coverage bytes kept (4 MiB).
    static let byteLimit = 4 << 20

    private var bitmaps: [GlyphBitmapKey: GlyphBitmap] = [:]
    private var byteCount = 0

    var count: Int { bitmaps.count }

    subscript(key: GlyphBitmapKey) -> GlyphBitmap? { bitmaps[key] }

    mutating func insert(_ bitmap: GlyphBitmap, for key: GlyphBitmapKey) {
        let size = bitmap.bytes.count + 64
        if byteCount + size > Self.byteLimit {
            bitmaps.removeAll(keepingCapacity: true)
            byteCount = 0
        }
        if bitmaps.updateValue(bitmap, forKey: key) == nil { byteCount += size }
    }
}
