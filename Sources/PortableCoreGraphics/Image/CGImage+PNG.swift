import Foundation
@_spi(Engine) import PortableRaster

extension CGImage {
    /// The image as PNG file bytes (our addition for this package's exporters and tools; Apple writes PNG through
    /// ImageIO). The same image always gives the same bytes; decoding them with ``init(pngData:)`` gives back
    /// exactly the same premultiplied pixels. Fully opaque images are written without an alpha channel.
    package func pngData() -> Data {
        Data(PNG.encode(raster))
    }

    /// Decodes PNG file bytes (our addition; Apple reads PNG through ImageIO). Returns `nil` for bytes that are
    /// not a valid PNG file or an image larger than the size limits; ``decodingError(pngData:)`` says why.
    package convenience init?(pngData data: Data) {
        guard let raster = try? data.withUnsafeBytes({ bytes throws(PNGError) in try PNG.decode(bytes) }),
            Self.isAcceptableSize(width: raster.width, height: raster.height)
        else { return nil }
        self.init(raster: raster)
    }

    /// Why ``init(pngData:)`` rejects `data`, as a sentence naming the problem, or `nil` when it decodes.
    package static func decodingError(pngData data: Data) -> String? {
        do {
            _ = try data.withUnsafeBytes { bytes throws(PNGError) in try PNG.decode(bytes) }
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
