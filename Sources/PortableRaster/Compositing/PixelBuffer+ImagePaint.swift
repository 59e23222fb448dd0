extension PixelBuffer {
    /// Draws `image` (or its sub-rectangle `source`) through an affine transform.
    ///
    /// - Parameters:
    ///   - image: premultiplied pixels; may be this buffer itself (it is then read as it was before the draw).
    ///   - source: the texels to draw, in image pixels; `nil` draws the whole image. Clipped to the image; a
    ///     rectangle that misses the image draws nothing. In ``ImageEdgeMode/clamp`` no texel outside it is
    ///     read.
    ///   - transform: maps image space (texel `(i, j)` covers `[i, i + 1] × [j, j + 1]`, rows downwards) to
    ///     device pixels of this buffer. Non-finite or singular transforms draw nothing.
    ///   - filter: see ``ImageFilter``. An exact whole-pixel translation always copies texels unchanged.
    ///   - edgeMode: see ``ImageEdgeMode``.
    ///   - alpha: opacity `0 ... 1` (clamped; NaN counts as 0).
    ///   - blendMode: see ``BlendMode``.
    ///   - clip: device pixels that may change; `nil` means the whole buffer.
    ///   - clipMask: an anti-aliased clip that multiplies the image's coverage.
    ///   - clampBorder: the width of a border around `image` that repeats its nearest edge texel (a copy made by
    ///     ``clampBordered(by:)``); `source` and `transform` then refer to the image inside the border, and the
    ///     pixels are those of drawing that image, but in ``ImageEdgeMode/clamp`` sides of `source` on the
    ///     image's edge may be read past instead of clamped, which is faster. 0 (the default) for any other
    ///     image; ignored when the image is not wider and taller than twice the border.
    ///   - workspace: scratch memory reused across draws.
    @_spi(Engine) public mutating func draw(
        _ image: PixelBuffer, source: PixelRect? = nil, transform: Affine2D, filter: ImageFilter = .bilinear,
        edgeMode: ImageEdgeMode = .clamp, alpha: Float = 1, blendMode: BlendMode = .normal, clip: PixelRect? = nil,
        clipMask: CoverageMask? = nil, clampBorder: Int = 0, workspace: inout PaintWorkspace
    ) {
        let request = ImageDraw(
            image: image, pyramid: nil, source: source, mapping: .affine(transform), filter: filter,
            edgeMode: edgeMode, alpha: alpha, blendMode: blendMode, clip: clip, clipMask: clipMask,
            clampBorder: clampBorder)
        drawImage(request, workspace: &workspace)
    }

    /// The alpha channel of ``draw(_:source:transform:filter:edgeMode:alpha:blendMode:clip:clipMask:clampBorder:workspace:)``
    /// with the default options: every pixel's alpha becomes what that draw gives it, while the colour bytes of the
    /// pixels drawn are unspecified (the AVX2 kernel computes the alpha alone). For drawing a mask image whose alpha
    /// is read afterwards.
    @_spi(Engine) public mutating func drawAlpha(
        _ image: PixelBuffer, transform: Affine2D, filter: ImageFilter = .bilinear, edgeMode: ImageEdgeMode = .clamp,
        workspace: inout PaintWorkspace
    ) {
        var request = ImageDraw(
            image: image, pyramid: nil, source: nil, mapping: .affine(transform), filter: filter, edgeMode: edgeMode,
            alpha: 1, blendMode: .normal, clip: nil, clipMask: nil)
        request.alphaOnly = true
        drawImage(request, workspace: &workspace)
    }

    /// Draws `image` (or its sub-rectangle `source`) through a projective transform, perspective-correct.
    ///
    /// The parts of the image that the transform sends to or behind the viewer's plane (`W ≤ 0`, see
    /// ``Projective2D``) are cut away before drawing; an image entirely behind it draws nothing. Otherwise as
    /// ``draw(_:source:transform:filter:edgeMode:alpha:blendMode:clip:clipMask:clampBorder:workspace:)``; an affine
    /// `projective` takes exactly that path.
    @_spi(Engine) public mutating func draw(
        _ image: PixelBuffer, source: PixelRect? = nil, projective: Projective2D, filter: ImageFilter = .bilinear,
        edgeMode: ImageEdgeMode = .clamp, alpha: Float = 1, blendMode: BlendMode = .normal, clip: PixelRect? = nil,
        clipMask: CoverageMask? = nil, clampBorder: Int = 0, workspace: inout PaintWorkspace
    ) {
        let request = ImageDraw(
            image: image, pyramid: nil, source: source, mapping: Self.mapping(projective), filter: filter,
            edgeMode: edgeMode, alpha: alpha, blendMode: blendMode, clip: clip, clipMask: clipMask,
            clampBorder: clampBorder)
        drawImage(request, workspace: &workspace)
    }

    /// Draws the image of a prebuilt ``ImagePyramid`` (its source rectangle) through an affine transform, using
    /// the pyramid's levels for ``ImageFilter/trilinear`` instead of building them.
    @_spi(Engine) public mutating func draw(
        _ pyramid: ImagePyramid, transform: Affine2D, filter: ImageFilter = .trilinear,
        edgeMode: ImageEdgeMode = .clamp, alpha: Float = 1, blendMode: BlendMode = .normal, clip: PixelRect? = nil,
        clipMask: CoverageMask? = nil, workspace: inout PaintWorkspace
    ) {
        let request = ImageDraw(
            image: pyramid.image, pyramid: pyramid, source: pyramid.source, mapping: .affine(transform),
            filter: filter, edgeMode: edgeMode, alpha: alpha, blendMode: blendMode, clip: clip, clipMask: clipMask)
        drawImage(request, workspace: &workspace)
    }

    /// Draws the image of a prebuilt ``ImagePyramid`` through a projective transform (see
    /// ``draw(_:source:projective:filter:edgeMode:alpha:blendMode:clip:clipMask:clampBorder:workspace:)``).
    @_spi(Engine) public mutating func draw(
        _ pyramid: ImagePyramid, projective: Projective2D, filter: ImageFilter = .trilinear,
        edgeMode: ImageEdgeMode = .clamp, alpha: Float = 1, blendMode: BlendMode = .normal, clip: PixelRect? = nil,
        clipMask: CoverageMask? = nil, workspace: inout PaintWorkspace
    ) {
        let request = ImageDraw(
            image: pyramid.image, pyramid: pyramid, source: pyramid.source, mapping: Self.mapping(projective),
            filter: filter, edgeMode: edgeMode, alpha: alpha, blendMode: blendMode, clip: clip, clipMask: clipMask)
        drawImage(request, workspace: &workspace)
    }

    private static func mapping(_ projective: Projective2D) -> ImageDraw.Mapping {
        if let affine = projective.affine { return .affine(affine) }
        return .projective(projective)
    }
}

