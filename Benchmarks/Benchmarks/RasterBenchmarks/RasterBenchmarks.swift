import Benchmark

// PortableRaster benchmarks (issue 5). Each group registers its benchmarks from its own file.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        scalingFactor: .one,
        maxDuration: .seconds(2)
    )
    codecBenchmarks()
    samplingBenchmarks()
    steadyStateBenchmarks()
}
