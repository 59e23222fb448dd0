import Testing

@_spi(Engine) @testable import PortableRaster

/// The chain test of the scan converter's row loop (`RowChain.isSimpleChainedRow`): consecutive pieces that join
/// end to end count as one, so rows where a curve's flattened segments meet are settled without the full check. It
/// may only accept rows the full check accepts (then the pixels are the same either way).
@Suite("Row chain check")
struct RowChainCheckTests {
    static func chainTest(_ pieces: [RowPiece]) -> Bool {
        pieces.withUnsafeBufferPointer { RowChain.isSimpleChainedRow($0.baseAddress!, count: $0.count) }
    }

    /// The pieces a contour crossing the row through `points` (x, height; in drawing order, heights all increasing
    /// or all decreasing) leaves in it, recorded as the accumulation records them: each with its top first.
    static func chain(_ points: [(Float, Float)]) -> [RowPiece] {
        zip(points, points.dropFirst()).map { start, end in
            start.1 < end.1
                ? RowExactnessCheckTests.piece(start.0, end.0, start.1, end.1, 1)
                : RowExactnessCheckTests.piece(end.0, start.0, end.1, start.1, -1)
        }
    }

    @Test(
        "a stroked ring's row with joints in three of its four contours (eight pieces) passes, as it does the full check; so does a spiral's row of six"
    )
    func ringRowWithJointsPasses() {
        // Outer left going up with a joint at height 0.4, inner left going down, inner right going up with a joint,
        // outer right going down with two joints.
        let pieces =
            Self.chain([(10.6, 1), (10.3, 0.4), (10.2, 0)]) + Self.chain([(12.1, 0), (12.5, 1)])
            + Self.chain([(40.2, 1), (40.0, 0.7), (39.9, 0)])
            + Self.chain([(42.0, 0), (42.1, 0.2), (42.4, 0.5), (42.9, 1)])
        #expect(pieces.count == 8)
        #expect(Self.chainTest(pieces))
        #expect(RowExactnessCheckTests.isSimple(pieces))
        #expect(RowExactnessCheckTests.isSimple(pieces, evenOdd: true))
        // Two chains: a rectangle's sides, the left one with a joint.
        #expect(Self.chainTest(Self.chain([(10.6, 1), (10.3, 0.4), (10.2, 0)]) + Self.chain([(30, 0), (30, 1)])))
        // Six: a row across three turns of a stroked spiral, the outer turn recorded first.
        let spiral =
            Self.chain([(2, 0), (2.5, 0.5), (2.7, 1)]) + Self.chain([(60.4, 1), (60.1, 0)])
            + Self.chain([(10.3, 1), (10, 0)]) + Self.chain([(52, 0), (52.2, 0.6), (52.3, 1)])
            + Self.chain([(18, 0), (18.4, 1)]) + Self.chain([(44.5, 1), (44.2, 0.3), (44, 0)])
        #expect(Self.chainTest(spiral))
        #expect(RowExactnessCheckTests.isSimple(spiral))
        // Swapping the directions of the middle turn's sides gives two downward chains side by side.
        let swapped =
            Self.chain([(2, 0), (2.5, 0.5), (2.7, 1)]) + Self.chain([(60.4, 1), (60.1, 0)])
            + Self.chain([(10, 0), (10.3, 1)]) + Self.chain([(52.3, 1), (52.2, 0.6), (52, 0)])
            + Self.chain([(18, 0), (18.4, 1)]) + Self.chain([(44.5, 1), (44.2, 0.3), (44, 0)])
        #expect(!Self.chainTest(swapped))
    }

    @Test("rows whose chains overlap, repeat a direction or do not join are left to the full check")
    func suspiciousRowsAreNotAccepted() {
        let left = Self.chain([(10.6, 1), (10.3, 0.4), (10.2, 0)])
        let right = Self.chain([(12.1, 0), (12.5, 1)])
        // Both going up: winding −2 right of the second.
        #expect(!Self.chainTest(left + Self.chain([(12.5, 1), (12.1, 0)])))
        // The right chain starts left of the left chain's end: x ranges overlap.
        #expect(!Self.chainTest(left + Self.chain([(10.25, 0), (12.5, 1)])))
        // A gap in the left chain (x 10.3, then 10.35) splits it in two whose x ranges overlap.
        var broken = left
        broken[1].geometry.y = 10.35
        #expect(!Self.chainTest(broken + right))
        // The same chains, joined, pass.
        #expect(Self.chainTest(left + right))
        // The top of a circle: one contour turning from up to down at (20, 0.3) makes two chains that touch there and
        // do not cross the whole row; the full check takes it.
        let top = Self.chain([(14, 1), (17, 0.5), (20, 0.3)]) + Self.chain([(20, 0.3), (23, 0.5), (26, 1)])
        #expect(!Self.chainTest(top))
        #expect(RowExactnessCheckTests.isSimple(top))
        // Chains that touch (the left one ends at x 12.1 where the right one begins) are left to the full check too.
        #expect(!Self.chainTest(Self.chain([(10.6, 1), (12.1, 0)]) + Self.chain([(12.1, 0), (12.5, 1)])))
    }

    @Test(
        "whenever the chain test accepts, the full check accepts, under both rules (40 000 seeded rows of joined pieces)"
    )
    func chainTestAgreesWithFullCheck() {
        var random = SplitMix64(seed: 11)
        func unit() -> Float { Float(random.next() % 1024) / 1024 }
        var accepted = 0
        var acceptedOverFour = 0
        var wrong = 0
        for index in 0..<40_000 {
            // Two to five contours crossing the row left to right, each through one to four joined pieces, with
            // alternating directions most of the time; some pieces are nudged so they no longer join, some
            // contours stop inside the row, some touch or lie over their neighbours.
            var contourPieces: [[RowPiece]] = []
            var x: Float = 0
            let contours = 2 + Int(random.next() % 4)
            for contour in 0..<contours {
                x += Float(random.next() % 8) * 0.25
                let downward = random.next() % 8 == 0 ? random.next() % 2 == 0 : contour % 2 == 0
                let top: Float = random.next() % 16 == 0 ? unit() * 0.5 : 0
                let bottom: Float = random.next() % 16 == 0 ? 0.5 + unit() * 0.5 : 1
                let count = 1 + Int(random.next() % 4)
                var heights = (0..<(count - 1)).map { _ in top + (bottom - top) * unit() }.sorted()
                heights = [top] + heights + [bottom]
                var points = heights.map { height -> (Float, Float) in
                    let point = (x, height)
                    x += unit() * (random.next() % 3 == 0 ? 0 : 1.5)
                    return point
                }
                if random.next() % 6 == 0 { x -= 2 }
                if !downward { points.reverse() }
                var chain = Self.chain(points)
                if random.next() % 10 == 0, let last = chain.indices.last { chain[last].geometry.x += 0.125 }
                contourPieces.append(chain)
            }
            if random.next() % 3 == 0 {
                // Contours recorded in another order (the pieces of each stay together).
                contourPieces.reverse()
            }
            let pieces = Array(contourPieces.joined())
            guard Self.chainTest(pieces) else { continue }
            accepted += 1
            if pieces.count > 4 { acceptedOverFour += 1 }
            if !RowExactnessCheckTests.isSimple(pieces, evenOdd: index % 2 == 0) { wrong += 1 }
        }
        #expect(wrong == 0)
        // The test answers often enough, and for rows the pair and quad tests cannot take.
        #expect(accepted > 6_000)
        #expect(acceptedOverFour > 4_000)
    }
}
