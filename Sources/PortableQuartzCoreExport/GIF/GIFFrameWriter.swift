import Foundation

/// Encodes planned GIF frames into image blocks (our helper): the graphic control block, the image descriptor, a
/// local colour table when the frame needs one, and the LZW image data.
///
/// A writer keeps reusable working memory (the palette mapper's colour cache, the LZW table, a colour histogram, the
/// index buffer), so one writer per thread encodes frame after frame without allocating; the bytes of a frame depend
/// only on the ``PlannedGIFFrame`` and the settings, never on the frames the writer encoded before.
struct GIFFrameWriter: Sendable {
    /// The settings in use.
    let options: GIFOptions
    private var mapper = PaletteMapper()
    private var mappedPalette: GIFPalette?
    private var lzw = GIFLZWEncoder()
    private var histogram = ColorHistogram()
    private var indices: [UInt8] = []

    /// A writer for frames encoded with `options`.
    init(options: GIFOptions) {
        self.options = options
    }

    /// Largest channel error (levels) of a colour that counts as held by the global palette when deciding whether a
    /// frame needs a local colour table.
    static let localTableTolerance: Int32 = 1

    /// Appends the image block of `frame` to `output`.
    mutating func encode(_ frame: PlannedGIFFrame, into output: inout [UInt8]) {
        let rect = frame.changedRect()
        let palette: GIFPalette
        let local: Bool
        if let global = frame.globalPalette {
            if case .global = options.palette, outgrows(global, frame, in: rect) {
                palette = paletteForHistogram(transparent: frame.hasTransparency)
                local = true
            } else {
                palette = global
                local = false
            }
        } else {
            palette = choosePalette(for: frame.pixels, width: frame.width, in: rect, transparent: frame.hasTransparency)
            local = true
        }
        if mappedPalette != palette {
            mapper.use(palette)
            mappedPalette = palette
        }
        frame.pixels.withUnsafeBufferPointer { pixels in
            mapper.map(
                pixels, width: frame.width, x: rect.x, y: rect.y, columns: rect.columns, rows: rect.rows,
                dithering: options.dithering, into: &indices)
        }
        // Graphic control extension: the disposal, the transparency flag when this frame has transparent pixels.
        let transparentIndex = frame.hasTransparency ? palette.transparentIndex : nil
        output += [0x21, 0xF9, 0x04, frame.disposal << 2 | (transparentIndex == nil ? 0 : 1)]
        Self.appendWord(frame.delay, to: &output)
        output += [UInt8(transparentIndex ?? 0), 0]
        // Image descriptor and local colour table.
        output.append(0x2C)
        Self.appendWord(rect.x, to: &output)
        Self.appendWord(rect.y, to: &output)
        Self.appendWord(rect.columns, to: &output)
        Self.appendWord(rect.rows, to: &output)
        if local {
            output.append(0x80 | UInt8(palette.tableBits - 1))
            output += palette.tableBytes
        } else {
            output.append(0)
        }
        let count = rect.columns * rect.rows
        indices.withUnsafeBufferPointer { indices in
            lzw.encode(
                UnsafeBufferPointer(rebasing: indices[0..<count]), minimumCodeSize: max(2, palette.tableBits),
                into: &output)
        }
    }

    /// A palette for the opaque pixels of `pixels` (a frame `width` wide) in `rect`, with a transparent entry
    /// appended when `transparent` is true.
    mutating func choosePalette(
        for pixels: [UInt32], width: Int, in rect: PlannedGIFFrame.Rect, transparent: Bool
    ) -> GIFPalette {
        count(pixels, width: width, in: rect)
        return paletteForHistogram(transparent: transparent)
    }

    /// Appends `value` as a little-endian 16-bit word, as GIF stores every number.
    static func appendWord(_ value: Int, to output: inout [UInt8]) {
        output.append(UInt8(truncatingIfNeeded: value))
        output.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Counts the colours of `pixels` in `rect` into `histogram` (emptied first).
    private mutating func count(_ pixels: [UInt32], width: Int, in rect: PlannedGIFFrame.Rect) {
        histogram.removeAll()
        pixels.withUnsafeBufferPointer { pixels in
            histogram.add(pixels: pixels, width: width, x: rect.x, y: rect.y, columns: rect.columns, rows: rect.rows)
        }
    }

    /// A palette for the colours in `histogram`, with a transparent entry appended when `transparent` is true.
    private func paletteForHistogram(transparent: Bool) -> GIFPalette {
        let limit = options.maximumColors - (transparent ? 1 : 0)
        var colors =
            histogram.isEmpty ? [ExportColor.black] : MedianCutQuantizer.colors(for: histogram, maximumColors: limit)
        guard transparent else { return GIFPalette(checkedColors: colors, transparentIndex: nil) }
        colors.append(.black)
        return GIFPalette(checkedColors: colors, transparentIndex: colors.count - 1)
    }

    /// Whether the frame's colours in `rect` (counted into `histogram`) are too far from `palette` for it:
    /// more than 10 % of its pixels (and at least 64) lie more than `localTableTolerance` levels in some channel from
    /// every palette colour — such as a colour animation's colours in frames the global palette was not sampled from.
    private mutating func outgrows(
        _ palette: GIFPalette, _ frame: PlannedGIFFrame, in rect: PlannedGIFFrame.Rect
    ) -> Bool {
        count(frame.pixels, width: frame.width, in: rect)
        let search = NearestColorSearch(colors: palette.colors, excluding: palette.transparentIndex)
        guard search.count > 0 else { return true }
        var far = 0
        for entry in histogram.entries {
            let count = entry.count
            let mean =
                UInt32((entry.red + count / 2) / count) | UInt32((entry.green + count / 2) / count) << 8
                | UInt32((entry.blue + count / 2) / count) << 16
            let nearest = palette.colors[search.nearest(mean)].packed
            if PaletteMapper.channelDistance(mean, nearest) > Self.localTableTolerance { far += count }
        }
        return far >= 64 && far * 10 > histogram.pixelCount
    }
}
