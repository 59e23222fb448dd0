/// How the corner between two stroked segments is drawn. Raw values are Apple's `Int32` constants.
public enum CGLineJoin: Int32, Hashable, Sendable {
    /// The outer edges are extended until they meet, unless the spike would exceed the miter limit, in which case
    /// the corner is bevelled.
    case miter = 0
    /// The corner is rounded with a circular arc of diameter equal to the line width.
    case round = 1
    /// The corner is cut off by a straight line between the outer edges' end points.
    case bevel = 2
}
