/// A mask of a layer (the format's `masksProperties` entry): a path that cuts the layer's content.
public struct LottieMask: Sendable {
    /// How a mask combines with the masks before it (the format's `mode`).
    public enum Mode: String, Sendable {
        /// Keeps what is inside the path (`a`).
        case add = "a"
        /// Removes what is inside the path (`s`).
        case subtract = "s"
        /// Keeps what is inside both this path and the masks before it (`i`).
        case intersect = "i"
        /// After Effects' lighten mode (`l`), drawn as `add`.
        case lighten = "l"
        /// After Effects' darken mode (`d`), drawn as `intersect`.
        case darken = "d"
        /// After Effects' difference mode (`f`), drawn as `add`.
        case difference = "f"
        /// The mask does nothing (`n`).
        case none = "n"
    }

    /// The mask's name in the file.
    public let name: String
    /// How the mask combines.
    public let mode: Mode
    /// Whether the path's inside and outside swap.
    public let isInverted: Bool
    /// The mask's path, in the layer's coordinates.
    public let shape: AnimatableProperty<BezierShape>
    /// The mask's opacity in percent.
    public let opacity: AnimatableProperty<Double>
    /// How far the mask grows outwards in points (not drawn; reported when non-zero).
    public let expansion: AnimatableProperty<Double>
}
