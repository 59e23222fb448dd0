import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// Intersects the clip with the area of the current path (filled with `rule`), then clears the path.
    ///
    /// The clip is an anti-aliased coverage mask in device pixels: a pixel half inside the path lets half of any
    /// later painting through. Nested clips multiply (`coverage = old · new / 255`, exactly rounded). An empty
    /// path clips everything away, as on Apple platforms; an unusable CTM does too.
    public func clip(using rule: CGPathFillRule = .winding) {
        let filled = rasterizeClip(rule: rule)
        beginPath()
        if !filled { shapeMask.removeAll() }
        guard state.clip == nil else { return intersectClip(with: shapeMask) }
        // The mask becomes the clip as it is, and the next draw gets the spare storage: sharing the mask with the
        // clip would make that draw copy it before writing (copy on write).
        state.clip = shapeMask
        shapeMask = spareMask
        spareMask = CoverageMask()
    }

    /// Intersects the clip with `rect` (user space, through the CTM). Clears the current path.
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip(using: .winding)
    }

    /// Intersects the clip with the union of `rects`. Clears the current path.
    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip(using: .winding)
    }

    /// Intersects the clip with a mask image stretched over `rect` (user space, through the CTM, with the
    /// context's interpolation quality).
    ///
    /// An image whose pixels are all opaque is read as a gray mask (its luminance `0.299 R + 0.587 G + 0.114 B`:
    /// white lets painting through, black blocks it), as Apple does with gray mask images; an image with any
    /// translucent pixel is read by its alpha. Outside `rect` everything is clipped away.
    public func clip(to rect: CGRect, mask: CGImage) {
        beginPath()
        guard let device = deviceTransform, let placement = Self.imagePlacement(rect) else {
            intersectClip(with: CoverageMask())
            return
        }
        let source = mask.raster
        let usesAlpha = Self.hasTranslucentPixel(source)
        var maskSource = source
        if !usesAlpha {
            // Turn luminance into alpha (premultiplied white at that opacity).
            maskSource.withUnsafeMutableBytes { raw in
                for y in 0..<source.height {
                    let row = raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * source.bytesPerRow
                    for x in 0..<source.width {
                        let p = row + 4 * x
                        let luma = (299 * Int(p[0]) + 587 * Int(p[1]) + 114 * Int(p[2]) + 500) / 1000
                        let value = UInt8(Swift.min(luma, 255))
                        p[0] = value
                        p[1] = value
                        p[2] = value
                        p[3] = value
                    }
                }
            }
        }
        let transform = Self.unitScale(of: source).concatenated(placement).concatenated(device)
        // Only pixels the mapped image reaches can be nonzero; the mask covers just those, zero outside. The image
        // is drawn into a bitmap-sized scratch layer kept between calls (the same target and transform as a fresh
        // transparent bitmap, so the same pixels), of which only that box is cleared and read.
        let bounds = Self.deviceBounds(of: source, transform: transform).intersection(buffer.bounds)
        var target: PixelBuffer
        if let existing = maskLayer, existing.width == buffer.width, existing.height == buffer.height {
            target = existing
            maskLayer = nil  // keep the storage uniquely referenced while drawing
            target.fill(.transparent, in: bounds)
        } else {
            guard let fresh = try? PixelBuffer(width: buffer.width, height: buffer.height) else { return }
            target = fresh
        }
        // Only the alpha is read, so only the alpha is computed where the vector kernel runs.
        target.drawAlpha(
            maskSource, transform: transform, filter: state.interpolationQuality.imageFilter, edgeMode: .clamp,
            workspace: &workspace)
        var mask = spareMask
        spareMask = CoverageMask()
        mask.loadAlpha(of: target, in: bounds)
        maskLayer = target
        if var clip = state.clip {
            state.clip = nil  // let the intersection reuse the storage when nothing else holds it
            clip.intersect(with: mask)
            state.clip = clip
            spareMask = mask
        } else {
            state.clip = mask  // handed over, as in `clip(using:)`; `restoreGState()` refills the spare
        }
    }

    /// Removes the clip: painting may reach every pixel again.
    public func resetClip() {
        state.clip = nil
    }

    /// The bounding box of the clip in user space: the smallest rectangle containing every pixel painting can
    /// reach, in whole pixels, mapped back through the CTM. Without a clip that is the whole bitmap; a clip with
    /// nothing left gives `.zero`.
    public var boundingBoxOfClipPath: CGRect {
        let pixels = state.clip.map { Self.coveredBounds(of: $0).intersection(buffer.bounds) } ?? buffer.bounds
        guard !pixels.isEmpty else { return .zero }
        let base = CGRect(
            x: CGFloat(pixels.x), y: CGFloat(buffer.height - pixels.maxY), width: CGFloat(pixels.width),
            height: CGFloat(pixels.height))
        guard let inverse = Affine2D(state.ctm).inverted() else { return base }
        return base.applying(CGAffineTransform(inverse))
    }

    /// Rasterizes the current path for clipping into ``shapeMask`` (anti-aliasing rule applied).
    ///
    /// A rectangle whose sides fall on pixel boundaries (`clip(to:)` with whole-pixel coordinates, the common case)
    /// is not scan-converted: its mask is 255 inside and 0 outside either way, made directly as a solid mask, and
    /// clipping by a solid mask only cuts to its bounds (`CoverageMask.isSolid`).
    private func rasterizeClip(rule: CGPathFillRule) -> Bool {
        guard !currentPath.isEmpty, deviceTransform != nil else { return false }
        let bounds = state.clip?.bounds.intersection(buffer.bounds) ?? buffer.bounds
        if let rect = pixelAlignedRect(currentPath) {
            shapeMask.cover(rect.intersection(bounds))
            return true
        }
        let fillRule: FillRule = rule == .evenOdd ? .evenOdd : .nonZero
        if !rasterizeRectangleClip(rule: fillRule, within: bounds) {
            rasterPath.load(currentPath)
            converter.tolerance = state.flatness
            converter.fill(rasterPath, transform: flip, rule: fillRule, clip: bounds, into: &shapeMask)
        }
        applyAntialiasing()
        return true
    }

    /// Makes ``shapeMask`` the scan-converted mask of the current path when it is one axis-aligned rectangle at
    /// least four device rows tall inside `bounds`, without scan-converting every row; false (nothing done)
    /// otherwise.
    ///
    /// The scan converter resolves each row from the edge pieces crossing that row alone, and a rectangle's rows
    /// between its first and last are crossed by the same two vertical pieces, each one row high (its horizontal
    /// sides add nothing). So two slices of the same path, through the same transform and clip, give every row: the
    /// first two rows (the bottom side moved up onto a row boundary), and the last two (the top side moved down),
    /// with the sides' own coordinates untouched so that each piece has the same floating-point ends. The rows
    /// between repeat the second (`CoverageMask.join`).
    private func rasterizeRectangleClip(rule: FillRule, within bounds: PixelRect) -> Bool {
        var rect = CGRect.zero
        guard currentPath.isRect(&rect) else { return false }
        let height = Double(buffer.height)
        let top = height - Double(rect.maxY)  // device rows grow downwards
        let bottom = height - Double(rect.minY)
        guard top.isFinite, bottom.isFinite, Swift.abs(top) < 1e9, Swift.abs(bottom) < 1e9 else { return false }
        let firstRow = Swift.max(top.rounded(.down), Double(bounds.y))
        let lastRow = Swift.min(bottom.rounded(.up), Double(bounds.maxY)) - 1
        guard lastRow - firstRow >= 3 else { return false }
        converter.tolerance = state.flatness
        var slices = sliceMasks
        sliceMasks = (CoverageMask(), CoverageMask())  // keep the storage uniquely referenced while writing
        defer { sliceMasks = slices }
        // Points are in base space, where y grows upwards: device row r is at base y = height − r.
        let bottomSide = Double(rect.minY)
        let topSide = Double(rect.maxY)
        rasterPath.load(currentPath) { point in
            point.y == bottomSide ? RasterPoint(x: point.x, y: height - (firstRow + 2)) : point
        }
        converter.fill(rasterPath, transform: flip, rule: rule, clip: bounds, into: &slices.top)
        rasterPath.load(currentPath) { point in
            point.y == topSide ? RasterPoint(x: point.x, y: height - (lastRow - 1)) : point
        }
        converter.fill(rasterPath, transform: flip, rule: rule, clip: bounds, into: &slices.bottom)
        guard !slices.top.bounds.isEmpty, !slices.bottom.bounds.isEmpty,
            slices.top.bounds.x == slices.bottom.bounds.x, slices.top.bounds.width == slices.bottom.bounds.width,
            slices.top.bounds.maxY <= slices.bottom.bounds.y
        else { return false }
        shapeMask.join(top: slices.top, bottom: slices.bottom)
        return true
    }

    /// The device pixels of `path` when it is one axis-aligned rectangle (its points are already through the CTM)
    /// whose sides lie on whole pixels, else nil.
    func pixelAlignedRect(_ path: CGPath) -> PixelRect? {
        var rect = CGRect.zero
        guard path.isRect(&rect) else { return nil }
        let left = Double(rect.minX)
        let right = Double(rect.maxX)
        let top = Double(buffer.height) - Double(rect.maxY)
        let bottom = Double(buffer.height) - Double(rect.minY)
        func isWhole(_ edge: Double) -> Bool { edge == edge.rounded() && Swift.abs(edge) < 1e9 }
        guard isWhole(left), isWhole(right), isWhole(top), isWhole(bottom) else { return nil }
        return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// Makes the clip the intersection of the current clip and `mask`.
    private func intersectClip(with mask: CoverageMask) {
        if var clip = state.clip {
            state.clip = nil  // let the intersection reuse the storage when nothing else holds it
            clip.intersect(with: mask)
            state.clip = clip
        } else {
            state.clip = mask
        }
    }

    /// The smallest pixel rectangle holding every pixel of `mask` with non-zero coverage (`.zero` if none).
    static func coveredBounds(of mask: CoverageMask) -> PixelRect {
        var left = Int.max
        var right = Int.min
        var top = Int.max
        var bottom = Int.min
        let bounds = mask.bounds
        for y in bounds.y..<bounds.maxY {
            mask.withRow(y) { columns, coverage in
                guard let first = coverage.firstIndex(where: { $0 != 0 }),
                    let last = coverage.lastIndex(where: { $0 != 0 })
                else { return }
                left = Swift.min(left, columns.lowerBound + first)
                right = Swift.max(right, columns.lowerBound + last + 1)
                top = Swift.min(top, y)
                bottom = y + 1
            }
        }
        guard left < right else { return .zero }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether any pixel of `pixels` has alpha below 255.
    static func hasTranslucentPixel(_ pixels: PixelBuffer) -> Bool {
        pixels.withUnsafeBytes { raw in
            for y in 0..<pixels.height {
                for x in 0..<pixels.width where raw[y * pixels.bytesPerRow + 4 * x + 3] != 255 { return true }
            }
            return false
        }
    }
}