/// Everything one image draw needs, gathered so the steps can be separate functions.
struct ImageDraw {
    enum Mapping {
        case affine(Affine2D)
        case projective(Projective2D)
    }

    var image: PixelBuffer
    var pyramid: ImagePyramid?
    var source: PixelRect?
    var mapping: Mapping
    var filter: ImageFilter
    var edgeMode: ImageEdgeMode
    var alpha: Float
    var blendMode: BlendMode
    var clip: PixelRect?
    var clipMask: CoverageMask?
    /// See ``PixelBuffer/draw(_:source:transform:filter:edgeMode:alpha:blendMode:clip:clipMask:clampBorder:workspace:)``.
    var clampBorder = 0
    /// Whether only the alpha of the result matters (``PixelBuffer/drawAlpha(_:transform:filter:edgeMode:workspace:)``).
    var alphaOnly = false

    /// ``clampBorder`` when the image can hold such a border around at least one texel, else 0.
    var borderWidth: Int {
        clampBorder > 0 && 2 * clampBorder < Swift.min(image.width, image.height) ? clampBorder : 0
    }
}

extension PixelBuffer {
    mutating func drawImage(_ request: ImageDraw, workspace: inout PaintWorkspace) {
        // Source and transform refer to the image without its clamp border (if any); `stored` is the region in the
        // buffer, `region` the same texels in those coordinates.
        let border = request.borderWidth
        let unbordered = PixelRect(
            x: 0, y: 0, width: request.image.width - 2 * border, height: request.image.height - 2 * border)
        let region = (request.source ?? unbordered).intersection(unbordered)
        guard !region.isEmpty else { return }
        let stored = PixelRect(x: region.x + border, y: region.y + border, width: region.width, height: region.height)
        var area = bounds
        if let clip = request.clip { area = area.intersection(clip) }
        if let clipMask = request.clipMask { area = area.intersection(clipMask.bounds) }
        guard !area.isEmpty else { return }
        // Work relative to the region's origin: image point p is region point p − origin.
        let toRegion = Affine2D.translation(x: Double(region.x), y: Double(region.y))
        let clamp = request.edgeMode == .clamp
        switch request.mapping {
        case .affine(let transform):
            let placed = toRegion.concatenated(transform)
            guard placed.isFinite, let inverse = placed.inverted() else { return }
            let choice = Self.affineLevels(request.filter, inverse: inverse, region: region)
            let pad =
                clamp
                ? 0
                : Self.edgePad(
                    choice,
                    footprint: Swift.max(
                        abs(inverse.a) + abs(inverse.c), abs(inverse.b) + abs(inverse.d)))
            workspace.path.removeAll(keepingCapacity: true)
            let w = Double(region.width)
            let h = Double(region.height)
            workspace.path.move(to: placed.apply(to: RasterPoint(x: -pad, y: -pad)))
            workspace.path.line(to: placed.apply(to: RasterPoint(x: w + pad, y: -pad)))
            workspace.path.line(to: placed.apply(to: RasterPoint(x: w + pad, y: h + pad)))
            workspace.path.line(to: placed.apply(to: RasterPoint(x: -pad, y: h + pad)))
            workspace.path.close()
            coverImage(request, area: area, workspace: &workspace)
            guard !workspace.mask.isEmpty else { return }
            let mask = workspace.mask
            let fused = workspace.fusesImageSourceOver
            Self.withLevels(request, region: stored, count: choice.coarse + 1, workspace: &workspace) { levels in
                let mode: AffineImageShader.Mode
                let level: SampleLevel
                if Self.isWholePixelTranslation(inverse) || request.filter == .nearest {
                    mode = .nearest
                    level = levels[0]
                } else if choice.weight == 0 {
                    mode = .bilinear
                    level = levels[choice.fine]
                } else {
                    mode = .trilinear(coarse: levels[choice.coarse], coarseWeight: choice.weight)
                    level = levels[choice.fine]
                }
                var shader = AffineImageShader(inverse: inverse, level: level, mode: mode, clamp: clamp)
                shader.alphaOnly = request.alphaOnly
                if case .bilinear = mode, request.blendMode == .normal, fused {
                    paintOver(mask, shader: &shader, alpha: request.alpha)
                } else {
                    paint(mask, shader: &shader, alpha: request.alpha, blendMode: request.blendMode)
                }
            }
        case .projective(let transform):
            let placed = Projective2D(toRegion).concatenated(transform)
            guard placed.isFinite, let inverse = placed.inverted() else { return }
            let pad: Double
            if clamp {
                pad = 0
            } else {
                let reach =
                    request.filter == .nearest
                    ? 0.0
                    : request.filter == .bilinear
                        ? 0.5
                        : 0.5
                            * Double(
                                1 << Swift.min(30, Self.levelCount(region) - 1))
                pad = reach + Self.projectiveFootprint(inverse, placed: placed, region: region)
            }
            guard Self.projectiveOutline(placed, region: region, pad: pad, workspace: &workspace) else { return }
            coverImage(request, area: area, workspace: &workspace)
            guard !workspace.mask.isEmpty else { return }
            let mask = workspace.mask
            let levelCount = request.filter == .trilinear ? Self.levelCount(region) : 1
            let fused = workspace.fusesImageSourceOver && request.filter == .bilinear && request.blendMode == .normal
            Self.withLevels(request, region: stored, count: levelCount, workspace: &workspace) { levels in
                var shader = ProjectiveImageShader(
                    inverse: inverse, levels: levels, filter: request.filter, clamp: clamp)
                if fused {
                    paintOver(mask, shader: &shader, alpha: request.alpha)
                } else {
                    paint(mask, shader: &shader, alpha: request.alpha, blendMode: request.blendMode)
                }
            }
        }
    }

