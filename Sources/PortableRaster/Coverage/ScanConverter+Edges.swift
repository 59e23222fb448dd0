/// A straight edge clipped to the clip rectangle and to one band of rows.
///
/// `x` is in pixels from the clip's left border (`0 ... clip.width`); `y` is in pixels from the top of the
/// band (`0 ... bandHeight`). The edge runs from point 0 to point 1; its direction gives the winding sign.
struct EdgePiece: Sendable {
    var x0: Float
    var y0: Float
    var x1: Float
    var y1: Float
    /// Index of the band, counted from the clip's top (band `k` holds clip rows `k·2^shift ..< (k+1)·2^shift`).
    var band: Int32
}

extension ScanConverter {
    /// Adds a straight edge between two device points.
    ///
    /// Horizontal edges add nothing. The part above or below the clip is cut off, the part right of it is
    /// dropped and the part left of it is moved onto the clip's left border. Points that are not usable
    /// (see ``coordinateLimit``) make the whole edge be ignored.
    @_spi(Engine) public mutating func addLine(from start: RasterPoint, to end: RasterPoint) {
        guard Self.isUsable(start), Self.isUsable(end), !clip.isEmpty else { return }
        var x0 = start.x - Double(clip.x)
        var y0 = start.y - Double(clip.y)
        var x1 = end.x - Double(clip.x)
        var y1 = end.y - Double(clip.y)
        guard y0 != y1 else { return }
        let height = clipHeight
        if (y0 <= 0 && y1 <= 0) || (y0 >= height && y1 >= height) { return }

        // Cut at the top and bottom borders, interpolating x along the original edge.
        let dx = x1 - x0
        let dy = y1 - y0
        let originalX0 = x0
        let originalY0 = y0
        func x(atY y: Double) -> Double { originalX0 + dx * ((y - originalY0) / dy) }
        if y0 < 0 {
            x0 = x(atY: 0)
            y0 = 0
        } else if y0 > height {
            x0 = x(atY: height)
            y0 = height
        }
        if y1 < 0 {
            x1 = x(atY: 0)
            y1 = 0
        } else if y1 > height {
            x1 = x(atY: height)
            y1 = height
        }

        let width = clipWidth
        if x0 >= width && x1 >= width {
            reachesRight = true
            return
        }
        if x0 <= 0 && x1 <= 0 {
            emit(x0: 0, y0: y0, x1: 0, y1: y1)
            return
        }
        if x0 >= 0 && x0 <= width && x1 >= 0 && x1 <= width {
            emit(x0: x0, y0: y0, x1: x1, y1: y1)
            return
        }

        // The edge crosses x = 0 and/or x = width: cut it there, in order along the edge, and treat each
        // piece by the side of the clip it lies on.
        let leftToRight = x1 > x0
        let firstBorder = leftToRight ? 0.0 : width
        let secondBorder = leftToRight ? width : 0.0
        let lowY = Swift.min(y0, y1)
        let highY = Swift.max(y0, y1)
        var pieceX = x0
        var pieceY = y0
        if (x0 - firstBorder) * (x1 - firstBorder) < 0 {
            let cutY = Swift.min(Swift.max(y0 + (y1 - y0) * ((firstBorder - x0) / (x1 - x0)), lowY), highY)
            emitSide(x0: pieceX, y0: pieceY, x1: firstBorder, y1: cutY)
            pieceX = firstBorder
            pieceY = cutY
        }
        if (x0 - secondBorder) * (x1 - secondBorder) < 0 {
            let cutY = Swift.min(Swift.max(y0 + (y1 - y0) * ((secondBorder - x0) / (x1 - x0)), lowY), highY)
            emitSide(x0: pieceX, y0: pieceY, x1: secondBorder, y1: cutY)
            pieceX = secondBorder
            pieceY = cutY
        }
        emitSide(x0: pieceX, y0: pieceY, x1: x1, y1: y1)
    }

    /// Records one piece of a cut edge that lies entirely on one side of each vertical clip border: left
    /// pieces move onto x = 0, right pieces are dropped, inside pieces are kept.
    @inline(__always)
    mutating func emitSide(x0: Double, y0: Double, x1: Double, y1: Double) {
        let middle = (x0 + x1) * 0.5
        if middle <= 0 {
            emit(x0: 0, y0: y0, x1: 0, y1: y1)
        } else if middle >= clipWidth {
            reachesRight = true
        } else {
            let width = clipWidth
            emit(
                x0: Swift.min(Swift.max(x0, 0), width), y0: y0,
                x1: Swift.min(Swift.max(x1, 0), width), y1: y1)
        }
    }

    /// Records a clipped edge (clip-relative, inside the clip), splitting it at band boundaries.
    @inline(__always)
    mutating func emit(x0: Double, y0: Double, x1: Double, y1: Double) {
        guard y0 != y1 else { return }
        minX = Swift.min(minX, Swift.min(x0, x1))
        maxX = Swift.max(maxX, Swift.max(x0, x1))
        let top = Swift.min(y0, y1)
        let bottom = Swift.max(y0, y1)
        minY = Swift.min(minY, top)
        maxY = Swift.max(maxY, bottom)
        let shift = bandShift
        let firstBand = Int(top) >> shift
        // `Int(bottom.rounded(.up))` without a call to `ceil` (x86-64 before SSE4.1 has no rounding instruction):
        // `bottom` lies in `0 ... clipHeight`.
        let bottomRow = Int(bottom)
        let lastBand = (Double(bottomRow) < bottom ? bottomRow : bottomRow - 1) >> shift
        if firstBand >= lastBand {
            let base = Double(firstBand << shift)
            pieces.append(
                EdgePiece(
                    x0: Float(x0), y0: Float(y0 - base), x1: Float(x1), y1: Float(y1 - base),
                    band: Int32(firstBand)))
            return
        }
        // Split at each band boundary, keeping the edge's direction in every piece.
        let slope = (x1 - x0) / (y1 - y0)
        let topX = y0 < y1 ? x0 : x1
        let downward = y1 > y0
        for band in firstBand...lastBand {
            let base = Double(band << shift)
            let pieceTop = Swift.max(top, base)
            let pieceBottom = Swift.min(bottom, Double((band + 1) << shift))
            guard pieceBottom > pieceTop else { continue }
            let xTop = topX + (pieceTop - top) * slope
            let xBottom = band == lastBand ? (downward ? x1 : x0) : topX + (pieceBottom - top) * slope
            let lowX = Swift.min(x0, x1)
            let highX = Swift.max(x0, x1)
            let a = Float(Swift.min(Swift.max(xTop, lowX), highX))
            let b = Float(Swift.min(Swift.max(xBottom, lowX), highX))
            let yTop = Float(pieceTop - base)
            let yBottom = Float(pieceBottom - base)
            pieces.append(
                downward
                    ? EdgePiece(x0: a, y0: yTop, x1: b, y1: yBottom, band: Int32(band))
                    : EdgePiece(x0: b, y0: yBottom, x1: a, y1: yTop, band: Int32(band)))
        }
    }
}
