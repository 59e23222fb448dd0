// swift-tools-version: 6.1
// Snapshot strategies for pointfreeco/swift-snapshot-testing over PortableQuartzCore (issue 21), in a package of its
// own beside the root one: on Linux the root package has a module named `UIKit`, which swift-snapshot-testing then
// imports (`#if canImport(UIKit)`), and the root's build with `--explicit-target-dependency-import-check error`
// would reject that import. Here nothing of the root package depends on it, and the root's `swift test` never
// builds it. Test it from this folder: `swift test`.

import PackageDescription

let package = Package(
    name: "PortableQuartzCoreSnapshotTesting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PortableQuartzCoreSnapshotTesting", targets: ["PortableQuartzCoreSnapshotTesting"])
    ],
    dependencies: [
        .package(name: "PortableQuartzCore", path: ".."),
        // Only its SnapshotTesting library is used, which depends on nothing; its package also names swift-syntax
        // and swift-custom-dump, which are fetched to resolve the graph but never compiled here.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(
            name: "PortableQuartzCoreSnapshotTesting",
            dependencies: [
                .product(name: "PortableQuartzCoreTesting", package: "PortableQuartzCore"),
                .product(name: "PortableUIKit", package: "PortableQuartzCore"),
                // Its PNG codec, for the reference images (the root package's `package` helpers are not visible
                // from here).
                .product(name: "PortableRaster", package: "PortableQuartzCore"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "PortableQuartzCoreSnapshotTestingTests",
            dependencies: ["PortableQuartzCoreSnapshotTesting"],
            exclude: ["__Snapshots__"]  // recorded references, read by SnapshotTesting through #filePath
        ),
    ],
    swiftLanguageModes: [.v6]
)
