import Foundation
@_spi(Engine) import PortableRaster

extension RenderSurface {
    /// Opens an offscreen group covering `deviceBounds` (device pixels; `nil` for the whole current clip) cut to
    /// the current clip. Drawing goes into the group until ``endGroup(opacity:blendMode:)``. Returns `false`, and
    /// opens nothing, when that region is empty: the caller skips what it would have drawn.
    package func beginGroup(_ deviceBounds: CGRect?) -> Bool {
        let clipRect = clips[clips.count - 1].rect
        let rect = deviceBounds.map { Self.pixelRect($0).intersection(clipRect) } ?? clipRect
        guard !rect.isEmpty else { return false }
        openGroup(rect)
        return true
    }

    /// Closes the innermost group and composites it onto what is below at `opacity`.
    package func endGroup(opacity: Float, blendMode: CGBlendMode = .normal) {
        precondition(depth > 0, "endGroup() without a matching beginGroup")
        settleFrame()
        let rect = groupRects[depth]
        let group = buffers[depth]
        depth -= 1
        noteDrawn(rect, into: depth)
        buffers[depth].draw(
            group, source: rect, transform: .identity, filter: .nearest, alpha: opacity,
            blendMode: blendMode.rasterMode,
            clip: rect, workspace: &workspace)
    }

    /// Closes the innermost group and draws it onto what is below through `transform` (device pixels to device
    /// pixels, perspective-correct when projective, sampled bilinearly) at `opacity`, clipped to the current clip
    /// (the clips pushed after the group was opened included): for transitions that move or turn a picture.
    package func endGroup(opacity: Float, transform: PlaneTransform) {
        precondition(depth > 0, "endGroup() without a matching beginGroup")
        settleFrame()
        let rect = groupRects[depth]
        let group = buffers[depth]
        depth -= 1
        let clip = currentClip
        guard transform.isFinite, transform.determinant != 0, !clip.rect.isEmpty else { return }
        noteDrawn(clip.rect, into: depth)
        buffers[depth].draw(
            group, source: rect, projective: transform.projective, filter: .bilinear, alpha: opacity,
            clip: clip.rect, clipMask: clip.mask, workspace: &workspace)
    }

    /// Opens a group over the same region as the innermost one, for drawing a mask into. Close it with
    /// ``endMaskedGroup(opacity:)``, which closes both.
    package func beginMaskGroup() {
        precondition(depth > 0, "a mask group needs an open content group")
        openGroup(groupRects[depth])
    }

    /// Closes the mask group and the content group below it, compositing the content through the mask's alpha at
    /// `opacity` with `blendMode`.
    package func endMaskedGroup(opacity: Float, blendMode: CGBlendMode = .normal) {
        precondition(depth > 1, "endMaskedGroup() without beginGroup and beginMaskGroup")
        settleFrame()
        groupMask.loadAlpha(of: buffers[depth], in: groupRects[depth])
        depth -= 1
        let rect = groupRects[depth]
        let content = buffers[depth]
        depth -= 1
        guard !groupMask.isEmpty else { return }
        noteDrawn(rect, into: depth)
        buffers[depth].draw(
            content, source: rect, transform: .identity, filter: .nearest, alpha: opacity,
            blendMode: blendMode.rasterMode, clip: rect, clipMask: groupMask, workspace: &workspace)
    }

    /// Paints, below the innermost group, the shadow of that group's alpha: moved by `offsetX`, `offsetY` device
    /// pixels (rounded to whole pixels), blurred with a gaussian of standard deviation `sigma` pixels, in the
    /// straight colour given at opacity `opacity`, clipped to the current clip. Call before
    /// ``endGroup(opacity:blendMode:)``.
    package func castShadowOfGroup(
        red: Double, green: Double, blue: Double, alpha: Double, opacity: Float, offsetX: Double, offsetY: Double,
        sigma: Double
    ) {
        precondition(depth > 0, "a group shadow needs an open group")
        groupMask.loadAlpha(
            of: buffers[depth], in: groupRects[depth], dx: Self.wholePixels(offsetX), dy: Self.wholePixels(offsetY))
        paintShadow(
            from: groupMask, red: red, green: green, blue: blue, alpha: alpha, opacity: opacity, sigma: sigma,
            into: depth - 1)
    }

