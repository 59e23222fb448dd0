import Foundation

/// Arc-length measurement of a `CGPath`: the length of each element and of the whole path, the point and
/// direction at a given distance along it, and the mapping between distance and (element index, Bézier parameter).
///
/// This is our addition, not Apple API. Keyframe paths (`CAKeyframeAnimation.path` with paced modes),
/// `CAShapeLayer.strokeStart`/`strokeEnd` (through `trimmedPath(fromLength:toLength:)`) and `rotationMode` are
/// built on it.
///
/// Lengths are in the path's units (points). Conventions:
/// - A move contributes zero length; a close contributes the straight line back to its subpath's start; curves are
///   measured exactly by adaptive Gauss–Legendre quadrature of |B′(t)| (relative error around 1e-12), not by
///   flattening; lines exactly.
/// - An element touching a NaN or infinite coordinate is skipped: its length is zero. An element whose length
///   overflows to infinity is skipped too, so `totalLength` is always finite.
/// - Distances are clamped to [0, `totalLength`]; NaN counts as 0. A distance that falls exactly on the boundary
///   between two elements maps to the start (t = 0) of the next element of non-zero length, except `totalLength`
///   itself, which maps to the end (t = 1) of the last element of non-zero length.
///
/// Building the measure walks the path once and integrates every curve; queries cost a binary search over the
/// elements plus, inside a curve, a few Newton steps.
public struct PathMeasure: Sendable {
    /// A position on the path: an element index (as in `CGPath.applyWithBlock(_:)`) and a Bézier parameter `t` in
    /// [0, 1] within that element (0 = its start point, 1 = its end point; linear along lines and closes).
    public struct Location: Hashable, Sendable {
        public var elementIndex: Int
        public var t: CGFloat

        public init(elementIndex: Int, t: CGFloat) {
            self.elementIndex = elementIndex
            self.t = t
        }
    }

    /// The measured path, as it was when measured.
    private(set) var path: CGPath
    /// Each element as a segment with its start point resolved.
    private(set) var segments: [PathSegment]
    /// `cumulativeLengths[i]` is the length of elements 0..<i; one more entry than elements.
    private(set) var cumulativeLengths: [CGFloat]

    /// The length of the whole path, in points. Zero for an empty path or one made only of moves.
    public private(set) var totalLength: CGFloat

    /// The path every empty measure holds.
    private static let emptyPath = CGPath(elementTypes: [], elementPoints: [], lastSubpathStart: .zero)

    /// Measures `path` (its elements as they are now; later mutations of a `CGMutablePath` are not seen).
    public init(_ path: CGPath) {
        self.init()
        measure(path)
    }

    /// The measure of an empty path (package access: storage for ``measure(_:)`` to fill and refill).
    package init() {
        path = Self.emptyPath
        segments = []
        cumulativeLengths = [0]
        totalLength = 0
    }

    /// Forgets the measured path, keeping the storage (package access): the measure of an empty path again.
    package mutating func clear() {
        segments.removeAll(keepingCapacity: true)
        cumulativeLengths.removeAll(keepingCapacity: true)
        cumulativeLengths.append(0)
        path = Self.emptyPath
        totalLength = 0
    }

    /// Measures `path` in place of what was measured before, reusing the storage (package access, for the
    /// compositor, which measures a trimmed shape layer's path on every frame): the same result as
    /// ``init(_:)``, and no allocation once the storage has grown to the path's size (a `CGMutablePath` is still
    /// copied, as ``init(_:)`` copies it, unless `copying` is false: then the caller promises not to change the
    /// path while it is measured, as a caller measuring its own private copy can).
    package mutating func measure(_ path: CGPath, copying: Bool = true) {
        segments.removeAll(keepingCapacity: true)
        segments.reserveCapacity(path.elementTypes.count)
        cumulativeLengths.removeAll(keepingCapacity: true)
        cumulativeLengths.reserveCapacity(path.elementTypes.count + 1)
        cumulativeLengths.append(0)
        var total: CGFloat = 0
        path.forEachSegment { _, _, segment in
            segments.append(segment)
            var length: CGFloat = 0
            if segment.kind != .point, segment.isFinite {
                length = segment.arcLength()
                if !length.isFinite { length = 0 }
            }
            total += length
            if !total.isFinite {
                total -= length
                length = 0
            }
            cumulativeLengths.append(total)
        }
        self.path = copying ? path.copy() ?? path : path
        totalLength = total
    }

    /// The number of elements measured (moves and closes included).
    public var elementCount: Int { segments.count }

    /// The length of element `index`, in points: 0 for moves and skipped elements. Traps if `index` is out of range.
    public func length(ofElement index: Int) -> CGFloat {
        precondition(segments.indices.contains(index), "PathMeasure: element index \(index) out of range")
        return cumulativeLengths[index + 1] - cumulativeLengths[index]
    }

    /// The length of all elements before `index`: the distance along the path at which element `index` starts.
    /// `index == elementCount` gives `totalLength`. Traps outside 0...elementCount.
    public func lengthBefore(element index: Int) -> CGFloat {
        precondition(cumulativeLengths.indices.contains(index), "PathMeasure: element index \(index) out of range")
        return cumulativeLengths[index]
    }

