import Foundation
@_spi(Engine) import PortableRaster
import Testing

@testable import PortableCoreGraphics

/// The compositor's cache of shape masks (`CoverageCache`): a shape drawn again exactly as in recent frames takes
/// its mask from the cache, and the frame is byte for byte the frame drawn without it.
@Suite("Coverage cache")
struct CoverageCacheTests {
    /// A ring (circle of radius 12 about (20, 20)) and a closed triangle, in a 40 × 40 surface's pixels.
    static let ring = CGPath(ellipseIn: CGRect(x: 8, y: 8, width: 24, height: 24), transform: nil)
    static let triangle: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 3, y: 35))
        path.addLine(to: CGPoint(x: 37.5, y: 30.25))
        path.addLine(to: CGPoint(x: 12.3, y: 4.7))
        path.closeSubpath()
        return path
    }()
    static let pen = SurfaceStroke(
        width: 3.5, cap: .round, join: .round, miterLimit: 10, dashLengths: [9, 4], dashPhase: 1.5)

    /// One frame: the ring stroked dashed, moved right by `shift` pixels, and the triangle filled, both at 80 %
    /// opacity, optionally inside a clip to a disc.
    private func drawFrame(_ surface: RenderSurface, shift: Double, clipped: Bool) {
        surface.beginFrame(red: 1, green: 1, blue: 1, alpha: 1)
        if clipped {
            surface.pushClip(
                .path(CGPath(ellipseIn: CGRect(x: 5, y: 2, width: 33, height: 30), transform: nil), evenOdd: false),
                transform: .identity)
        }
        surface.stroke(
            Self.ring, with: Self.pen, transform: .translation(x: shift, y: 0.25), red: 0.1, green: 0.4,
            blue: 0.9, alpha: 1, opacity: 0.8)
        surface.fill(
            .path(Self.triangle, evenOdd: false), transform: .identity, red: 0.9, green: 0.2, blue: 0.1, alpha: 0.7,
            opacity: 1)
        if clipped { surface.popClip() }
    }

    @Test(
        "a still frame drawn 5 times takes its 2 shapes (and the clip disc) from the cache from the third time on: 6 hits (9 with the clip), every frame equal to a new surface's",
        arguments: [false, true])
    func stillShapesComeFromTheCache(clipped: Bool) throws {
        let surface = try #require(RenderSurface(width: 40, height: 40))
        for frame in 1...5 {
            drawFrame(surface, shift: 0, clipped: clipped)
            let fresh = try #require(RenderSurface(width: 40, height: 40))
            drawFrame(fresh, shift: 0, clipped: clipped)
            #expect(surface.frameBytes == fresh.frameBytes, "frame \(frame)")
        }
        #expect(surface.coverageCache.hits == (clipped ? 9 : 6))
        // Something was drawn: the ring's blue at 80 % over white somewhere on its right side.
        #expect(surface.frameBytes.contains(where: { $0 < 200 }))
    }

    @Test(
        "a moving ring is never taken from the cache (the still triangle is: 3 hits in 5 frames), and each frame is right"
    )
    func movingShapeIsDrawnAgain() throws {
        let surface = try #require(RenderSurface(width: 40, height: 40))
        for frame in 0..<5 {
            let shift = Double(frame) * 0.37
            drawFrame(surface, shift: shift, clipped: false)
            let fresh = try #require(RenderSurface(width: 40, height: 40))
            drawFrame(fresh, shift: shift, clipped: false)
            #expect(surface.frameBytes == fresh.frameBytes, "frame \(frame)")
        }
        #expect(surface.coverageCache.hits == 3)
    }

    /// A cache that has kept the mask of `path` filled with the inputs `[0, 1, 2]`.
    private func primedCache(_ path: RasterPath) -> CoverageCache {
        var cache = CoverageCache(byteBudget: 1 << 20)
        cache.inputs = [0, 1, 2]
        guard case .none = cache.lookUp(path) else { Issue.record("first sighting"); return cache }
        cache.beginFrame()
        guard case .seen(let slot) = cache.lookUp(path) else { Issue.record("second sighting"); return cache }
        cache.keep(CoverageMask(filling: PixelRect(x: 1, y: 2, width: 3, height: 4)), in: slot)
        return cache
    }

    private var square: RasterPath {
        var path = RasterPath()
        path.addRect(x: 1, y: 2, width: 3, height: 4)
        return path
    }

    @Test("the same outline and inputs find the kept 3 × 4 mask; one ulp in a point or one input word misses")
    func keyIsExact() {
        var cache = primedCache(square)
        cache.beginFrame()
        guard case .mask(let slot) = cache.lookUp(square) else {
            Issue.record("the same shape missed")
            return
        }
        #expect(cache.mask(slot).bounds == PixelRect(x: 1, y: 2, width: 3, height: 4))
        #expect(cache.mask(slot).totalCoverage == 12 * 255)

        var nudged = RasterPath()
        nudged.addRect(x: 1.0.nextUp, y: 2, width: 3, height: 4)
        if case .mask = cache.lookUp(nudged) { Issue.record("a point one ulp away matched") }
        var negativeZero = RasterPath()
        negativeZero.addRect(x: 1, y: 2, width: 3, height: 4)
        negativeZero.line(to: RasterPoint(x: -0.0, y: 0))
        var positiveZero = RasterPath()
        positiveZero.addRect(x: 1, y: 2, width: 3, height: 4)
        positiveZero.line(to: RasterPoint(x: 0, y: 0))
        #expect(
            CoverageCache.fingerprint(of: negativeZero, inputs: [])
                != CoverageCache.fingerprint(of: positiveZero, inputs: []))
        cache.inputs = [0, 1, 3]
        if case .mask = cache.lookUp(square) { Issue.record("other inputs matched") }
        cache.inputs = [0, 1, 2]
        if case .mask = cache.lookUp(square) {} else { Issue.record("the kept shape was lost") }
    }

    @Test("a 100 × 100 mask (10,800 bytes) is not kept under a 10,000-byte budget; a 20 × 20 one is")
    func budgetIsKept() {
        var cache = CoverageCache(byteBudget: 10_000)
        for side in [100, 20] {
            var path = RasterPath()
            path.addRect(x: 0, y: 0, width: Double(side), height: Double(side))
            _ = cache.lookUp(path)
            cache.beginFrame()
            guard case .seen(let slot) = cache.lookUp(path) else {
                Issue.record("second sighting of \(side)")
                continue
            }
            cache.keep(CoverageMask(filling: PixelRect(x: 0, y: 0, width: side, height: side)), in: slot)
            cache.beginFrame()
            switch cache.lookUp(path) {
            case .mask: #expect(side == 20)
            default: #expect(side == 100)
            }
            #expect(cache.entries.reduce(0) { $0 + $1.reservedBytes } <= 10_000)
        }
    }

    @Test("3 new shapes a frame for 10 frames take no entry (a fingerprint each), and the still square keeps its mask")
    func shapesSeenOnceTakeNoEntry() {
        var cache = primedCache(square)
        for frame in 0..<10 {
            cache.beginFrame()
            for index in 0..<3 {
                var other = RasterPath()
                other.addRect(x: Double(frame * 10 + index), y: 0, width: 1, height: 1)
                guard case .none = cache.lookUp(other) else {
                    Issue.record("a new shape was found in frame \(frame)")
                    return
                }
            }
            guard case .mask = cache.lookUp(square) else {
                Issue.record("lost in frame \(frame)")
                return
            }
        }
        #expect(cache.entries.count == 1)
    }

    @Test("after 8 frames of shapes drawn once the cache rests; a still square then found again within 34 frames")
    func restsAndWakes() {
        var cache = CoverageCache(byteBudget: 1 << 20)
        cache.inputs = [0]
        var frame = 0
        func nextFrame() {
            cache.beginFrame()
            frame += 1
        }
        // Ten frames of new shapes only: nothing is found or seen again.
        for _ in 0..<10 {
            nextFrame()
            var path = RasterPath()
            path.addRect(x: Double(frame), y: 0, width: 1, height: 1)
            _ = cache.lookUp(path)
        }
        #expect(!cache.isLooking || frame % CoverageCache.probePeriod < 2)
        // Then the same square every frame: a probe pair sees it twice, and from then on it is kept and found.
        var firstHit: Int?
        for _ in 0..<40 {
            nextFrame()
            switch cache.lookUp(square) {
            case .mask: if firstHit == nil { firstHit = frame }
            case .seen(let slot):
                cache.keep(CoverageMask(filling: PixelRect(x: 1, y: 2, width: 3, height: 4)), in: slot)
            case .none: break
            }
        }
        // Resting from frame 10, the probe pair is frames 32 and 33 (seen again in 33, kept), found in 34.
        #expect(firstHit == 34)
        #expect(cache.isLooking)
    }
}
