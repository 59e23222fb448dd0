import Benchmark
@_spi(Engine) import PortableRaster

/// Benchmarks of the paint sources: image sampling (affine and perspective), gradients and blur.
///
/// Every benchmark draws the same scene each iteration into buffers made once, so the malloc count shows the
/// steady state (it should be 0 per iteration). The names carry the number of destination pixels an
/// iteration paints, to turn the wall-clock time per iteration into nanoseconds per pixel; the bar
/// for the first one is at most 3.25 ns per pixel (4× cairo's 13 ns on the reference machine), and for the
/// composite frame 60 frames per second (16.7 ms).
func samplingBenchmarks() {
    let image = samplingNoise(width: 200, height: 200, opaque: true)
    let translucent = samplingNoise(width: 200, height: 200, opaque: false)
    // 200 × 200 texels scaled by 2.5 and turned by 30° about the centre of a 1080p frame: 250 000 pixels.
    let centre = Affine2D.translation(x: -100, y: -100)
    let turn = Affine2D.rotation(radians: Double.pi / 6).concatenated(.translation(x: 960, y: 540))
    let rotated = centre.concatenated(.scale(x: 2.5, y: 2.5)).concatenated(turn)

    // Each image benchmark runs twice: with the one-pass sample-and-composite loop (the default) and with the
    // general shade-then-blend steps it replaced (`PaintWorkspace.fusesImageSourceOver = false`), for a
    // before/after comparison in one run. Both give identical pixels.
    for fused in [true, false] {
        let path = fused ? "one pass" : "shade then blend"
        Benchmark("Image 200² rotated ×2.5 bilinear into 1080p (250 000 px), \(path)") { benchmark in
            var target = try PixelBuffer(width: 1920, height: 1080)
            var workspace = PaintWorkspace()
            workspace.fusesImageSourceOver = fused
            target.draw(image, transform: rotated, workspace: &workspace)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                target.draw(image, transform: rotated, workspace: &workspace)
            }
            blackHole(target)
        }

        Benchmark("Image 200² translucent rotated ×2.5 bilinear at opacity 0.8 (250 000 px), \(path)") { benchmark in
            var target = try PixelBuffer(width: 1920, height: 1080)
            var workspace = PaintWorkspace()
            workspace.fusesImageSourceOver = fused
            target.draw(translucent, transform: rotated, alpha: 0.8, workspace: &workspace)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                target.draw(translucent, transform: rotated, alpha: 0.8, workspace: &workspace)
            }
            blackHole(target)
        }

        // The raster side of issue 6's scene: a 1080p frame cleared, then 100 images of 200² rotated, scaled by
        // 0.6 … 1.4 and drawn at opacity 0.8 (about 4.2 million pixels).
        Benchmark("Composite 100 images 200² rotated, scaled, opacity 0.8 into 1080p (one frame), \(path)") {
            benchmark in
            var target = try PixelBuffer(width: 1920, height: 1080)
            var workspace = PaintWorkspace()
            workspace.fusesImageSourceOver = fused
            let placements = compositePlacements(width: 1920, height: 1080)
            func frame() {
                target.fill(RGBA8(r: 20, g: 30, b: 40, a: 255))
                for transform in placements {
                    target.draw(image, transform: transform, alpha: 0.8, workspace: &workspace)
                }
            }
            frame()  // grows the workspace to the largest image outline
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { frame() }
            blackHole(target)
        }
    }

    Benchmark("Image 200² rotated ×0.6 trilinear, prebuilt pyramid (14 400 px)") { benchmark in
        var target = try PixelBuffer(width: 1920, height: 1080)
        var workspace = PaintWorkspace()
        let pyramid = ImagePyramid(image)
        let reduced = centre.concatenated(.scale(x: 0.6, y: 0.6)).concatenated(turn)
        target.draw(pyramid, transform: reduced, workspace: &workspace)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            target.draw(pyramid, transform: reduced, workspace: &workspace)
        }
        blackHole(target)
    }

    Benchmark("Image 200² perspective bilinear, door-like quad (220 000 px)") { benchmark in
        var target = try PixelBuffer(width: 1920, height: 1080)
        var workspace = PaintWorkspace()
        let corners = [
            RasterPoint(x: 700, y: 300), RasterPoint(x: 1250, y: 380), RasterPoint(x: 1250, y: 700),
            RasterPoint(x: 700, y: 780),
        ]
        guard let door = Projective2D.mapping(x: 0, y: 0, width: 200, height: 200, to: corners) else { return }
        target.draw(image, projective: door, workspace: &workspace)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            target.draw(image, projective: door, workspace: &workspace)
        }
        blackHole(target)
    }

    let ramp = GradientRamp(stops: [
        GradientStop(location: 0, red: 1, green: 0, blue: 0),
        GradientStop(location: 0.5, red: 0, green: 1, blue: 0, alpha: 0.5),
        GradientStop(location: 1, red: 0, green: 0, blue: 1),
    ])
    let shapes: [(String, Gradient.Shape)] = [
        ("axial", .axial(start: RasterPoint(x: 100, y: 100), end: RasterPoint(x: 900, y: 800))),
        (
            "radial",
            .radial(
                startCenter: RasterPoint(x: 400, y: 400), startRadius: 10, endCenter: RasterPoint(x: 500, y: 500),
                endRadius: 500)
        ),
        ("conic", .conic(center: RasterPoint(x: 500, y: 500), angle: 0.3)),
    ]
    for (name, shape) in shapes {
        let gradient = Gradient(shape, ramp: ramp, extendsBeforeStart: true, extendsAfterEnd: true)
        Benchmark("Gradient \(name) fill 1000² (1 000 000 px)") { benchmark in
            var target = try PixelBuffer(width: 1000, height: 1000)
            let mask = CoverageMask(filling: target.bounds)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                target.fill(mask, gradient: gradient)
            }
            blackHole(target)
        }
    }

    Benchmark("Blur RGBA 512² σ = 5 (blur 10) in place (262 144 px)") { benchmark in
        var buffer = samplingNoise(width: 512, height: 512, opaque: false)
        var blur = GaussianBlur(sigma: GaussianBlur.sigma(forShadowBlur: 10))
        blur.blur(&buffer)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blur.blur(&buffer)
        }
        blackHole(buffer)
    }

    Benchmark("Blur mask 512² σ = 5 (blur 10), grown by the extent (262 144 px in)") { benchmark in
        var path = RasterPath()
        path.addEllipse(center: RasterPoint(x: 256, y: 256), radiusX: 200, radiusY: 150)
        var converter = ScanConverter()
        var mask = CoverageMask()
        converter.fill(path, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 512, height: 512), into: &mask)
        var blur = GaussianBlur(sigma: GaussianBlur.sigma(forShadowBlur: 10))
        var shadow = CoverageMask()
        blur.blur(mask, into: &shadow)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blur.blur(mask, into: &shadow)
        }
        blackHole(shadow)
    }
}

