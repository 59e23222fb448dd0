// swift-tools-version: 6.1
// Benchmarks for PortableQuartzCore, kept out of the main package so `swift test` never builds them.
// Run from this folder: `swift package benchmark` (all), `swift package benchmark --target GeometryBenchmarks`,
// compare with the committed baseline: `swift package benchmark baseline check --check-absolute-path Thresholds`.

import PackageDescription

let package = Package(
    name: "PortableQuartzCoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PortableQuartzCore", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "GeometryBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableQuartzCore", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/GeometryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
