import CCairo
import Foundation
import PortableQuartzCore

/// The renderer paths of issue 22 beyond plain fills, strokes and image draws, each drawn by our `CGContext` and by
/// cairo on a 512×512 canvas, compared pixel by pixel and timed side by side (`--paths-only`).
///
/// Both sides draw in a y-down user space with the origin at the top-left corner (our context's CTM is flipped once,
/// and images and masks, which a `CGContext` draws upright in y-up space, are flipped locally). Shapes reach cairo as
/// the very same path elements (`CGPath` walked into cairo's path), so the geometry is identical and only the
/// rasterization differs. Each draw is clipped, painted and unclipped again inside a saved graphics state, as
/// drawing code does it.
struct PathCase {
    var name: String
    var ours: (CGContext) -> Void
    var cairo: (OpaquePointer) -> Void
}

enum PathCases {
    static let size = 512
    static let background = Paint(red: 250, green: 248, blue: 240, alpha: 255)

    /// Every case, in the order of the table.
    static func all(image source: SourceImage, cairoImage: OpaquePointer) -> [PathCase] {
        let image = CGImage(premultipliedRGBA: source.premultipliedRGBA, width: source.width, height: source.height)!
        // An unaligned and an aligned clip rectangle, a rounded one, and the shapes drawn through them.
        let clipRect = CGRect(x: 60.3, y: 71.6, width: 380.5, height: 290.2)
        let alignedRect = CGRect(x: 64, y: 72, width: 384, height: 288)
        let rounded = CGPath(
            roundedRect: CGRect(x: 58.5, y: 60.25, width: 395, height: 380), cornerWidth: 48, cornerHeight: 48,
            transform: nil)
        let ellipse = CGPath(ellipseIn: CGRect(x: 20.5, y: 40.3, width: 470, height: 430), transform: nil)
        let fill = (red: 0.15, green: 0.45, blue: 0.8, alpha: 0.85)
        // The corpus image, rotated by 20° and scaled by 2.2 about the canvas centre.
        let placement = CGAffineTransform(translationX: -Double(source.width) / 2, y: -Double(source.height) / 2)
            .concatenating(CGAffineTransform(scaleX: 2.2, y: 2.2))
            .concatenating(CGAffineTransform(rotationAngle: 20 * .pi / 180))
            .concatenating(CGAffineTransform(translationX: 256, y: 256))

        func fillCase(
            _ name: String, clip: @escaping (CGContext) -> Void, cairoClip: @escaping (OpaquePointer) -> Void
        )
            -> PathCase
        {
            PathCase(
                name: name,
                ours: { context in
                    context.saveGState()
                    clip(context)
                    context.setFillColor(red: fill.red, green: fill.green, blue: fill.blue, alpha: fill.alpha)
                    context.addPath(ellipse)
                    context.fillPath()
                    context.restoreGState()
                },
                cairo: { cr in
                    cairo_save(cr)
                    cairoClip(cr)
                    cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha)
                    addPath(ellipse, to: cr)
                    cairo_fill(cr)
                    cairo_restore(cr)
                })
        }
        func imageCase(
            _ name: String, clip: @escaping (CGContext) -> Void, cairoClip: @escaping (OpaquePointer) -> Void
        )
            -> PathCase
        {
            PathCase(
                name: name,
                ours: { context in
                    context.saveGState()
                    clip(context)
                    context.concatenate(placement)
                    context.translateBy(x: 0, y: CGFloat(source.height))
                    context.scaleBy(x: 1, y: -1)
                    context.draw(image, in: CGRect(x: 0, y: 0, width: source.width, height: source.height))
                    context.restoreGState()
                },
                cairo: { cr in
                    cairo_save(cr)
                    cairoClip(cr)
                    setMatrix(cr, placement)
                    cairo_set_source_surface(cr, cairoImage, 0, 0)
                    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
                    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
                    cairo_rectangle(cr, 0, 0, Double(source.width), Double(source.height))
                    cairo_fill(cr)
                    cairo_restore(cr)
                })
        }
        let rectClip: (CGContext) -> Void = { $0.clip(to: clipRect) }
        let cairoRectClip: (OpaquePointer) -> Void = { cr in
            cairo_rectangle(cr, clipRect.minX, clipRect.minY, clipRect.width, clipRect.height)
            cairo_clip(cr)
        }
        let alignedClip: (CGContext) -> Void = { $0.clip(to: alignedRect) }
        let cairoAlignedClip: (OpaquePointer) -> Void = { cr in
            cairo_rectangle(cr, alignedRect.minX, alignedRect.minY, alignedRect.width, alignedRect.height)
            cairo_clip(cr)
        }
        let roundedClip: (CGContext) -> Void = { context in
            context.addPath(rounded)
            context.clip()
        }
        let cairoRoundedClip: (OpaquePointer) -> Void = { cr in
            addPath(rounded, to: cr)
            cairo_clip(cr)
        }
        return [
            fillCase("rect clip (unaligned), fill", clip: rectClip, cairoClip: cairoRectClip),
            fillCase("rect clip (whole pixels), fill", clip: alignedClip, cairoClip: cairoAlignedClip),
            fillCase("rounded-rect clip, fill", clip: roundedClip, cairoClip: cairoRoundedClip),
            imageCase("rect clip (unaligned), image", clip: rectClip, cairoClip: cairoRectClip),
            imageCase("rect clip (whole pixels), image", clip: alignedClip, cairoClip: cairoAlignedClip),
            imageCase("rounded-rect clip, image", clip: roundedClip, cairoClip: cairoRoundedClip),
        ] + gradientCases() + trimmedStrokeCases() + [maskCase()]
    }

    // MARK: Gradients

    /// Three sRGB stops, the middle one translucent, over the whole canvas, extended both ways (`EXTEND_PAD`).
    static func gradientCases() -> [PathCase] {
        let stops: [(location: Double, red: Double, green: Double, blue: Double, alpha: Double)] = [
            (0, 0.95, 0.3, 0.1, 1), (0.45, 0.2, 0.7, 0.3, 0.6), (1, 0.1, 0.2, 0.9, 1),
        ]
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        let locations = stops.map { CGFloat($0.location) }
        let gradient = CGGradient(
            colorsSpace: space,
            colors: stops.map { CGColor(srgbRed: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) },
            locations: locations)!
        let extend: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        func cairoPaint(_ cr: OpaquePointer, _ pattern: OpaquePointer) {
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.red, stop.green, stop.blue, stop.alpha)
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        return [
            PathCase(
                name: "axial gradient, 3 stops",
                ours: { context in
                    context.drawLinearGradient(
                        gradient, start: CGPoint(x: 70.5, y: 40.2), end: CGPoint(x: 440.3, y: 470.8), options: extend)
                },
                cairo: { cr in cairoPaint(cr, cairo_pattern_create_linear(70.5, 40.2, 440.3, 470.8)) }),
            PathCase(
                name: "radial gradient, 3 stops",
                ours: { context in
                    context.drawRadialGradient(
                        gradient, startCenter: CGPoint(x: 200.5, y: 210.3), startRadius: 12,
                        endCenter: CGPoint(x: 256, y: 256), endRadius: 240, options: extend)
                },
                cairo: { cr in cairoPaint(cr, cairo_pattern_create_radial(200.5, 210.3, 12, 256, 256, 240)) }),
        ]
    }

    // MARK: Trimmed strokes

    /// A spiral of eight cubics stroked up to `strokeEnd = 0.63`, plain (round caps and joins, 7 px) and dashed
    /// (butt caps, miter joins, 4 px, dashes 14 on 6). Ours measures the path and cuts it on every draw, as a shape
    /// layer whose `strokeEnd` changes must; cairo has no trimming and strokes the already-cut path (the same
    /// elements), so its time leaves out the cutting.
    static func trimmedStrokeCases() -> [PathCase] {
        let spiral = CGMutablePath()
        spiral.move(to: CGPoint(x: 256, y: 256))
        var radius = 20.0
        for quarter in 0..<8 {
            let start = Double(quarter) * .pi / 2
            let end = start + .pi / 2
            let next = radius * 1.35
            let k = 0.552 * (radius + next) / 2
            let from = CGPoint(x: 256 + radius * cos(start), y: 256 + radius * sin(start))
            let to = CGPoint(x: 256 + next * cos(end), y: 256 + next * sin(end))
            if quarter == 0 { spiral.addLine(to: from) }
            spiral.addCurve(
                to: to, control1: CGPoint(x: from.x - k * sin(start), y: from.y + k * cos(start)),
                control2: CGPoint(x: to.x + k * sin(end), y: to.y - k * cos(end)))
            radius = next
        }
        let strokeEnd = 0.63
        let cut = PathMeasure(spiral)
        let trimmed = cut.trimmedPath(fromLength: 0, toLength: strokeEnd * cut.totalLength)
        func strokeCase(_ name: String, width: Double, cap: CGLineCap, join: CGLineJoin, dashes: [Double]) -> PathCase {
            PathCase(
                name: name,
                ours: { context in
                    let measure = PathMeasure(spiral)
                    let piece = measure.trimmedPath(fromLength: 0, toLength: strokeEnd * measure.totalLength)
                    context.saveGState()
                    context.setStrokeColor(red: 0.6, green: 0.1, blue: 0.3, alpha: 0.9)
                    context.setLineWidth(width)
                    context.setLineCap(cap)
                    context.setLineJoin(join)
                    context.setLineDash(phase: 0, lengths: dashes.map { CGFloat($0) })
                    context.addPath(piece)
                    context.strokePath()
                    context.restoreGState()
                },
                cairo: { cr in
                    cairo_save(cr)
                    cairo_set_source_rgba(cr, 0.6, 0.1, 0.3, 0.9)
                    cairo_set_line_width(cr, width)
                    cairo_set_line_cap(cr, cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
                    cairo_set_line_join(cr, join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
                    cairo_set_dash(cr, dashes, Int32(dashes.count), 0)
                    addPath(trimmed, to: cr)
                    cairo_stroke(cr)
                    cairo_restore(cr)
                })
        }
        return [
            strokeCase("trimmed stroke (strokeEnd 0.63)", width: 7, cap: .round, join: .round, dashes: []),
            strokeCase("trimmed dashed stroke", width: 4, cap: .butt, join: .miter, dashes: [14, 6]),
        ]
    }

    // MARK: Mask

    /// A 128×128 alpha mask (concentric translucent rings fading out towards the edge) stretched over a 400×400
    /// square and applied to a solid fill of the square: `clip(to:mask:)` and `fill` against `cairo_mask` with the
    /// mask as a bilinear, edge-padded pattern inside the square.
    static func maskCase() -> PathCase {
        let side = 128
        var bytes = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let dx = (Double(x) + 0.5) / Double(side) - 0.5
                let dy = (Double(y) + 0.5) / Double(side) - 0.5
                let distance = (dx * dx + dy * dy).squareRoot() * 2  // 0 at the centre, 1 at the edge's middle
                let ring = 0.5 + 0.5 * cos(distance * 18)
                let alpha = UInt8((255 * max(0, 1 - distance) * (0.3 + 0.7 * ring)).rounded())
                for channel in 0..<4 { bytes[(y * side + x) * 4 + channel] = alpha }
            }
        }
        let mask = CGImage(premultipliedRGBA: bytes, width: side, height: side)!
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side))!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<side {
            for x in 0..<side { data[y * stride + x] = bytes[(y * side + x) * 4 + 3] }
        }
        cairo_surface_mark_dirty(surface)
        let rect = CGRect(x: 56, y: 56, width: 400, height: 400)
        return PathCase(
            name: "alpha mask 128² over 400², fill",
            ours: { context in
                context.saveGState()
                context.translateBy(x: rect.minX, y: rect.maxY)
                context.scaleBy(x: 1, y: -1)
                let local = CGRect(origin: .zero, size: rect.size)
                context.clip(to: local, mask: mask)
                context.setFillColor(red: 0.2, green: 0.5, blue: 0.25, alpha: 1)
                context.fill(local)
                context.restoreGState()
            },
            cairo: { cr in
                cairo_save(cr)
                cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
                cairo_clip(cr)
                cairo_set_source_rgba(cr, 0.2, 0.5, 0.25, 1)
                cairo_translate(cr, rect.minX, rect.minY)
                cairo_scale(cr, rect.width / Double(side), rect.height / Double(side))
                let pattern = cairo_pattern_create_for_surface(surface)!
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_mask(cr, pattern)
                cairo_pattern_destroy(pattern)
                cairo_restore(cr)
            })
    }

    // MARK: Helpers

    /// Appends `path`'s elements to cairo's current path (quadratics as the equal cubic).
    static func addPath(_ path: CGPath, to cr: OpaquePointer) {
        var current = CGPoint.zero
        path.applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint:
                current = points[0]
                cairo_move_to(cr, current.x, current.y)
            case .addLineToPoint:
                current = points[0]
                cairo_line_to(cr, current.x, current.y)
            case .addQuadCurveToPoint:
                let control = points[0]
                let end = points[1]
                cairo_curve_to(
                    cr, current.x + (control.x - current.x) * 2 / 3, current.y + (control.y - current.y) * 2 / 3,
                    end.x + (control.x - end.x) * 2 / 3, end.y + (control.y - end.y) * 2 / 3, end.x, end.y)
                current = end
            case .addCurveToPoint:
                current = points[2]
                cairo_curve_to(cr, points[0].x, points[0].y, points[1].x, points[1].y, current.x, current.y)
            case .closeSubpath:
                cairo_close_path(cr)
            }
        }
    }

    static func setMatrix(_ cr: OpaquePointer, _ t: CGAffineTransform) {
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
    }
}

