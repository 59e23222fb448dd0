@_spi(Engine) import PortableRaster

/// SplitMix64: a small deterministic generator, so the corpus is the same on every machine for a given seed.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `low ..< high` (53 random bits).
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + Double(next() >> 11) / Double(1 << 53) * (high - low)
    }

    /// An integer in `0 ..< count`.
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    mutating func chance(_ probability: Double) -> Bool { uniform(0, 1) < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func byte(_ range: ClosedRange<Int>) -> UInt8 {
        UInt8(range.lowerBound + below(range.count))
    }
}

/// The part of the corpus a case belongs to; speed is totalled per category.
enum Category: String, CaseIterable, Comparable {
    case fill
    case stroke
    case clip
    case image

    static func < (lhs: Category, rhs: Category) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A straight-alpha 8-bit colour with the source's alpha; both libraries premultiply it themselves.
struct Paint {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8
}

/// One clip step: a path filled with a rule under its own transform (cairo captures clips in device space).
struct ClipStep {
    var path: RasterPath
    var transform: Affine2D
    var rule: FillRule
}

/// What a case draws.
enum Drawing {
    case fill(RasterPath, rule: FillRule)
    /// `style.width == 0` is a hairline, one device pixel wide.
    case stroke(RasterPath, style: StrokeStyle)
    /// The corpus image (index into ``Corpus/images``) through the case's transform.
    case image(index: Int, filter: ImageFilter)
}

/// One seeded test case, drawn identically (as far as each API allows) by both libraries.
struct TestCase {
    var index: Int
    var category: Category
    var drawing: Drawing
    /// User space to device pixels (y down in both libraries).
    var transform: Affine2D
    var clips: [ClipStep]
    var paint: Paint
    /// Opaque background, or nil for a transparent one.
    var background: Paint?
    /// A short description for the tables.
    var label: String
}

/// The deterministic corpus: images and cases made from one seed.
struct Corpus {
    static let width = 256
    static let height = 256

    var images: [SourceImage]
    var cases: [TestCase]

    init(seed: UInt64, count: Int) {
        var random = SeededGenerator(seed: seed)
        images = (0..<3).map { SourceImage(seed: seed &+ UInt64($0) &* 7_919, variant: $0) }
        cases = []
        cases.reserveCapacity(count)
        // Fixed proportions: 30% fills, 40% strokes, 15% clips, 15% images, interleaved.
        let pattern: [Category] = [
            .fill, .stroke, .fill, .stroke, .clip, .image, .fill, .stroke, .stroke, .clip, .fill, .stroke, .fill,
            .stroke, .image, .fill, .stroke, .clip, .image, .stroke,
        ]
        for index in 0..<count {
            var caseRandom = SeededGenerator(seed: random.next())
            let category = pattern[index % pattern.count]
            cases.append(Self.makeCase(index: index, category: category, images: images, random: &caseRandom))
        }
    }

    // MARK: Case generation

