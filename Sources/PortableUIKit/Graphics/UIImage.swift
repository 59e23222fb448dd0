import Foundation

/// An image (Apple API, the subset views and layers need): a `CGImage` with a scale factor.
///
/// Files are read as PNG (other formats give nil). `size` is in points: the pixel size divided by `scale`.
///
/// Deviations: only PNG; `init(named:)` looks for `<name>.png` (or the name as given) in the main bundle's
/// resources and then the current directory, without asset catalogs or `@2x` variants; orientation is stored and
/// reported but not applied to `size`.
open class UIImage: NSObject, @unchecked Sendable {
    // Sendable: every stored property is a constant.

    /// How the pixels are meant to be rotated or mirrored for display (Apple API; raw values are Apple's).
    public enum Orientation: Int, Sendable {
        case up = 0
        case down = 1
        case left = 2
        case right = 3
        case upMirrored = 4
        case downMirrored = 5
        case leftMirrored = 6
        case rightMirrored = 7
    }

    /// The pixels (Apple API).
    public let cgImage: CGImage?
    /// Pixels per point (Apple API). Default 1.
    public let scale: CGFloat
    /// Stored as given (Apple API). Default `.up`.
    public let imageOrientation: Orientation

    /// The image's size in points: its pixel size divided by `scale` (Apple API).
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// An image of `cgImage` at scale 1 (Apple API).
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` with a scale and orientation (Apple API). A scale that is not a positive finite
    /// number counts as 1.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        imageOrientation = orientation
        super.init()
    }

    /// The image in PNG bytes `data`, or nil when they are not a PNG file (Apple API).
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// The image in PNG bytes `data` with a scale, or nil when they are not a PNG file (Apple API).
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = CGImage(pngData: data) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// The PNG file at `path`, or nil when it cannot be read or decoded (Apple API).
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The PNG image called `name` (Apple API, reduced): `name` or `name.png` among the main bundle's resources,
    /// then in the current directory; nil when neither exists or decodes.
    public convenience init?(named name: String) {
        let hasExtension = name.lowercased().hasSuffix(".png")
        let candidates = [
            Bundle.main.path(forResource: name, ofType: hasExtension ? nil : "png"),
            hasExtension ? name : name + ".png",
        ]
        for case let path? in candidates where FileManager.default.fileExists(atPath: path) {
            self.init(contentsOfFile: path)
            return
        }
        return nil
    }

    /// The image as PNG file bytes (Apple API); nil for an image without pixels.
    open func pngData() -> Data? {
        cgImage?.pngData()
    }
}
