import Foundation

/// A bitmap image in a layer archive (our addition): its pixels as premultiplied RGBA bytes, 8 bits per
/// component, top row first, rows tightly packed (`4 × width` bytes each), the form `CGImage` stores.
///
/// In JSON: `{"width": 2, "height": 1, "premultipliedRGBA": "<base64>"}`, plus `"colorSpace"` with the space's
/// name (`"kCGColorSpaceLinearSRGB"`…) when it is not sRGB. The base64 text uses the standard alphabet with
/// padding.
///
/// PNG would be smaller, but `PortableCoreGraphics` offers no public PNG bridge and this module may not import the
/// raster codecs directly, so the archive stores the raw bytes; every byte round-trips exactly. An image's
/// `shouldInterpolate` and rendering intent are not archived (loaded images interpolate, with the default intent).
public struct ArchivedImage: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The name of the image's colour space, `nil` for sRGB.
    public var colorSpace: String?
    /// `4 × width × height` bytes: red, green, blue, alpha per pixel, colour premultiplied by alpha.
    public var premultipliedRGBA: Data

    /// An archived image with the given parts, stored as given (``makeImage(at:)`` checks them).
    public init(width: Int, height: Int, colorSpace: String? = nil, premultipliedRGBA: Data) {
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.premultipliedRGBA = premultipliedRGBA
    }

    /// The pixels of `image`.
    public init(_ image: CGImage) {
        let name = image.colorSpace?.name
        self.init(
            width: image.width, height: image.height, colorSpace: name == CGColorSpace.sRGB ? nil : name,
            premultipliedRGBA: Data(image.premultipliedRGBABytes))
    }

    /// A `CGImage` with these pixels. Throws a `LayerArchiveError` at `path` when the byte count is not
    /// `4 × width × height`, the size is outside what `CGImage` accepts, or the colour space is unknown.
    public func makeImage(at path: String) throws -> CGImage {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= Int.max / 4, premultipliedRGBA.count == 4 * pixels else {
            throw LayerArchiveError(
                path: path,
                reason: .invalidValue(
                    "an image of \(width)×\(height) pixels needs 4 × width × height bytes, found "
                        + "\(premultipliedRGBA.count)"))
        }
        guard let space = CGColorSpace(name: colorSpace ?? CGColorSpace.sRGB), space.model == .rgb else {
            throw LayerArchiveError(
                path: ArchivePath.field(path, "colorSpace"),
                reason: .invalidValue("unknown or non-RGB colour space \"\(colorSpace ?? "")\""))
        }
        guard
            let image = CGImage(
                premultipliedRGBA: [UInt8](premultipliedRGBA), width: width, height: height, colorSpace: space)
        else {
            throw LayerArchiveError(
                path: path, reason: .invalidValue("an image of \(width)×\(height) pixels is too large"))
        }
        return image
    }
}

extension ArchivedImage: Codable {
    private static let fields: Set<String> = ["width", "height", "colorSpace", "premultipliedRGBA"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ArchiveKey.self)
        try container.rejectUnknownFields(Self.fields)
        width = try container.decode(Int.self, forKey: ArchiveKey("width"))
        height = try container.decode(Int.self, forKey: ArchiveKey("height"))
        colorSpace = try container.optional(String.self, "colorSpace")
        let text = try container.decode(String.self, forKey: ArchiveKey("premultipliedRGBA"))
        guard let bytes = Data(base64Encoded: text) else {
            throw LayerArchiveError(
                path: ArchivePath.field(ArchivePath.render(decoder.codingPath), "premultipliedRGBA"),
                reason: .invalidValue("the pixels are not valid base64"))
        }
        premultipliedRGBA = bytes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ArchiveKey.self)
        try container.encode(width, forKey: ArchiveKey("width"))
        try container.encode(height, forKey: ArchiveKey("height"))
        try container.optional(colorSpace, "colorSpace")
        try container.encode(premultipliedRGBA.base64EncodedString(), forKey: ArchiveKey("premultipliedRGBA"))
    }
}
