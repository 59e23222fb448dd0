import CCairo
@_spi(Engine) import PortableRaster

/// Draws corpus cases with cairo into an ARGB32 image surface, using cairo's defaults (tolerance 0.1,
/// `CAIRO_ANTIALIAS_DEFAULT`) and matching our conventions where the APIs differ:
///
/// - Pixels: cairo's ARGB32 is premultiplied and stored as a native 32-bit word `a << 24 | r << 16 | g << 8 | b`;
///   ours are premultiplied RGBA bytes. ``pixel(x:y:)`` returns cairo's pixel in our channel order.
/// - Quadratic segments become the exactly equal cubic (cairo has no quadratic verb).
/// - Hairlines (our width 0, one device pixel wide) are stroked by cairo with the path built under the case's
///   transform, then an identity matrix and width 1; dash lengths are scaled by the (uniform) transform scale.
/// - Images are drawn with `EXTEND_PAD` and a filled rectangle of the image's size: the drawn area is exactly
///   the transformed rectangle with anti-aliased edges and taps beyond the edge repeat the edge texel, which is
///   our ``ImageEdgeMode/clamp`` (how `CGContext.draw(_:in:)` behaves).
/// - Clips: each ``ClipStep`` is set under its own matrix and intersected with `cairo_clip`, as successive
///   `clip(using:)` calls in a `CGContext` would.
final class CairoCanvas {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let context: OpaquePointer
    private var images: [OpaquePointer] = []
    private let stride: Int

    init(width: Int, height: Int, images sources: [SourceImage]) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        context = cairo_create(surface)
        stride = Int(cairo_image_surface_get_stride(surface))
        for source in sources {
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(source.width), Int32(source.height))!
            cairo_surface_flush(image)
            let imageStride = Int(cairo_image_surface_get_stride(image))
            let data = cairo_image_surface_get_data(image)!
            for y in 0..<source.height {
                for x in 0..<source.width {
                    let index = (y * source.width + x) * 4
                    let word =
                        UInt32(source.premultipliedRGBA[index + 3]) << 24 | UInt32(source.premultipliedRGBA[index])
                        << 16
                        | UInt32(source.premultipliedRGBA[index + 1]) << 8 | UInt32(source.premultipliedRGBA[index + 2])
                    (UnsafeMutableRawPointer(data) + y * imageStride + x * 4).storeBytes(of: word, as: UInt32.self)
                }
            }
            cairo_surface_mark_dirty(image)
            images.append(image)
        }
    }

    deinit {
        for image in images { cairo_surface_destroy(image) }
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Clears the surface to the case's background.
    func clear(to background: Paint?) {
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        if let background {
            cairo_set_source_rgba(
                context, Double(background.red) / 255, Double(background.green) / 255, Double(background.blue) / 255,
                1)
        } else {
            cairo_set_source_rgba(context, 0, 0, 0, 0)
        }
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Draws the case's content (not its background) over the surface.
    func draw(_ testCase: TestCase) {
        let cr = context
        cairo_save(cr)
        for clip in testCase.clips {
            setMatrix(clip.transform)
            cairo_new_path(cr)
            addPath(clip.path)
            cairo_set_fill_rule(cr, clip.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
        setMatrix(testCase.transform)
        let paint = testCase.paint
        cairo_new_path(cr)
        switch testCase.drawing {
        case .fill(let path, let rule):
            setSource(paint)
            addPath(path)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        case .stroke(let path, let style):
            setSource(paint)
            addPath(path)
            cairo_set_line_cap(
                cr,
                style.cap == .butt
                    ? CAIRO_LINE_CAP_BUTT : style.cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE)
            cairo_set_line_join(
                cr,
                style.join == .miter
                    ? CAIRO_LINE_JOIN_MITER : style.join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
            cairo_set_miter_limit(cr, style.miterLimit)
            var dashes = style.dashLengths
            var phase = style.dashPhase
            if style.width == 0 {
                let scale = abs(testCase.transform.determinant).squareRoot()
                cairo_identity_matrix(cr)
                cairo_set_line_width(cr, 1)
                dashes = dashes.map { $0 * scale }
                phase *= scale
            } else {
                cairo_set_line_width(cr, style.width)
            }
            if dashes.isEmpty {
                cairo_set_dash(cr, nil, 0, 0)
            } else {
                cairo_set_dash(cr, dashes, Int32(dashes.count), phase)
            }
            cairo_stroke(cr)
        case .image(let index, let filter):
            let image = images[index]
            cairo_set_source_surface(cr, image, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, filter == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(
                cr, 0, 0, Double(cairo_image_surface_get_width(image)), Double(cairo_image_surface_get_height(image)))
            if paint.alpha == 255 {
                cairo_fill(cr)
            } else {
                cairo_clip(cr)
                cairo_paint_with_alpha(cr, Double(paint.alpha) / 255)
            }
        }
        cairo_restore(cr)
    }

    /// The cairo surface of corpus image `index`.
    func imageSurface(_ index: Int) -> OpaquePointer { images[index] }

    /// Makes the surface's pixels readable after drawing.
    func flush() { cairo_surface_flush(surface) }

    /// The premultiplied pixel at `(x, y)` as (red, green, blue, alpha).
    func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let word = (data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
        return (
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word), UInt8(word >> 24)
        )
    }

    /// Writes the surface as a PNG (for looking at a case).
    func writePNG(_ path: String) { cairo_surface_write_to_png(surface, path) }

    private func setMatrix(_ t: Affine2D) {
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(context, &matrix)
    }

    private func setSource(_ paint: Paint) {
        cairo_set_source_rgba(
            context, Double(paint.red) / 255, Double(paint.green) / 255, Double(paint.blue) / 255,
            Double(paint.alpha) / 255)
    }

    /// Appends `path` to cairo's current path in the current user space.
    func addPath(_ path: RasterPath) {
        let cr = context
        var pointIndex = 0
        var current = RasterPoint.zero
        var start = RasterPoint.zero
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move:
                current = points[pointIndex]
                start = current
                cairo_move_to(cr, current.x, current.y)
            case .line:
                current = points[pointIndex]
                cairo_line_to(cr, current.x, current.y)
            case .quadratic:
                let control = points[pointIndex]
                let end = points[pointIndex + 1]
                let c1 = current + (control - current) * (2.0 / 3)
                let c2 = end + (control - end) * (2.0 / 3)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
                current = end
            case .cubic:
                let c1 = points[pointIndex]
                let c2 = points[pointIndex + 1]
                let end = points[pointIndex + 2]
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
                current = end
            case .close:
                cairo_close_path(cr)
                current = start
            }
            pointIndex += verb.pointCount
        }
    }
}
