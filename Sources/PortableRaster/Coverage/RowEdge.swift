/// One edge piece within one row of a band: x in mask columns at its top and bottom, y within the row (0 at
/// the row's top, 1 at its bottom, `yTop < yBottom`), its direction (+1 downward, −1 upward) and its x change
/// per unit of height.
struct RowEdge: Sendable {
    var xTop: Float
    var xBottom: Float
    var yTop: Float
    var yBottom: Float
    var sign: Float
    var row: Int32
    var slope: Float

    init(xTop: Float, xBottom: Float, yTop: Float, yBottom: Float, sign: Float, row: Int32) {
        self.xTop = xTop
        self.xBottom = xBottom
        self.yTop = yTop
        self.yBottom = yBottom
        self.sign = sign
        self.row = row
        slope = yBottom > yTop ? (xBottom - xTop) / (yBottom - yTop) : 0
    }

    /// The edge's x at height `y` (inside its heights).
    @inline(__always)
    func x(at y: Float) -> Float { y >= yBottom ? xBottom : xTop + (y - yTop) * slope }

    @inline(__always)
    var direction: Int { sign > 0 ? 1 : -1 }
}
