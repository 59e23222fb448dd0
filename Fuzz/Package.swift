// swift-tools-version: 6.1
// Fuzz targets for PortableQuartzCore (libFuzzer), kept out of the main package so `swift test` never builds them.
// Build and run one with `Scripts/fuzz.sh TARGET SECONDS` from the repository root (see README.md here). Adding a
// target: one file in Sources/NAME declaring a `FuzzTarget` and the two C entry points, and one line below.

import PackageDescription

/// A fuzz target: an executable whose `main` comes from libFuzzer.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "PortableQuartzCore") }
    )
}

let package = Package(
    name: "PortableQuartzCoreFuzz",
    dependencies: [
        .package(name: "PortableQuartzCore", path: "..")
    ],
    targets: [
        // Reading the fuzzer's bytes as typed choices, seed and dictionary output, invariant failures.
        .target(name: "FuzzSupport"),

        fuzzTarget("FuzzScene", ["PortableQuartzCore", "PortableQuartzCoreExport", "PortableRaster"]),
        fuzzTarget("FuzzPNG", ["PortableRaster", "PortableUIKit"]),
        fuzzTarget("FuzzFont", ["PortableRaster", "PortableCoreGraphics"]),
        fuzzTarget("FuzzPath", ["PortableCoreGraphics", "PortableUIKit"]),
        fuzzTarget("FuzzAnimation", ["PortableQuartzCore"]),
        fuzzTarget("FuzzLottie", ["PortableLottie", "PortableQuartzCore"]),
    ],
    swiftLanguageModes: [.v6]
)
