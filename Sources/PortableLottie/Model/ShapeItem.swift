/// One entry of a shape layer's or shape group's item list (the format's shape objects, told apart by `ty`).
///
/// Lists run front to back: an item draws above the items after it. Path items (rectangles, ellipses, stars,
/// free paths) add outlines; fills and strokes paint the outlines listed before them in the same group and its
/// subgroups; modifiers (trim paths, round corners, repeaters, merges) change the outlines before them.
public struct ShapeItem: Sendable {
    /// What the item is.
    public indirect enum Kind: Sendable {
        /// A group of items with its own transform (`gr`).
        case group([ShapeItem])
        /// A rectangle (`rc`).
        case rectangle(RectangleShape)
        /// An ellipse (`el`).
        case ellipse(EllipseShape)
        /// A star or polygon (`sr`).
        case star(StarShape)
        /// A free Bézier path (`sh`).
        case path(PathShape)
        /// A solid fill (`fl`).
        case fill(ShapeFill)
        /// A solid stroke (`st`).
        case stroke(ShapeStroke)
        /// A gradient fill (`gf`).
        case gradientFill(GradientStyle)
        /// A gradient stroke (`gs`); its line is described by `stroke`, whose colour is unused.
        case gradientStroke(GradientStyle, line: ShapeStroke)
        /// The transform of the enclosing group (`tr`).
        case transform(LottieTransform)
        /// Trim paths (`tm`).
        case trim(TrimPaths)
        /// A repeater (`rp`).
        case repeater(ShapeRepeater)
        /// Rounded corners (`rd`), with the radius in points.
        case roundedCorners(AnimatableProperty<Double>)
        /// Merge paths (`mm`), with the format's mode number (1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude).
        case merge(mode: Int)
        /// An item type this library does not draw (pucker, twist, offset path, zig zag, an unknown `ty`…),
        /// with the format's type string. It is reported and skipped.
        case unsupported(type: String)
    }

    /// The item's name in the file (`nm`).
    public let name: String
    /// Whether the item is switched off (`hd`); hidden items are skipped.
    public let isHidden: Bool
    /// What the item is.
    public let kind: Kind

    /// An item.
    public init(name: String, isHidden: Bool = false, kind: Kind) {
        self.name = name
        self.isHidden = isHidden
        self.kind = kind
    }

    /// Whether the item adds an outline.
    var drawsPath: Bool {
        switch kind {
        case .rectangle, .ellipse, .star, .path: true
        default: false
        }
    }

    /// Whether the item paints the inside of outlines.
    var isFill: Bool {
        switch kind {
        case .fill, .gradientFill: true
        default: false
        }
    }

    /// Whether the item paints along outlines.
    var isStroke: Bool {
        switch kind {
        case .stroke, .gradientStroke: true
        default: false
        }
    }
}

/// Which way a path runs (the format's `d`): 1 or absent clockwise, 3 counter-clockwise. It matters for trim
/// paths, dashes and how overlapping outlines fill.
public enum PathDirection: Sendable {
    /// Clockwise on screen.
    case clockwise
    /// Counter-clockwise on screen.
    case counterClockwise
}
