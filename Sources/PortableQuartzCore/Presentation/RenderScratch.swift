import Foundation
import PortableCoreGraphics

/// What `CALayer.render(in:)` needs to draw a tree — a render-tree builder, a compositor and a surface — kept
/// from call to call in a small pool (our helper), so that drawing a tree again, as a snapshot loop or an
/// exporter does, neither allocates nor clears new frames.
///
/// Between calls a scratch holds no values of the layers it drew (the builder's trees are emptied, their storage
/// kept) and no emitter history; the compositor's paintings of the last tree's text and gradient layers stay, as
/// they depend only on values they were painted from. The pool keeps at most ``poolLimit`` scratches, and a
/// surface only up to ``keptPixelLimit`` pixels, so what stays allocated between calls is bounded (a 1024 × 1024
/// surface with a few group buffers is a few MiB).
final class RenderScratch: @unchecked Sendable {
    // Unchecked: a scratch is used by one thread at a time; the pool's lock hands it over.
    let builder = RenderTreeBuilder()
    let compositor = LayerCompositor(drawsIn2D: true)
    private var surface: RenderSurface?

    /// Scratches kept for later calls at most.
    static let poolLimit = 2
    /// The largest surface kept for later calls, in pixels.
    static let keptPixelLimit = 1 << 20

    private static let pool = LockedValue<[RenderScratch]>([])

    /// A surface of `width` × `height` pixels (the kept one when it has that size), or nil when the raster engine
    /// cannot make one that large.
    func surface(width: Int, height: Int) -> RenderSurface? {
        if let surface, surface.width == width, surface.height == height { return surface }
        surface = RenderSurface(width: width, height: height)
        return surface
    }

    /// A scratch from the pool, or a new one.
    static func take() -> RenderScratch {
        pool.withLock { $0.popLast() } ?? RenderScratch()
    }

    /// Returns `scratch` to the pool after use, without the values it drew.
    static func recycle(_ scratch: RenderScratch) {
        scratch.builder.forgetFrames()
        scratch.compositor.forgetEmitterHistories()
        if let surface = scratch.surface, surface.width * surface.height > keptPixelLimit { scratch.surface = nil }
        pool.withLock { pool in
            if pool.count < poolLimit { pool.append(scratch) }
        }
    }
}
