import Foundation
import Testing

@_spi(Engine) @testable import PortableRaster

/// A piece of a stroke whose outline holds the whole output is drawn as a square round it (and the stroke ends
/// there): that must only happen where the stroke drawn in full paints every output pixel.
@Suite("Stroker: pieces that cover the output")
struct StrokeCoveringTests {
    typealias Reference = StrokeReference

    /// A random path of one to four lines and curves within 60 units of the output's centre.
    static func randomPath(_ random: inout Reference.Random) -> RasterPath {
        func point() -> RasterPoint { RasterPoint(x: random.uniform(-52...68), y: random.uniform(-52...68)) }
        var path = RasterPath()
        path.move(to: point())
        for _ in 0..<(1 + Int(random.next() % 4)) {
            if random.next() % 2 == 0 {
                path.line(to: point())
            } else {
                path.curve(to: point(), control1: point(), control2: point())
            }
        }
        if random.next() % 4 == 0 { path.close() }
        return path
    }

    @Test("500 random wide strokes: wherever a piece is drawn as the square, the full stroke paints every pixel")
    func squareOnlyWhereTheStrokeCoversTheOutput() {
        let output = PixelRect(x: 0, y: 0, width: 16, height: 16)
        // A clip whose circle is wider than any pen here, so that no piece covers it: the stroke drawn in full.
        let whole = PixelRect(x: -400, y: -400, width: 816, height: 816)
        let detail = OutlineBuilder<PathReceiver>.circle(around: output, mappedBy: .identity)!
        var random = Reference.Random(state: 19_112_026)
        var squares = 0
        var failures: [String] = []
        for index in 0..<500 {
            let path = Self.randomPath(&random)
            let caps: [StrokeStyle.Cap] = [.butt, .round, .square]
            let joins: [StrokeStyle.Join] = [.miter, .round, .bevel]
            let dashes: [[Double]] = [[], [], [40, 15], [5, 3, 0, 30]]
            let style = StrokeStyle(
                width: random.uniform(20...240), cap: caps[Int(random.next() % 3)],
                join: joins[Int(random.next() % 3)], miterLimit: random.uniform(1...10),
                dashLengths: dashes[Int(random.next() % 4)], dashPhase: random.uniform(0...20))
            var stroker = Stroker()
            var receiver = PathReceiver()
            stroker.run(
                path, style: style, transform: .identity, tolerance: ScanConverter.defaultTolerance, cull: output,
                precise: output, receiver: &receiver)
            let outline = receiver.path
            // The square is the last contour: four points round the output's circle.
            let tail = outline.points.suffix(4)
            let square = [
                RasterPoint(x: detail.0.x - detail.1, y: detail.0.y + detail.1),
                RasterPoint(x: detail.0.x + detail.1, y: detail.0.y + detail.1),
                RasterPoint(x: detail.0.x + detail.1, y: detail.0.y - detail.1),
                RasterPoint(x: detail.0.x - detail.1, y: detail.0.y - detail.1),
            ]
            guard Array(tail) == square else { continue }
            squares += 1
            var converter = ScanConverter()
            var full = CoverageMask()
            stroker.stroke(path, style: style, clip: whole, converter: &converter, into: &full)
            var drawn = CoverageMask()
            converter.fill(outline, rule: .nonZero, clip: output, into: &drawn)
            for y in 0..<16 {
                for x in 0..<16 where full.coverage(x: x, y: y) != 255 || drawn.coverage(x: x, y: y) != 255 {
                    failures.append("case \(index) \(style) pixel (\(x), \(y)): \(full.coverage(x: x, y: y))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // 221 of the 500 took the square (measured): enough cases for the check above to mean something.
        #expect(squares > 150 && squares < 300, "squares \(squares)")
    }
}
