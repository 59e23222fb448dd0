/// Which edges of a layer are anti-aliased when `allowsEdgeAntialiasing` is on (Apple API, the type of
/// `edgeAntialiasingMask`).
///
/// The edges are named by the bounds' coordinates: the left edge is at the minimum x, the bottom edge at the
/// minimum y. The raw bits are Apple's: left 1, right 2, bottom 4, top 8. Bits above those four are stored and read
/// back and have no effect.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The edge bits.
    public let rawValue: UInt32

    /// A mask from its raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The edge at the bounds' minimum x.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The edge at the bounds' maximum x.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The edge at the bounds' minimum y.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The edge at the bounds' maximum y.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}