/// The paths table: per case the difference against cairo (levels of 255) and the time of one draw on each side
/// (fastest of `trials` alternating trials), with cairo's time over ours; only case `only` (counted from 0) when
/// given, for profilers, which can have our side drawn `oursRepeats` more times first. Returns whether every case
/// stays within the corpus's per-case mean limit.
func measurePathCases(
    image source: SourceImage, trials: Int, only: Int?, dumpDirectory: String?, oursRepeats: Int = 0
) -> Bool {
    let size = PathCases.size
    let cairo = CairoCanvas(width: size, height: size, images: [source])
    let ours = CGContext(
        data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    ours.translateBy(x: 0, y: CGFloat(size))
    ours.scaleBy(x: 1, y: -1)
    let background = PathCases.background
    func clearOurs() {
        ours.setFillColor(
            red: Double(background.red) / 255, green: Double(background.green) / 255,
            blue: Double(background.blue) / 255, alpha: 1)
        ours.fill(CGRect(x: 0, y: 0, width: size, height: size))
    }
    print("PATHS (issue 22): \(size)×\(size), our CGContext against cairo, opaque background")
    print("case                                  mean    max  touched   ours µs  cairo µs  cairo/ours")
    var passed = true
    for (index, testCase) in PathCases.all(image: source, cairoImage: cairo.imageSurface(0)).enumerated()
    where only == nil || only == index {
        clearOurs()
        cairo.clear(to: background)
        testCase.ours(ours)
        testCase.cairo(cairo.context)
        let image = ours.makeImage()!
        let difference = image.withUnsafePremultipliedRGBABytes {
            compare($0, bytesPerRow: image.bytesPerRow, cairo, background: background)
        }
        if let dumpDirectory { writeComparison(image, cairo, to: "\(dumpDirectory)/path-\(index)") }
        passed = passed && difference.mean <= CairoComparison.caseMeanLimit
        for _ in 0..<oursRepeats { testCase.ours(ours) }
        // About 20 ms per trial and side, at least 3 draws.
        let estimate = timed { testCase.ours(ours) }
        let iterations = max(3, Int(0.02 / max(estimate, 1e-6)))
        let time = fastest(
            trials: trials, iterations: iterations, ours: { testCase.ours(ours) },
            cairo: {
                testCase.cairo(cairo.context)
                cairo.flush()
            })
        print(
            CairoComparison.pad(testCase.name, 36, left: false) + CairoComparison.pad(format(difference.mean, 3), 6)
                + CairoComparison.pad(String(difference.maximum), 7)
                + CairoComparison.pad(format(difference.touchedMean, 2), 9)
                + CairoComparison.pad(format(time.ours * 1e6, 1), 10)
                + CairoComparison.pad(format(time.cairo * 1e6, 1), 10)
                + CairoComparison.pad(format(time.cairo / time.ours, 2), 11) + "×")
    }
    return passed
}

/// Writes `PREFIX-ours.png` and `PREFIX-cairo.png` (for looking at a case).
func writeComparison(_ ours: CGImage, _ cairo: CairoCanvas, to prefix: String) {
    cairo.flush()
    cairo.writePNG(prefix + "-cairo.png")
    writePNG(ours, to: prefix + "-ours.png")
}

/// Writes `image` as a PNG file through cairo.
func writePNG(_ image: CGImage, to path: String) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
    image.withUnsafePremultipliedRGBABytes { bytes in
        for y in 0..<image.height {
            for x in 0..<image.width {
                let o = y * image.bytesPerRow + x * 4
                let word =
                    UInt32(bytes[o + 3]) << 24 | UInt32(bytes[o]) << 16 | UInt32(bytes[o + 1]) << 8
                    | UInt32(bytes[o + 2])
                (data + y * stride + x * 4).storeBytes(of: word, as: UInt32.self)
            }
        }
    }
    cairo_surface_mark_dirty(surface)
    cairo_surface_write_to_png(surface, path)
    cairo_surface_destroy(surface)
}
