/// How the open ends of a stroked subpath are drawn. Raw values are Apple's `Int32` constants.
public enum CGLineCap: Int32, Hashable, Sendable {
    /// The stroke stops flat exactly at the end point.
    case butt = 0
    /// A half disc of diameter equal to the line width is added beyond the end point.
    case round = 1
    /// The stroke is extended by half the line width beyond the end point, with a flat end.
    case square = 2
}