/// 100 seeded placements of a 200² image in a `width` × `height` frame: centred on a random point, scaled by
/// 0.6 … 1.4 and turned by a random angle.
func compositePlacements(width: Int, height: Int) -> [Affine2D] {
    var state: UInt64 = 6
    func uniform(_ low: Double, _ high: Double) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return low + (high - low) * Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    return (0..<100).map { _ in
        let x = uniform(0, Double(width))
        let y = uniform(0, Double(height))
        let scale = uniform(0.6, 1.4)
        return Affine2D.translation(x: -100, y: -100).concatenated(.scale(x: scale, y: scale))
            .concatenated(.rotation(radians: uniform(0, 2 * .pi))).concatenated(.translation(x: x, y: y))
    }
}

/// A deterministic premultiplied image: random colours, opaque or with random alpha.
func samplingNoise(width: Int, height: Int, opaque: Bool) -> PixelBuffer {
    var state: UInt64 = 99
    var image = try! PixelBuffer(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 24
            let alpha = opaque ? 255 : UInt64(truncatingIfNeeded: bits >> 24) & 0xFF
            func channel(_ shift: UInt64) -> UInt8 { UInt8(alpha * ((bits >> shift) & 0xFF) / 255) }
            image[x: x, y: y] = RGBA8(r: channel(0), g: channel(8), b: channel(16), a: UInt8(alpha))
        }
    }
    return image
}
