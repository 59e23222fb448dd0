import Foundation

extension UIView {
    /// Marks part of the content out of date (Apple API), through `setNeedsDisplay()`. The whole view is redrawn.
    public func setNeedsDisplay(_ rect: CGRect) {
        setNeedsDisplay()
    }
}

/// How views get their backing bitmaps (our helper): draw through `draw(_:)` into a bitmap the size of the bounds,
/// unless the view's class is known to draw nothing.
///
/// Swift cannot ask whether a subclass overrides `draw(_:)`, so the first view of each class that is displayed
/// finds out: its bitmap is drawn, and when only the default `draw(_:)` ran and the bitmap stayed transparent the
/// class is remembered as drawing nothing; its views then keep no bitmap.
@MainActor
enum ViewDrawing {
    /// Classes known to draw nothing.
    private static var classesWithoutDrawing: Set<ObjectIdentifier> = []
    /// Set by the default `draw(_:)`.
    private static var defaultDrawRan = false

    static func noteDefaultDraw() {
        defaultDrawRan = true
    }

    /// Redraws `view`'s layer contents.
    static func display(_ view: UIView) {
        let kind = ObjectIdentifier(type(of: view))
        guard !classesWithoutDrawing.contains(kind) else { return }
        let bounds = view.layer.bounds
        let scale = view.layer.contentsScale.isFinite && view.layer.contentsScale > 0 ? view.layer.contentsScale : 1
        let width = (bounds.width * scale).rounded(.up)
        let height = (bounds.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width * height <= 67_108_864,
            let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else {
            view.layer.contents = nil
            return
        }
        // Views draw with the origin at the top left, y down, in points.
        context.translateBy(x: 0, y: height)
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        defaultDrawRan = false
        UIGraphicsPushContext(context)
        view.draw(bounds)
        UIGraphicsPopContext()
        if defaultDrawRan, context.isTransparent {
            classesWithoutDrawing.insert(kind)
            view.layer.contents = nil
            return
        }
        view.layer.contents = context.makeImage()
    }
}
