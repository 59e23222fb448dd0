import Foundation
import PortableQuartzCore
@_spi(Engine) import PortableRaster
import SnapshotTesting

extension Diffing where Value == CGImage {
    /// Compares images pixel by pixel, stored as PNG (our strategy for Linux, where SnapshotTesting has no image
    /// diffing of its own).
    ///
    /// Two images match when they have the same size and no channel of any pixel (premultiplied red, green, blue,
    /// alpha) differs by more than `tolerance` levels (0…255). The failure message gives the number of pixels
    /// beyond the tolerance, the largest difference and where it is; the attachment `difference.png` shows those
    /// pixels red over a faded copy of the reference.
    ///
    /// The default, 0, asks for identical pixels: our renderer gives the same bytes on every machine for the same
    /// tree and time (see the README), unless the pictures draw text and the machines have different fonts.
    public static func image(tolerance: UInt8 = 0) -> Diffing {
        Diffing.diff(
            toData: { PNGImage.data(of: $0) },
            fromData: { data in
                guard let image = PNGImage.image(from: data) else {
                    preconditionFailure("A reference snapshot is not a PNG file of at most 32 767 pixels a side.")
                }
                return image
            },
            diffV2: { reference, actual in
                ImageDifference(reference, actual, tolerance: tolerance).map { difference in
                    (
                        difference.message,
                        difference.picture.map { [.data(PNGImage.data(of: $0), name: "difference.png")] } ?? []
                    )
                }
            }
        )
    }
}

/// Where two images differ beyond a tolerance (our helper for ``Diffing/image(tolerance:)``).
struct ImageDifference {
    let message: String
    /// The pixels beyond the tolerance in red over the reference at a quarter of its contrast (nil for a size
    /// mismatch).
    let picture: CGImage?

    /// Nil when `reference` and `actual` match within `tolerance`.
    init?(_ reference: CGImage, _ actual: CGImage, tolerance: UInt8) {
        guard reference.width == actual.width, reference.height == actual.height else {
            message =
                "The image is \(actual.width)×\(actual.height) pixels; the reference is "
                + "\(reference.width)×\(reference.height)."
            picture = nil
            return
        }
        var marked = [UInt8](repeating: 255, count: reference.width * reference.height * 4)
        var count = 0
        var largest = 0
        var worst = (x: 0, y: 0)
        reference.withUnsafePremultipliedRGBABytes { expected in
            actual.withUnsafePremultipliedRGBABytes { got in
                for y in 0..<reference.height {
                    for x in 0..<reference.width {
                        var pixel = 0
                        for channel in 0..<4 {
                            let difference = abs(
                                Int(expected[y * reference.bytesPerRow + x * 4 + channel])
                                    - Int(got[y * actual.bytesPerRow + x * 4 + channel]))
                            pixel = Swift.max(pixel, difference)
                        }
                        let at = (y * reference.width + x) * 4
                        if pixel > Int(tolerance) {
                            count += 1
                            marked[at + 1] = 0
                            marked[at + 2] = 0
                        } else {
                            for channel in 0..<3 {
                                marked[at + channel] = 191 + expected[y * reference.bytesPerRow + x * 4 + channel] / 4
                            }
                        }
                        if pixel > largest {
                            largest = pixel
                            worst = (x, y)
                        }
                    }
                }
            }
        }
        guard count > 0 else { return nil }
        message =
            "\(count) of \(reference.width * reference.height) pixels differ by more than \(tolerance) levels; "
            + "the largest difference is \(largest) levels, at (\(worst.x), \(worst.y))."
        picture = CGImage(premultipliedRGBA: marked, width: reference.width, height: reference.height)
    }
}

/// PNG files of images, through PortableRaster's codec (our helper): premultiplied RGBA in, the same bytes out.
enum PNGImage {
    /// `image` as PNG file bytes (RGB when opaque); the same image always gives the same bytes.
    static func data(of image: CGImage) -> Data {
        let bytes = image.withUnsafePremultipliedRGBABytes { Array($0) }
        guard
            let buffer = try? PixelBuffer(
                width: image.width, height: image.height, bytesPerRow: image.bytesPerRow, bytes: bytes)
        else { preconditionFailure("A CGImage of \(image.width)×\(image.height) pixels has no pixel buffer.") }
        return Data(PNG.encode(buffer))
    }

    /// The image in PNG file bytes, or nil when they are not a PNG file a `CGImage` can hold.
    static func image(from data: Data) -> CGImage? {
        guard let buffer = try? PNG.decode([UInt8](data)) else { return nil }
        var packed = [UInt8](repeating: 0, count: buffer.width * buffer.height * 4)
        buffer.withUnsafeBytes { raw in
            for row in 0..<buffer.height {
                for column in 0..<(buffer.width * 4) {
                    packed[row * buffer.width * 4 + column] = raw[row * buffer.bytesPerRow + column]
                }
            }
        }
        return CGImage(premultipliedRGBA: packed, width: buffer.width, height: buffer.height)
    }
}
