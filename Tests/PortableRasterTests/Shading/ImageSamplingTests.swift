@_spi(Engine) import PortableRaster
import Testing

@Suite("Image sampling")
struct ImageSamplingTests {
    /// A deterministic image of premultiplied pixels (alpha varies; some pixels opaque, some transparent).
    static func noise(width: Int, height: Int, seed: UInt64 = 7, opaque: Bool = false) throws -> PixelBuffer {
        var state = seed
        var image = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let bits = state >> 24
                let alpha: UInt8 = opaque ? 255 : UInt8(truncatingIfNeeded: bits >> 24)
                func channel(_ shift: UInt64) -> UInt8 {
                    UInt8(UInt64(alpha) * ((bits >> shift) & 0xFF) / 255)
                }
                image[x: x, y: y] = RGBA8(r: channel(0), g: channel(8), b: channel(16), a: alpha)
            }
        }
        return image
    }

    static func grey(_ value: UInt8) -> RGBA8 { RGBA8(r: value, g: value, b: value, a: 255) }

    @Test(
        "an identity draw copies every byte, for every filter", arguments: [ImageFilter.nearest, .bilinear, .trilinear])
    func identityIsExact(filter: ImageFilter) throws {
        let image = try Self.noise(width: 37, height: 23)
        var target = try PixelBuffer(width: 37, height: 23)
        var workspace = PaintWorkspace()
        target.draw(image, transform: .identity, filter: filter, workspace: &workspace)
        #expect(target == image)
        // A whole-pixel translation copies as well.
        var moved = try PixelBuffer(width: 50, height: 30)
        moved.draw(image, transform: .translation(x: 5, y: -3), filter: filter, workspace: &workspace)
        for y in 0..<20 {
            for x in 0..<37 { #expect(moved[x: x + 5, y: y] == image[x: x, y: y + 3]) }
        }
        #expect(moved[x: 4, y: 0] == .transparent && moved[x: 42, y: 0] == .transparent)
    }

    @Test("a quarter turn equals the rotated copy texel for texel", arguments: [ImageFilter.nearest, .bilinear])
    func quarterTurn(filter: ImageFilter) throws {
        let image = try Self.noise(width: 19, height: 11, seed: 3)
        // Image (u, v) → device (11 − v, u): device pixel (x, y) shows texel (y, 10 − x).
        let exact = Affine2D(a: 0, b: 1, c: -1, d: 0, tx: 11, ty: 0)
        // The library's rotation has cos(π/2) ≈ 6·10⁻¹⁷ instead of 0; the result must not change.
        let computed = Affine2D.rotation(radians: Double.pi / 2).concatenated(.translation(x: 11, y: 0))
        var workspace = PaintWorkspace()
        for transform in [exact, computed] {
            var target = try PixelBuffer(width: 11, height: 19)
            target.draw(image, transform: transform, filter: filter, workspace: &workspace)
            for y in 0..<19 {
                for x in 0..<11 { #expect(target[x: x, y: y] == image[x: y, y: 10 - x], "(\(x), \(y))") }
            }
        }
        // Quarter turn followed by a mirror is the transpose.
        var transposed = try PixelBuffer(width: 11, height: 19)
        transposed.draw(
            image, transform: Affine2D(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0), filter: filter, workspace: &workspace)
        for y in 0..<19 {
            for x in 0..<11 { #expect(transposed[x: x, y: y] == image[x: y, y: x]) }
        }
    }

    @Test("half-pixel offset: bilinear averages neighbours (halves up), nearest takes the left texel")
    func halfPixelOffset() throws {
        var image = try PixelBuffer(width: 4, height: 1)
        for (x, value) in [0, 100, 200, 255].enumerated() { image[x: x, y: 0] = Self.grey(UInt8(value)) }
        var workspace = PaintWorkspace()
        var bilinear = try PixelBuffer(width: 6, height: 1)
        bilinear.draw(image, transform: .translation(x: 0.5, y: 0), filter: .bilinear, workspace: &workspace)
        // Pixel x samples u = x, between texels x − 1 and x with weight 128/256 each: (a + b + 1) >> 1.
        // Pixels 0 and 4 are half covered by the image's edge (coverage 128) and clamp to the edge texel.
        #expect(bilinear[x: 0, y: 0] == RGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(bilinear[x: 1, y: 0] == Self.grey(50))
        #expect(bilinear[x: 2, y: 0] == Self.grey(150))
        #expect(bilinear[x: 3, y: 0] == Self.grey(228))
        #expect(bilinear[x: 4, y: 0] == RGBA8(r: 128, g: 128, b: 128, a: 128))
        #expect(bilinear[x: 5, y: 0] == .transparent)
        var nearest = try PixelBuffer(width: 6, height: 1)
        nearest.draw(image, transform: .translation(x: 0.5, y: 0), filter: .nearest, workspace: &workspace)
        // u = x lies on the border of texels x − 1 and x: the smaller index wins.
        #expect(nearest[x: 0, y: 0] == RGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(nearest[x: 1, y: 0] == Self.grey(0))
        #expect(nearest[x: 2, y: 0] == Self.grey(100))
        #expect(nearest[x: 3, y: 0] == Self.grey(200))
        #expect(nearest[x: 4, y: 0] == RGBA8(r: 128, g: 128, b: 128, a: 128))
    }

    @Test("a 4× reduction with the trilinear filter is the 4 × 4 box average within 1")
    func reductionBoxAverage() throws {
        let image = try Self.noise(width: 64, height: 48, seed: 11)
        var target = try PixelBuffer(width: 16, height: 12)
        var workspace = PaintWorkspace()
        target.draw(image, transform: .scale(x: 0.25, y: 0.25), filter: .trilinear, workspace: &workspace)
        var worst = 0
        for y in 0..<12 {
            for x in 0..<16 {
                var sums = [0, 0, 0, 0]
                for dy in 0..<4 {
                    for dx in 0..<4 {
                        let p = image[x: 4 * x + dx, y: 4 * y + dy]
                        sums[0] += Int(p.r)
                        sums[1] += Int(p.g)
                        sums[2] += Int(p.b)
                        sums[3] += Int(p.a)
                    }
                }
                let q = target[x: x, y: y]
                for (channel, value) in [q.r, q.g, q.b, q.a].enumerated() {
                    worst = max(worst, abs(Int(value) * 16 - sums[channel]))
                }
            }
        }
        #expect(worst <= 16)  // |result − sum/16| ≤ 1
        // The same through a prebuilt pyramid.
        let pyramid = ImagePyramid(image)
        #expect(pyramid.levelCount == 7)  // 64×48, 32×24, 16×12, 8×6, 4×3, 2×2, 1×1
        var again = try PixelBuffer(width: 16, height: 12)
        again.draw(pyramid, transform: .scale(x: 0.25, y: 0.25), workspace: &workspace)
        #expect(again == target)
        // Plain bilinear at the same reduction reads single texels instead (aliasing), so it differs.
        var aliased = try PixelBuffer(width: 16, height: 12)
        aliased.draw(image, transform: .scale(x: 0.25, y: 0.25), filter: .bilinear, workspace: &workspace)
        #expect(aliased != target)
    }

    @Test("trilinear blends two levels between powers of two and equals bilinear when magnifying")
    func trilinearLevels() throws {
        let image = try Self.noise(width: 32, height: 32, seed: 5, opaque: true)
        var workspace = PaintWorkspace()
        var magnified = try PixelBuffer(width: 80, height: 80)
        var reference = try PixelBuffer(width: 80, height: 80)
        let up = Affine2D.scale(x: 2.5, y: 2.5).concatenated(.rotation(radians: 0.2))
        magnified.draw(image, transform: up, filter: .trilinear, workspace: &workspace)
        reference.draw(image, transform: up, filter: .bilinear, workspace: &workspace)
        #expect(magnified == reference)
        // A reduction by 3 (λ = log₂ 3 ≈ 1.585) blends levels 1 and 2: a uniform image stays uniform.
        var flat = try PixelBuffer(width: 30, height: 30)
        flat.fill(RGBA8(r: 40, g: 80, b: 120, a: 200))
        var reduced = try PixelBuffer(width: 10, height: 10)
        reduced.draw(flat, transform: .scale(x: 1.0 / 3, y: 1.0 / 3), filter: .trilinear, workspace: &workspace)
        #expect(reduced[x: 5, y: 5] == RGBA8(r: 40, g: 80, b: 120, a: 200))
    }

    @Test("between powers of two, trilinear mixes bilinear samples of the two nearest pyramid levels")
    func trilinearMatchesReference() throws {
        let image = try Self.noise(width: 96, height: 96, seed: 31)
        let pyramid = ImagePyramid(image)
        // A reduction by 3 turned by 0.3 rad: λ = log₂ 3 ≈ 1.585 mixes levels 1 and 2, 150/256 of level 2.
        let transform = Affine2D.scale(x: 1.0 / 3, y: 1.0 / 3).concatenated(.rotation(radians: 0.3))
            .concatenated(.translation(x: 12, y: 2))
        var target = try PixelBuffer(width: 40, height: 40)
        var workspace = PaintWorkspace()
        target.draw(pyramid, transform: transform, workspace: &workspace)
        let inverse = try #require(transform.inverted())
        let levels = [pyramid.level(1), pyramid.level(2)]
        func sample(_ level: PixelBuffer, _ u: Double, _ v: Double, _ channel: (RGBA8) -> UInt8) -> Double {
            let x = u - 0.5
            let y = v - 0.5
            let x0 = Int(x.rounded(.down))
            let y0 = Int(y.rounded(.down))
            let fx = x - Double(x0)
            let fy = y - Double(y0)
            func at(_ i: Int, _ j: Int) -> Double { Double(channel(level[x: i, y: j])) }
            let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
            let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
        let coarseWeight = 150.0 / 256
        var compared = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let p = inverse.apply(to: RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard p.x > 8, p.y > 8, p.x < 88, p.y < 88 else { continue }
                for channel in [\RGBA8.r, \RGBA8.g, \RGBA8.a] {
                    let fine = sample(levels[0], p.x / 2, p.y / 2) { $0[keyPath: channel] }
                    let coarse = sample(levels[1], p.x / 4, p.y / 4) { $0[keyPath: channel] }
                    let expected = fine * (1 - coarseWeight) + coarse * coarseWeight
                    let got = Double(target[x: x, y: y][keyPath: channel])
                    #expect(abs(got - expected) <= 2, "(\(x), \(y))")
                }
                compared += 1
            }
        }
        #expect(compared > 300)
    }

    @Test("a rotated, scaled bilinear draw matches a double-precision reference within 1")
    func rotatedMatchesReference() throws {
        let image = try Self.noise(width: 40, height: 30, seed: 21)
        let transform = Affine2D.scale(x: 1.7, y: 1.3).concatenated(.rotation(radians: 0.4)).concatenated(
            .translation(x: 30, y: 4))
        var target = try PixelBuffer(width: 90, height: 90)
        var workspace = PaintWorkspace()
        target.draw(image, transform: transform, filter: .bilinear, workspace: &workspace)
        let inverse = try #require(transform.inverted())
        var compared = 0
        for y in 0..<90 {
            for x in 0..<90 {
                let p = inverse.apply(to: RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                // Interior pixels only: full coverage, all four taps inside.
                guard p.x > 1.5, p.y > 1.5, p.x < 38.5, p.y < 28.5 else { continue }
                let u = p.x - 0.5
                let v = p.y - 0.5
                let x0 = Int(u.rounded(.down))
                let y0 = Int(v.rounded(.down))
                let fx = u - Double(x0)
                let fy = v - Double(y0)
                func channel(_ c: (RGBA8) -> UInt8) -> Double {
                    let top = Double(c(image[x: x0, y: y0])) * (1 - fx) + Double(c(image[x: x0 + 1, y: y0])) * fx
                    let bottom =
                        Double(c(image[x: x0, y: y0 + 1])) * (1 - fx) + Double(c(image[x: x0 + 1, y: y0 + 1])) * fx
                    return top * (1 - fy) + bottom * fy
                }
                let got = target[x: x, y: y]
                #expect(abs(Double(got.r) - channel(\.r)) <= 1.5, "(\(x), \(y)) red")
                #expect(abs(Double(got.a) - channel(\.a)) <= 1.5, "(\(x), \(y)) alpha")
                compared += 1
            }
        }
        #expect(compared > 2000)
    }

    @Test("perspective: the centre of a checkerboard lands at the projective image of its centre")
    func perspectiveCheckerboard() throws {
        // Four 32 × 32 cells: black top-left and bottom-right, white elsewhere.
        var board = try PixelBuffer(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { board[x: x, y: y] = (x < 32) == (y < 32) ? .black : .white }
        }
        // A plane receding to the right: the right edge is shorter than the left.
        let corners = [
            RasterPoint(x: 4, y: 4), RasterPoint(x: 92, y: 28), RasterPoint(x: 92, y: 60), RasterPoint(x: 4, y: 84),
        ]
        let transform = try #require(Projective2D.mapping(x: 0, y: 0, width: 64, height: 64, to: corners))
        var target = try PixelBuffer(width: 100, height: 90)
        var workspace = PaintWorkspace()
        target.draw(board, projective: transform, filter: .bilinear, workspace: &workspace)
        let centre = try #require(transform.apply(to: RasterPoint(x: 32, y: 32)))
        // Where an affine interpolation of the corners would put the centre.
        let affineCentre = RasterPoint(x: (4 + 92 + 92 + 4) / 4.0, y: (4 + 28 + 60 + 84) / 4.0)
        // The near (left) half takes more of the screen, so the true centre lies well right of the affine one.
        #expect(centre.x - affineCentre.x > 8)
        // Sample the four quadrants 3 pixels diagonally away from the projected centre.
        func pixel(_ dx: Double, _ dy: Double) -> RGBA8 {
            target[x: Int((centre.x + dx).rounded(.down)), y: Int((centre.y + dy).rounded(.down))]
        }
        #expect(pixel(-3, -3) == .black)
        #expect(pixel(3, -3) == .white)
        #expect(pixel(-3, 3) == .white)
        #expect(pixel(3, 3) == .black)
        // The affine centre shows the left column of cells (source x ≈ 18), not the board's centre.
        let sourceAtAffine = try #require(transform.inverted()?.apply(to: affineCentre))
        #expect(sourceAtAffine.x < 20)
        #expect(target[x: Int(affineCentre.x), y: Int(affineCentre.y) - 3] == .black)
        #expect(target[x: Int(affineCentre.x), y: Int(affineCentre.y) + 3] == .white)
        // Along the top edge, the image of the source's top midpoint splits black from white.
        let topMiddle = try #require(transform.apply(to: RasterPoint(x: 32, y: 4)))
        #expect(target[x: Int(topMiddle.x) - 2, y: Int(topMiddle.y)] == .black)
        #expect(target[x: Int(topMiddle.x) + 2, y: Int(topMiddle.y)] == .white)
    }

    @Test("an affine transform given as a projective one draws the same bytes")
    func projectiveAffineAgree() throws {
        let image = try Self.noise(width: 20, height: 20, seed: 9)
        let transform = Affine2D.rotation(radians: 0.7).concatenated(.translation(x: 20, y: 3))
        var workspace = PaintWorkspace()
        var affine = try PixelBuffer(width: 40, height: 40)
        affine.draw(image, transform: transform, workspace: &workspace)
        var projective = try PixelBuffer(width: 40, height: 40)
        projective.draw(image, projective: Projective2D(transform), workspace: &workspace)
        #expect(affine == projective)
        // A true perspective that is almost affine stays within a step of the affine result.
        var tilted = Projective2D(transform)
        tilted.m13 = 1e-9
        var nearly = try PixelBuffer(width: 40, height: 40)
        nearly.draw(image, projective: tilted, workspace: &workspace)
        var worst = 0
        for y in 0..<40 {
            for x in 0..<40 { worst = max(worst, abs(Int(nearly[x: x, y: y].a) - Int(affine[x: x, y: y].a))) }
        }
        #expect(worst <= 1)
    }

    @Test("parts behind the viewer are cut away; an image entirely behind draws nothing")
    func behindViewer() throws {
        let image = try Self.noise(width: 16, height: 16, seed: 2, opaque: true)
        var workspace = PaintWorkspace()
        // W = 1 − x/8: texel columns past x = 8 are behind the viewer.
        let crossing = Projective2D(m11: 1, m12: 0, m13: -0.125, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        var target = try PixelBuffer(width: 64, height: 64)
        target.draw(image, projective: crossing, filter: .nearest, workspace: &workspace)
        // Device (x, y) shows texel (8x / (8 + x), 8y / (8 + x)): the front half stretches to infinity.
        #expect(target[x: 0, y: 0] == image[x: 0, y: 0])
        #expect(target[x: 63, y: 63] == image[x: 7, y: 7])
        #expect(target[x: 0, y: 20] == .transparent)  // texel row 18.8: below the image
        let behind = Projective2D(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1)
        var untouched = try PixelBuffer(width: 16, height: 16)
        untouched.draw(image, projective: behind, workspace: &workspace)
        #expect(untouched == (try PixelBuffer(width: 16, height: 16)))
    }

    @Test("clamp edges stay sharp and read no texel outside the source rectangle; transparent edges fade")
    func edgeModes() throws {
        // A red column at x = 0, green elsewhere; draw only the green part magnified 4×.
        var image = try PixelBuffer(width: 4, height: 2)
        image.fill(RGBA8(r: 0, g: 255, b: 0, a: 255))
        for y in 0..<2 { image[x: 0, y: y] = RGBA8(r: 255, g: 0, b: 0, a: 255) }
        let source = PixelRect(x: 1, y: 0, width: 3, height: 2)
        let magnify = Affine2D.translation(x: -1, y: 0).concatenated(.scale(x: 4, y: 4)).concatenated(
            .translation(x: 6, y: 2))
        var workspace = PaintWorkspace()
        var clamped = try PixelBuffer(width: 20, height: 12)
        clamped.draw(image, source: source, transform: magnify, edgeMode: .clamp, workspace: &workspace)
        for y in 0..<12 {
            for x in 0..<20 {
                let inside = x >= 6 && x < 18 && y >= 2 && y < 10
                #expect(clamped[x: x, y: y] == (inside ? RGBA8(r: 0, g: 255, b: 0, a: 255) : .transparent))
            }
        }
        // Transparent edges: the border fades over one texel (4 device pixels) centred on the edge at x = 6.
        // Pixel 4 samples half a texel before the region, at u = −0.375: taps −1 (transparent) and 0 with
        // weight 32/256 on texel 0, so 255·32/256 → 32; then weights 96, 160, 224 give 96, 159, 223, and
        // pixel 8 is fully inside. Pixel 3 is out of the filter's reach.
        var faded = try PixelBuffer(width: 20, height: 12)
        faded.draw(image, source: source, transform: magnify, edgeMode: .transparent, workspace: &workspace)
        #expect(faded[x: 3, y: 6] == .transparent)
        #expect((4..<9).map { faded[x: $0, y: 6] } == [32, 96, 159, 223, 255].map { RGBA8(r: 0, g: $0, b: 0, a: $0) })
        #expect((0..<20).allSatisfy { faded[x: $0, y: 6].r == 0 })  // the red column is never read
    }

    @Test("global alpha, blend modes and clip masks apply to image draws")
    func alphaModesAndClip() throws {
        var white = try PixelBuffer(width: 4, height: 4)
        white.fill(.white)
        var workspace = PaintWorkspace()
        var faded = try PixelBuffer(width: 4, height: 4)
        faded.draw(white, transform: .identity, alpha: 0.5, workspace: &workspace)
        #expect(faded[x: 1, y: 1] == RGBA8(r: 128, g: 128, b: 128, a: 128))
        var grey = try PixelBuffer(width: 4, height: 4)
        grey.fill(Self.grey(100))
        var multiplied = grey
        var half = try PixelBuffer(width: 4, height: 4)
        half.fill(Self.grey(128))
        multiplied.draw(half, transform: .identity, blendMode: .multiply, workspace: &workspace)
        #expect(multiplied[x: 2, y: 2] == Self.grey(50))  // 100·128/255 = 50.2
        var clipped = try PixelBuffer(width: 4, height: 4)
        let clip = CoverageMask(filling: PixelRect(x: 0, y: 0, width: 2, height: 4), coverage: 255)
        clipped.draw(white, transform: .identity, clipMask: clip, workspace: &workspace)
        #expect(clipped[x: 1, y: 3] == .white && clipped[x: 2, y: 3] == .transparent)
        var limited = try PixelBuffer(width: 4, height: 4)
        limited.draw(
            white, transform: .identity, clip: PixelRect(x: 3, y: 0, width: 1, height: 1), workspace: &workspace)
        #expect(limited[x: 3, y: 0] == .white && limited[x: 2, y: 0] == .transparent)
    }

    @Test("drawing a buffer into itself reads the pixels as they were before the draw")
    func drawIntoItself() throws {
        var buffer = try Self.noise(width: 12, height: 12, seed: 4)
        let before = buffer
        var workspace = PaintWorkspace()
        buffer.draw(buffer, transform: .translation(x: 1, y: 0), blendMode: .copy, workspace: &workspace)
        for y in 0..<12 {
            for x in 1..<12 { #expect(buffer[x: x, y: y] == before[x: x - 1, y: y]) }
        }
    }

    @Test(
        "bad transforms draw nothing",
        arguments: [
            Affine2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), Affine2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
            Affine2D(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
        ])
    func badTransforms(transform: Affine2D) throws {
        let image = try Self.noise(width: 8, height: 8)
        var target = try PixelBuffer(width: 8, height: 8)
        var workspace = PaintWorkspace()
        target.draw(image, transform: transform, blendMode: .copy, workspace: &workspace)
        #expect(target == (try PixelBuffer(width: 8, height: 8)))
    }

    @Test("extreme reductions and huge magnifications stay in range")
    func extremeScales() throws {
        let image = try Self.noise(width: 32, height: 32, seed: 8, opaque: true)
        var workspace = PaintWorkspace()
        for filter in [ImageFilter.nearest, .bilinear, .trilinear] {
            var tiny = try PixelBuffer(width: 8, height: 8)
            tiny.draw(
                image, transform: Affine2D.scale(x: 1e-7, y: 1e-7).concatenated(.translation(x: 4, y: 4)),
                filter: filter, workspace: &workspace)
            #expect(tiny[x: 0, y: 0] == .transparent)
            var huge = try PixelBuffer(width: 8, height: 8)
            huge.draw(image, transform: .scale(x: 1e6, y: 1e6), filter: filter, workspace: &workspace)
            #expect(huge[x: 7, y: 7] == image[x: 0, y: 0])
        }
    }
}
