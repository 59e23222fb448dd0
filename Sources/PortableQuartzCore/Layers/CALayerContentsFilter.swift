/// How a layer samples its `contents` image when it is drawn smaller (`minificationFilter`) or larger
/// (`magnificationFilter`) than its pixel size (Apple API).
///
/// The raw values are the strings of Apple's `kCAFilter…` constants. A name that is none of the three is stored
/// and read back unchanged and samples like `.linear`.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter's name, for example `"nearest"`.
    public let rawValue: String

    /// A filter with the given name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A filter with the given name (the unlabelled spelling Apple's typed string constants also have).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Each output pixel takes the colour of the nearest image pixel: hard-edged pixel art.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Each output pixel blends the four nearest image pixels (bilinear filtering; the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Bilinear filtering on the two nearest levels of a mipmap of the image, blended; smoother than `.linear` when
    /// the image is drawn at a fraction of its size. As a magnification filter it acts like `.linear`.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
