import Foundation
import Testing

@testable import PortableQuartzCoreExport

@Suite("RecycledPixels")
struct RecycledPixelsTests {
    @Test("a pool of limit 2 keeps the first two arrays put back, drops empty ones, and gives the last one first")
    func keepsUpToItsLimit() {
        let pool = RecycledPixels(limit: 2)
        pool.put([])
        #expect(pool.count == 0)
        pool.put([1, 2])
        pool.put([3, 4, 5])
        pool.put([6])
        #expect(pool.count == 2)
        #expect(pool.take() == [3, 4, 5])
        #expect(pool.take() == [1, 2])
        #expect(pool.take().isEmpty)
    }

    @Test(
        "after its third planned frame a GIF encoder hands back the first frame's pixels, the ones it no longer needs")
    func encoderHandsBackWhatItLeftBehind() throws {
        // Frame 1 becomes pending; frame 2 plans frame 1 (now the canvas); frame 3 plans frame 2, and the array
        // frame 1 was in falls out of the encoder's three (canvas, pending, incoming).
        var encoder = try GIFEncoder(width: 2, height: 1, options: GIFOptions())
        let frames: [[UInt32]] = [[0x0000FF, 0x0000FF], [0x00FF00, 0x00FF00], [0xFF0000, 0xFF0000]]
        _ = encoder.addPlanning(pixels: frames[0], transparent: false, delay: 10)
        #expect(encoder.takeSpare().isEmpty)
        _ = encoder.addPlanning(pixels: frames[1], transparent: false, delay: 10)
        #expect(encoder.takeSpare().isEmpty)
        let planned = encoder.addPlanning(pixels: frames[2], transparent: false, delay: 10)
        #expect(planned?.pixels == frames[1])
        #expect(encoder.takeSpare() == frames[0])
        #expect(encoder.takeSpare().isEmpty)
    }
}