    /// Scan-converts the outline in `workspace.path` into `workspace.mask` and applies the clip mask.
    private func coverImage(_ request: ImageDraw, area: PixelRect, workspace: inout PaintWorkspace) {
        workspace.converter.fill(workspace.path, rule: .nonZero, clip: area, into: &workspace.mask)
        if let clipMask = request.clipMask { workspace.mask.intersect(with: clipMask) }
    }

    /// The levels for an affine draw: level 0 for nearest and bilinear, and for trilinear the pair chosen from
    /// the transform's footprint (constant over the image).
    private static func affineLevels(
        _ filter: ImageFilter, inverse: Affine2D, region: PixelRect
    ) -> (fine: Int, coarse: Int, weight: UInt32) {
        guard filter == .trilinear else { return (0, 0, 0) }
        let footprint = Swift.max(
            inverse.a * inverse.a + inverse.b * inverse.b, inverse.c * inverse.c + inverse.d * inverse.d)
        return LevelChoice.choose(squaredFootprint: footprint, levelCount: levelCount(region))
    }

    /// How far, in image units, the drawn area grows past the image in ``ImageEdgeMode/transparent``: half a
    /// texel of the coarsest level sampled (the filter's reach) plus one device pixel's footprint.
    private static func edgePad(_ choice: (fine: Int, coarse: Int, weight: UInt32), footprint: Double) -> Double {
        0.5 * Double(1 << Swift.min(choice.coarse, 30)) + footprint
    }

