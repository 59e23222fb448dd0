/// A part of an edge between two heights of its row, weighted by the change of the rule across it.
struct WeightedSpan: Sendable {
    var index: Int32
    var change: Int32
    var top: Float
    var bottom: Float
}
