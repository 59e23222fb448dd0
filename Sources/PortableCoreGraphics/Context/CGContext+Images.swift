import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// Draws `image` stretched over `rect` (user space), upright in the y-up user space: the image's top row
    /// lies along `rect.maxY`. Any CTM works — rotated, scaled, flipped, skewed — and edges are anti-aliased.
    ///
    /// Resampling follows ``interpolationQuality`` (see ``CGInterpolationQuality``); an image with
    /// `shouldInterpolate == false` always uses nearest texels. Beyond its edges the image is not repeated or
    /// faded: its border texels are used for filtering, and coverage ends exactly at the mapped rectangle.
    ///
    /// - Parameters:
    ///   - image: the picture to draw.
    ///   - rect: where the image goes; a negative width or height mirrors it. Empty or non-finite rectangles draw
    ///     nothing.
    ///   - byTiling: `true` repeats the image in tiles of `rect`'s size, aligned with `rect`, over the whole clip
    ///     (at most 65 536 tiles are drawn; a tile pattern finer than that draws nothing).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard let device = deviceTransform, let placement = Self.imagePlacement(rect) else { return }
        let pixels = image.raster
        let filter = image.shouldInterpolate ? state.interpolationQuality.imageFilter : .nearest
        let toUnit = Self.unitScale(of: pixels)
        guard byTiling else {
            drawImage(pixels, transform: toUnit.concatenated(placement).concatenated(device), filter: filter)
            return
        }
        let clipBox = boundingBoxOfClipPath
        let tileWidth = abs(rect.width)
        let tileHeight = abs(rect.height)
        let origin = rect.standardized.origin
        let firstColumn = Foundation.floor((clipBox.minX - origin.x) / tileWidth)
        let lastColumn = Foundation.ceil((clipBox.maxX - origin.x) / tileWidth)
        let firstRow = Foundation.floor((clipBox.minY - origin.y) / tileHeight)
        let lastRow = Foundation.ceil((clipBox.maxY - origin.y) / tileHeight)
        let count = (lastColumn - firstColumn) * (lastRow - firstRow)
        guard count.isFinite, count <= 65_536 else { return }
        var row = firstRow
        while row < lastRow {
            var column = firstColumn
            while column < lastColumn {
                let tile = CGRect(
                    x: origin.x + column * tileWidth, y: origin.y + row * tileHeight, width: rect.width,
                    height: rect.height)
                if let place = Self.imagePlacement(tile) {
                    drawImage(pixels, transform: toUnit.concatenated(place).concatenated(device), filter: filter)
                }
                column += 1
            }
            row += 1
        }
    }

    /// Draws raster pixels through `transform` (image pixels, rows down → device pixels) with the state's alpha,
    /// blend mode, clip and shadow.
    func drawImage(_ pixels: PixelBuffer, transform: Affine2D, filter: ImageFilter) {
        let alpha = Float(state.alpha)
        if state.shadowColor != nil {
            castShadow { layer, context in
                layer.draw(pixels, transform: transform, filter: filter, alpha: alpha, workspace: &context.workspace)
            }
        }
        var area = Self.deviceBounds(of: pixels, transform: transform).intersection(buffer.bounds)
        if let clip = state.clip { area = area.intersection(clip.bounds) }
        guard !area.isEmpty else { return }
        prepare(area)
        // A solid clip is all in `area` already.
        let clipMask = state.clip?.isSolid == true ? nil : state.clip
        buffer.draw(
            pixels, transform: transform, filter: filter, edgeMode: .clamp, alpha: alpha,
            blendMode: state.blendMode.rasterMode, clip: area, clipMask: clipMask, workspace: &workspace)
        publish(area)
    }

    /// The unit square of image space (`(0, 0)` the top-left corner of the image, `(1, 1)` the bottom-right) →
    /// user space for an image stretched over `rect`, top row at `rect.maxY`. `nil` for empty or non-finite
    /// rectangles.
    static func imagePlacement(_ rect: CGRect) -> Affine2D? {
        let values = [rect.origin.x, rect.origin.y, rect.width, rect.height]
        guard values.allSatisfy({ $0.isFinite }), rect.width != 0, rect.height != 0 else { return nil }
        return Affine2D(
            a: Double(rect.width), b: 0, c: 0, d: -Double(rect.height), tx: Double(rect.origin.x),
            ty: Double(rect.origin.y + rect.height))
    }

    /// Image pixels → the unit square of ``imagePlacement(_:)``.
    static func unitScale(of pixels: PixelBuffer) -> Affine2D {
        .scale(x: 1 / Double(pixels.width), y: 1 / Double(pixels.height))
    }

    /// The smallest pixel rectangle containing `pixels` mapped by `transform`, grown by one pixel.
    static func deviceBounds(of pixels: PixelBuffer, transform: Affine2D) -> PixelRect {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for corner in 0..<4 {
            let x = corner & 1 == 0 ? 0 : Double(pixels.width)
            let y = corner < 2 ? 0 : Double(pixels.height)
            let p = transform.apply(to: RasterPoint(x: x, y: y))
            minX = Swift.min(minX, p.x)
            minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x)
            maxY = Swift.max(maxY, p.y)
        }
        let limit = Double(PixelBuffer.maximumSide) * 2
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .zero }
        let left = Int(Swift.max(Foundation.floor(minX) - 1, -limit))
        let top = Int(Swift.max(Foundation.floor(minY) - 1, -limit))
        let right = Int(Swift.min(Foundation.ceil(maxX) + 1, limit))
        let bottom = Int(Swift.min(Foundation.ceil(maxY) + 1, limit))
        return PixelRect(x: left, y: top, width: Swift.max(0, right - left), height: Swift.max(0, bottom - top))
    }
}