    /// Number of pyramid levels for a region, level 0 included.
    static func levelCount(_ region: PixelRect) -> Int {
        var count = 1
        var width = region.width
        var height = region.height
        while width > 1 || height > 1 {
            width = (width + 1) / 2
            height = (height + 1) / 2
            count += 1
        }
        return count
    }

    /// Whether `inverse` moves device pixel centres onto image texel centres exactly (a translation by whole
    /// pixels), so every filter reduces to copying texels.
    private static func isWholePixelTranslation(_ inverse: Affine2D) -> Bool {
        inverse.a == 1 && inverse.b == 0 && inverse.c == 0 && inverse.d == 1
            && inverse.tx == inverse.tx.rounded() && inverse.ty == inverse.ty.rounded()
    }

    /// Calls `body` with the sampling levels `0 ..< count` of the request's image region, borrowing storage from
    /// the request's pyramid or the workspace's.
    private static func withLevels(
        _ request: ImageDraw, region: PixelRect, count: Int, workspace: inout PaintWorkspace,
        _ body: (UnsafeBufferPointer<SampleLevel>) -> Void
    ) {
        var pyramid: ImagePyramid?
        if count > 1 {
            if let given = request.pyramid, given.source == region {
                pyramid = given
            } else {
                pyramid = workspace.pyramid(of: request.image, source: region)
            }
        }
        let image = request.image
        image.withUnsafeBytes { imageBytes in
            let base = UnsafeRawPointer(imageBytes.baseAddress!) + region.y * image.bytesPerRow + region.x * 4
            var first = SampleLevel(
                base: base, bytesPerRow: image.bytesPerRow, width: region.width, height: region.height, scale: 1)
            if request.edgeMode == .clamp && request.borderWidth > 0 {
                first.margins = Self.clampMargins(region, in: image.bounds, border: request.borderWidth)
            }
            guard let pyramid, count > 1 else {
                withUnsafeTemporaryAllocation(of: SampleLevel.self, capacity: 1) { levels in
                    levels.initializeElement(at: 0, to: first)
                    body(UnsafeBufferPointer(levels))
                }
                return
            }
            pyramid.storage.withUnsafeBytes { storage in
                let usable = Swift.min(count, pyramid.levelCount)
                withUnsafeTemporaryAllocation(of: SampleLevel.self, capacity: usable) { levels in
                    levels.initializeElement(at: 0, to: first)
                    for index in 1..<usable {
                        let level = pyramid.levels[index - 1]
                        levels.initializeElement(
                            at: index,
                            to: SampleLevel(
                                base: UnsafeRawPointer(storage.baseAddress!) + level.offset,
                                bytesPerRow: level.bytesPerRow, width: level.width, height: level.height,
                                scale: 1 / Double(1 << index)))
                    }
                    body(UnsafeBufferPointer(levels))
                }
            }
        }
    }

