import Foundation

/// The drawings of text and gradient layers, painted into bitmaps and kept while their inputs stay the same
/// (our helper). Core Animation draws these layers from their properties rather than from a backing store; here
/// they are painted once at a resolution matching how large they appear and reused every frame until a property
/// they depend on, their bounds or their on-screen scale class changes.
///
/// The painting resolution is the device scale at the layer's centre rounded up to a power of two (¼ … 8), so a
/// layer growing in an animation is repainted only when its scale crosses a power of two, and a bitmap is drawn
/// at most 2 × too large (then filtered down). Bitmaps are at most ``maximumPixels``; a larger layer is painted at
/// a lower resolution, and one that would need less than 2⁻⁶⁰ pixels per point is not painted. A layer whose
/// whole painting would take more than ``wholeLayerPixels`` is painted only where it can show, within the device
/// clip (see ``region(of:map:scale:clip:)``), so a layer a million points square costs what the output costs.
/// Paintings are found by what they show, not by layer, so copies of one layer (a replicator's, or a Lottie
/// repeater's thousand copies of one gradient fill) share a single painting. Entries not used for a frame are
/// dropped.
final class PaintedContentCache {
    /// What a painting depends on.
    private enum Inputs: Hashable {
        case text(TextLayerState)
        case gradient(GradientLayerState)
    }

    /// Everything a painting is made from: the layer's drawing inputs, its bounds, the part of them painted and the
    /// painting's resolution.
    private struct Key: Hashable {
        var inputs: Inputs
        var bounds: CGRect
        var region: CGRect
        var scale: Double
    }

    private struct Entry {
        var image: CGImage?
        var lastFrame: Int
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0

    /// How many paintings are kept (for tests).
    var count: Int { entries.count }

    func beginFrame() {
        frame += 1
    }

    /// Drops the paintings not drawn in the frame that just ended.
    func endFrame() {
        guard entries.values.contains(where: { $0.lastFrame != frame }) else { return }
        entries = entries.filter { $0.value.lastFrame == frame }
    }

    /// The painting of the part `region` of `node`'s bounds (see ``region(of:map:scale:clip:)``) for a device
    /// scale `scale` (pixels per point), or nil when it draws nothing.
    func image(for node: RenderNode, region: CGRect, scale: Double) -> CGImage? {
        let inputs: Inputs
        switch node.kind {
        case .text: inputs = .text(node.state.text)
        case .gradient: inputs = .gradient(node.state.gradient)
        default: return nil
        }
        let key = Key(
            inputs: inputs, bounds: node.state.bounds, region: region,
            scale: Self.resolution(for: scale, bounds: region))
        if let entry = entries[key] {
            entries[key]?.lastFrame = frame
            return entry.image
        }
        let image = Self.paint(inputs, bounds: key.bounds, region: region, scale: key.scale)
        entries[key] = Entry(image: image, lastFrame: frame)
        return image
    }

    /// The most pixels a layer's painting may take before only its visible part is painted: 1 Mi.
    static let wholeLayerPixels = 1_048_576.0

    /// The part of `bounds` to paint for a layer drawn through `map` at device scale `scale` into a surface
    /// clipped to `clip` (device pixels): all of it when that takes at most ``wholeLayerPixels``, or when `map`
    /// cannot be inverted over the clip; otherwise the part whose image can meet the clip grown by two pixels (the
    /// filter's reach). Empty when no part of the layer reaches the clip.
    static func region(of bounds: CGRect, map: PlaneTransform, scale: Double, clip: CGRect) -> CGRect {
        let resolution = resolution(for: scale, bounds: bounds)
        guard Double(abs(bounds.width * bounds.height)) * resolution * resolution > wholeLayerPixels,
            let inverse = map.inverted
        else { return bounds }
        let reach = clip.insetBy(dx: -2, dy: -2)
        var visible = CGRect.null
        for corner in [
            CGPoint(x: reach.minX, y: reach.minY), CGPoint(x: reach.maxX, y: reach.minY),
            CGPoint(x: reach.minX, y: reach.maxY), CGPoint(x: reach.maxX, y: reach.maxY),
        ] {
            guard let point = inverse.apply(to: corner), point.x.isFinite, point.y.isFinite else { return bounds }
            visible = visible.union(CGRect(origin: point, size: .zero))
        }
        let region = bounds.intersection(visible)
        return region.isNull ? .zero : region
    }

    /// The most pixels one painting has: 16 Mi (64 MiB of RGBA).
    static let maximumPixels = 16_777_216.0

    /// The smallest power of two at or above `scale` (2⁻⁶⁰ … 8), lowered until the bitmap fits ``maximumPixels``.
    ///
    /// So a layer drawn small gets a small painting: a gradient layer drawn at 0.0005 pixels per point is painted
    /// at 2⁻¹⁰, not at a fixed floor, which for a region 34,056 × 44,000 points wide meant 16 Mi pixels for the few
    /// device pixels it covers (a replicated Lottie gradient, found by FuzzLottie).
    static func resolution(for scale: Double, bounds: CGRect) -> Double {
        var resolution = 8.0
        while resolution > 0x1p-60, resolution / 2 >= scale { resolution /= 2 }
        let area = Double(abs(bounds.width * bounds.height))
        while resolution > 0x1p-60, area * resolution * resolution > maximumPixels { resolution /= 2 }
        return resolution
    }

    /// Paints the part `region` of a layer with `bounds`.
    private static func paint(_ inputs: Inputs, bounds: CGRect, region: CGRect, scale: Double) -> CGImage? {
        let width = (Double(region.width) * scale).rounded(.up)
        let height = (Double(region.height) * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1,
            // Rounding each side up adds at most a row and a column to what `resolution(for:bounds:)` allowed.
            (width - 1) * (height - 1) <= maximumPixels,
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        // The layer's drawing space: y down, in points (as `draw(in:)`), with the region's top-left corner at the
        // bitmap's.
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: CGFloat(scale), y: -CGFloat(scale))
        context.translateBy(x: -region.minX, y: -region.minY)
        switch inputs {
        case .text(let text): TextLayerPainter.draw(text, bounds: bounds, in: context)
        case .gradient(let gradient): GradientLayerPainter.draw(gradient, bounds: bounds, in: context)
        }
        return context.makeImage()
    }
}
