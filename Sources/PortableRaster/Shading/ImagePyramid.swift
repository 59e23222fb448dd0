/// An image together with its successively halved copies, for ``ImageFilter/trilinear`` drawing.
///
/// Level 0 is the image (or the chosen sub-rectangle of it), shared, not copied. Level `k + 1` has
/// `⌈width / 2⌉ × ⌈height / 2⌉` texels, each the rounded average `(a + b + c + d + 2) >> 2` of a 2 × 2 block of
/// level `k`, per premultiplied channel; at an odd edge the block is completed by repeating the last column or
/// row. Levels continue down to 1 × 1. Level `k` covers the same image-space area as level 0, so image
/// coordinate `u` is level coordinate `u / 2ᵏ` (for odd sizes the last texel of a level reaches slightly past
/// the image, as usual for mip maps).
///
/// All levels beyond 0 share one contiguous allocation, about a third of the image's size.
/// ``rebuild(from:source:)`` refills a pyramid in place, reusing that storage when it is large enough, so a
/// pyramid kept per image and rebuilt when the image changes allocates nothing in steady state.
@_spi(Engine) public struct ImagePyramid: Sendable {
    /// Placement of one level inside ``storage``.
    struct Level: Sendable {
        var width: Int
        var height: Int
        var bytesPerRow: Int
        var offset: Int
    }

    /// The full image the pyramid was built from.
    @_spi(Engine) public private(set) var image: PixelBuffer
    /// The rectangle of ``image`` that level 0 consists of.
    @_spi(Engine) public private(set) var source: PixelRect
    /// Levels 1 and up.
    var levels: [Level] = []
    /// Texels of levels 1 and up.
    var storage: [UInt8] = []

    /// Builds the pyramid of `image`, or of its sub-rectangle `source` (clipped to the image; `nil` means the
    /// whole image, as does a rectangle that misses the image entirely).
    @_spi(Engine) public init(_ image: PixelBuffer, source: PixelRect? = nil) {
        self.image = image
        self.source = image.bounds
        rebuild(from: image, source: source)
    }

    /// Number of levels, level 0 included (1 for a 1 × 1 image).
    @_spi(Engine) public var levelCount: Int { levels.count + 1 }

    /// The texels of level `index` as a buffer of their own (a copy; meant for inspection and tests).
    @_spi(Engine) public func level(_ index: Int) -> PixelBuffer {
        precondition(index >= 0 && index < levelCount, "pyramid level \(index) does not exist")
        if index == 0 {
            var copy = try! PixelBuffer(width: source.width, height: source.height)
            for y in 0..<source.height {
                for x in 0..<source.width { copy[x: x, y: y] = image[x: source.x + x, y: source.y + y] }
            }
            return copy
        }
        let level = levels[index - 1]
        let rows = storage[level.offset..<(level.offset + level.bytesPerRow * level.height)]
        return try! PixelBuffer(
            width: level.width, height: level.height, bytesPerRow: level.bytesPerRow, bytes: Array(rows))
    }

    /// Refills the pyramid from `image` (or its sub-rectangle `source`), reusing storage.
    @_spi(Engine) public mutating func rebuild(from image: PixelBuffer, source: PixelRect? = nil) {
        self.image = image
        let requested = (source ?? image.bounds).intersection(image.bounds)
        self.source = requested.isEmpty ? image.bounds : requested
        levels.removeAll(keepingCapacity: true)
        var width = self.source.width
        var height = self.source.height
        var total = 0
        while width > 1 || height > 1 {
            width = (width + 1) / 2
            height = (height + 1) / 2
            let stride = (width * 4 + 15) & ~15
            levels.append(Level(width: width, height: height, bytesPerRow: stride, offset: total))
            total += stride * height
        }
        if storage.count < total {
            storage.append(contentsOf: repeatElement(0, count: total - storage.count))
        }
        guard !levels.isEmpty else { return }
        let origin = self.source
        image.withUnsafeBytes { imageBytes in
            storage.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!
                let first = levels[0]
                Self.halve(
                    from: imageBytes.baseAddress! + origin.y * image.bytesPerRow + origin.x * 4,
                    width: origin.width, height: origin.height, bytesPerRow: image.bytesPerRow,
                    into: base + first.offset, bytesPerRow: first.bytesPerRow)
                for index in levels.indices.dropFirst() {
                    let parent = levels[index - 1]
                    let level = levels[index]
                    Self.halve(
                        from: UnsafeRawPointer(base + parent.offset), width: parent.width, height: parent.height,
                        bytesPerRow: parent.bytesPerRow, into: base + level.offset, bytesPerRow: level.bytesPerRow)
                }
            }
        }
    }

    /// Writes the 2 × 2 box average of a `width × height` level into the next level.
    private static func halve(
        from source: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int,
        into target: UnsafeMutableRawPointer, bytesPerRow targetStride: Int
    ) {
        let halfWidth = (width + 1) / 2
        let halfHeight = (height + 1) / 2
        for y in 0..<halfHeight {
            let top = source + (2 * y) * bytesPerRow
            let bottom = source + Swift.min(2 * y + 1, height - 1) * bytesPerRow
            let out = target + y * targetStride
            for x in 0..<halfWidth {
                let left = 8 * x
                let right = Swift.min(2 * x + 1, width - 1) * 4
                let a = top.loadUnaligned(fromByteOffset: left, as: UInt32.self)
                let b = top.loadUnaligned(fromByteOffset: right, as: UInt32.self)
                let c = bottom.loadUnaligned(fromByteOffset: left, as: UInt32.self)
                let d = bottom.loadUnaligned(fromByteOffset: right, as: UInt32.self)
                out.storeBytes(of: Self.average(a, b, c, d), toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }

    /// `(a + b + c + d + 2) >> 2` per channel of four pixel words. Red and blue (and then green and alpha) sit
    /// in the two 16-bit halves of a word, where sums up to 4·255 + 2 cannot carry into each other.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        let redBlue = (a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ 0x0002_0002
        let greenAlpha =
            ((a &>> 8) & mask) &+ ((b &>> 8) & mask) &+ ((c &>> 8) & mask) &+ ((d &>> 8) & mask) &+ 0x0002_0002
        return ((redBlue &>> 2) & mask) | (((greenAlpha &>> 2) & mask) &<< 8)
    }
}
