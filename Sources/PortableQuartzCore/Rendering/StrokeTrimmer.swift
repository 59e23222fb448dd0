import Foundation

/// Cuts shape layers' strokes to their `strokeStart` … `strokeEnd` (our helper for the compositor), keeping a path
/// measure and the cut piece between calls: a shape layer whose path or `strokeEnd` changes on every frame is then
/// measured and cut without allocating once the storage has grown to the largest path's size.
///
/// One per compositor, used from one thread. Between calls it keeps storage only, no reference to a layer's path.
final class StrokeTrimmer {
    private var measure = PathMeasure()
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
        measure.measure(path)
        defer { measure.clear() }
        guard measure.totalLength > 0 else { return nil }
        measure.trimmedPath(
            fromLength: from * measure.totalLength, toLength: to * measure.totalLength, into: cut)
        return cut.isEmpty ? nil : cut
    }
}