    private static func makeCase(
        index: Int, category: Category, images: [SourceImage], random: inout SeededGenerator
    ) -> TestCase {
        let (transform, scale, transformLabel) = makeTransform(&random, allowShear: category != .image)
        let inverse = transform.inverted() ?? .identity
        let paint = Paint(
            red: random.byte(0...230), green: random.byte(0...230), blue: random.byte(0...230),
            alpha: random.chance(0.6) ? 255 : random.byte(60...254))
        let background: Paint? =
            random.chance(0.5)
            ? Paint(
                red: random.byte(200...255), green: random.byte(200...255), blue: random.byte(200...255), alpha: 255)
            : nil
        var clips: [ClipStep] = []
        var drawing: Drawing
        var label: String
        switch category {
        case .fill:
            let path = makePath(&random, inverse: inverse, allowShapes: true)
            let rule: FillRule = random.chance(0.5) ? .nonZero : .evenOdd
            drawing = .fill(path.path, rule: rule)
            label = "fill \(rule == .nonZero ? "nonzero" : "evenodd") \(path.summary)"
        case .stroke:
            let path = makePath(&random, inverse: inverse, allowShapes: random.chance(0.2))
            let style = makeStrokeStyle(&random, scale: scale, hairlineAllowed: transformLabel != "shear")
            drawing = .stroke(path.path, style: style)
            label = "stroke \(describe(style, scale: scale)) \(path.summary)"
        case .clip:
            let clipCount = random.chance(0.6) ? 1 : 2
            for _ in 0..<clipCount {
                let (clipTransform, _, _) = makeTransform(&random, allowShear: true)
                let clipInverse = clipTransform.inverted() ?? .identity
                let path = makePath(&random, inverse: clipInverse, allowShapes: true)
                clips.append(
                    ClipStep(path: path.path, transform: clipTransform, rule: random.chance(0.5) ? .nonZero : .evenOdd))
            }
            if random.chance(0.6) {
                let path = makePath(&random, inverse: inverse, allowShapes: true)
                drawing = .fill(path.path, rule: .nonZero)
                label = "clip×\(clipCount) fill \(path.summary)"
            } else {
                let path = makePath(&random, inverse: inverse, allowShapes: false)
                let style = makeStrokeStyle(&random, scale: scale, hairlineAllowed: false)
                drawing = .stroke(path.path, style: style)
                label = "clip×\(clipCount) stroke \(describe(style, scale: scale))"
            }
        case .image:
            let imageIndex = random.below(images.count)
            let image = images[imageIndex]
            let filter: ImageFilter = random.chance(0.8) ? .bilinear : .nearest
            // Place the image's centre near the canvas centre, rotated and scaled uniformly or not.
            let sx = random.uniform(0.5, 2.2)
            let sy = random.chance(0.6) ? sx : random.uniform(0.5, 2.2)
            let angle = random.chance(0.15) ? 0 : random.uniform(0, 2 * Double.pi)
            let toCentre = Affine2D.translation(x: -Double(image.width) / 2, y: -Double(image.height) / 2)
            let placed = toCentre.concatenated(.scale(x: sx, y: sy)).concatenated(.rotation(radians: angle))
                .concatenated(
                    .translation(
                        x: Double(width) / 2 + random.uniform(-50, 50), y: Double(height) / 2 + random.uniform(-50, 50))
                )
            if random.chance(0.25) {
                let (clipTransform, _, _) = makeTransform(&random, allowShear: true)
                let clipInverse = clipTransform.inverted() ?? .identity
                let path = makePath(&random, inverse: clipInverse, allowShapes: true)
                clips.append(ClipStep(path: path.path, transform: clipTransform, rule: .nonZero))
            }
            drawing = .image(index: imageIndex, filter: filter)
            label =
                "image#\(imageIndex) \(image.width)×\(image.height) \(filter == .bilinear ? "bilinear" : "nearest") "
                + "s=\(format(sx, 2))×\(format(sy, 2)) θ=\(format(angle * 180 / .pi, 0))°"
                + (clips.isEmpty ? "" : " clipped")
            return TestCase(
                index: index, category: category, drawing: drawing, transform: placed, clips: clips,
                paint: Paint(red: 0, green: 0, blue: 0, alpha: paint.alpha), background: background, label: label)
        }
        return TestCase(
            index: index, category: category, drawing: drawing, transform: transform, clips: clips, paint: paint,
            background: background, label: label + " " + transformLabel)
    }

    /// A random user-to-device transform about the canvas centre: identity, a similarity, or a general affine
    /// map with shear. Also returns the geometric mean scale (for converting device sizes to user sizes).
    private static func makeTransform(
        _ random: inout SeededGenerator, allowShear: Bool
    ) -> (Affine2D, Double, String) {
        let centre = Affine2D.translation(x: Double(width) / 2, y: Double(height) / 2)
        let toOrigin = Affine2D.translation(x: -Double(width) / 2, y: -Double(height) / 2)
        let kind = random.uniform(0, 1)
        if kind < 0.4 {
            return (.identity, 1, "id")
        }
        if kind < 0.75 || !allowShear {
            let scale = random.uniform(0.5, 2.5)
            let transform = toOrigin.concatenated(.scale(x: scale, y: scale))
                .concatenated(.rotation(radians: random.uniform(0, 2 * Double.pi))).concatenated(centre)
            return (transform, scale, "sim")
        }
        var shear = Affine2D.identity
        shear.c = random.uniform(-0.6, 0.6)
        let transform = toOrigin.concatenated(.scale(x: random.uniform(0.4, 3), y: random.uniform(0.4, 3)))
            .concatenated(shear).concatenated(.rotation(radians: random.uniform(0, 2 * Double.pi)))
            .concatenated(centre)
        return (transform, abs(transform.determinant).squareRoot(), "shear")
    }

    /// A random path whose device image lies mostly on the canvas: polylines with quadratic and cubic segments,
    /// several subpaths, or (when allowed) rectangles and ellipses.
    private static func makePath(
        _ random: inout SeededGenerator, inverse: Affine2D, allowShapes: Bool
    ) -> (path: RasterPath, summary: String) {
        func devicePoint(_ random: inout SeededGenerator) -> RasterPoint {
            RasterPoint(x: random.uniform(8, Double(width) - 8), y: random.uniform(8, Double(height) - 8))
        }
        var path = RasterPath()
        if allowShapes && random.chance(0.3) {
            let centre = inverse.apply(to: devicePoint(&random))
            if random.chance(0.5) {
                let w = random.uniform(10, 150)
                let h = random.uniform(10, 150)
                path.addRect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h)
                return (path, "rect")
            }
            path.addEllipse(center: centre, radiusX: random.uniform(5, 100), radiusY: random.uniform(5, 100))
            return (path, "ellipse")
        }
        var summary = ""
        let subpathCount = random.chance(0.7) ? 1 : 2 + random.below(2)
        for _ in 0..<subpathCount {
            path.move(to: inverse.apply(to: devicePoint(&random)))
            let segmentCount = 1 + random.below(6)
            for _ in 0..<segmentCount {
                let roll = random.uniform(0, 1)
                if roll < 0.5 {
                    path.line(to: inverse.apply(to: devicePoint(&random)))
                    summary += "L"
                } else if roll < 0.7 {
                    let control = inverse.apply(to: devicePoint(&random))
                    path.quadCurve(to: inverse.apply(to: devicePoint(&random)), control: control)
                    summary += "Q"
                } else {
                    let control1 = inverse.apply(to: devicePoint(&random))
                    let control2 = inverse.apply(to: devicePoint(&random))
                    path.curve(to: inverse.apply(to: devicePoint(&random)), control1: control1, control2: control2)
                    summary += "C"
                }
            }
            if random.chance(0.35) {
                path.close()
                summary += "Z"
            }
            summary += " "
        }
        return (path, String(summary.dropLast()))
    }

