import CCairo
@_spi(Engine) import PortableRaster

/// Per-case difference between the two renderings.
struct Difference {
    /// Mean absolute difference per channel (R, G, B, A of the premultiplied pixels), over the whole canvas.
    var mean: Double
    /// Largest absolute difference of any channel of any pixel.
    var maximum: Int
    /// Mean absolute difference per channel over the pixels that either library changed from the background.
    var touchedMean: Double
    /// How many pixels either library changed.
    var touched: Int
}

/// Compares our buffer with cairo's surface pixel by pixel.
func compare(_ ours: PixelBuffer, _ cairo: CairoCanvas, background: Paint?) -> Difference {
    ours.withUnsafeBytes { compare($0, bytesPerRow: ours.bytesPerRow, cairo, background: background) }
}

/// Compares premultiplied RGBA rows (`bytesPerRow` apart, the size of cairo's surface) with cairo's surface.
func compare(
    _ bytes: UnsafeRawBufferPointer, bytesPerRow: Int, _ cairo: CairoCanvas, background: Paint?
) -> Difference {
    cairo.flush()
    let backgroundPixel: (Int, Int, Int, Int) =
        background.map { (Int($0.red), Int($0.green), Int($0.blue), 255) } ?? (0, 0, 0, 0)
    var sum = 0
    var maximum = 0
    var touched = 0
    for y in 0..<cairo.height {
        for x in 0..<cairo.width {
            let offset = y * bytesPerRow + x * 4
            let mine = (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]), Int(bytes[offset + 3]))
            let c = cairo.pixel(x: x, y: y)
            let theirs = (Int(c.0), Int(c.1), Int(c.2), Int(c.3))
            let d0 = abs(mine.0 - theirs.0)
            let d1 = abs(mine.1 - theirs.1)
            let d2 = abs(mine.2 - theirs.2)
            let d3 = abs(mine.3 - theirs.3)
            sum += d0 + d1 + d2 + d3
            maximum = max(maximum, d0, d1, d2, d3)
            if mine != backgroundPixel || theirs != backgroundPixel { touched += 1 }
        }
    }
    let channels = Double(cairo.width * cairo.height * 4)
    return Difference(
        mean: Double(sum) / channels, maximum: maximum,
        touchedMean: touched == 0 ? 0 : Double(sum) / Double(touched * 4), touched: touched)
}

