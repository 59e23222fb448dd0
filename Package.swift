// swift-tools-version: 6.1
// PortableQuartzCore: Core Animation, CoreGraphics and UIView animation for Linux.
// The import directions between targets are fixed by Docs/Architecture.md (checked by Scripts/check-architecture.sh).

import PackageDescription

// Modules named exactly like Apple's frameworks, so that code written for Apple compiles with no edit at all:
// `import UIKit`, `import QuartzCore` and `import CoreGraphics` find modules that re-export ours, and
// `#if canImport(UIKit)` guards hold. They exist only where those frameworks do not: a module named `UIKit` built
// for an Apple platform would be found before the real one and hide it. The manifest is compiled for the machine
// that builds, so this condition is decided there (cross-compiling from a Mac to Linux is not supported). The
// products exist on every platform, so a client's manifest resolves everywhere; on Apple platforms they carry
// only the Portable modules, never a module with Apple's name.
#if canImport(Darwin)
    let appleNamedProducts: [Product] = [
        .library(name: "UIKit", targets: ["PortableUIKit"]),
        .library(name: "QuartzCore", targets: ["PortableQuartzCore"]),
        .library(name: "CoreGraphics", targets: ["PortableCoreGraphics"]),
    ]
    let appleNamedTargets: [Target] = []
    let swiftFiveClientTests: [Target] = []
    let quartzCoreWhereNamed: [Target.Dependency] = []
#else
    let appleNamedProducts: [Product] = [
        // Each product carries the frameworks Apple's carries with it: UIKit code may also import QuartzCore and
        // CoreGraphics.
        .library(name: "UIKit", targets: ["UIKit", "QuartzCore", "CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore", "CoreGraphics"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
    ]
    let appleNamedTargets: [Target] = [
        .target(name: "CoreGraphics", dependencies: ["PortableCoreGraphics", "_Testing_CoreGraphics"]),
        .target(name: "QuartzCore", dependencies: ["PortableQuartzCore", "CoreGraphics"]),
        .target(name: "UIKit", dependencies: ["PortableUIKit", "QuartzCore", "_Testing_UIKit"]),
        // Empty stand-ins for the cross-import overlays Swift Testing declares for modules named CoreGraphics and
        // UIKit (its own are built for Apple platforms only): a test file importing Testing and UIKit then compiles.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "_Testing_UIKit"),
    ]
    // Code behind `#if canImport(QuartzCore)` imports the module above once it is built (SwiftPM puts every module of
    // a build in one folder), so a target holding such code depends on it.
    let quartzCoreWhereNamed: [Target.Dependency] = ["QuartzCore"]
    // Clients written in Swift 5 language mode, as most iOS libraries are, importing the modules above: a small
    // compile-and-run check, and the real-world idiom suite (common Core Animation code checked against what iOS
    // shows).
    let swiftFiveClientTests: [Target] = [
        .testTarget(
            name: "SwiftFiveClientTests",
            dependencies: ["UIKit", "QuartzCore", "CoreGraphics"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "RealWorldTests",
            dependencies: ["UIKit", "QuartzCore", "CoreGraphics"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
#endif

let package = Package(
    name: "PortableQuartzCore",
    products: [
        .library(name: "PortableCoreGraphics", targets: ["PortableCoreGraphics"]),
        .library(name: "PortableQuartzCore", targets: ["PortableQuartzCore"]),
        .library(name: "PortableUIKit", targets: ["PortableUIKit"]),
        .library(name: "PortableQuartzCoreExport", targets: ["PortableQuartzCoreExport"]),
        .library(name: "PortableQuartzCoreTesting", targets: ["PortableQuartzCoreTesting"]),
        .library(name: "PortableLottie", targets: ["PortableLottie"]),
        .executable(name: "pqc", targets: ["pqc"]),
        // Internal engine, exposed only so the Benchmarks package and comparison programs can measure it directly.
        // Not API: every declaration is `package` or `@_spi(Engine) public`, so only `@_spi(Engine) import
        // PortableRaster` sees anything; names and shapes change without notice.
        .library(name: "PortableRaster", targets: ["PortableRaster"]),
    ] + appleNamedProducts,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Adds `swift package generate-documentation` (each library's DocC catalogue); `swift build` never builds it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pixels: standard library only. Knows nothing of Apple's names.
        .target(name: "PortableRaster", dependencies: ["CRasterKernels"]),
        // PortableRaster's hottest pixel loop in C with AVX2, chosen at run time on processors that have it
        // (Swift code is compiled for the x86-64 baseline, SSE2, and SwiftPM has no per-target CPU option).
        .target(name: "CRasterKernels"),

        // Apple-shaped modules, bottom to top.
        .target(name: "PortableCoreGraphics", dependencies: ["PortableRaster"]),
        .target(name: "PortableQuartzCore", dependencies: ["PortableCoreGraphics"]),
        .target(name: "PortableUIKit", dependencies: ["PortableQuartzCore"]),

        // Our own additions on top of the Apple-shaped modules.
        .target(name: "PortableQuartzCoreExport", dependencies: ["PortableQuartzCore"]),
        // Lottie animations decoded and built into CALayer trees driven by CAKeyframeAnimations.
        .target(name: "PortableLottie", dependencies: ["PortableQuartzCore"]),
        .target(
            name: "PortableQuartzCoreTesting",
            dependencies: ["PortableQuartzCore", "PortableQuartzCoreExport"]
        ),

        // The command-line tool.
        .executableTarget(
            name: "pqc",
            dependencies: [
                "PortableUIKit",
                "PortableQuartzCoreExport",
                "PortableLottie",
                // Only for the gallery player's PNG strips, written with a fixed filter (DemoPlayerWriter).
                "PortableRaster",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // One test target per module.
        .testTarget(name: "PortableRasterTests", dependencies: ["PortableRaster"]),
        .testTarget(
            name: "PortableCoreGraphicsTests",
            // PortableRaster: the tests decode goldens with its PNG codec and build synthetic fonts for it.
            dependencies: ["PortableCoreGraphics", "PortableRaster", "PortableQuartzCoreTesting"],
            exclude: ["Context/Goldens"]  // golden PNGs, read through #filePath
        ),
        .testTarget(
            name: "PortableQuartzCoreTests",
            // QuartzCore (Linux): the seed snippets keep their `#if canImport(QuartzCore)` guard.
            dependencies: ["PortableQuartzCore", "PortableQuartzCoreTesting"] + quartzCoreWhereNamed,
            exclude: ["Rendering/Goldens"]  // golden PNGs, read through #filePath
        ),
        .testTarget(name: "PortableUIKitTests", dependencies: ["PortableUIKit"]),
        .testTarget(name: "PortableQuartzCoreExportTests", dependencies: ["PortableQuartzCoreExport"]),
        .testTarget(name: "PortableLottieTests", dependencies: ["PortableLottie", "PortableQuartzCoreTesting"]),
        .testTarget(name: "PortableQuartzCoreTestingTests", dependencies: ["PortableQuartzCoreTesting"]),
        .testTarget(
            name: "pqcTests",
            dependencies: [
                "pqc", "PortableQuartzCore", "PortableQuartzCoreExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ] + appleNamedTargets + swiftFiveClientTests,
    swiftLanguageModes: [.v6]
)
