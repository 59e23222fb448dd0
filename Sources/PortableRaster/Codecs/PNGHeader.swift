/// The facts a PNG file's `IHDR` chunk states about its image.
@_spi(Engine) public struct PNGHeader: Hashable, Sendable {
    /// Width in pixels, at least 1.
    @_spi(Engine) public let width: Int
    /// Height in pixels, at least 1.
    @_spi(Engine) public let height: Int
    /// Bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
    @_spi(Engine) public let bitDepth: Int
    /// How pixels are stored.
    @_spi(Engine) public let colorType: PNGColorType
    /// Whether the rows are stored in the seven Adam7 passes rather than top to bottom.
    @_spi(Engine) public let isInterlaced: Bool

    /// Samples per pixel: 1 (gray, palette), 2 (gray and alpha), 3 (RGB) or 4 (RGBA).
    var channels: Int {
        switch colorType {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// Bytes per complete pixel, rounded up to 1: the distance filters look back.
    var filterStride: Int { max(1, channels * bitDepth / 8) }

    /// Bytes of one row `pixels` wide, without its filter-type byte.
    func rowBytes(pixels: Int) -> Int { (pixels * channels * bitDepth + 7) / 8 }

    /// Creates a header value; the combination is not validated here (the decoder validates what it reads).
    init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
    }
}

/// The five ways PNG stores a pixel, with their numbers in the `IHDR` chunk.
@_spi(Engine) public enum PNGColorType: UInt8, Hashable, Sendable {
    /// One gray sample (bit depth 1, 2, 4, 8 or 16).
    case gray = 0
    /// Red, green and blue samples (bit depth 8 or 16).
    case rgb = 2
    /// An index into the `PLTE` palette (bit depth 1, 2, 4 or 8).
    case palette = 3
    /// Gray and straight (not premultiplied) alpha (bit depth 8 or 16).
    case grayAlpha = 4
    /// Red, green, blue and straight alpha (bit depth 8 or 16).
    case rgba = 6

    /// Whether `bitDepth` is allowed with this colour type.
    func allows(bitDepth: Int) -> Bool {
        switch self {
        case .gray: [1, 2, 4, 8, 16].contains(bitDepth)
        case .palette: [1, 2, 4, 8].contains(bitDepth)
        case .rgb, .grayAlpha, .rgba: bitDepth == 8 || bitDepth == 16
        }
    }
}

/// One of the seven Adam7 passes (or the single pass of a non-interlaced image): the pixels at
/// `(startX + i·stepX, startY + j·stepY)`.
struct PNGPass {
    let startX: Int
    let startY: Int
    let stepX: Int
    let stepY: Int
    /// Columns of the pass in an image `imageWidth` wide (0 if the pass is empty).
    func width(_ imageWidth: Int) -> Int { imageWidth > startX ? (imageWidth - startX + stepX - 1) / stepX : 0 }
    /// Rows of the pass in an image `imageHeight` tall (0 if the pass is empty).
    func height(_ imageHeight: Int) -> Int { imageHeight > startY ? (imageHeight - startY + stepY - 1) / stepY : 0 }

    static let whole = [PNGPass(startX: 0, startY: 0, stepX: 1, stepY: 1)]
    static let adam7 = [
        PNGPass(startX: 0, startY: 0, stepX: 8, stepY: 8),
        PNGPass(startX: 4, startY: 0, stepX: 8, stepY: 8),
        PNGPass(startX: 0, startY: 4, stepX: 4, stepY: 8),
        PNGPass(startX: 2, startY: 0, stepX: 4, stepY: 4),
        PNGPass(startX: 0, startY: 2, stepX: 2, stepY: 4),
        PNGPass(startX: 1, startY: 0, stepX: 2, stepY: 2),
        PNGPass(startX: 0, startY: 1, stepX: 1, stepY: 2),
    ]
}
