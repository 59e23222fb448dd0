import Benchmark
@_spi(Engine) import PortableRaster

/// Benchmarks of the raster work behind `CGContext`'s fills and strokes, drawn the way the context draws them:
/// one scan converter, stroker, coverage masks and clip kept between draws, paths rebuilt in reused storage.
///
/// After the warm-up draw before `startMeasurement()` every scratch buffer has grown to its final size, so the
/// malloc count per iteration is the steady-state allocation count (it should be 0). Registered by
/// `steadyStateBenchmarks()`; the same scene through `CGContext` itself needs the `PortableCoreGraphics` product
/// in this target's dependencies (see Benchmarks/README.md).
func steadyStateBenchmarks() {
    Benchmark("Steady state: translucent ellipse, star (even-odd) and rectangle fills, 256²") { benchmark in
        var scene = SteadyScene()
        scene.fills()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scene.fills()
        }
        blackHole(scene.buffer)
    }

    Benchmark("Steady state: round-joined curve, dashed polyline and retraced segment strokes, 256²") { benchmark in
        var scene = SteadyScene()
        scene.strokes()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scene.strokes()
        }
        blackHole(scene.buffer)
    }

    Benchmark("Steady state: fill and stroke through an anti-aliased clip, 256²") { benchmark in
        var scene = SteadyScene()
        scene.clipped()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scene.clipped()
        }
        blackHole(scene.buffer)
    }
}

/// A canvas with the scratch a `CGContext` keeps, and a few drawings that exercise every path through it:
/// translucent and opaque colours, both fill rules, curves, dashes, round joins, overlapping outlines (the exact
/// evaluation of overlapping edges), and clipping.
struct SteadyScene {
    var buffer = try! PixelBuffer(width: 256, height: 256)
    var converter = ScanConverter()
    var stroker = Stroker()
    var mask = CoverageMask()
    var clip = CoverageMask()
    var path = RasterPath()
    let clipBounds = PixelRect(x: 0, y: 0, width: 256, height: 256)
    let translucent = PremultipliedColor(red: 0.8, green: 0.3, blue: 0.2, alpha: 0.6)
    let opaque = PremultipliedColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
    // Styles are made once, as a context keeps its line attributes (a dash array literal would allocate).
    let roundStyle = StrokeStyle(width: 12, cap: .round, join: .round)
    let dashedStyle = StrokeStyle(width: 4, join: .miter, dashLengths: [9, 4])
    let hairlineSquare = StrokeStyle(width: 1.2, cap: .square, join: .bevel)
    let plainStyle = StrokeStyle(width: 8)

    mutating func fills() {
        buffer.fill(RGBA8(r: 240, g: 240, b: 235, a: 255))
        path.removeAll(keepingCapacity: true)
        path.addEllipse(center: RasterPoint(x: 110.3, y: 120.7), radiusX: 80, radiusY: 60)
        converter.fill(path, rule: .nonZero, clip: clipBounds, into: &mask)
        buffer.fill(mask, color: translucent)
        path.removeAll(keepingCapacity: true)
        for index in 0..<5 {
            let angle = -Double.pi / 2 + Double(index * 2) * (2 * Double.pi / 5)
            let turn = Affine2D.rotation(radians: angle)
            let point = RasterPoint(x: 150 + 90 * turn.a, y: 140 + 90 * turn.b)
            if index == 0 { path.move(to: point) } else { path.line(to: point) }
        }
        path.close()
        converter.fill(path, rule: .evenOdd, clip: clipBounds, into: &mask)
        buffer.fill(mask, color: opaque, alpha: 0.7)
        path.removeAll(keepingCapacity: true)
        path.addRect(x: 20.5, y: 30.25, width: 90, height: 40)
        path.addRect(x: 20.5, y: 30.25, width: 90, height: 40)  // drawn twice: coincident edges
        converter.fill(path, rule: .nonZero, clip: clipBounds, into: &mask)
        buffer.fill(mask, color: translucent)
    }

    mutating func strokes() {
        buffer.fill(RGBA8(r: 240, g: 240, b: 235, a: 255))
        path.removeAll(keepingCapacity: true)
        path.move(to: RasterPoint(x: 20, y: 30))
        path.curve(
            to: RasterPoint(x: 230, y: 200), control1: RasterPoint(x: 250, y: 10), control2: RasterPoint(x: 10, y: 250))
        stroker.stroke(
            path, style: roundStyle, clip: clipBounds, converter: &converter, into: &mask)
        buffer.fill(mask, color: translucent)
        path.removeAll(keepingCapacity: true)
        path.move(to: RasterPoint(x: 15, y: 240))
        path.line(to: RasterPoint(x: 120, y: 150))
        path.line(to: RasterPoint(x: 240, y: 235))
        stroker.stroke(
            path, style: dashedStyle, clip: clipBounds, converter: &converter, into: &mask)
        buffer.fill(mask, color: opaque)
        path.removeAll(keepingCapacity: true)
        path.move(to: RasterPoint(x: 26.7, y: 14.8))
        path.line(to: RasterPoint(x: 224.1, y: 229))
        path.close()  // retraced: the outline's two halves coincide
        stroker.stroke(
            path, style: hairlineSquare, clip: clipBounds, converter: &converter, into: &mask)
        buffer.fill(mask, color: opaque)
    }

    mutating func clipped() {
        buffer.fill(RGBA8(r: 240, g: 240, b: 235, a: 255))
        path.removeAll(keepingCapacity: true)
        path.addEllipse(center: RasterPoint(x: 128, y: 128), radiusX: 100, radiusY: 70)
        converter.fill(path, rule: .nonZero, clip: clipBounds, into: &clip)
        path.removeAll(keepingCapacity: true)
        path.addRect(x: 10.5, y: 40.5, width: 230, height: 120)
        converter.fill(path, rule: .nonZero, clip: clipBounds, into: &mask)
        mask.intersect(with: clip)
        buffer.fill(mask, color: translucent)
        path.removeAll(keepingCapacity: true)
        path.move(to: RasterPoint(x: 0, y: 250))
        path.line(to: RasterPoint(x: 250, y: 5))
        stroker.stroke(path, style: plainStyle, clip: clipBounds, converter: &converter, into: &mask)
        mask.intersect(with: clip)
        buffer.fill(mask, color: opaque)
    }
}
