/// The five PNG row filters (filter method 0). Each predicts a byte from its neighbours — `a` the
/// corresponding byte of the pixel to the left, `b` the byte above, `c` the byte above-left, all 0 outside
/// the image — and stores the difference modulo 256.
@_spi(Engine) public enum PNGFilterType: UInt8, CaseIterable, Hashable, Sendable {
    /// No prediction.
    case none = 0
    /// Predicts `a`.
    case sub = 1
    /// Predicts `b`.
    case up = 2
    /// Predicts `⌊(a + b) / 2⌋`.
    case average = 3
    /// Predicts whichever of `a`, `b`, `c` is closest to `a + b − c` (ties prefer `a`, then `b`).
    case paeth = 4
}

/// The Paeth predictor of the PNG specification for the left, upper and upper-left bytes.
@inline(__always)
func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let ia = Int16(a)
    let ib = Int16(b)
    let ic = Int16(c)
    // p = a + b − c; |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c|.
    let pa = abs(ib &- ic)
    let pb = abs(ia &- ic)
    let pc = abs(ia &+ ib &- 2 &* ic)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
}

extension PNGFilterType {
    /// Reverses this filter in place on one row of `count` bytes.
    ///
    /// - Parameters:
    ///   - row: the filtered bytes, replaced by the original bytes.
    ///   - previous: the already reconstructed row above (all zeros for the first row of a pass).
    ///   - stride: bytes per pixel, rounded up to 1 (the distance to `a`).
    func reverse(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int) {
        switch self {
        case .none:
            return
        case .sub:
            var index = stride
            while index < count {
                row[index] &+= row[index &- stride]
                index &+= 1
            }
        case .up:
            for index in 0..<count { row[index] &+= previous[index] }
        case .average:
            for index in 0..<min(stride, count) { row[index] &+= previous[index] &>> 1 }
            var index = stride
            while index < count {
                row[index] &+= UInt8(
                    truncatingIfNeeded: (UInt16(row[index &- stride]) &+ UInt16(previous[index])) &>> 1)
                index &+= 1
            }
        case .paeth:
            for index in 0..<min(stride, count) { row[index] &+= previous[index] }
            var index = stride
            while index < count {
                row[index] &+= paethPredictor(row[index &- stride], previous[index], previous[index &- stride])
                index &+= 1
            }
        }
    }
}
