import Foundation

/// The drawings of text and gradient layers, painted into bitmaps and kept while their inputs stay the same
/// (our helper). Core Animation draws these layers from their properties rather than from a backing store; here
/// they are painted once at a resolution matching how large they appear and reused every frame until a property
/// they depend on, their bounds or their on-screen scale class changes.
///
/// The painting resolution is the device scale at the layer's centre rounded up to a power of two (¼ … 8), so a
/// layer growing in an animation is repainted only when its scale crosses a power of two, and a bitmap is drawn
/// at most 2 × too large (then filtered down). Bitmaps are at most ``maximumPixels``; a larger layer is painted at
/// a lower resolution (a layer a million points square at one pixel per 256 points), and one that would need
/// less than 2⁻⁶⁰ pixels per point is not painted. Entries not used for a frame are dropped.
final class PaintedContentCache {
    /// What a painting depends on.
    private enum Inputs: Equatable {
        case text(TextLayerState)
        case gradient(GradientLayerState)
    }

    private struct Entry {
        var inputs: Inputs
        var bounds: CGRect
        var scale: Double
        var image: CGImage?
        var lastFrame: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0

    /// How many paintings are kept (for tests).
    var count: Int { entries.count }

    func beginFrame() {
        frame += 1
    }

    /// Drops the paintings of layers not drawn in the frame that just ended.
    func endFrame() {
        guard entries.values.contains(where: { $0.lastFrame != frame }) else { return }
        entries = entries.filter { $0.value.lastFrame == frame }
    }

    /// The painting of `node` for a device scale `scale` (pixels per point), or nil when it draws nothing.
    func image(for node: RenderNode, scale: Double) -> CGImage? {
        let inputs: Inputs
        switch node.kind {
        case .text: inputs = .text(node.state.text)
        case .gradient: inputs = .gradient(node.state.gradient)
        default: return nil
        }
        let bounds = node.state.bounds
        let resolution = Self.resolution(for: scale, bounds: bounds)
        if var entry = entries[node.identity], entry.inputs == inputs, entry.bounds == bounds,
            entry.scale == resolution
        {
            entry.lastFrame = frame
            entries[node.identity] = entry
            return entry.image
        }
        let image = Self.paint(inputs, bounds: bounds, scale: resolution)
        entries[node.identity] = Entry(
            inputs: inputs, bounds: bounds, scale: resolution, image: image, lastFrame: frame)
        return image
    }

    /// The most pixels one painting has: 16 Mi (64 MiB of RGBA).
    static let maximumPixels = 16_777_216.0

    /// The power of two (¼ … 8) at or above `scale`, lowered until the bitmap fits ``maximumPixels`` (at most
    /// down to 2⁻⁶⁰).
    static func resolution(for scale: Double, bounds: CGRect) -> Double {
        var resolution = 0.25
        while resolution < 8, resolution < scale { resolution *= 2 }
        let area = Double(abs(bounds.width * bounds.height))
        while resolution > 0x1p-60, area * resolution * resolution > maximumPixels { resolution /= 2 }
        return resolution
    }

    private static func paint(_ inputs: Inputs, bounds: CGRect, scale: Double) -> CGImage? {
        let width = (Double(bounds.width) * scale).rounded(.up)
        let height = (Double(bounds.height) * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1,
            // Rounding each side up adds at most a row and a column to what `resolution(for:bounds:)` allowed.
            (width - 1) * (height - 1) <= maximumPixels,
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        // The layer's drawing space: origin at the bounds' top-left corner, y down, in points (as `draw(in:)`).
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: CGFloat(scale), y: -CGFloat(scale))
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        switch inputs {
        case .text(let text): TextLayerPainter.draw(text, bounds: bounds, in: context)
        case .gradient(let gradient): GradientLayerPainter.draw(gradient, bounds: bounds, in: context)
        }
        return context.makeImage()
    }
}
