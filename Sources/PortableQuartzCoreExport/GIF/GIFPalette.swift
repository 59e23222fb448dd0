/// The colours one GIF colour table holds, and which entry (if any) stands for "transparent" (our addition).
///
/// A GIF colour table has 2, 4, 8, … or 256 entries; a palette of any count from 1 to 256 is written padded with
/// black entries up to the next of those sizes (``tableSize``). Pixels are only ever mapped to ``colors``, never to
/// padding, and never to the transparent entry unless the source pixel is fully transparent.
public struct GIFPalette: Hashable, Sendable {
    /// The colours, 1…256 of them. The entry at ``transparentIndex`` (when there is one) is written as it is but
    /// never chosen for an opaque pixel.
    public let colors: [ExportColor]
    /// The entry fully transparent pixels are written with, or `nil` when the palette has none.
    public let transparentIndex: Int?

    /// A palette of `colors` (1…256) with an optional transparent entry inside `0..<colors.count`.
    /// - Throws: ``ExportError/invalidOption(_:)`` for an empty palette, more than 256 colours, a transparent index
    ///   outside the colours, or a palette whose only colour is the transparent one.
    public init(colors: [ExportColor], transparentIndex: Int? = nil) throws(ExportError) {
        guard (1...256).contains(colors.count) else {
            throw .invalidOption("a GIF palette holds 1 to 256 colours, not \(colors.count)")
        }
        if let transparentIndex {
            guard colors.indices.contains(transparentIndex) else {
                throw .invalidOption(
                    "the transparent index \(transparentIndex) is outside the palette's \(colors.count) colours")
            }
            guard colors.count >= 2 else {
                throw .invalidOption("a palette needs an opaque colour besides its transparent entry")
            }
        }
        self.colors = colors
        self.transparentIndex = transparentIndex
    }

    /// Builds a palette the encoder made itself (sizes already checked).
    init(checkedColors colors: [ExportColor], transparentIndex: Int?) {
        self.colors = colors
        self.transparentIndex = transparentIndex
    }

    /// The number of entries written to the file: the smallest power of two ≥ `colors.count`, at least 2.
    public var tableSize: Int {
        var size = 2
        while size < colors.count { size *= 2 }
        return size
    }

    /// log₂ of ``tableSize``, 1…8: the "size of colour table" field of the file is this minus one.
    var tableBits: Int { tableSize.trailingZeroBitCount }

    /// The table's bytes as the file stores them: red, green, blue for each of ``tableSize`` entries.
    var tableBytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: tableSize * 3)
        for (index, color) in colors.enumerated() {
            bytes[index * 3] = color.red
            bytes[index * 3 + 1] = color.green
            bytes[index * 3 + 2] = color.blue
        }
        return bytes
    }
}
