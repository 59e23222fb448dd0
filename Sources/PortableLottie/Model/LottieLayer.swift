/// One layer of a composition (the format's layer object, told apart by `ty`).
///
/// Times are composition frames of the composition that holds the layer: the layer shows from ``inFrame`` up to
/// (not including) ``outFrame``; its own keyframes are in its local time, which is the parent time minus
/// ``startFrame``, divided by ``stretch``.
public struct LottieLayer: Sendable {
    /// What the layer shows.
    public enum Content: Sendable {
        /// Another composition (`ty` 0).
        case precomposition(PrecompositionReference)
        /// A rectangle of one colour, `width` × `height` points from the origin (`ty` 1).
        case solid(color: [Double], width: Double, height: Double)
        /// An image asset (`ty` 2).
        case image(assetID: String)
        /// Nothing; the layer only carries a transform for its children (`ty` 3).
        case null
        /// Vector shapes (`ty` 4).
        case shape([ShapeItem])
        /// Text (`ty` 5).
        case text(TextContent)
        /// A layer type this library does not draw (audio, camera, data…), with its `ty`; reported and skipped.
        case unsupported(type: Int)
    }

    /// How a track matte uses the layer above it (`tt`).
    public enum MatteMode: Int, Sendable {
        /// Shows where the matte is opaque.
        case alpha = 1
        /// Shows where the matte is transparent.
        case alphaInverted = 2
        /// Shows where the matte is bright.
        case luma = 3
        /// Shows where the matte is dark.
        case lumaInverted = 4
    }

    /// How the layer blends with what is below it (`bm`).
    public enum BlendMode: Int, Sendable {
        case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
            difference, exclusion, hue, saturation, color, luminosity, add, hardMix
    }

    /// The layer's name (`nm`).
    public let name: String
    /// The number other layers use to name this one as their parent or matte (`ind`).
    public let index: Int?
    /// The `index` of the layer whose transform applies on top of this one's (`parent`).
    public let parentIndex: Int?
    /// What the layer shows.
    public let content: Content
    /// The layer's transform.
    public let transform: LottieTransform
    /// The first frame the layer shows (`ip`).
    public let inFrame: Double
    /// The frame at which the layer stops showing (`op`).
    public let outFrame: Double
    /// Where the layer's local time 0 falls in its composition (`st`).
    public let startFrame: Double
    /// How much slower the layer's local time runs (`sr`, 1 normal).
    public let stretch: Double
    /// Whether the layer turns to follow its position's path (`ao`).
    public let autoOrient: Bool
    /// How the layer blends.
    public let blendMode: BlendMode
    /// The layer's masks, applied in order.
    public let masks: [LottieMask]
    /// How the layer above this one cuts it, if it is a track matte (`tt`).
    public let matteMode: MatteMode?
    /// Whether this layer is only a matte for the layer below it (`td`); it is not drawn itself.
    public let isMatteSource: Bool
    /// The `index` of the layer used as this layer's matte, when the file names it (`tp`).
    public let matteParentIndex: Int?
    /// Whether the layer is switched off (`hd`).
    public let isHidden: Bool
    /// Whether the layer is a 3-D layer (`ddd`).
    public let is3D: Bool
    /// The layer's effects and layer styles (only drop shadows are drawn).
    public let effects: [LayerEffect]
}

/// A precomposition layer's reference to its composition.
public struct PrecompositionReference: Sendable {
    /// The id of the precomposition asset.
    public let assetID: String
    /// The width of the layer's frame in points; its content is clipped to it.
    public let width: Double
    /// The height of the layer's frame in points.
    public let height: Double
    /// Time remapping: the precomposition's time in seconds as a function of the layer's frame; nil when the
    /// time runs normally.
    public let timeRemap: AnimatableProperty<Double>?
}

/// An effect or layer style of a layer (the format's `ef` and `sy` entries).
public struct LayerEffect: Sendable {
    /// What the effect is.
    public enum Kind: Sendable {
        /// A drop shadow (effect `ty` 25 or layer style `ty` 1).
        case dropShadow(DropShadow)
        /// Anything else, with the format's type number; reported and skipped.
        case unsupported(type: Int)
    }

    /// The effect's name.
    public let name: String
    /// Whether the effect is switched on.
    public let isEnabled: Bool
    /// What the effect is.
    public let kind: Kind
}

/// A drop shadow's settings, as the file gives them.
public struct DropShadow: Sendable {
    /// Where the shadow comes from; the two spell direction and blur differently.
    public enum Source: Sendable {
        /// After Effects' Drop Shadow effect: direction 0° is straight up, softness is a blur in AE's units.
        case effect
        /// A layer style: angle 0° points right (90° down), size is the blur size.
        case layerStyle
    }

    /// Where the shadow comes from.
    public let source: Source
    /// The colour, components 0…1.
    public let color: AnimatableProperty<[Double]>
    /// The opacity in percent.
    public let opacity: AnimatableProperty<Double>
    /// The direction the shadow falls, in degrees (see ``Source``).
    public let angle: AnimatableProperty<Double>
    /// How far the shadow falls, in points.
    public let distance: AnimatableProperty<Double>
    /// The blur: the effect's softness or the style's size.
    public let blur: AnimatableProperty<Double>
}