    /// The element and parameter at distance `length` from the start (see the type's conventions for clamping and
    /// boundaries). An empty path gives element 0, t 0; a path of zero length gives its first element at t 0.
    public func location(atLength length: CGFloat) -> Location {
        guard totalLength > 0 else { return Location(elementIndex: 0, t: 0) }
        let distance = length > 0 ? length : 0
        if distance >= totalLength {
            var index = segments.count - 1
            while index > 0, cumulativeLengths[index + 1] == cumulativeLengths[index] { index -= 1 }
            return Location(elementIndex: index, t: 1)
        }
        // The first element whose end lies beyond `distance`; it necessarily has a non-zero length.
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeLengths[middle + 1] > distance { high = middle } else { low = middle + 1 }
        }
        let elementLength = cumulativeLengths[low + 1] - cumulativeLengths[low]
        let t = segments[low].parameter(
            atArcLength: distance - cumulativeLengths[low], totalLength: elementLength)
        return Location(elementIndex: low, t: t)
    }

    /// The distance from the start of the path to `location`. `t` is clamped to [0, 1]; an element index outside
    /// the path clamps to 0 or `totalLength`. Skipped (non-finite) elements contribute nothing.
    public func length(at location: Location) -> CGFloat {
        guard location.elementIndex >= 0 else { return 0 }
        guard location.elementIndex < segments.count else { return totalLength }
        let index = location.elementIndex
        let elementLength = cumulativeLengths[index + 1] - cumulativeLengths[index]
        guard elementLength > 0 else { return cumulativeLengths[index] }
        let t = Swift.min(Swift.max(location.t.isNaN ? 0 : location.t, 0), 1)
        if t == 1 { return cumulativeLengths[index + 1] }
        return cumulativeLengths[index] + Swift.min(segments[index].arcLength(from: 0, to: t), elementLength)
    }

    /// The point at `location`: the Bézier point at parameter `t` (clamped to [0, 1]) of that element, or the move's
    /// point for a move. `.zero` when the path is empty or the index is out of range.
    public func point(at location: Location) -> CGPoint {
        guard segments.indices.contains(location.elementIndex) else { return .zero }
        let t = Swift.min(Swift.max(location.t.isNaN ? 0 : location.t, 0), 1)
        return segments[location.elementIndex].point(at: t)
    }

    /// The point of the element's Bézier polynomial at `location.t`, which may lie outside [0, 1]: the curve (or
    /// line) continued past its ends, where a keyframe timing curve that overshoots carries a point moving along
    /// a path. A non-finite `t` counts as 0; `.zero` when the path is empty or the index is out of range.
    public func continuedPoint(at location: Location) -> CGPoint {
        guard segments.indices.contains(location.elementIndex) else { return .zero }
        return segments[location.elementIndex].point(at: location.t.isFinite ? location.t : 0)
    }

    /// The direction of travel at `location`, as an angle in radians `atan2(dy, dx)` of the derivative (so 0 points
    /// along +x and π/2 along +y). Where the derivative vanishes (a control point on an end point, or a cusp) the
    /// direction is taken from the first non-vanishing higher derivative, looking forward (backward at t = 1).
    /// 0 for moves, zero-length elements, out-of-range indices and empty paths.
    public func tangent(at location: Location) -> CGFloat {
        guard segments.indices.contains(location.elementIndex) else { return 0 }
        let segment = segments[location.elementIndex]
        let t = Swift.min(Swift.max(location.t.isNaN ? 0 : location.t, 0), 1)
        let scale = segment.controlPolygonLength
        guard scale > 0, scale.isFinite else { return 0 }
        let threshold = scale * 1e-9
        let first = segment.derivative(at: t)
        if PathSegment.length(first) > threshold { return atan2(first.dy, first.dx) }
        // Near a stationary point B′(t + h) ≈ h·B″(t), or (h²/2)·B‴ when B″ vanishes too.
        let sign: CGFloat = t < 1 ? 1 : -1
        let second = segment.secondDerivative(at: t)
        if PathSegment.length(second) > threshold { return atan2(sign * second.dy, sign * second.dx) }
        let third = segment.thirdDerivative
        if PathSegment.length(third) > threshold { return atan2(third.dy, third.dx) }
        let chord = CGVector(dx: segment.end.x - segment.p0.x, dy: segment.end.y - segment.p0.y)
        return PathSegment.length(chord) > 0 ? atan2(chord.dy, chord.dx) : 0
    }

    /// The point at distance `length` along the path (clamped to [0, `totalLength`]). `.zero` for an empty path.
    ///
    /// Example: halfway along a line from (0, 0) to (3, 4) (length 5), `point(atLength: 2.5)` is (1.5, 2).
    public func point(atLength length: CGFloat) -> CGPoint {
        point(at: location(atLength: length))
    }

    /// The direction of travel, in radians `atan2(dy, dx)`, at distance `length` along the path.
    ///
    /// Example: on a counter-clockwise (y-up) quarter circle from (r, 0) to (0, r), the tangent halfway is 3π/4.
    public func tangent(atLength length: CGFloat) -> CGFloat {
        tangent(at: location(atLength: length))
    }
}
