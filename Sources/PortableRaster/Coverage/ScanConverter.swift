/// Turns outlines into anti-aliased ``CoverageMask``s by exact-area scan conversion.
///
/// ## Method
/// Every outline is reduced to straight edges in device pixels (curves are flattened first, see
/// ``tolerance``). For each pixel the converter computes the exact area-weighted winding number
///
///     w(pixel) = ∫∫ winding(x, y) dx dy   over the pixel's unit square
///
/// without sampling. An edge piece that stays inside one cell and descends by `h` (signed: downward
/// positive) at mean horizontal position `x̄` covers the fraction `1 − (x̄ − column)` of that cell's row to
/// its right, and the whole row to the right of the cell. So the piece adds `h·(1 − frac)` to its own cell
/// and `h·frac` to the next one; a running sum along the row then yields `w` for every cell, including the
/// interior cells no edge touches. Edges crossing several cells are split at the cell boundaries, which
/// for a straight edge reduces to closed-form terms per cell. Coverage is `min(|w|, 1)` for
/// ``FillRule/nonZero`` and the triangle wave of `|w|` with period 2 for ``FillRule/evenOdd``, rounded to
/// the nearest of 256 levels, ties to even (`w = 0.5` gives 128). Accumulation is in `Float`, with edge
/// positions relative to the clip, so positions are kept to 2⁻⁹ pixel even 32 767 pixels from its edge.
///
/// ## Where area averaging is not enough
/// Averaging is exact whenever, inside each pixel, the winding number takes values that the rule maps linearly:
/// two neighbouring values such as 0 and 1, or (nonzero) only values ≥ 1. It fails where edges of the same
/// direction coincide or run close together inside one pixel (winding 0 next to 2: a retraced or doubled edge, a
/// shape drawn twice, subpaths overlapping near their edges) and where edges cross inside a pixel (winding −1
/// next to +1); averaging 0 and 2 gives 1 where the true nonzero coverage is ½. The converter therefore keeps
/// each row's first `storedPiecesPerRow` edge pieces and checks, on 64 horizontal lines through the row, which
/// winding numbers meet in each pixel (`RowPiece.isSimpleRow(_:count:keys:_:)`). Rows that pass keep the
/// averaged coverage, which is then exact; rows that fail are evaluated exactly, edge by edge, with each edge
/// weighted by the change of the rule across it (see `OverlapScratch.swift`). Both rules are then exact
/// for overlapping, coincident and crossing edges. Two approximations remain: heights are resolved to 1/64 of a
/// row in the check (an overlap thinner than that can pass, changing coverage by less than 1/64 of a pixel), and
/// rows crossed by more than `storedPiecesPerRow` edge pieces — found deep inside wide strokes whose outline
/// overlaps itself many times — keep the averaged coverage.
///
/// ## Clipping and memory
/// Work and memory are bounded by the clip rectangle, never by the size of the path. Edge parts above or
/// below the clip are cut off; parts to the right of it are dropped (they cannot affect pixels to their
/// left); parts to the left are moved onto the clip's left border, where they still add their winding to
/// the whole row. Accumulation runs in bands of a few dozen rows, so scratch memory is about one megabyte
/// however tall the clip is; the mask itself only spans the rows and columns the shape reaches.
///
/// ## Bad input
/// Points that are NaN or infinite after the transform, or farther than ``coordinateLimit`` from the origin,
/// are dropped: the segment ending at such a point is skipped and the outline continues from the last good
/// point; a move to such a point ends the subpath and the next good point starts a new one. Nothing
/// non-finite reaches the accumulation.
///
/// A converter keeps its scratch buffers between calls; keep one per thread (it is a value type) and reuse
/// it, and drawing allocates nothing once the buffers have grown to the largest shape drawn.
@_spi(Engine) public struct ScanConverter: Sendable {
    /// The default curve flattening tolerance, in device pixels.
    @_spi(Engine) public static let defaultTolerance = 1.0 / 32.0
    /// Device coordinates at or beyond this magnitude are treated like infinite ones (dropped), so that no
    /// intermediate computation can overflow or lose more than about 10⁻⁴ pixel to rounding.
    @_spi(Engine) public static let coordinateLimit = 1_099_511_627_776.0  // 2^40

    /// Largest distance, in device pixels, between a flattened curve and the true curve (see
    /// `ScanConverter+CurveFlattening.swift` for the bound). Clamped to `1/1024 ... 4`; NaN selects the default.
    @_spi(Engine) public var tolerance: Double {
        get { storedTolerance }
        set {
            storedTolerance = newValue.isNaN ? Self.defaultTolerance : Swift.min(Swift.max(newValue, 1.0 / 1024), 4)
        }
    }
    private var storedTolerance: Double

    /// Whether a large shape's rows may be resolved on two threads, half on ``HelperThread`` (default true; the
    /// mask is the same either way, and tests compare the two).
    @_spi(Engine) public var usesHelperThread = true

    // Scratch storage, reused across calls.
    var pieces: [EdgePiece] = []
    var sortedPieces: [EdgePiece] = []
    var bandCounts: [Int] = []
    /// Made by the first shape resolved, so that a converter that resolves none allocates nothing.
    var bandScratch: BandScratch?
    var overlapScratch = OverlapScratch()
    /// The same for the part of a large shape resolved on ``HelperThread``.
    var helperBandScratch: BandScratch?
    var helperOverlapScratch = OverlapScratch()

