import Testing

@_spi(Engine) @testable import PortableRaster

/// The radial gradient's shading takes its square roots in batches (four at a time in C with AVX2) before choosing
/// roots and looking up colours. These cases check it against the single loop it replaced, kept here as the
/// reference, and the C roots against the Swift loop.
@Suite("Radial gradient shading in batches")
struct RadialGradientBatchTests {
    /// The single loop the shader used before (the `a ≠ 0` path of `GradientShader.shadeRadial`), pixel by pixel.
    static func referenceRow(
        _ circles: RadialGeometry, _ gradient: Gradient, table: [UInt32], x: Int, y: Int, count: Int
    ) -> (colors: [UInt32], weights: [UInt8]) {
        let inverse = gradient.transform.inverted()!
        let origin = inverse.apply(to: RasterPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let step = RasterPoint(x: inverse.a, y: inverse.b)
        let minimum = gradient.extendsBeforeStart ? -Double.infinity : 0
        let maximum = gradient.extendsAfterEnd ? Double.infinity : 1
        let resolution = Double(GradientRamp.resolution)
        let (a, r0, dr) = (circles.a, circles.r0, circles.dr)
        var px = origin.x - circles.c0.x
        var py = origin.y - circles.c0.y
        var b = px * circles.dc.x + py * circles.dc.y + r0 * dr
        let db = step.x * circles.dc.x + step.y * circles.dc.y
        let sign: Double = a > 0 ? 1 : -1
        let inverseA = 1 / a
        var colors = [UInt32](repeating: 0, count: count)
        var weights = [UInt8](repeating: 255, count: count)
        for index in 0..<count {
            let c = px * px + py * py - r0 * r0
            let discriminant = b * b - a * c
            px += step.x
            py += step.y
            let centre = b
            b += db
            guard discriminant >= 0 else {
                weights[index] = 0
                continue
            }
            let root = discriminant.squareRoot() * sign
            var t = (centre + root) * inverseA
            if !(t >= minimum && t <= maximum && r0 + t * dr >= 0) {
                t = (centre - root) * inverseA
                guard t >= minimum && t <= maximum && r0 + t * dr >= 0 else {
                    weights[index] = 0
                    continue
                }
            }
            colors[index] = table[t <= 0 ? 0 : t >= 1 ? GradientRamp.resolution : Int(t * resolution + 0.5)]
        }
        return (colors, weights)
    }

    /// `shade` of the shader for one row, weights starting at 255.
    static func shadedRow(_ gradient: Gradient, table: [UInt32], x: Int, y: Int, count: Int) -> ([UInt32], [UInt8]) {
        var colors = [UInt32](repeating: 0, count: count)
        var weights = [UInt8](repeating: 255, count: count)
        table.withUnsafeBufferPointer { entries in
            let shader = GradientShader(gradient, table: entries.baseAddress!)!
            colors.withUnsafeMutableBufferPointer { colorRow in
                weights.withUnsafeMutableBufferPointer { weightRow in
                    shader.shade(
                        x: x, y: y, count: count, colors: colorRow.baseAddress!, weights: weightRow.baseAddress!)
                }
            }
        }
        return (colors, weights)
    }

    @Test(
        "roots of b² − a·c along a row: point (3, 4), b = 5, a = 1, r0 = 0 stepped by (1, 0) and 1 give 0, 2, 3, either way"
    )
    func workedRoots() {
        // c = 25, 32, 41 and b² = 25, 36, 49: discriminants 0, 4, 8 → roots 0, 2, 2.83; the fourth pixel (6, 4),
        // b = 8: c = 52, 64 − 52 = 12 → 3.46; a fifth, b = 9 at (7, 4): 81 − 65 = 16 → 4 (a tail after four).
        for kernel in VectorKernels.avx2 ? [false, true] : [false] {
            var point = (3.0, 4.0)
            var roots = [Double](repeating: 0, count: 5)
            roots.withUnsafeMutableBufferPointer { buffer in
                GradientShader.radialRoots(
                    point: &point, b: 5, step: RasterPoint(x: 1, y: 0), db: 1, a: 1, r0Squared: 0, count: 5,
                    into: buffer.baseAddress!, vectorKernel: kernel)
            }
            #expect(roots == [0, 2, 8.0.squareRoot(), 12.0.squareRoot(), 4])
            #expect(point == (8, 4))
        }
    }

    @Test(
        "the AVX2 roots equal the Swift loop's to the bit on 2 000 seeded rows of 0 … 130 pixels, NaN where the discriminant is negative",
        .enabled(if: VectorKernels.avx2, "needs an x86-64 processor with AVX2"))
    func kernelMatchesSwiftLoop() {
        var random = SplitMix64(seed: 2_209)
        func value(_ scale: Double) -> Double { (random.unit() * 2 - 1) * scale }
        var mismatches = 0
        var negatives = 0
        for _ in 0..<2_000 {
            let count = Int(random.next() % 131)
            let start = (value(600), value(600))
            let b = value(2_000)
            let step = RasterPoint(x: value(1.5), y: value(1.5))
            let db = value(3)
            let a = value(900)
            let r0Squared = random.unit() * 10_000
            var results: [[UInt64]] = []
            var ends: [(Double, Double)] = []
            for kernel in [false, true] {
                var point = start
                var roots = [Double](repeating: 0, count: count)
                roots.withUnsafeMutableBufferPointer { buffer in
                    GradientShader.radialRoots(
                        point: &point, b: b, step: step, db: db, a: a, r0Squared: r0Squared, count: count,
                        into: buffer.baseAddress!, vectorKernel: kernel)
                }
                negatives += roots.filter(\.isNaN).count
                // Every NaN compares as one value; other roots bit for bit.
                results.append(roots.map { $0.isNaN ? .max : $0.bitPattern })
                ends.append(point)
            }
            if results[0] != results[1] || ends[0] != ends[1] { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(negatives > 0)
    }

    @Test(
        "shaded rows equal the single per-pixel loop on 300 seeded radial gradients (cones, nested circles, extends); a centred 0 → 10 px gradient gives entry 512 of 1 024 at 5 px"
    )
    func batchesMatchSingleLoop() {
        let ramp = GradientRamp(stops: [
            GradientStop(location: 0, red: 1, green: 0.5, blue: 0),
            GradientStop(location: 0.5, red: 0.2, green: 0.7, blue: 0.3, alpha: 0.6),
            GradientStop(location: 1, red: 0, green: 0, blue: 1),
        ])
        let table = ramp.table
        // Worked case: circles about (0.5, 0.5) from radius 0 to 10; pixel 5 of row 0 has its centre at (5.5, 0.5),
        // 5 px out, so t = 0.5 and the entry round(0.5 · 1 024) = 512.
        let centred = Gradient(
            .radial(
                startCenter: RasterPoint(x: 0.5, y: 0.5), startRadius: 0, endCenter: RasterPoint(x: 0.5, y: 0.5),
                endRadius: 10),
            ramp: ramp)
        #expect(GradientRamp.resolution == 1_024)
        #expect(Self.shadedRow(centred, table: table, x: 0, y: 0, count: 8).0[5] == table[512])

        var random = SplitMix64(seed: 31_337)
        func value(_ scale: Double) -> Double { (random.unit() * 2 - 1) * scale }
        var mismatches = 0
        var compared = 0
        while compared < 300 {
            let shape = Gradient.Shape.radial(
                startCenter: RasterPoint(x: value(300), y: value(300)), startRadius: random.unit() * 80,
                endCenter: RasterPoint(x: value(300), y: value(300)), endRadius: random.unit() * 400)
            let transform = Affine2D(
                a: 1 + value(0.5), b: value(0.5), c: value(0.5), d: 1 + value(0.5), tx: value(50), ty: value(50))
            let gradient = Gradient(
                shape, ramp: ramp, extendsBeforeStart: random.next() % 2 == 0, extendsAfterEnd: random.next() % 2 == 0,
                transform: transform)
            guard case .radial(let c0, let r0, let c1, let r1) = shape,
                let circles = RadialGeometry(startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1),
                circles.a != 0
            else { continue }
            compared += 1
            let x = Int(value(400))
            let y = Int(value(400))
            let count = 1 + Int(random.next() % 256)
            let shaded = Self.shadedRow(gradient, table: table, x: x, y: y, count: count)
            let reference = Self.referenceRow(circles, gradient, table: table, x: x, y: y, count: count)
            // Colours only count where the pixel is painted (the shader leaves others' colours unspecified).
            let colorsAgree = (0..<count).allSatisfy {
                reference.weights[$0] == 0 || shaded.0[$0] == reference.colors[$0]
            }
            if shaded.1 != reference.weights || !colorsAgree { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
