/// How the bytes of a bitmap are laid out: alpha placement (the low five bits, a ``CGImageAlphaInfo`` raw value),
/// component type and byte order, with Apple's raw values.
///
/// As on Apple platforms the byte-order values are small integers in a 3-bit field rather than independent flags,
/// so test them by masking with ``byteOrderMask`` and comparing, not with `contains`.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The bits that hold a ``CGImageAlphaInfo`` raw value.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that describe floating-point components.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating-point numbers instead of integers.
    public static let floatComponents = CGBitmapInfo(rawValue: 0x100)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order: big-endian, so components appear in memory in the order their names list them.
    public static let byteOrderDefault: CGBitmapInfo = []
    /// 16-bit words stored little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit words stored little-endian: an ARGB pixel appears in memory as B, G, R, A.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit words stored big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit words stored big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)

    /// 16-bit words in the byte order of the machine running the code.
    public static var byteOrder16Host: CGBitmapInfo {
        UInt16(1).littleEndian == 1 ? .byteOrder16Little : .byteOrder16Big
    }

    /// 32-bit words in the byte order of the machine running the code.
    public static var byteOrder32Host: CGBitmapInfo {
        UInt32(1).littleEndian == 1 ? .byteOrder32Little : .byteOrder32Big
    }
}

/// The byte order of an image's pixel words, with Apple's raw values (the ``CGBitmapInfo/byteOrderMask`` field).
public enum CGImageByteOrderInfo: UInt32, Sendable, Hashable {
    case orderMask = 0x7000
    case orderDefault = 0
    case order16Little = 0x1000
    case order32Little = 0x2000
    case order16Big = 0x3000
    case order32Big = 0x4000

    /// 16-bit words in the byte order of the machine running the code.
    public static var order16Host: CGImageByteOrderInfo {
        UInt16(1).littleEndian == 1 ? .order16Little : .order16Big
    }

    /// 32-bit words in the byte order of the machine running the code.
    public static var order32Host: CGImageByteOrderInfo {
        UInt32(1).littleEndian == 1 ? .order32Little : .order32Big
    }
}
