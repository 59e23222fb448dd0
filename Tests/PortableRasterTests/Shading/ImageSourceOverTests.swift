import Testing

@_spi(Engine) @testable import PortableRaster

/// The one-pass sample-and-composite path for bilinear affine images in the normal blend mode, against worked
/// numbers and against the general shade-then-blend steps it replaces.
@Suite("Image source-over in one pass")
struct ImageSourceOverTests {
    static func grey(_ value: UInt8) -> RGBA8 { RGBA8(r: value, g: value, b: value, a: 255) }

    /// A small deterministic generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func below(_ limit: Int) -> Int { Int(next() % UInt64(limit)) }
    }

    /// Premultiplied noise: opaque, or with random alpha (some pixels transparent).
    static func noise(width: Int, height: Int, opaque: Bool, using random: inout Generator) throws -> PixelBuffer {
        var image = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = opaque ? 255 : random.below(256)
                func channel() -> UInt8 { UInt8(alpha * random.below(256) / 255) }
                image[x: x, y: y] = RGBA8(r: channel(), g: channel(), b: channel(), a: UInt8(alpha))
            }
        }
        return image
    }

    @Test("a 2 × 2 image scaled 2× gives the rounded bilinear values: (1, 1) is 72 between texels 0, 200, 100, 255")
    func twoByTwoScaledTwice() throws {
        var image = try PixelBuffer(width: 2, height: 2)
        image[x: 0, y: 0] = Self.grey(0)
        image[x: 1, y: 0] = Self.grey(200)
        image[x: 0, y: 1] = Self.grey(100)
        image[x: 1, y: 1] = Self.grey(255)
        // Pixel centres sample at texel offsets −¼, ¼, ¾, 1¼; the outer ones clamp to the edge texels. For (1, 1)
        // both weights are 64/256: left column (0·192 + 100·64 + 128) >> 8 = 25, right column
        // (200·192 + 255·64 + 128) >> 8 = 214, then (25·192 + 214·64 + 128) >> 8 = 72.
        let expected: [[UInt8]] = [
            [0, 50, 150, 200],
            [25, 72, 167, 214],
            [75, 117, 200, 241],
            [100, 139, 216, 255],
        ]
        var target = try PixelBuffer(width: 4, height: 4)
        var workspace = PaintWorkspace()
        target.draw(image, transform: .scale(x: 2, y: 2), filter: .bilinear, workspace: &workspace)
        for y in 0..<4 {
            for x in 0..<4 { #expect(target[x: x, y: y] == Self.grey(expected[y][x]), "(\(x), \(y))") }
        }
    }

    @Test("a 16 × 16 ramp scaled 2× blends neighbours halfway: texels 40 and 60 give 45 and 55 between them")
    func rampInterior() throws {
        // Long rows, so the four-pixel loop with all taps inside does the work.
        var image = try PixelBuffer(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 { image[x: x, y: y] = Self.grey(UInt8(x * 20 % 256)) }
        }
        var target = try PixelBuffer(width: 32, height: 32)
        var workspace = PaintWorkspace()
        target.draw(image, transform: .scale(x: 2, y: 2), filter: .bilinear, workspace: &workspace)
        // Device x = 5 samples texel offset 2¼ → (40·192 + 60·64 + 128) >> 8 = 45; x = 6 → 2¾ → 55.
        for y in 1..<31 {
            #expect(target[x: 5, y: y] == Self.grey(45))
            #expect(target[x: 6, y: y] == Self.grey(55))
            #expect(target[x: 4, y: y] == Self.grey(35))
        }
    }

    @Test("opacity 0.8 over grey 100: a 200 texel at weight 204 paints 160 and keeps 37 of the background, 197")
    func opacityOverBackground() throws {
        let image = try PixelBuffer(width: 12, height: 12, bytesPerRow: 48, bytes: Array(repeating: 200, count: 576))
        var target = try PixelBuffer(width: 24, height: 24)
        target.fill(Self.grey(100))
        var workspace = PaintWorkspace()
        target.draw(image, transform: .scale(x: 2, y: 2), filter: .bilinear, alpha: 0.8, workspace: &workspace)
        // Source 200 (alpha 200) scaled by 204/255: round(200·204/255) = 160; destination keeps
        // round(100·(255 − 160)/255) = 37; alpha 160 + round(255·95/255) = 255.
        let pixel = target[x: 10, y: 10]
        #expect(pixel == RGBA8(r: 197, g: 197, b: 197, a: 255))
    }

    @Test("a clip with a 20-pixel hole inside a row leaves the hole's grey 30 untouched under a rotated image")
    func holeInsideTheImageKeepsTheDestination() throws {
        var random = Generator(state: 5)
        let image = try Self.noise(width: 64, height: 64, opaque: false, using: &random)
        var background = try PixelBuffer(width: 96, height: 96)
        background.fill(Self.grey(30))
        // A frame: the square 8 … 88 minus the square 38 … 58 (even-odd), so rows 38 … 57 have 20 uncovered
        // pixels in the middle of the image, where whole quads of four pixels have no coverage.
        var path = RasterPath()
        path.addRect(x: 8, y: 8, width: 80, height: 80)
        path.addRect(x: 38, y: 38, width: 20, height: 20)
        var converter = ScanConverter()
        var clipMask = CoverageMask()
        converter.fill(path, rule: .evenOdd, clip: background.bounds, into: &clipMask)
        let transform = Affine2D.translation(x: -32, y: -32)
            .concatenated(.rotation(radians: 0.3))
            .concatenated(.scale(x: 1.5, y: 1.5))
            .concatenated(.translation(x: 48, y: 48))
        var fused = background
        var general = background
        var fusedWorkspace = PaintWorkspace()
        var generalWorkspace = PaintWorkspace()
        generalWorkspace.fusesImageSourceOver = false
        fused.draw(
            image, transform: transform, filter: .bilinear, alpha: 0.8, clipMask: clipMask, workspace: &fusedWorkspace)
        general.draw(
            image, transform: transform, filter: .bilinear, alpha: 0.8, clipMask: clipMask,
            workspace: &generalWorkspace)
        for y in 38..<58 {
            for x in 38..<58 { #expect(fused[x: x, y: y] == Self.grey(30), "(\(x), \(y))") }
        }
        #expect(fused[x: 30, y: 48] != Self.grey(30))
        #expect(fused == general)
    }

    @Test(
        "the one-pass path equals shade-then-blend exactly on 300 seeded random affine and perspective draws",
        arguments: [false, true])
    func matchesGeneralPath(opaque: Bool) throws {
        var random = Generator(state: opaque ? 11 : 12)
        for _ in 0..<150 {
            let image = try Self.noise(
                width: 1 + random.below(70), height: 1 + random.below(70), opaque: opaque, using: &random)
            var background = try Self.noise(width: 131, height: 97, opaque: false, using: &random)
            if random.below(2) == 0 { background.fill(Self.grey(30)) }
            let scale = 0.3 + 3.5 * random.unit()
            var transform = Affine2D.translation(x: -Double(image.width) / 2, y: -Double(image.height) / 2)
                .concatenated(.scale(x: scale * (random.below(5) == 0 ? -1 : 1), y: scale * (0.6 + random.unit())))
                .concatenated(.rotation(radians: random.below(6) == 0 ? 0 : 6.3 * random.unit()))
                .concatenated(.translation(x: 131 * random.unit(), y: 97 * random.unit()))
            if random.below(10) == 0 { transform = .translation(x: 10.25, y: 3.5) }
            let alpha = random.below(3) == 0 ? 1 : Float(random.unit() * 1.1)
            let edgeMode: ImageEdgeMode = random.below(3) == 0 ? .transparent : .clamp
            let source: PixelRect? =
                random.below(4) == 0
                ? PixelRect(
                    x: random.below(image.width), y: random.below(image.height), width: 1 + random.below(image.width),
                    height: 1 + random.below(image.height)) : nil
            var clipMask: CoverageMask?
            if random.below(4) == 0 {
                var path = RasterPath()
                path.addEllipse(
                    center: RasterPoint(x: 131 * random.unit(), y: 97 * random.unit()),
                    radiusX: 10 + 80 * random.unit(),
                    radiusY: 10 + 60 * random.unit())
                var converter = ScanConverter()
                var mask = CoverageMask()
                converter.fill(path, rule: .nonZero, clip: background.bounds, into: &mask)
                clipMask = mask
            }
            var fused = background
            var general = background
            var fusedWorkspace = PaintWorkspace()
            var generalWorkspace = PaintWorkspace()
            generalWorkspace.fusesImageSourceOver = false
            if random.below(4) == 0 {
                // Perspective: a small projective row, sometimes strong enough to cut the quad at the viewer.
                let strength = random.below(3) == 0 ? 0.02 : 0.003
                let projective = Projective2D(
                    m11: transform.a, m12: transform.b, m13: strength * (random.unit() - 0.5), m21: transform.c,
                    m22: transform.d, m23: strength * (random.unit() - 0.5), m31: transform.tx, m32: transform.ty,
                    m33: 1)
                fused.draw(
                    image, source: source, projective: projective, filter: .bilinear, edgeMode: edgeMode,
                    alpha: alpha, clipMask: clipMask, workspace: &fusedWorkspace)
                general.draw(
                    image, source: source, projective: projective, filter: .bilinear, edgeMode: edgeMode,
                    alpha: alpha, clipMask: clipMask, workspace: &generalWorkspace)
            } else {
                fused.draw(
                    image, source: source, transform: transform, filter: .bilinear, edgeMode: edgeMode, alpha: alpha,
                    clipMask: clipMask, workspace: &fusedWorkspace)
                general.draw(
                    image, source: source, transform: transform, filter: .bilinear, edgeMode: edgeMode, alpha: alpha,
                    clipMask: clipMask, workspace: &generalWorkspace)
            }
            #expect(
                fused == general, "scale \(scale), alpha \(alpha), \(edgeMode), source \(String(describing: source))")
        }
    }

    @Test("the wrapping 16-bit blend (a·256 + (b − a)·f + 128) >> 8 equals (a·(256 − f) + b·f + 128) >> 8")
    func wrappingLerpIsExact() {
        // All byte pairs for weights at and around the ends and the middle (0 and 256 appear at clamped edges).
        for f in [0, 1, 2, 63, 64, 127, 128, 129, 191, 254, 255, 256] {
            let weight = SIMD8<UInt16>(repeating: UInt16(f))
            for a in 0..<256 {
                for bStart in stride(from: 0, to: 256, by: 8) {
                    let b = SIMD8<UInt16>(0, 1, 2, 3, 4, 5, 6, 7) &+ UInt16(bStart)
                    let got = BilinearQuad.lerp(SIMD8(repeating: UInt16(a)), b, weight)
                    for lane in 0..<8 {
                        let expected = (a * (256 - f) + Int(b[lane]) * f + 128) >> 8
                        #expect(Int(got[lane]) == expected, "a \(a), b \(b[lane]), f \(f)")
                    }
                }
            }
        }
    }

    @Test("the vector a·b/255 with one high multiply rounds like the scalar form for all 65 536 byte pairs")
    func vectorMultiplyRounded() {
        for a in 0..<256 {
            for bStart in stride(from: 0, to: 256, by: 8) {
                let b = SIMD8<UInt16>(0, 1, 2, 3, 4, 5, 6, 7) &+ UInt16(bStart)
                let got = multiplyRounded255(SIMD8(repeating: UInt16(a)), b)
                for lane in 0..<8 {
                    #expect(Int(got[lane]) == (a * Int(b[lane]) + 127) / 255, "\(a) × \(b[lane])")
                }
            }
        }
    }
}
