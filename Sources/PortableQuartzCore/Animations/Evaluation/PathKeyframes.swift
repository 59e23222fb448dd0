import Foundation

/// The keyframes of a `CAKeyframeAnimation` that follows a `path`, compiled for evaluation (SPEC §4.1; our
/// helper).
///
/// The path's first point and the end of every line, curve and close are the keyframes; each drawing element is
/// one segment between two of them, followed by its Bézier parameter. A move after the first starts a new
/// sub-path: the point jumps there without a segment or any time of its own. With `.paced` and `.cubicPaced` the
/// point moves at constant speed along the whole path (measured by `PathMeasure`) and key times are ignored;
/// `.cubic` follows the path's own curves like `.linear` (a path already is the curve); `.discrete` jumps from
/// keyframe to keyframe. Key times need one entry per keyframe (segments + 1; `.discrete` also accepts one more)
/// and follow the same validation as value keyframes; a close that ends the path is no keyframe when the key times
/// have one entry too few for it.
///
/// A segment's timing function may overshoot (control points outside 0…1, the "bounce" curves of Lottie files):
/// the point then follows the segment's curve continued past its ends, as Apple's Core Animation draws it (the
/// direction of travel stays that at the nearer end).
///
/// Each sample also carries the direction of travel, `atan2(dy, dx)` of the tangent in radians, for
/// `rotationMode`.
struct PathKeyframes: Sendable {
    /// How the point moves between keyframes.
    enum Method: Hashable, Sendable {
        /// Along each segment by its Bézier parameter.
        case linear
        /// Jumping from keyframe to keyframe.
        case discrete
        /// At constant speed along the whole path.
        case paced
    }

    /// The measured path, for points, tangents and arc length.
    let measure: PathMeasure
    /// For each segment, the index of its element in the path.
    let elements: [Int]
    /// The keyframe points: the start, then the end of each segment.
    let points: [CGPoint]
    /// When each keyframe is reached (one per point, or one more for `.discrete`), as given.
    let keyTimes: KeyTimes
    /// Per-segment pacing; empty when all linear.
    let segmentPacings: [Pacing]
    /// The movement method.
    let method: Method
    /// The point at progress 1, the step of a cumulative animation.
    private(set) var endPoint: CGPoint

    /// Compiles a path; `nil` for a path with no elements (the animation then contributes nothing).
    init?(path: CGPath, keyTimes: [Double]?, timingFunctions: [Pacing], mode: CAAnimationCalculationMode) {
        var elements: [Int] = []
        var points: [CGPoint] = []
        var subpathStart = CGPoint.zero
        var index = 0
        var endsWithClose = false
        path.applyWithBlock { element in
            let type = element.pointee.type
            let coordinates = element.pointee.points
            endsWithClose = type == .closeSubpath
            switch type {
            case .moveToPoint:
                subpathStart = coordinates[0]
                if points.isEmpty { points.append(subpathStart) }
            case .addLineToPoint:
                elements.append(index)
                points.append(coordinates[0])
            case .addQuadCurveToPoint:
                elements.append(index)
                points.append(coordinates[1])
            case .addCurveToPoint:
                elements.append(index)
                points.append(coordinates[2])
            case .closeSubpath:
                elements.append(index)
                points.append(subpathStart)
            @unknown default:
                break
            }
            index += 1
        }
        guard !points.isEmpty else { return nil }
        // A path closed after its last keyframe, given one key time per keyframe before the close: the close is no
        // keyframe (lottie-ios's Core Animation engine builds every position path this way, and its animations end
        // on their last keyframe on iOS rather than returning to the start).
        if mode != .paced && mode != .cubicPaced, let keyTimes, keyTimes.count == points.count - 1,
            endsWithClose
        {
            elements.removeLast()
            points.removeLast()
        }

        measure = PathMeasure(path)
        self.elements = elements
        self.points = points
        let count = points.count
        let evenTimes = KeyTimes.even(count)
        var method: Method
        switch mode {
        case .discrete: method = .discrete
        case .paced, .cubicPaced: method = measure.totalLength > 0 ? .paced : .linear
        default: method = .linear
        }
        switch method {
        case .paced:
            self.keyTimes = evenTimes
            segmentPacings = []
        case .discrete:
            self.keyTimes = KeyTimes.validated(keyTimes, allowedCounts: [count, count + 1]) ?? evenTimes
            segmentPacings = []
        case .linear:
            self.keyTimes = KeyTimes.validated(keyTimes, allowedCounts: [count]) ?? evenTimes
            let pacings = timingFunctions.prefix(Swift.max(count - 1, 0))
            segmentPacings =
                pacings.allSatisfy { $0 == .linear }
                ? [] : Array(pacings) + Array(repeating: .linear, count: count - 1 - pacings.count)
        }
        self.method = method
        endPoint = points[count - 1]
        endPoint = sample(at: 1).point
    }

    /// The point and direction of travel (radians) at `progress`. Before the first key time the start shows, after
    /// the last the end; NaN counts as before the start.
    func sample(at progress: Double) -> (point: CGPoint, direction: Double) {
        let count = points.count
        if count == 1 { return (points[0], 0) }
        switch method {
        case .paced:
            let total = measure.totalLength
            let length = progress > 0 ? Swift.min(progress, 1) * total : 0
            let location = measure.location(atLength: length)
            return (measure.point(at: location), Double(measure.tangent(at: location)))
        case .discrete:
            let index = Swift.min(Swift.max(keyTimes.segmentIndex(progress), 0), count - 1)
            let location =
                index == 0
                ? PathMeasure.Location(elementIndex: elements[0], t: 0)
                : PathMeasure.Location(elementIndex: elements[index - 1], t: 1)
            return (points[index], Double(measure.tangent(at: location)))
        case .linear:
            let index = keyTimes.segmentIndex(progress)
            if index < 0 {
                return (points[0], Double(measure.tangent(at: .init(elementIndex: elements[0], t: 0))))
            }
            if index >= count - 1 {
                return (points[count - 1], Double(measure.tangent(at: .init(elementIndex: elements[count - 2], t: 1))))
            }
            let start = keyTimes[index]
            var u = (progress - start) / (keyTimes[index + 1] - start)
            if !segmentPacings.isEmpty { u = segmentPacings[index].progress(u) }
            let location = PathMeasure.Location(elementIndex: elements[index], t: CGFloat(u))
            return (measure.continuedPoint(at: location), Double(measure.tangent(at: location)))
        }
    }
}
