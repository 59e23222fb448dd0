import Foundation

/// Cuts shape layers' strokes to their `strokeStart` … `strokeEnd` (our helper for the compositor), keeping the
/// measures of the last paths it cut and the cut piece between calls.
///
/// Measuring is most of a cut (every curve's length is integrated), so a path whose elements equal, bit for bit,
/// those of one measured recently is not measured again: a trimmed stroke whose path stands still while its
/// `strokeEnd` moves (Lottie's trim paths, progress rings) costs the cut alone. The trimmer keeps its own copies of
/// those paths, never a reference to a layer's path, so a path only a layer holds stays uniquely referenced (the
/// compositor writes mixed paths into such storage). Once the storage has grown to the largest paths' sizes,
/// cutting allocates nothing, whether paths change every frame or not.
///
/// One per compositor, used from one thread.
final class StrokeTrimmer {
    /// A path measured recently: the trimmer's own copy of it and its measure.
    private struct Measured {
        let copy = CGMutablePath()
        var measure = PathMeasure()
        /// ``StrokeTrimmer/summary(of:)`` of the copy, compared before the elements themselves.
        var summary: SIMD4<UInt64> = .zero
        /// The call (``StrokeTrimmer/calls``) that last used it; 0 for a slot never filled.
        var lastUsed = 0
    }

    /// How many measured paths are kept: more than the trimmed strokes of typical scenes.
    static let capacity = 16

    private var measured: [Measured] = []
    private var calls = 0
    private let cut = CGMutablePath()

    /// The part of `path` between the fractions `start` and `end` of its arc length, `path` itself when the range
    /// is the whole path, or nil when nothing is to be stroked (``ShapeLayerPainter`` states the rules: fractions
    /// clamped to 0…1, NaN as the default, `start ≥ end` strokes nothing). A returned piece other than `path` is this
    /// trimmer's storage: it holds its elements until the next call.
    func piece(of path: CGPath, start: CGFloat, end: CGFloat) -> CGPath? {
        let from = ShapeLayerPainter.clampedFraction(start, default: 0)
        let to = ShapeLayerPainter.clampedFraction(end, default: 1)
        guard from < to else { return nil }
        if from == 0 && to == 1 { return path }
        let slot = measuredSlot(for: path)
        let measure = measured[slot].measure
        guard measure.totalLength > 0 else { return nil }
        measure.trimmedPath(
            fromLength: from * measure.totalLength, toLength: to * measure.totalLength, into: cut)
        return cut.isEmpty ? nil : cut
    }

    /// The slot whose copy has `path`'s elements, measuring a copy in the least recently used slot when none has.
    private func measuredSlot(for path: CGPath) -> Int {
        calls += 1
        let summary = Self.summary(of: path)
        var oldest = 0
        for slot in measured.indices {
            if measured[slot].summary == summary && Self.sameElements(measured[slot].copy, path) {
                measured[slot].lastUsed = calls
                return slot
            }
            if measured[slot].lastUsed < measured[oldest].lastUsed { oldest = slot }
        }
        if measured.count < Self.capacity {
            measured.append(Measured())
            oldest = measured.count - 1
        }
        let copy = measured[oldest].copy
        copy.overwrite(copying: path)
        // The copy is the trimmer's own and changes only here, so the measure may hold it as it is.
        measured[oldest].measure.measure(copy, copying: false)
        measured[oldest].summary = summary
        measured[oldest].lastUsed = calls
        return oldest
    }

    /// The element and point counts and the bits of the first and last point: paths with different summaries differ,
    /// so most slots are passed over without their elements being read.
    private static func summary(of path: CGPath) -> SIMD4<UInt64> {
        let points = path.elementPoints
        let first = points.first ?? .zero
        let last = points.last ?? .zero
        func bits(_ value: CGFloat) -> UInt64 { Double(value).bitPattern }
        return SIMD4(
            UInt64(path.elementTypes.count) << 32 | UInt64(points.count), bits(first.x) ^ bits(first.y) << 1,
            bits(last.x), bits(last.y))
    }

    /// Whether two paths have the same elements, bit for bit (so `-0` and `0` differ, and NaN matches itself).
    private static func sameElements(_ first: CGPath, _ second: CGPath) -> Bool {
        first.elementTypes.hasSameBits(as: second.elementTypes)
            && first.elementPoints.hasSameBits(as: second.elementPoints)
    }
}
