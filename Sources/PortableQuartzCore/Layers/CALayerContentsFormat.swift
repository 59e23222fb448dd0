/// The pixel format a layer asks for when it draws its own contents (`display()`, `draw(in:)`) (Apple API).
///
/// The raw values are the strings of Apple's `kCAContentsFormat…` constants (which differ from the Swift names:
/// `.RGBA8Uint` is `"RGBA8"`). The format is stored and read back; this implementation always draws 8-bit RGBA
/// whatever it says (see Docs/Deviations.md). Other names are stored unchanged.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The format's name, for example `"RGBA8"`.
    public let rawValue: String

    /// A contents format with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A contents format with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Four 8-bit unsigned channels per pixel, red, green, blue and alpha (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four 16-bit floating-point channels per pixel, for wide-gamut and extended-range colour.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit unsigned gray channel per pixel.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}
