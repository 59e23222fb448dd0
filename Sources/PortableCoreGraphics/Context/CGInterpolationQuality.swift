@_spi(Engine) import PortableRaster

/// How smoothly a context resamples images it draws scaled or rotated: Apple's `CGInterpolationQuality`, with
/// Apple's raw values.
///
/// Our mapping onto the raster engine's filters (Apple does not document its own):
/// - ``none``: nearest texel (blocky, exact for whole-pixel placements);
/// - ``default`` and ``low``: bilinear interpolation of the four nearest texels;
/// - ``medium`` and ``high``: mip-mapped (trilinear) filtering, which averages the texels a destination pixel
///   covers when the image is reduced and equals bilinear when it is enlarged.
///
/// An image created with `shouldInterpolate == false` is always drawn with nearest texels.
public enum CGInterpolationQuality: Int32, Hashable, Sendable {
    /// The context's default, bilinear here.
    case `default` = 0
    /// No interpolation: nearest texel.
    case none = 1
    /// Bilinear interpolation.
    case low = 2
    /// Mip-mapped filtering for reductions, bilinear otherwise.
    case high = 3
    /// Mip-mapped filtering for reductions, bilinear otherwise.
    case medium = 4

    /// The raster engine's filter for this quality.
    var imageFilter: ImageFilter {
        switch self {
        case .none: return .nearest
        case .default, .low: return .bilinear
        case .medium, .high: return .trilinear
        }
    }
}
