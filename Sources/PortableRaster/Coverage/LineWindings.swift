/// The winding numbers of the 64 lines of a row (see ``RowPiece/isSimpleRow(_:count:keys:_:)``) as 4-bit
/// two's-complement counters, bit-sliced: bit `k` of `bit0 ... bit3` holds line `k`'s counter.
struct LineWindings {
    var bit0: UInt64 = 0
    var bit1: UInt64 = 0
    var bit2: UInt64 = 0
    var bit3: UInt64 = 0
    /// Whether some counter went beyond −8 … 7.
    var overflowed = false

    /// Adds the piece's direction on the lines it spans.
    @inline(__always)
    mutating func cross(_ piece: RowPiece) {
        let lines = piece.lines
        if piece.sign > 0 {
            var carry = lines
            var next = bit0 ^ carry
            carry &= bit0
            bit0 = next
            next = bit1 ^ carry
            carry &= bit1
            bit1 = next
            next = bit2 ^ carry
            carry &= bit2
            bit2 = next
            if carry & ~bit3 != 0 { overflowed = true }  // 7 + 1
            bit3 ^= carry
        } else {
            var borrow = lines
            var next = bit0 ^ borrow
            borrow &= ~bit0
            bit0 = next
            next = bit1 ^ borrow
            borrow &= ~bit1
            bit1 = next
            next = bit2 ^ borrow
            borrow &= ~bit2
            bit2 = next
            if borrow & bit3 != 0 { overflowed = true }  // −8 − 1
            bit3 ^= borrow
        }
    }

    /// The windings present on the lines, as a set: for nonzero, bit 0 zero, bit 1 positive, bit 2 negative,
    /// bit 3 at least 2 in magnitude; for even-odd, bit `w + 8` for each winding `w`.
    @inline(__always)
    func found(evenOdd: Bool) -> UInt32 {
        if !evenOdd {
            let any = bit0 | bit1 | bit2 | bit3
            let zero = ~any
            let positive = ~bit3 & any
            let large = (~bit3 & (bit1 | bit2)) | (bit3 & ~(bit0 & bit1 & bit2))
            return (zero != 0 ? 1 : 0) | (positive != 0 ? 2 : 0) | (bit3 != 0 ? 4 : 0) | (large != 0 ? 8 : 0)
        }
        if (bit1 ^ bit2) | (bit2 ^ bit3) == 0 {
            // Every counter in −2 … 1 (its three high bits equal): 0 and 1 where bit 3 is clear, −2 and −1 where
            // it is set; the same set as the general loop below.
            let low = ~bit0
            return (~bit3 & bit0 != 0 ? 1 &<< 9 : 0) | (~bit3 & low != 0 ? 1 &<< 8 : 0)
                | (bit3 & bit0 != 0 ? 1 &<< 7 : 0) | (bit3 & low != 0 ? 1 &<< 6 : 0)
        }
        var set: UInt32 = 0
        for value in 0..<16 {
            let lines =
                (value & 1 != 0 ? bit0 : ~bit0) & (value & 2 != 0 ? bit1 : ~bit1) & (value & 4 != 0 ? bit2 : ~bit2)
                & (value & 8 != 0 ? bit3 : ~bit3)
            if lines != 0 { set |= 1 &<< UInt32((value + 8) & 15) }
        }
        return set
    }

    /// Whether a pixel holding the windings `set` (see ``found(evenOdd:)``) is resolved exactly by averaging.
    @inline(__always)
    static func isLinear(_ set: UInt32, evenOdd: Bool) -> Bool {
        if !evenOdd {
            let bothSigns = set & 6 == 6
            let zeroAndLarge = set & 9 == 9
            return !bothSigns && !zeroAndLarge
        }
        guard set != 0 else { return true }
        let lowest = set.trailingZeroBitCount
        return set >> UInt32(lowest) <= 3  // at most two neighbouring values
    }
}
