/// How the winding number of a point decides whether it is inside a filled path.
///
/// The winding number counts how many times the outline goes around a point, with sign by direction.
/// For anti-aliased coverage the rules apply to the area-averaged winding `w` of each pixel:
/// nonzero gives `min(|w|, 1)`; even-odd folds `|w|` into a triangle wave of period 2
/// (0 → 0, 1 → 1, 2 → 0, 3 → 1, …) so that overlapping regions cancel.
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
