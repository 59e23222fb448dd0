import Testing

@_spi(Engine) @testable import PortableRaster

/// The shortcut of the stroker's curve flattening that stops testing pieces for reaching the output once a piece
/// shows that every piece split from it does (`Stroker.staysInView`): it may only skip tests that would pass, so
/// that the same pieces are accepted as without it.
@Suite("Curve reach shortcut")
struct CurveReachTests {
    typealias Piece = Stroker.CurvePiece

    /// The two halves of `piece`, split at t = 1/2 exactly as the flattening splits it.
    static func halves(_ piece: Piece) -> (Piece, Piece) {
        let q0 = piece.p0.interpolated(to: piece.p1, by: 0.5)
        let q1 = piece.p1.interpolated(to: piece.p2, by: 0.5)
        let q2 = piece.p2.interpolated(to: piece.p3, by: 0.5)
        let r0 = q0.interpolated(to: q1, by: 0.5)
        let r1 = q1.interpolated(to: q2, by: 0.5)
        let middle = r0.interpolated(to: r1, by: 0.5)
        return (
            Piece(p0: piece.p0, p1: q0, p2: r0, p3: middle, depth: piece.depth + 1),
            Piece(p0: middle, p1: r1, p2: q2, p3: piece.p3, depth: piece.depth + 1)
        )
    }

    /// Whether the flattening's reach tests keep `piece` (it can reach the output).
    static func isKept(_ piece: Piece, _ limits: FlatteningLimits) -> Bool {
        Stroker.mayReach(limits.visible!, piece, limits.device) && !Stroker.isBeyond(limits.outputReach, piece)
    }

    @Test("a curve well inside a 100 × 100 output stays in view; one reaching 30 pixels past its side does not")
    func workedNumbers() throws {
        // Pen radius 2 (userPenRadius 2 so that the reach circle is used), identity transform.
        let limits = try #require(
            FlatteningLimits(
                transform: .identity, tolerance: 1.0 / 32, penRadius: 2,
                cull: PixelRect(x: 0, y: 0, width: 100, height: 100), penReach: (2, 2), userPenRadius: 2))
        let inside = Piece(
            p0: RasterPoint(x: 20, y: 50), p1: RasterPoint(x: 20, y: 30), p2: RasterPoint(x: 40, y: 20),
            p3: RasterPoint(x: 60, y: 20), depth: 0)
        #expect(Stroker.staysInView(limits.visible!, inside, limits))
        let across = Piece(
            p0: RasterPoint(x: 50, y: 50), p1: RasterPoint(x: 90, y: 50), p2: RasterPoint(x: 130, y: 50),
            p3: RasterPoint(x: 130, y: 80), depth: 0)
        #expect(!Stroker.staysInView(limits.visible!, across, limits))
    }

    @Test("every piece split from one that stays in view passes both reach tests (2 000 seeded curves, 6 levels)")
    func splitPiecesStayInView() throws {
        var random = SplitMix64(seed: 31)
        var inView = 0
        var checkedPieces = 0
        var failures = 0
        for _ in 0..<2_000 {
            // A rotated, unevenly scaled, translated transform, and a curve whose control points lie near a
            // 64 × 48 output in device space (some inside, some reaching out of it).
            let transform = Affine2D.rotation(radians: random.unit() * 6.3)
                .concatenated(.scale(x: 0.01 + random.unit() * 40, y: 0.01 + random.unit() * 40))
                .concatenated(.translation(x: random.unit() * 200 - 100, y: random.unit() * 200 - 100))
            let inverse = try #require(transform.inverted())
            let userPenRadius = random.unit() * 3
            let penRadius = userPenRadius * Stroker.largestStretch(of: transform)
            guard
                let limits = FlatteningLimits(
                    transform: transform, tolerance: 1.0 / 32, penRadius: penRadius,
                    cull: PixelRect(x: 0, y: 0, width: 64, height: 48), penReach: (penRadius, penRadius),
                    userPenRadius: userPenRadius)
            else { continue }
            func point() -> RasterPoint {
                inverse.apply(to: RasterPoint(x: random.unit() * 100 - 18, y: random.unit() * 80 - 16))
            }
            let curve = Piece(p0: point(), p1: point(), p2: point(), p3: point(), depth: 0)
            guard Self.isKept(curve, limits), Stroker.staysInView(limits.visible!, curve, limits) else { continue }
            inView += 1
            var level = [curve]
            for _ in 0..<6 {
                level = level.flatMap { piece -> [Piece] in
                    let (first, second) = Self.halves(piece)
                    return [first, second]
                }
                for piece in level {
                    checkedPieces += 1
                    if !Self.isKept(piece, limits) { failures += 1 }
                }
            }
        }
        #expect(failures == 0)
        // Enough curves take the shortcut for the check to mean something.
        #expect(inView > 200)
        #expect(checkedPieces == inView * 126)
    }
}
