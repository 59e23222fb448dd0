import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// The bitmap's size in pixels (our addition, for compositing layers into a context).
    package var pixelSize: (width: Int, height: Int) { (buffer.width, buffer.height) }

    /// The map from user space to the bitmap's pixels (y down, origin at the top-left pixel corner), or `nil` when
    /// the CTM is not finite or is singular (our addition).
    package var userToPixels: PlaneTransform? {
        guard let device = deviceTransform else { return nil }
        return PlaneTransform(
            m11: device.a, m12: device.b, m13: 0, m21: device.c, m22: device.d, m23: 0, m31: device.tx,
            m32: device.ty, m33: 1)
    }

    /// Composites `image`, which has the bitmap's size and is aligned with its pixels, over the bitmap with the
    /// state's alpha, blend mode and clip (our addition: the last step of `CALayer.render(in:)`).
    package func drawPixels(_ image: CGImage) {
        var area = buffer.bounds.intersection(image.raster.bounds)
        if let clip = state.clip { area = area.intersection(clip.bounds) }
        guard !area.isEmpty else { return }
        prepare(area)
        buffer.draw(
            image.raster, transform: .identity, filter: .nearest, alpha: Float(state.alpha),
            blendMode: state.blendMode.rasterMode, clip: area, clipMask: state.clip, workspace: &workspace)
        publish(area)
    }

    /// Has `draw` paint into `surface` (a frame of the bitmap's pixel size) and composites what it painted over the
    /// bitmap exactly as ``drawPixels(_:)`` composites an image (our addition: how `CALayer.render(in:)` draws).
    ///
    /// When compositing cannot change the painted pixels — the bitmap is transparent everywhere and is drawn into
    /// with full alpha, the normal blend mode and no clip — `draw` paints straight onto the bitmap's pixels instead:
    /// the same pixels without clearing a separate frame and copying it over.
    package func drawPixels(through surface: RenderSurface, _ draw: (RenderSurface) -> Void) {
        if surface.width == buffer.width, surface.height == buffer.height, state.clip == nil, state.alpha == 1,
            state.blendMode == .normal
        {
            if isTransparent {
                surface.beginFrame(onto: &buffer)
                draw(surface)
                surface.endFrame(into: &buffer)
                publish(buffer.bounds)
                return
            }
        }
        surface.beginFrame()
        draw(surface)
        drawPixels(surface.makeImage())
    }

    /// Whether every pixel is transparent: all four bytes zero, as premultiplied pixels with alpha 0 are (our
    /// addition: the layers and views that draw into a scratch context ask it whether their drawing painted
    /// anything). Reads caller memory first when the context has any; does not allocate it.
    package var isTransparent: Bool {
        prepare(buffer.bounds)
        return isKnownClear || Self.isTransparent(buffer)
    }

    /// Whether every pixel of `pixels` is transparent (all four bytes zero; row padding is not read).
    private static func isTransparent(_ pixels: PixelBuffer) -> Bool {
        pixels.withUnsafeBytes { raw in
            let rowBytes = pixels.width * 4
            for y in 0..<pixels.height {
                let row = UnsafeRawBufferPointer(
                    rebasing: raw[(y * pixels.bytesPerRow)..<(y * pixels.bytesPerRow + rowBytes)])
                var offset = 0
                var bits: UInt64 = 0
                while offset + 8 <= rowBytes {
                    bits |= row.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
                while offset < rowBytes {
                    bits |= UInt64(row[offset])
                    offset += 1
                }
                if bits != 0 { return false }
            }
            return true
        }
    }
}
