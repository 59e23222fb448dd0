import Foundation
@_spi(Engine) import PortableRaster

extension RenderSurface {
    /// Fills `shape`, mapped by `transform` into device pixels, with a straight (not premultiplied) colour at
    /// opacity `alpha`, clipped to the current clip. Non-finite or singular transforms draw nothing.
    package func fill(
        _ shape: SurfaceShape, transform: PlaneTransform, red: Double, green: Double, blue: Double,
        alpha colorAlpha: Double, opacity: Float, blendMode: CGBlendMode = .normal
    ) {
        let clip = currentClip
        if blendMode == .normal, clip.mask == nil, opacity >= 1, colorAlpha >= 1,
            let rect = Self.pixelAlignedRect(shape, transform)
        {
            // An opaque rectangle on whole pixels: a plain store, no coverage needed. When it covers the whole
            // frame, the frame's pending clear is moot.
            let color = PremultipliedColor(red: Float(red), green: Float(green), blue: Float(blue), alpha: 1).rgba8
            let covered = rect.intersection(clip.rect)
            if depth == 0 && covered == buffers[0].bounds { pendingClear = nil } else { settleFrame() }
            buffers[depth].fill(color, in: covered)
            noteDrawn(covered, into: depth)
            return
        }
        guard transform.isFinite, transform.determinant != 0, !clip.rect.isEmpty else { return }
        let rule = load(shape)
        noteFillInputs(rule, transform, clip: clip.rect)
        guard
            let source = coverage(
                clipMask: clip.mask,
                rasterize: { scanLoaded(rule: rule, transform: transform, clip: clip.rect, into: &shapeMask) })
        else { return }
        let sourceMask = mask(of: source)
        if depth == 0 && blendMode == .normal && colorAlpha >= 1 && opacity >= 1 {
            // An opaque colour sets the pixels of the mask's solid runs whatever they hold.
            settleFrame(sparingSolidRunsOf: sourceMask)
        } else {
            settleFrame()
        }
        let color = PremultipliedColor(
            red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(colorAlpha))
        noteDrawn(sourceMask.bounds, into: depth)
        if blendMode == .normal {
            buffers[depth].fill(sourceMask, color: color, alpha: opacity)
        } else {
            buffers[depth].fill(sourceMask, color: color, alpha: opacity, blendMode: blendMode.rasterMode)
        }
    }

    /// Replaces `mask` with the coverage of the outline in `shapePath` filled with `rule`, mapped by `transform` (finite
    /// and invertible), inside `clip`.
    func scanLoaded(rule: FillRule, transform: PlaneTransform, clip: PixelRect, into mask: inout CoverageMask) {
        if let affine = transform.affine {
            scanConverter.fill(shapePath, transform: affine, rule: rule, clip: clip, into: &mask)
        } else {
            projector.project(shapePath, by: transform.projective, into: &projectedPath)
            scanConverter.fill(projectedPath, rule: rule, clip: clip, into: &mask)
        }
    }

    /// Puts the outline of `shape` (in its own space) into `shapePath` and returns its fill rule.
    func load(_ shape: SurfaceShape) -> FillRule {
        shapePath.removeAll(keepingCapacity: true)
        switch shape {
        case .roundedRect(let rect, let radius, let corners):
            Self.addRoundedRect(rect, radius: radius, corners: corners, to: &shapePath)
            return .nonZero
        case .border(let rect, let radius, let corners, let width):
            let standard = rect.standardized
            Self.addRoundedRect(standard, radius: radius, corners: corners, to: &shapePath)
            let inset = Swift.max(0, width)
            if inset * 2 < Swift.min(standard.width, standard.height) {
                Self.addRoundedRect(
                    standard.insetBy(dx: inset, dy: inset), radius: Swift.max(0, radius - inset), corners: corners,
                    to: &shapePath)
            }
            return .evenOdd
        case .path(let path, let evenOdd):
            shapePath.append(path)
            return evenOdd ? .evenOdd : .nonZero
        }
    }

    /// Appends a closed rounded rectangle, clockwise on screen (y down), each listed corner a quarter ellipse
    /// approximated by one cubic.
    static func addRoundedRect(_ rect: CGRect, radius: CGFloat, corners: UInt, to path: inout RasterPath) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite else { return }
        let x0 = Double(r.minX)
        let y0 = Double(r.minY)
        let x1 = Double(r.maxX)
        let y1 = Double(r.maxY)
        let limit = Swift.min(x1 - x0, y1 - y0) / 2
        let value = Double(radius)
        let rounded = value.isFinite && value > 0 ? Swift.min(value, limit) : 0
        func cornerRadius(_ bit: UInt) -> Double { corners & bit != 0 ? rounded : 0 }
        let topLeft = cornerRadius(1)
        let topRight = cornerRadius(2)
        let bottomLeft = cornerRadius(4)
        let bottomRight = cornerRadius(8)
        let k = 0.552_284_749_830_793_4  // 4/3 · (√2 − 1): the cubic closest to a quarter circle
        path.move(to: RasterPoint(x: x0 + topLeft, y: y0))
        path.line(to: RasterPoint(x: x1 - topRight, y: y0))
        if topRight > 0 {
            path.curve(
                to: RasterPoint(x: x1, y: y0 + topRight),
                control1: RasterPoint(x: x1 - topRight + k * topRight, y: y0),
                control2: RasterPoint(x: x1, y: y0 + topRight - k * topRight))
        }
        path.line(to: RasterPoint(x: x1, y: y1 - bottomRight))
        if bottomRight > 0 {
            path.curve(
                to: RasterPoint(x: x1 - bottomRight, y: y1),
                control1: RasterPoint(x: x1, y: y1 - bottomRight + k * bottomRight),
                control2: RasterPoint(x: x1 - bottomRight + k * bottomRight, y: y1))
        }
        path.line(to: RasterPoint(x: x0 + bottomLeft, y: y1))
        if bottomLeft > 0 {
            path.curve(
                to: RasterPoint(x: x0, y: y1 - bottomLeft),
                control1: RasterPoint(x: x0 + bottomLeft - k * bottomLeft, y: y1),
                control2: RasterPoint(x: x0, y: y1 - bottomLeft + k * bottomLeft))
        }
        path.line(to: RasterPoint(x: x0, y: y0 + topLeft))
        if topLeft > 0 {
            path.curve(
                to: RasterPoint(x: x0 + topLeft, y: y0),
                control1: RasterPoint(x: x0, y: y0 + topLeft - k * topLeft),
                control2: RasterPoint(x: x0 + topLeft - k * topLeft, y: y0))
        }
        path.close()
    }
}
