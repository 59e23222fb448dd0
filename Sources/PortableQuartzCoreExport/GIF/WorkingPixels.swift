/// How the GIF encoder reads a frame: each pixel becomes one `UInt32`, `red | green << 8 | blue << 16` of an
/// opaque colour, or exactly ``WorkingPixels/transparent`` for a pixel the file shows as transparent.
///
/// GIF has no partial transparency, so a premultiplied pixel with alpha between 1 and 254 is composited over the
/// matte colour (`colour + matte × (255 − alpha) / 255`, rounded); a pixel with alpha 0 is transparent when
/// transparency is kept and the matte colour otherwise.
enum WorkingPixels {
    /// The working value of a fully transparent pixel (bit 24 set, colour bits zero).
    static let transparent: UInt32 = 1 << 24

    /// Converts `image` into `pixels` (resized to `width × height`, row after row without padding) and answers
    /// whether any pixel is transparent.
    static func load(
        _ image: CGImage, matte: ExportColor, preservesTransparency: Bool, into pixels: inout [UInt32]
    ) -> Bool {
        let width = image.width
        let height = image.height
        let stride = image.bytesPerRow
        if pixels.count != width * height { pixels = [UInt32](repeating: 0, count: width * height) }
        let matteRed = UInt32(matte.red)
        let matteGreen = UInt32(matte.green)
        let matteBlue = UInt32(matte.blue)
        let transparentValue = preservesTransparency ? transparent : matte.packed
        var anyTransparent = false
        image.withUnsafePremultipliedRGBABytes { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let line = source.baseAddress! + row * stride
                    let out = target.baseAddress! + row * width
                    for column in 0..<width {
                        let word = line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self).littleEndian
                        let alpha = word >> 24
                        if alpha == 255 {
                            out[column] = word & 0x00FF_FFFF
                        } else if alpha == 0 {
                            out[column] = transparentValue
                            anyTransparent = anyTransparent || preservesTransparency
                        } else {
                            let rest = 255 - alpha
                            let red = min(255, (word & 0xFF) + (matteRed * rest + 127) / 255)
                            let green = min(255, (word >> 8 & 0xFF) + (matteGreen * rest + 127) / 255)
                            let blue = min(255, (word >> 16 & 0xFF) + (matteBlue * rest + 127) / 255)
                            out[column] = red | green << 8 | blue << 16
                        }
                    }
                }
            }
        }
        return anyTransparent
    }
}
