@_spi(Engine) import PortableRaster

/// How a context combines what it paints with the pixels already in the bitmap: Apple's `CGBlendMode`, with
/// Apple's raw values.
///
/// The first sixteen cases are the PDF blend modes, the rest Porter-Duff operators and the two saturating sums.
/// Every case is drawn by the raster engine's mode of the same name; the formulas, and how anti-aliasing
/// coverage, clipping and the context's alpha enter them, are documented on that engine type (`BlendMode` in
/// `PortableRaster`). Pixels outside the painted shape are never changed, even by operators such as ``copy``
/// or ``sourceIn``.
public enum CGBlendMode: Int32, Hashable, Sendable {
    /// Source over destination.
    case normal = 0
    /// Source times destination: darkens, white is neutral.
    case multiply = 1
    /// The inverse of multiplying the inverses: lightens, black is neutral.
    case screen = 2
    /// Multiplies or screens depending on the destination colour.
    case overlay = 3
    /// The darker of source and destination, per channel.
    case darken = 4
    /// The lighter of source and destination, per channel.
    case lighten = 5
    /// Brightens the destination towards the source.
    case colorDodge = 6
    /// Darkens the destination towards the source.
    case colorBurn = 7
    /// A gentle version of ``hardLight``.
    case softLight = 8
    /// Multiplies or screens depending on the source colour.
    case hardLight = 9
    /// The absolute difference of source and destination.
    case difference = 10
    /// Like ``difference`` with less contrast.
    case exclusion = 11
    /// The source's hue with the destination's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the destination's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the destination's luminosity.
    case color = 14
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity = 15
    /// Covered pixels become transparent.
    case clear = 16
    /// The source replaces the destination where it is painted.
    case copy = 17
    /// The source, kept only where the destination is opaque.
    case sourceIn = 18
    /// The source, kept only where the destination is transparent.
    case sourceOut = 19
    /// The source over the destination, kept only where the destination is opaque.
    case sourceAtop = 20
    /// The destination over the source.
    case destinationOver = 21
    /// The destination, kept only where the source is opaque.
    case destinationIn = 22
    /// The destination, kept only where the source is transparent.
    case destinationOut = 23
    /// The destination over the source, kept only where the source is opaque.
    case destinationAtop = 24
    /// The parts of source and destination that do not overlap.
    case xor = 25
    /// Saturating sum of the complements: darkens.
    case plusDarker = 26
    /// Saturating sum of the premultiplied channels: lightens.
    case plusLighter = 27

    /// The raster engine's mode for this case.
    var rasterMode: BlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .clear: return .clear
        case .copy: return .copy
        case .sourceIn: return .sourceIn
        case .sourceOut: return .sourceOut
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationIn: return .destinationIn
        case .destinationOut: return .destinationOut
        case .destinationAtop: return .destinationAtop
        case .xor: return .xor
        case .plusDarker: return .plusDarker
        case .plusLighter: return .plusLighter
        }
    }
}
