/// How the winding number of a point decides whether it is inside a filled path.
///
/// The winding number counts how many times the outline goes around a point, with sign by direction.
/// For anti-aliased coverage a pixel's value is the fraction of its area where the rule holds. Where the windings
/// inside one pixel can be averaged first (all on one side of the rule's kink), the scan converter applies the rule
/// to the area-averaged winding `w` (nonzero `min(|w|, 1)`; even-odd a triangle wave of period 2); rows where edges
/// overlap are evaluated exactly (see ``ScanConverter``).
@_spi(Engine) public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
