import Testing

@_spi(Engine) @testable import PortableRaster

/// The lobes a step adds where the pen is wider than the curve is tight (`OutlineBuilder.emitLobes`), whose
/// divisions are skipped when the first quotient cannot be below 1 in size.
@Suite("Stroke lobes")
struct StrokeLobeTests {
    /// The lobes `emitLobes` adds for one step, as the number of path points (each lobe is two triangles: 6).
    static func lobePoints(_ start: StrokeVertex, _ end: StrokeVertex, radius: Double) -> Int {
        var builder = OutlineBuilder<PathReceiver>(
            style: StrokeStyle(width: 2 * radius), halfWidth: radius, output: .identity, deviceMap: nil,
            tolerance: 0.01, cull: nil, detail: nil)
        let run = [start, end]
        run.withUnsafeBufferPointer { builder.emitLobes($0) }
        return builder.receiver.path.points.count
    }

    /// Whether the step gets a lobe, by the plain formula: both quotients, then their ranges.
    static func hasLobe(_ start: StrokeVertex, _ end: StrokeVertex, radius: Double) -> Bool {
        guard start.tangentOut != end.tangentIn else { return false }
        let normalStart = RasterPoint(x: -start.tangentOut.y, y: start.tangentOut.x) * radius
        let normalEnd = RasterPoint(x: -end.tangentIn.y, y: end.tangentIn.x) * radius
        let denominator = Stroker.cross(normalStart, normalEnd)
        guard abs(denominator) > 1e-12 * radius * radius else { return false }
        let delta = end.point - start.point
        let u = Stroker.cross(delta, normalEnd) / denominator
        let w = Stroker.cross(delta, normalStart) / denominator
        return (u > 0 && u < 1 && w > 0 && w < 1) || (u < 0 && u > -1 && w < 0 && w > -1)
    }

    static func vertex(_ x: Double, _ y: Double, angleIn: Double, angleOut: Double) -> StrokeVertex {
        let tangentIn = RasterPoint(x: CoverageReference.cosine(angleIn), y: CoverageReference.sine(angleIn))
        let tangentOut = RasterPoint(x: CoverageReference.cosine(angleOut), y: CoverageReference.sine(angleOut))
        return StrokeVertex(point: RasterPoint(x: x, y: y), tangentIn: tangentIn, tangentOut: tangentOut, kind: .smooth)
    }

    @Test("a step to (1, 0.5) turning from +x to +y under a pen of radius 10 has one lobe (6 points); radius 0.5 none")
    func workedNumbers() {
        let start = StrokeVertex(
            point: .zero, tangentIn: RasterPoint(x: 1, y: 0), tangentOut: RasterPoint(x: 1, y: 0), kind: .smooth)
        let end = StrokeVertex(
            point: RasterPoint(x: 1, y: 0.5), tangentIn: RasterPoint(x: 0, y: 1), tangentOut: RasterPoint(x: 0, y: 1),
            kind: .smooth)
        // Normals (0, 10) and (−10, 0), cross 100: u = cross(δ, n_end)/100 = 0.05, w = cross(δ, n_start)/100 = 0.1,
        // both inside 0 … 1, so the left offsets cross within the step. Radius 0.5: u = 0.25/0.25 = 1, no lobe.
        #expect(Self.lobePoints(start, end, radius: 10) == 6)
        #expect(Self.lobePoints(start, end, radius: 0.5) == 0)
    }

    @Test("lobes match the plain formula on 100 000 seeded steps of length 0 … 4, pens of radius 0.1 … 10")
    func lobesMatchPlainFormula() {
        var random = SplitMix64(seed: 17)
        var lobes = 0
        var mismatches = 0
        for _ in 0..<100_000 {
            let radius = 0.1 + random.unit() * 9.9
            let angle = random.unit() * 6.3
            let turn = (random.unit() - 0.5) * 3
            let length = random.unit() * 4
            let start = Self.vertex(0, 0, angleIn: angle, angleOut: angle)
            let end = Self.vertex(
                length * CoverageReference.cosine(angle + turn / 2), length * CoverageReference.sine(angle + turn / 2),
                angleIn: angle + turn, angleOut: angle + turn)
            let expected = Self.hasLobe(start, end, radius: radius)
            if expected { lobes += 1 }
            if Self.lobePoints(start, end, radius: radius) != (expected ? 6 : 0) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // Both outcomes are common.
        #expect(lobes > 10_000)
        #expect(lobes < 90_000)
    }
}