    /// Paints the shadow of `shape` mapped by `transform` (a layer's `shadowPath`): as
    /// ``castShadowOfGroup(red:green:blue:alpha:opacity:offsetX:offsetY:sigma:)`` but from the shape's coverage,
    /// into the current target.
    package func fillShadow(
        of shape: SurfaceShape, transform: PlaneTransform, red: Double, green: Double, blue: Double, alpha: Double,
        opacity: Float, offsetX: Double, offsetY: Double, sigma: Double
    ) {
        let moved = transform.followed(by: .translation(x: offsetX, y: offsetY))
        let reach = Int((3 * Swift.max(0, sigma.isFinite ? sigma : 0)).rounded(.up)) + 1
        let clip = clips[clips.count - 1].rect
        let grown = PixelRect(
            x: clip.x - reach, y: clip.y - reach, width: clip.width + 2 * reach, height: clip.height + 2 * reach)
        rasterizeRemembered(shape, transform: moved, clip: grown, into: &groupMask)
        paintShadow(
            from: groupMask, red: red, green: green, blue: blue, alpha: alpha, opacity: opacity, sigma: sigma,
            into: depth)
    }

    /// Multiplies every pixel of the innermost group by the colour given (each channel 0…1, clamped; NaN counts as
    /// 0): a replicator instance's colour.
    package func tintGroup(red: Double, green: Double, blue: Double, alpha: Double) {
        precondition(depth > 0, "tinting needs an open group")
        func factor(_ value: Double) -> UInt32 { value > 0 ? UInt32((Swift.min(value, 1) * 255).rounded()) : 0 }
        // Premultiplied pixels: a colour channel scales by its factor times the alpha factor.
        let a = alpha > 0 ? Swift.min(alpha, 1) : 0
        let factors = SIMD4<UInt32>(factor(red * a), factor(green * a), factor(blue * a), factor(a))
        guard factors != SIMD4(repeating: 255) else { return }
        let rect = groupRects[depth]
        let stride = buffers[depth].bytesPerRow
        buffers[depth].withUnsafeMutableBytes { raw in
            for y in rect.y..<rect.maxY {
                let row = raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * stride
                for x in rect.x..<rect.maxX {
                    let pixel = row + x &* 4
                    let value = SIMD4<UInt32>(
                        UInt32(pixel[0]), UInt32(pixel[1]), UInt32(pixel[2]), UInt32(pixel[3]))
                    // round(v · f / 255) exactly: (t + 128 + ((t + 128) >> 8)) >> 8 with t = v · f.
                    let t = value &* factors &+ 128
                    let scaled = (t &+ (t &>> 8)) &>> 8
                    pixel[0] = UInt8(truncatingIfNeeded: scaled[0])
                    pixel[1] = UInt8(truncatingIfNeeded: scaled[1])
                    pixel[2] = UInt8(truncatingIfNeeded: scaled[2])
                    pixel[3] = UInt8(truncatingIfNeeded: scaled[3])
                }
            }
        }
    }

    private func paintShadow(
        from coverage: CoverageMask, red: Double, green: Double, blue: Double, alpha: Double, opacity: Float,
        sigma: Double, into target: Int
    ) {
        guard !coverage.isEmpty, opacity > 0, alpha > 0 else { return }
        settleFrame()
        let clip = currentClip
        let deviation = sigma.isFinite ? Swift.min(Swift.max(0, sigma), GaussianBlur.maximumSigma) : 0
        if deviation > 0 {
            var filter = blur.flatMap { $0.sigma == deviation ? $0 : nil } ?? GaussianBlur(sigma: deviation)
            blur = nil
            // Only the clipped part is computed: a huge radius costs in proportion to the clip, not to the
            // shape grown by six standard deviations in both directions.
            filter.blur(coverage, into: &blurredMask, within: clip.rect)
            blur = filter
        } else {
            blurredMask = coverage
        }
        blurredMask.intersect(with: clip.mask ?? CoverageMask(filling: clip.rect))
        let color = PremultipliedColor(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha))
        noteDrawn(blurredMask.bounds, into: target)
        buffers[target].fill(blurredMask, color: color, alpha: opacity)
    }

    private func openGroup(_ rect: PixelRect) {
        depth += 1
        if buffers.count <= depth {
            // Cannot fail: same size as the frame, which exists.
            buffers.append(try! PixelBuffer(width: width, height: height))
            groupRects.append(rect)
        }
        groupRects[depth] = rect
        buffers[depth].fill(.transparent, in: rect)
    }

    /// `value` rounded to whole pixels, 0 for NaN, clamped to ±2²⁰.
    static func wholePixels(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(Swift.min(Swift.max(value.rounded(), -1_048_576), 1_048_576))
    }
}
