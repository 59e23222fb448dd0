/// An edge's place in left-to-right order: a sort key (x, or the sum of two x), then its index, so ties keep
/// the order edges were added in.
struct EdgeKey: Comparable, Sendable {
    var left: Float
    var index: Int32

    @inline(__always)
    static func < (a: EdgeKey, b: EdgeKey) -> Bool { a.left < b.left || (a.left == b.left && a.index < b.index) }
}
