/// How a painted source pixel combines with the destination pixel beneath it.
///
/// Three families, all defined on premultiplied pixels with channels read as fractions of 255. Below, `s` and
/// `d` are premultiplied colour channels, `αs` and `αd` the alphas, and `Cs = s/αs`, `Cd = d/αd` the straight
/// (unpremultiplied) colours, taken as 0 when the alpha is 0.
///
/// - **Normal** is source-over: `r = s + d·(1 − αs)` for all four channels.
/// - **Separable and non-separable blend modes** (``multiply`` … ``luminosity``) follow the PDF compositing
///   model: a blend function `B(Cd, Cs)` mixes the straight colours where both layers are present, and
///   source-over takes over where only one is:
///
///       r  = s·(1 − αd) + d·(1 − αs) + αs·αd·B(Cd, Cs)
///       αr = αs + αd − αs·αd
///
///   The separable functions act on each of red, green and blue alone; the four non-separable ones
///   (``hue``, ``saturation``, ``color``, ``luminosity``) work on the colour as a whole through its
///   luminosity `0.3·R + 0.59·G + 0.11·B` and saturation `max − min`, as the PDF specification defines them.
/// - **Porter-Duff operators** (``clear`` … ``xor``) and the two saturating sums ``plusDarker`` and
///   ``plusLighter`` apply one formula to every premultiplied channel, alpha included; each case gives it.
///
/// ## Coverage and global alpha
/// Anti-aliasing coverage and clipping (the mask a shape is painted through) act as a linear interpolation
/// between the old destination and the fully composited result: `d' = d + m·(r − d)` for coverage `m`.
/// Pixels outside the shape are therefore never touched, even by operators such as ``copy`` or
/// ``sourceIn`` that would otherwise clear them. Global alpha scales the source before it is composited, as
/// part of the paint's opacity. For ``normal`` and the PDF blend modes the two readings agree exactly (their
/// result is linear in the source's scale), and the fast source-over path folds alpha into the coverage.
@_spi(Engine) public enum BlendMode: Hashable, Sendable, CaseIterable {
    /// Source over destination: `r = s + d·(1 − αs)`.
    case normal
    /// `B = Cs·Cd`: darkens; white is neutral.
    case multiply
    /// `B = Cs + Cd − Cs·Cd`: lightens; black is neutral.
    case screen
    /// ``hardLight`` with the roles of source and destination swapped: multiplies or screens depending on
    /// the destination.
    case overlay
    /// `B = min(Cs, Cd)` per channel.
    case darken
    /// `B = max(Cs, Cd)` per channel.
    case lighten
    /// Brightens the destination towards the source: `B = min(1, Cd / (1 − Cs))`, with `B = 0` when `Cd = 0`
    /// and `B = 1` when `Cs = 1` (and `Cd > 0`).
    case colorDodge
    /// Darkens the destination towards the source: `B = 1 − min(1, (1 − Cd) / Cs)`, with `B = 1` when
    /// `Cd = 1` and `B = 0` when `Cs = 0` (and `Cd < 1`).
    case colorBurn
    /// A gentle ``hardLight``: for `Cs ≤ ½` `B = Cd − (1 − 2Cs)·Cd·(1 − Cd)`; above, `B = Cd + (2Cs − 1)·(D − Cd)`
    /// with `D = ((16Cd − 12)·Cd + 4)·Cd` for `Cd ≤ ¼` and `D = √Cd` otherwise.
    case softLight
    /// Multiplies (`Cs ≤ ½`: `B = Cd·2Cs`) or screens (`B = screen(Cd, 2Cs − 1)`) depending on the source.
    case hardLight
    /// `B = |Cd − Cs|`.
    case difference
    /// `B = Cd + Cs − 2·Cd·Cs`: like ``difference`` with less contrast.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// `r = 0`.
    case clear
    /// `r = s`: the source replaces the destination.
    case copy
    /// `r = s·αd`.
    case sourceIn
    /// `r = s·(1 − αd)`.
    case sourceOut
    /// `r = s·αd + d·(1 − αs)`.
    case sourceAtop
    /// `r = s·(1 − αd) + d`.
    case destinationOver
    /// `r = d·αs`.
    case destinationIn
    /// `r = d·(1 − αs)`.
    case destinationOut
    /// `r = s·(1 − αd) + d·αs`.
    case destinationAtop
    /// `r = s·(1 − αd) + d·(1 − αs)`.
    case xor
    /// The darkening counterpart of ``plusLighter``: alphas add (`αr = min(1, αs + αd)`) and the
    /// complements `α − c` of the colour channels add, `r = max(0, αr − (αs − s) − (αd − d))`. With both
    /// pixels opaque this is `max(0, s + d − 1)`; over a transparent destination it leaves the source.
    case plusDarker
    /// Saturating sum of premultiplied channels: `r = min(1, s + d)`, alpha included.
    case plusLighter

    /// Whether the mode is one of the PDF blend modes (``multiply`` … ``luminosity``), composited with the
    /// formula in the type's discussion.
    @_spi(Engine) public var isPDFBlendMode: Bool {
        switch self {
        case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
            .difference, .exclusion, .hue, .saturation, .color, .luminosity:
            return true
        default:
            return false
        }
    }

    /// Whether the mode acts on each colour channel alone (every mode except the four non-separable ones).
    @_spi(Engine) public var isSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: return false
        default: return true
        }
    }

    /// Whether a fully transparent source pixel leaves the destination unchanged under this mode.
    ///
    /// False for the operators that clear or cut the destination where the source is empty (``clear``,
    /// ``copy``, ``sourceIn``, ``sourceOut``, ``destinationIn``, ``destinationAtop``); painting with them
    /// changes every pixel the mask covers.
    @_spi(Engine) public var keepsDestinationUnderClearSource: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }
}
