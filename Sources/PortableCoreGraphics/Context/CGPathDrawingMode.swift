/// What ``CGContext/drawPath(using:)`` paints: Apple's `CGPathDrawingMode`, with Apple's raw values.
public enum CGPathDrawingMode: Int32, Hashable, Sendable {
    /// Fill with the nonzero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke with the current line attributes.
    case stroke = 2
    /// Fill with the nonzero winding rule, then stroke on top.
    case fillStroke = 3
    /// Fill with the even-odd rule, then stroke on top.
    case eoFillStroke = 4
}
