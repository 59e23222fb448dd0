import Benchmark
import PortableQuartzCore

/// A closed 1,000-segment path of lines, quadratic and cubic curves over roughly a 1,000 × 1,000 point area,
/// the same every run (a fixed linear congruential sequence, no system randomness).
func thousandSegmentPath() -> CGPath {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> CGFloat {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return CGFloat(state >> 11) / CGFloat(1 << 53) * 1_000
    }
    let path = CGMutablePath()
    path.move(to: CGPoint(x: next(), y: next()))
    for index in 0..<1_000 {
        switch index % 3 {
        case 0: path.addLine(to: CGPoint(x: next(), y: next()))
        case 1: path.addQuadCurve(to: CGPoint(x: next(), y: next()), control: CGPoint(x: next(), y: next()))
        default:
            path.addCurve(
                to: CGPoint(x: next(), y: next()), control1: CGPoint(x: next(), y: next()),
                control2: CGPoint(x: next(), y: next()))
        }
    }
    path.closeSubpath()
    return path
}

let pathBenchmarks: @Sendable () -> Void = {
    let path = thousandSegmentPath()

    Benchmark(
        "FlattenedPath.flatten (1,000 segments, flatness 0.1, reused storage)",
        configuration: .init(scalingFactor: .one)
    ) { benchmark in
        var flattened = FlattenedPath(path)
        for _ in benchmark.scaledIterations {
            flattened.flatten(path)
            blackHole(flattened.points.count)
        }
    }

    Benchmark("PathMeasure.init (1,000 segments)", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(PathMeasure(path).totalLength)
        }
    }

    Benchmark("PathMeasure.point(atLength:)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let measure = PathMeasure(path)
        var length: CGFloat = 0
        let step = measure.totalLength / 997
        for _ in benchmark.scaledIterations {
            blackHole(measure.point(atLength: length))
            length += step
            if length > measure.totalLength { length -= measure.totalLength }
        }
    }
}
