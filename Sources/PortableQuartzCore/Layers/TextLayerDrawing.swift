import Foundation
import PortableCoreGraphics

/// Which text layer classes draw a picture of their own (our helper for `CATextLayer.display()`).
///
/// Apple's text layers draw their string in `draw(in:)`, so a subclass that overrides it — the widely copied
/// vertically centring layer moves the context down before calling `super` — changes what is shown. Ours paint the
/// text at render time instead, which is only right while `draw(in:)` is the default. Swift cannot ask whether a
/// subclass overrides a method, so the first layer of each subclass to be displayed finds out: its `draw(in:)` runs
/// once into a scratch bitmap with the default drawing reduced to a note of where it was reached. When the default
/// was reached with the context untouched and nothing else was drawn, the class draws the default picture (its text
/// stays painted by the renderer); otherwise it draws its own, and its layers display through `draw(in:)` with
/// the string into `contents`, as on Apple platforms. `CATextLayer` itself always draws the default.
///
/// Deviation: a class is judged by its first layer with a drawable size; a subclass whose drawing depends on the
/// state of the layer may be judged by a layer that happened to draw the default.
enum TextLayerDrawing {
    /// What the default `draw(in:)` notes during an examination.
    struct Probe {
        /// The transform the examination's context started with.
        let startTransform: CGAffineTransform
        /// Whether the default drawing was reached with that transform.
        var reachedUntouched = false
    }

    /// The verdicts so far: whether each examined class draws its own picture.
    private static let verdicts = LockedValue<[ObjectIdentifier: Bool]>([:])

    /// Whether `layer`'s class draws a picture of its own, examining the class the first time one of its layers
    /// has a drawable size (until then the answer is false).
    static func drawsOwnPicture(_ layer: CATextLayer) -> Bool {
        let kind = type(of: layer)
        if kind == CATextLayer.self { return false }
        let key = ObjectIdentifier(kind)
        if let verdict = verdicts.withLock({ $0[key] }) { return verdict }
        guard let verdict = examine(layer) else { return false }
        verdicts.withLock { $0[key] = verdict }
        return verdict
    }

    /// During an examination, notes that the default `draw(in:)` of `layer` was reached and returns true (the
    /// default then draws nothing); otherwise returns false.
    static func noteDefaultDrawing(of layer: CATextLayer, in context: CGContext) -> Bool {
        LayerTreeLock.withLock {
            guard var probe = layer.drawingProbe else { return false }
            probe.reachedUntouched = probe.reachedUntouched || context.ctm == probe.startTransform
            layer.drawingProbe = probe
            return true
        }
    }

    /// Runs `layer`'s `draw(in:)` into a scratch bitmap of its bounds: true when it draws more than the default,
    /// nil when the bounds give no bitmap.
    private static func examine(_ layer: CATextLayer) -> Bool? {
        let bounds = LayerTreeLock.withLock { layer.modelState.bounds }
        let width = bounds.width.rounded(.up)
        let height = bounds.height.rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width * height <= 16_777_216,
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        // The layout `CALayer.drawContents()` gives: origin at the top left, y down.
        context.translateBy(x: 0, y: height)
        context.scaleBy(x: 1, y: -1)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        LayerTreeLock.withLock { layer.drawingProbe = Probe(startTransform: context.ctm) }
        layer.draw(in: context)
        let probe = LayerTreeLock.withLock {
            defer { layer.drawingProbe = nil }
            return layer.drawingProbe
        }
        let drewDefaultOnly = probe?.reachedUntouched == true && context.isTransparent
        return !drewDefaultOnly
    }
}
