import Foundation
@_spi(Engine) import PortableRaster

/// How the compositor samples an image (our addition): Core Animation's filters.
package enum SurfaceFilter: Sendable {
    /// The nearest texel (`kCAFilterNearest`).
    case nearest
    /// Bilinear between the four nearest texels (`kCAFilterLinear`).
    case linear
    /// Bilinear between two levels of a mipmap pyramid when shrinking (`kCAFilterTrilinear`).
    case trilinear

    var raster: ImageFilter {
        switch self {
        case .nearest: .nearest
        case .linear: .bilinear
        case .trilinear: .trilinear
        }
    }
}

extension RenderSurface {
    /// Draws the texels `source` (image pixels, top-left origin; cut to the image) of `image` through `transform`
    /// (texel space, where texel `(i, j)` covers `[i, i + 1] × [j, j + 1]`, to device pixels), perspective-correct
    /// when the transform is projective, at opacity `opacity`, clipped to the current clip. Texels outside `source`
    /// are never read (edges clamp). Non-finite or singular transforms draw nothing.
    package func draw(
        _ image: CGImage, source: CGRect, transform: PlaneTransform, filter: SurfaceFilter, opacity: Float,
        blendMode: CGBlendMode = .normal
    ) {
        guard transform.isFinite, transform.determinant != 0 else { return }
        let clip = currentClip
        guard !clip.rect.isEmpty else { return }
        settleFrame()
        let texels = Self.pixelRect(source)
        // Bilinear draws read the image's bordered copy, where the edge quads need no clamping: the same pixels.
        let bordered = filter == .linear ? image.clampBordered : nil
        noteDrawn(clip.rect, into: depth)
        buffers[depth].draw(
            bordered ?? image.raster, source: texels, projective: transform.projective, filter: filter.raster,
            alpha: opacity, blendMode: blendMode.rasterMode, clip: clip.rect, clipMask: clip.mask,
            clampBorder: bordered == nil ? 0 : CGImage.clampBorder, workspace: &workspace)
    }

    /// The smallest pixel rectangle holding `rect` (empty for a non-finite one).
    static func pixelRect(_ rect: CGRect) -> PixelRect {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return .zero }
        let limit = 1e9
        let x0 = Swift.max(-limit, Swift.min(limit, Double(r.minX).rounded(.down)))
        let y0 = Swift.max(-limit, Swift.min(limit, Double(r.minY).rounded(.down)))
        let x1 = Swift.max(-limit, Swift.min(limit, Double(r.maxX).rounded(.up)))
        let y1 = Swift.max(-limit, Swift.min(limit, Double(r.maxY).rounded(.up)))
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}