    /// A random stroke style; widths and dash lengths are chosen in device pixels and converted to user units.
    private static func makeStrokeStyle(
        _ random: inout SeededGenerator, scale: Double, hairlineAllowed: Bool
    ) -> StrokeStyle {
        var style = StrokeStyle()
        let roll = random.uniform(0, 1)
        let deviceWidth =
            roll < 0.35 ? random.uniform(0.5, 3) : roll < 0.8 ? random.uniform(3, 20) : random.uniform(20, 60)
        style.width = hairlineAllowed && random.chance(0.05) ? 0 : deviceWidth / scale
        style.cap = random.pick([.butt, .round, .square])
        style.join = random.pick([.miter, .round, .bevel])
        style.miterLimit = random.pick([10, 10, 10, 4, 2, 1.2])
        if random.chance(0.45) {
            let count = 1 + random.below(4)
            style.dashLengths = (0..<count).map { _ in random.chance(0.1) ? 0 : random.uniform(1, 30) / scale }
            if style.dashLengths.allSatisfy({ $0 == 0 }) { style.dashLengths[0] = 5 / scale }
            style.dashPhase = random.uniform(-10, 20) / scale
        }
        return style
    }

    private static func describe(_ style: StrokeStyle, scale: Double) -> String {
        let width = style.width == 0 ? "hair" : "w=\(format(style.width * scale, 1))"
        let dash = style.dashLengths.isEmpty ? "" : " dash\(style.dashLengths.count)"
        let miter = style.join == .miter ? "(\(format(style.miterLimit, 1)))" : ""
        return "\(width) \(style.cap) \(style.join)\(miter)\(dash)"
    }
}

/// A premultiplied test image: smooth colour ramps, hard-edged blocks and a few translucent areas, so that both
/// sampling (smooth parts) and edge placement (blocks) are compared.
struct SourceImage {
    let width: Int
    let height: Int
    /// Premultiplied RGBA bytes, rows top to bottom, `width * 4` bytes per row.
    let premultipliedRGBA: [UInt8]

    init(seed: UInt64, variant: Int) {
        var random = SeededGenerator(seed: seed)
        width = variant == 0 ? 200 : 64 + random.below(137)
        height = variant == 0 ? 200 : 64 + random.below(137)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let block = 8 + random.below(24)
        let translucent = variant == 2
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width)
                let v = Double(y) / Double(height)
                var r = 255 * u
                let g = 255 * v
                var b = 255 * (0.5 + 0.5 * (u * 6.3).sin3(v * 4.1))
                if ((x / block) + (y / block)) % 2 == 0 {
                    r = 255 - r
                    b *= 0.3
                }
                let a = translucent ? 255 * (0.35 + 0.65 * v) : 255
                let alpha = UInt8(a.rounded())
                let index = (y * width + x) * 4
                bytes[index] = UInt8((r * Double(alpha) / 255).rounded())
                bytes[index + 1] = UInt8((g * Double(alpha) / 255).rounded())
                bytes[index + 2] = UInt8((b * Double(alpha) / 255).rounded())
                bytes[index + 3] = alpha
            }
        }
        premultipliedRGBA = bytes
    }
}

extension Double {
    /// A cheap smooth periodic function of two arguments (a product of two triangle-smoothed waves), kept free
    /// of Foundation so the corpus is the same everywhere.
    fileprivate func sin3(_ other: Double) -> Double {
        func wave(_ t: Double) -> Double {
            let f = t - (t / 2).rounded(.down) * 2  // 0 ..< 2
            let tri = f < 1 ? f : 2 - f  // 0 ... 1
            return tri * tri * (3 - 2 * tri) * 2 - 1  // smoothstep, −1 ... 1
        }
        return wave(self) * wave(other)
    }
}

/// Formats `value` with `digits` decimals without Foundation.
func format(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + "\(whole)"
    if digits > 0 {
        let fraction = Int(scaled - Double(whole) * scale)
        let digitsText = String(fraction)
        text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
    return text
}
