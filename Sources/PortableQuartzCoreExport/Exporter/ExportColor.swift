/// An opaque sRGB colour, 8 bits per channel, not premultiplied (our addition): a GIF palette entry, the matte
/// partly transparent pixels are composited over, a video background.
public struct ExportColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// A colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Black, (0, 0, 0).
    public static let black = ExportColor(red: 0, green: 0, blue: 0)
    /// White, (255, 255, 255).
    public static let white = ExportColor(red: 255, green: 255, blue: 255)

    /// The colour packed as `red | green << 8 | blue << 16`, the layout the encoder's working buffers use.
    var packed: UInt32 { UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 }

    /// Unpacks the low 24 bits of `packed` (red lowest).
    init(packed: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed), green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed >> 16))
    }

    public var description: String { "ExportColor(\(red), \(green), \(blue))" }
}
