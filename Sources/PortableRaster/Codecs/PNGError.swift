/// Why bytes could not be decoded as a PNG image.
///
/// Each case says what is wrong with the file; none of them is ever a crash. Chunk types are given as
/// their four ASCII letters (unprintable bytes appear as `?`).
@_spi(Engine) public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with the 8-byte PNG signature.
    case notPNG
    /// The data ends inside a chunk, or before the `IEND` chunk.
    case truncated
    /// A chunk's declared length exceeds 2³¹ − 1 bytes.
    case chunkTooLong(type: String, length: UInt32)
    /// A chunk type contains bytes other than ASCII letters.
    case invalidChunkType(String)
    /// A chunk's CRC-32 does not match its type and data.
    case checksumMismatch(chunk: String, stored: UInt32, computed: UInt32)
    /// The first chunk is not `IHDR`.
    case missingHeader(found: String)
    /// `IHDR` has the wrong length, appears twice, or a field has a value the standard does not define.
    case invalidHeader(String)
    /// The header's width or height is 0 or exceeds 2³¹ − 1.
    case invalidDimensions(width: UInt32, height: UInt32)
    /// The image is larger than a ``PixelBuffer`` can hold.
    case imageTooLarge(width: Int, height: Int)
    /// The colour type and bit depth are not one of the 15 combinations PNG allows.
    case invalidColorTypeAndBitDepth(colorType: UInt8, bitDepth: UInt8)
    /// A known chunk is in a place the standard forbids (for example `PLTE` after `IDAT`, a second `tRNS`,
    /// or `IDAT` chunks that are not consecutive); the text says which.
    case misplacedChunk(String)
    /// The palette is required but missing, not allowed for the colour type, or malformed.
    case invalidPalette(String)
    /// The `tRNS` chunk has the wrong length or is not allowed for the colour type.
    case invalidTransparency(String)
    /// A chunk the decoder does not know is marked critical (first letter upper-case), so the image cannot be
    /// shown correctly without understanding it.
    case unknownCriticalChunk(String)
    /// There is no `IDAT` chunk.
    case missingImageData
    /// The image data is not a valid zlib stream (the underlying error says why).
    case compressedData(InflateError)
    /// The image data decompresses to a different number of bytes than the header implies (an error is also
    /// raised, as ``compressedData(_:)``, as soon as decompression goes beyond the expected size).
    case imageDataSizeMismatch(expected: Int, actual: Int)
    /// The compressed image data is too short to possibly hold the image the header describes (deflate
    /// cannot compress better than about 1 032 : 1); rejected before any memory for the image is reserved.
    case imageDataTooShort(compressedBytes: Int, expectedBytes: Int)
    /// A row starts with a filter type above 4.
    case invalidFilterType(row: Int, type: UInt8)
    /// A pixel refers to a palette entry beyond the end of the palette.
    case paletteIndexOutOfRange(index: Int, paletteCount: Int)

    @_spi(Engine) public var description: String {
        switch self {
        case .notPNG:
            return "not a PNG file (the 8-byte PNG signature is missing)"
        case .truncated:
            return "PNG data ends too early (the file is truncated)"
        case .chunkTooLong(let type, let length):
            return "PNG chunk \(type) declares \(length) bytes, more than the allowed 2^31 - 1"
        case .invalidChunkType(let type):
            return "PNG chunk type \"\(type)\" is not four ASCII letters (the file is corrupted)"
        case .checksumMismatch(let chunk, let stored, let computed):
            return "PNG chunk \(chunk) is corrupted: its CRC is 0x" + codecHex(stored) + " but its bytes give 0x"
                + codecHex(computed)
        case .missingHeader(let found):
            return "PNG must start with an IHDR chunk but starts with \(found)"
        case .invalidHeader(let reason):
            return "PNG header (IHDR) is invalid: \(reason)"
        case .invalidDimensions(let width, let height):
            return "PNG size \(width)×\(height) is invalid; width and height must be 1 ... 2147483647"
        case .imageTooLarge(let width, let height):
            return "PNG size \(width)×\(height) is too large to decode; each side may be at most "
                + "\(PixelBuffer.maximumSide) pixels and the image at most \(PixelBuffer.maximumByteCount) bytes"
        case .invalidColorTypeAndBitDepth(let colorType, let bitDepth):
            return "PNG colour type \(colorType) with bit depth \(bitDepth) is not a combination PNG allows"
        case .misplacedChunk(let reason):
            return "PNG chunk order is invalid: \(reason)"
        case .invalidPalette(let reason):
            return "PNG palette (PLTE) is invalid: \(reason)"
        case .invalidTransparency(let reason):
            return "PNG transparency (tRNS) is invalid: \(reason)"
        case .unknownCriticalChunk(let type):
            return "PNG contains the critical chunk \(type), which this decoder does not understand"
        case .missingImageData:
            return "PNG has no image data (no IDAT chunk)"
        case .compressedData(let error):
            if case .outputLimitExceeded(let limit) = error {
                return "PNG image data decompresses to more than the \(limit) bytes its header implies"
            }
            return "PNG image data is corrupted: \(error)"
        case .imageDataSizeMismatch(let expected, let actual):
            return "PNG image data decompresses to \(actual) bytes but the header implies \(expected)"
        case .imageDataTooShort(let compressed, let expected):
            return "PNG image data (\(compressed) compressed bytes) is far too short for the \(expected) bytes "
                + "the header implies"
        case .invalidFilterType(let row, let type):
            return "PNG row \(row) uses filter type \(type); only 0 ... 4 exist"
        case .paletteIndexOutOfRange(let index, let count):
            return "PNG pixel uses palette entry \(index) but the palette has only \(count) entries"
        }
    }
}
