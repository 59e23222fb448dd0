// swift-tools-version: 6.1
// Benchmarks for PortableQuartzCore, kept out of the main package so `swift test` never builds them.
// Run from this folder: `swift package benchmark` (all), `swift package benchmark --target GeometryBenchmarks`,
// record and compare baselines: `swift package benchmark baseline update` / `baseline compare` (see README.md).

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
        ),
        .executableTarget(
            name: "AnimationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableQuartzCore", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/AnimationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LayerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableQuartzCore", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/LayerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ExportBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableQuartzCoreExport", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/ExportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableQuartzCore", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/RenderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The gallery's heaviest demo at 1280×720 (issue 8); pqc is an executable, so the demo's views are rebuilt here.
        .executableTarget(
            name: "GalleryBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableUIKit", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/GalleryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "UIKitBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableUIKit", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/UIKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // PortableRaster is internal to the root package; its library product exists only for these benchmarks.
        .executableTarget(
            name: "RasterBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableRaster", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/RasterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // cairo, the reference 2D library on Linux, for the quality and speed comparison of issue 5. Only this
        // package links it (install `libcairo2-dev` first); the product never does.
        .systemLibrary(
            name: "CCairo",
            path: "Sources/CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // A plain executable: `swift run -c release CairoComparison` prints the quality and speed tables.
        .executableTarget(
            name: "CairoComparison",
            dependencies: [
                "CCairo",
                .product(name: "PortableRaster", package: "PortableQuartzCore"),
                .product(name: "PortableQuartzCore", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/CairoComparison"
        ),
        // rlottie, a Lottie peer, for the Lottie speed comparison of issue 18 (install `librlottie-dev` first; ThorVG
        // comes from `pip install thorvg-python`). Only this package links it.
        .systemLibrary(
            name: "CRLottie",
            path: "Sources/CRLottie",
            providers: [.apt(["librlottie-dev"])]
        ),
        // `swift run -c release LottieComparison` prints load and frame times beside rlottie's and ThorVG's.
        .executableTarget(
            name: "LottieComparison",
            dependencies: [
                "CRLottie",
                .product(name: "PortableLottie", package: "PortableQuartzCore"),
                .product(name: "PortableRaster", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/LottieComparison"
        ),
        .executableTarget(
            name: "LottieBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PortableLottie", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/LottieBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // `swift run -c release GIFComparison DIR`: our GIF encoder against ffmpeg's palettegen/paletteuse on the
        // gallery's PNG frames (size, time, mean error, banding, flat-area noise); needs ffmpeg for its column.
        .executableTarget(
            name: "GIFComparison",
            dependencies: [
                .product(name: "PortableRaster", package: "PortableQuartzCore"),
                .product(name: "PortableQuartzCoreExport", package: "PortableQuartzCore"),
            ],
            path: "Benchmarks/GIFComparison"
        ),
    ],
    swiftLanguageModes: [.v6]
)