/// Wall-clock seconds taken by `body`.
func timed(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Times the two sides alternately, `trials` times each, and returns the fastest trial of each (seconds for one
/// call of the body), which is the figure least disturbed by other work on a shared machine.
func fastest(trials: Int, iterations: Int, ours: () -> Void, cairo: () -> Void) -> (ours: Double, cairo: Double) {
    var bestOurs = Double.infinity
    var bestCairo = Double.infinity
    for _ in 0..<trials {
        bestOurs = min(bestOurs, timed { for _ in 0..<iterations { ours() } } / Double(iterations))
        bestCairo = min(bestCairo, timed { for _ in 0..<iterations { cairo() } } / Double(iterations))
    }
    return (bestOurs, bestCairo)
}

// MARK: Image scenes

/// One affine image draw into a 1024×1024 target: the 200×200 corpus image rotated by `degrees` and scaled by
/// `scale` about the target's centre, bilinear. Returns ns per destination pixel (`200² · scale²`) for ours
/// and for cairo with `EXTEND_NONE` (cairo's default, and the fastest path) and `EXTEND_PAD` (the same edge
/// handling as ours).
func measureImageDraw(
    image source: SourceImage, degrees: Double, scale: Double, trials: Int
) throws -> (ours: Double, cairoNone: Double, cairoPad: Double) {
    let size = 1024
    var ours = try RasterCanvas(width: size, height: size, images: [source])
    let cairo = CairoCanvas(width: size, height: size, images: [source])
    let background = Paint(red: 20, green: 30, blue: 40, alpha: 255)
    ours.clear(to: background)
    cairo.clear(to: background)
    let transform = Affine2D.translation(x: -Double(source.width) / 2, y: -Double(source.height) / 2)
        .concatenated(.scale(x: scale, y: scale)).concatenated(.rotation(radians: degrees * .pi / 180))
        .concatenated(.translation(x: Double(size) / 2, y: Double(size) / 2))
    let testCase = TestCase(
        index: -1, category: .image, drawing: .image(index: 0, filter: .bilinear), transform: transform, clips: [],
        paint: Paint(red: 0, green: 0, blue: 0, alpha: 255), background: background, label: "")
    let pixels = Double(source.width * source.height) * scale * scale
    let iterations = max(3, Int(2_000_000 / pixels))
    let padded = fastest(
        trials: trials, iterations: iterations, ours: { ours.draw(testCase, rebuildingPaths: false) },
        cairo: { cairo.draw(testCase) })
    let none = fastest(
        trials: trials, iterations: iterations, ours: {},
        cairo: { cairo.drawImageDefaultExtend(index: 0, transform: transform, alpha: 1) })
    return (padded.ours * 1e9 / pixels, none.cairo * 1e9 / pixels, padded.cairo * 1e9 / pixels)
}

/// The compositing scene of issue 6: a 1920×1080 frame cleared, then 100 layers of 200×200 drawn rotated,
/// scaled (0.6–1.4) and at opacity 0.8 with bilinear filtering, at seeded positions. Returns frames per second
/// for our `PixelBuffer.draw` (the raster primitive the renderer will use) and for cairo (`EXTEND_NONE`,
/// rectangle clip, `paint_with_alpha`).
func measureCompositeScene(image source: SourceImage, seed: UInt64, trials: Int) throws -> (ours: Double, cairo: Double)
{
    let width = 1920
    let height = 1080
    var random = SeededGenerator(seed: seed)
    var transforms: [Affine2D] = []
    for _ in 0..<100 {
        let scale = random.uniform(0.6, 1.4)
        transforms.append(
            Affine2D.translation(x: -Double(source.width) / 2, y: -Double(source.height) / 2)
                .concatenated(.scale(x: scale, y: scale))
                .concatenated(.rotation(radians: random.uniform(0, 2 * .pi)))
                .concatenated(.translation(x: random.uniform(0, Double(width)), y: random.uniform(0, Double(height)))))
    }
    var ours = try RasterCanvas(width: width, height: height, images: [source])
    let cairo = CairoCanvas(width: width, height: height, images: [source])
    let background = Paint(red: 20, green: 30, blue: 40, alpha: 255)
    let layers = transforms.map {
        TestCase(
            index: -1, category: .image, drawing: .image(index: 0, filter: .bilinear), transform: $0, clips: [],
            paint: Paint(red: 0, green: 0, blue: 0, alpha: 204), background: background, label: "")
    }
    let frame = fastest(
        trials: trials, iterations: 3,
        ours: {
            ours.clear(to: background)
            for layer in layers { ours.draw(layer, rebuildingPaths: false) }
        },
        cairo: {
            cairo.clear(to: background)
            for transform in transforms { cairo.drawImageDefaultExtend(index: 0, transform: transform, alpha: 0.8) }
            cairo.flush()
        })
    return (1 / frame.ours, 1 / frame.cairo)
}

extension CairoCanvas {
    /// Draws image `index` the way a cairo user usually does: `set_source_surface` with the default extend
    /// (`NONE`), bilinear filter, the image rectangle filled (or clipped and painted with `alpha`).
    func drawImageDefaultExtend(index: Int, transform t: Affine2D, alpha: Double) {
        let cr = context
        cairo_save(cr)
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cr, &matrix)
        let image = imageSurface(index)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_new_path(cr)
        cairo_rectangle(
            cr, 0, 0, Double(cairo_image_surface_get_width(image)), Double(cairo_image_surface_get_height(image)))
        if alpha >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }
}
