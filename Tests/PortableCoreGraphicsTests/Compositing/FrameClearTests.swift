import Foundation
import PortableQuartzCoreTesting
@_spi(Engine) import PortableRaster
import Testing

@testable import PortableCoreGraphics

/// Starting a frame resets only the frame pixels drawn since the clear colour was last set (`frameContents`), and
/// every pixel when that colour changes: each frame equals the one a new surface draws.
@Suite("Clearing only the pixels drawn")
struct FrameClearTests {
    /// Draws one frame of 64 × 64 pixels: a red disc of radius 6 about (`x`, 20), a green stroke across row 50 from
    /// column 4 to `x`, and a group at half opacity holding a blue 6 × 6 square at (`x`, 36).
    private func drawFrame(_ surface: RenderSurface, x: Double, alpha: Double = 0) {
        surface.beginFrame(red: 1, green: 1, blue: 1, alpha: alpha)
        surface.fill(
            .path(CGPath(ellipseIn: CGRect(x: x - 6, y: 14, width: 12, height: 12), transform: nil), evenOdd: false),
            transform: .identity, red: 1, green: 0, blue: 0, alpha: 1, opacity: 1)
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 4, y: 50))
        line.addLine(to: CGPoint(x: x, y: 50))
        surface.stroke(
            line,
            with: SurfaceStroke(width: 3, cap: .butt, join: .miter, miterLimit: 10, dashLengths: [], dashPhase: 0),
            transform: .identity, red: 0, green: 1, blue: 0, alpha: 1, opacity: 1)
        if surface.beginGroup(CGRect(x: x, y: 36, width: 6, height: 6)) {
            surface.fill(
                .roundedRect(CGRect(x: x, y: 36, width: 6, height: 6), radius: 0, corners: 15),
                transform: .identity, red: 0, green: 0, blue: 1, alpha: 1, opacity: 1)
            surface.endGroup(opacity: 0.5)
        }
    }

    @Test(
        "a disc, a stroke and a group moving from x = 40 to x = 12 leave nothing behind: each of 4 frames equals a new surface's, pixel (40, 20) transparent after the move"
    )
    func movedDrawingLeavesNothingBehind() throws {
        let surface = try #require(RenderSurface(width: 64, height: 64))
        for x in [40.0, 12, 30.5, 12] {
            drawFrame(surface, x: x)
            let fresh = try #require(RenderSurface(width: 64, height: 64))
            drawFrame(fresh, x: x)
            #expect(surface.frameBytes == fresh.frameBytes, "x = \(x)")
        }
        // The last frame's disc is about (12, 20); where the first frame's was, the frame is transparent again.
        #expect(surface.pixel(x: 40, y: 20) == (0, 0, 0, 0))
        #expect(surface.pixel(x: 12, y: 20) == (255, 0, 0, 255))
    }

    @Test(
        "only what was drawn is reset: after a frame with a 12 × 12 disc the next clear covers 13 × 13 pixels at most")
    func onlyTheDrawnRegionIsReset() throws {
        let surface = try #require(RenderSurface(width: 64, height: 64))
        surface.beginFrame()
        surface.fill(
            .path(CGPath(ellipseIn: CGRect(x: 20.5, y: 20.5, width: 12, height: 12), transform: nil), evenOdd: false),
            transform: .identity, red: 1, green: 0, blue: 0, alpha: 1, opacity: 1)
        let drawn = try #require(surface.frameContents?.drawn)
        #expect(drawn.width <= 13 && drawn.height <= 13 && drawn.x >= 20 && drawn.y >= 20)
        surface.beginFrame()
        _ = surface.makeImage()
        #expect(surface.frameContents?.drawn == .zero)
        #expect(surface.frameBytes.allSatisfy { $0 == 0 })
    }

    @Test(
        "a new clear colour resets every pixel: opaque white after transparent frames reads (255, 255, 255, 255) at (0, 0)"
    )
    func aNewColourResetsEverything() throws {
        let surface = try #require(RenderSurface(width: 64, height: 64))
        drawFrame(surface, x: 40)
        drawFrame(surface, x: 12, alpha: 1)
        let fresh = try #require(RenderSurface(width: 64, height: 64))
        drawFrame(fresh, x: 12, alpha: 1)
        #expect(surface.frameBytes == fresh.frameBytes)
        #expect(surface.pixel(x: 0, y: 0) == (255, 255, 255, 255))
    }

    @Test(
        "an opaque background drawn first is not cleared underneath: 40 seeded frames equal those of a surface cleared before drawing"
    )
    func opaqueBackgroundSparesTheClear() throws {
        var random = SeededRandom(seed: 2_212)
        let surface = try #require(RenderSurface(width: 64, height: 48))
        for frame in 0..<40 {
            let clearAlpha = frame % 3 == 0 ? 1.0 : 0
            let shapes = (0..<3).map { _ in
                (
                    CGRect(
                        x: random.nextDouble(in: -10...40), y: random.nextDouble(in: -10...30),
                        width: random.nextDouble(in: 0...60),
                        height: random.nextDouble(in: 0...50)),
                    random.nextDouble(in: 0...1), random.next() % 2 == 0, random.next() % 3 == 0 ? 0.6 : 1
                )
            }
            func draw(_ target: RenderSurface, settlingFirst: Bool) {
                target.beginFrame(red: 1, green: 1, blue: 1, alpha: clearAlpha)
                if settlingFirst { _ = target.makeImage() }
                for (rect, shade, isEllipse, alpha) in shapes {
                    let path = isEllipse ? CGPath(ellipseIn: rect, transform: nil) : CGPath(rect: rect, transform: nil)
                    // Two in three opaque; the sparing clear applies only to an opaque first shape.
                    target.fill(
                        .path(path, evenOdd: false), transform: .identity, red: shade, green: 0.3, blue: 1 - shade,
                        alpha: alpha, opacity: 1)
                }
            }
            draw(surface, settlingFirst: false)
            let reference = try #require(RenderSurface(width: 64, height: 48))
            draw(reference, settlingFirst: true)
            #expect(surface.frameBytes == reference.frameBytes, "frame \(frame)")
        }
    }
}
