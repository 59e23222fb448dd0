/// The pixel format a layer asks for its drawn contents (`CALayerContentsFormat`, our typed form).
///
/// Raw values are the strings of Apple's `kCAContentsFormat…` constants. Unknown names are 8-bit RGBA, the default.
/// Stored and read back; drawing is always 8-bit RGBA (Docs/Deviations.md).
public enum ContentsFormat: String, StringChoice {
    /// Four 8-bit channels (the default).
    case rgba8 = "RGBA8"
    /// Four 16-bit floating-point channels.
    case rgba16Float = "RGBAh"
    /// One 8-bit grey channel.
    case gray8 = "Gray8"

    /// `rgba8`.
    public static let fallback = ContentsFormat.rgba8
}
