/// Which corners of a layer `cornerRadius` rounds (Apple API, the type of `maskedCorners`).
///
/// The corners are named by the bounds' coordinates, not by screen direction: `.layerMinXMinYCorner` is the corner
/// at the minimum x and minimum y of the bounds, which is the top left with iOS's default y-down geometry and the
/// bottom left on macOS. The raw bits are Apple's: minXminY 1, maxXminY 2, minXmaxY 4, maxXmaxY 8. Bits above
/// those four are stored and read back and have no effect.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corner bits.
    public let rawValue: UInt

    /// A mask from its raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The corner at the bounds' minimum x and minimum y.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at the bounds' maximum x and minimum y.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at the bounds' minimum x and maximum y.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at the bounds' maximum x and maximum y.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}