    /// The texels past each side of `region` that hold the region's edge texels, in an image whose outer
    /// `border` texels on every side repeat their inward neighbour: all of those between the region and the
    /// image's edge when the region reaches into the border or to its inner edge, none otherwise (there the
    /// texels beyond the region are the image's own).
    static func clampMargins(_ region: PixelRect, in bounds: PixelRect, border: Int) -> TexelMargins {
        @inline(__always) func margin(_ gap: Int) -> Int { gap <= border ? Swift.max(gap, 0) : 0 }
        return TexelMargins(
            left: margin(region.x - bounds.x), top: margin(region.y - bounds.y),
            right: margin(bounds.maxX - region.maxX), bottom: margin(bounds.maxY - region.maxY))
    }

    // MARK: Projective outline

    /// Builds the device outline of the region (grown by `pad` image units) under `placed` into
    /// `workspace.path`, cutting away the part with `W` below a small positive threshold. Returns false when
    /// nothing remains.
    private static func projectiveOutline(
        _ placed: Projective2D, region: PixelRect, pad: Double, workspace: inout PaintWorkspace
    ) -> Bool {
        let w = Double(region.width)
        let h = Double(region.height)
        workspace.polygon.removeAll(keepingCapacity: true)
        workspace.polygon.append(RasterPoint(x: -pad, y: -pad))
        workspace.polygon.append(RasterPoint(x: w + pad, y: -pad))
        workspace.polygon.append(RasterPoint(x: w + pad, y: h + pad))
        workspace.polygon.append(RasterPoint(x: -pad, y: h + pad))
        var largest = -Double.infinity
        for point in workspace.polygon { largest = Swift.max(largest, placed.homogeneous(point).w) }
        guard largest > 0 else { return false }
        // Points this close to the viewer's plane map about 2²⁰ times farther out than the nearest corner:
        // far beyond any clip, still well inside the scan converter's coordinate range.
        let threshold = largest * 0x1p-20
        workspace.clipped.removeAll(keepingCapacity: true)
        let count = workspace.polygon.count
        for index in 0..<count {
            let a = workspace.polygon[index]
            let b = workspace.polygon[(index + 1) % count]
            let wa = placed.homogeneous(a).w - threshold
            let wb = placed.homogeneous(b).w - threshold
            if wa >= 0 { workspace.clipped.append(a) }
            if (wa >= 0) != (wb >= 0) {
                let t = wa / (wa - wb)
                workspace.clipped.append(a.interpolated(to: b, by: t))
            }
        }
        guard workspace.clipped.count >= 3 else { return false }
        workspace.path.removeAll(keepingCapacity: true)
        for (index, point) in workspace.clipped.enumerated() {
            let (x, y, weight) = placed.homogeneous(point)
            let device = RasterPoint(x: x / Swift.max(weight, threshold), y: y / Swift.max(weight, threshold))
            if index == 0 { workspace.path.move(to: device) } else { workspace.path.line(to: device) }
        }
        workspace.path.close()
        return true
    }

    /// The largest image-space extent of one device pixel at the outline's corners (for the transparent
    /// edge's growth).
    private static func projectiveFootprint(_ inverse: Projective2D, placed: Projective2D, region: PixelRect) -> Double
    {
        var largest = 0.0
        for corner in 0..<4 {
            let cornerX = corner == 1 || corner == 2 ? Double(region.width) : 0
            let cornerY = corner >= 2 ? Double(region.height) : 0
            guard let device = placed.apply(to: RasterPoint(x: cornerX, y: cornerY)) else { continue }
            let (x, y, w) = inverse.homogeneous(device)
            guard w > 0 else { continue }
            let r2 = 1 / (w * w)
            let dudx = (inverse.m11 * w - x * inverse.m13) * r2
            let dvdx = (inverse.m12 * w - y * inverse.m13) * r2
            let dudy = (inverse.m21 * w - x * inverse.m23) * r2
            let dvdy = (inverse.m22 * w - y * inverse.m23) * r2
            largest = Swift.max(largest, abs(dudx) + abs(dudy), abs(dvdx) + abs(dvdy))
        }
        return Swift.min(largest, 1e6)
    }
}