    // State of the shape being built (between `begin` and `finish`).
    var clip = PixelRect.zero
    var clipWidth = 0.0
    var clipHeight = 0.0
    var bandShift = 5
    var minX = 0.0
    var maxX = 0.0
    var minY = 0.0
    var maxY = 0.0
    var reachesRight = false

    /// Creates a converter with the given curve flattening tolerance in device pixels.
    @_spi(Engine) public init(tolerance: Double = ScanConverter.defaultTolerance) {
        storedTolerance = Self.defaultTolerance
        self.tolerance = tolerance
    }

    /// Rasterizes `path`, transformed by `transform` into device pixels, into `mask`, clipped to `clip`.
    ///
    /// Every subpath is closed for filling. `mask` is overwritten; its bounds end up inside `clip` (see
    /// ``begin(clip:)`` for the clip's limits).
    @_spi(Engine) public mutating func fill(
        _ path: RasterPath, transform: Affine2D = .identity, rule: FillRule, clip: PixelRect,
        into mask: inout CoverageMask
    ) {
        begin(clip: clip)
        guard !self.clip.isEmpty else {
            mask.removeAll()
            return
        }
        addPath(path, transform: transform)
        finish(rule: rule, into: &mask)
    }

    /// Starts a shape clipped to `clip` (device pixels), for building it edge by edge with ``addLine(from:to:)``,
    /// ``addQuadratic(from:control:to:)`` and ``addCubic(from:control1:control2:to:)``.
    ///
    /// The edges added before ``finish(rule:into:)`` must form closed loops (each contour ending where it
    /// began); an open contour leaks its winding to the right edge of the clip.
    ///
    /// The clip is normally the bounds of the target ``PixelBuffer``; a clip wider or taller than
    /// ``PixelBuffer/maximumSide`` is cut to that size, which bounds the memory a mask can take.
    @_spi(Engine) public mutating func begin(clip newClip: PixelRect) {
        let limit = PixelBuffer.maximumSide
        clip =
            newClip.isEmpty
            ? .zero
            : PixelRect(
                x: newClip.x, y: newClip.y, width: Swift.min(newClip.width, limit),
                height: Swift.min(newClip.height, limit))
        clipWidth = Double(clip.width)
        clipHeight = Double(clip.height)
        // Bands of 2^bandShift rows keep the accumulator near 256 Ki floats (1 MiB) for any clip width.
        let rowsForBudget = Swift.max(1, 262_144 / (clip.width + 2))
        bandShift = Swift.min(6, Swift.max(2, Int.bitWidth - 1 - rowsForBudget.leadingZeroBitCount))
        pieces.removeAll(keepingCapacity: true)
        minX = .infinity
        maxX = -.infinity
        minY = .infinity
        maxY = -.infinity
        reachesRight = false
    }

    /// Adds every segment of `path` after mapping it through `transform`, closing each subpath.
    @_spi(Engine) public mutating func addPath(_ path: RasterPath, transform: Affine2D) {
        guard !clip.isEmpty else { return }
        var start: RasterPoint?
        var current: RasterPoint?
        var index = 0
        path.points.withUnsafeBufferPointer { points in
            for verb in path.verbs {
                switch verb {
                case .move:
                    if let from = current, let to = start { addLine(from: from, to: to) }
                    let point = Self.device(points[index], transform)
                    start = point
                    current = point
                case .line:
                    guard let end = Self.device(points[index], transform) else { break }
                    if let from = current { addLine(from: from, to: end) } else { start = end }
                    current = end
                case .quadratic:
                    guard let control = Self.device(points[index], transform),
                        let end = Self.device(points[index + 1], transform)
                    else { break }
                    if let from = current {
                        addQuadratic(from: from, control: control, to: end)
                    } else {
                        start = end
                    }
                    current = end
                case .cubic:
                    guard let control1 = Self.device(points[index], transform),
                        let control2 = Self.device(points[index + 1], transform),
                        let end = Self.device(points[index + 2], transform)
                    else { break }
                    if let from = current {
                        addCubic(from: from, control1: control1, control2: control2, to: end)
                    } else {
                        start = end
                    }
                    current = end
                case .close:
                    if let from = current, let to = start { addLine(from: from, to: to) }
                    current = start
                }
                index += verb.pointCount
            }
        }
        if let from = current, let to = start { addLine(from: from, to: to) }
    }

    /// The device-space image of `point`, or `nil` when it is not finite or beyond ``coordinateLimit``.
    @inline(__always)
    static func device(_ point: RasterPoint, _ transform: Affine2D) -> RasterPoint? {
        let mapped = transform.apply(to: point)
        // The comparisons are false for NaN, so NaN is rejected too.
        guard abs(mapped.x) < coordinateLimit, abs(mapped.y) < coordinateLimit else { return nil }
        return mapped
    }

    /// Whether a device point is usable (finite and within ``coordinateLimit``).
    @inline(__always)
    static func isUsable(_ point: RasterPoint) -> Bool {
        abs(point.x) < coordinateLimit && abs(point.y) < coordinateLimit
    }
}
