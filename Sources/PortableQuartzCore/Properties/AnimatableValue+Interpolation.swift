import Foundation

extension AnimatableValue {
    /// The value `progress` of the way from `from` to `to`, by Core Animation's rule for the kind (SPEC §3.6).
    ///
    /// `progress` 0 gives `from` and 1 gives `to` (up to the rounding of `a + (b − a)·1`, the formula Core Animation
    /// uses); values outside 0…1 extrapolate where the kind can (numbers, geometry, colours, transforms), as spring
    /// overshoot needs. Per kind:
    /// * numbers, points, sizes, rectangles: every component `a + (b − a)·progress`;
    /// * number arrays and colour arrays: element by element when both have the same count;
    /// * colours: red, green, blue and alpha mixed separately, not premultiplied; a `null` colour counts as
    ///   transparent black (INFERRED: Apple's clear colour), so `nil` → red fades in through dark red;
    /// * 3-D transforms: `TransformDecomposition.interpolate` (the 2-D decomposition when both are affine, else
    ///   the full decomposition with the rotation along the shorter arc); a 2-D transform mixed with a 3-D one is
    ///   first embedded in 3-D;
    /// * 2-D transforms: `AffineDecomposition.interpolate`;
    /// * paths: point by point when both have the same elements in the same order, or the same moves and closes
    ///   with segments that differ only in kind (line, quadratic, cubic: those are mixed as cubics, see
    ///   `PathMixer`); otherwise the discrete switch below (Apple calls that case undefined);
    /// * images (and `null` contents): a ``crossFade(from:to:fraction:)`` with `fraction` = `progress` clamped to
    ///   0…1, collapsing to the plain end value at 0 and 1 and when both images are the same object; a cross-fade
    ///   given as an end is replaced by its dominant image first;
    /// * booleans: mixed as the numbers 0 and 1 and read back as "non-zero is true" (SPEC §3.6, INFERRED), so
    ///   false → true turns true as soon as progress leaves 0 and true → false stays true until progress 1;
    /// * strings, mismatched kinds (a point and a number), arrays of different counts, incompatible paths and
    ///   `null` with anything but a colour or an image: `to` when `progress ≥ 0.5`, else `from`. NaN progress
    ///   counts as below 0.5. Nothing traps.
    ///
    /// Numbers, points, sizes, rectangles and colours are mixed without allocating; a transform result allocates
    /// its out-of-line box (see ``AnimatableValue``).
    public static func interpolate(from: AnimatableValue, to: AnimatableValue, progress: Double) -> AnimatableValue {
        // The common kinds first, matching one value at a time: switching over a tuple of two values copies both
        // into the tuple, which costs more than the arithmetic.
        switch from {
        case .number(let a):
            if case .number(let b) = to { return .number(a + (b - a) * progress) }
        case .point(let a):
            if case .point(let b) = to {
                return .point(CGPoint(x: a.x + (b.x - a.x) * progress, y: a.y + (b.y - a.y) * progress))
            }
        case .color(let a):
            if case .color(let b) = to { return .color(a.mixed(with: b, progress: progress)) }
        case .transform(let a):
            if case .transform(let b) = to { return .transform(mixTransforms(a, b, progress)) }
        default:
            break
        }
        return interpolateOtherKinds(from: from, to: to, progress: progress)
    }

    /// `interpolate(from:to:progress:)` for every pair the fast path does not handle.
    /// `interpolate(from:to:progress:)` stored into `result`. When both ends are paths and `result` holds, on entry,
    /// a path nothing else references (the one an animation showed the frame before, taken out of the layer's
    /// values), the mixed path is written into that path's storage instead of a new one (`PathMixer`).
    static func interpolate(from: AnimatableValue, to: AnimatableValue, progress: Double, into result: inout Self) {
        guard case .path(let a) = from, case .path(let b) = to else {
            result = interpolate(from: from, to: to, progress: progress)
            return
        }
        let spare = result.takeUniquePath()
        if let mixed = PathMixer.mix(a, b, progress: progress, reusing: spare) {
            result = .path(mixed)
        } else {
            result = progress >= 0.5 ? to : from
        }
    }

    /// The path this value holds when nothing else references it and it is a plain `CGPath` (never a caller's
    /// `CGMutablePath`), leaving `null` in its place; otherwise nil, leaving the value as it is.
    mutating func takeUniquePath() -> CGPath? {
        guard case .path(var path) = self else { return nil }
        self = .null
        guard type(of: path) == CGPath.self, isKnownUniquelyReferenced(&path) else {
            self = .path(path)
            return nil
        }
        return path
    }

    private static func interpolateOtherKinds(
        from: AnimatableValue, to: AnimatableValue, progress: Double
    ) -> AnimatableValue {
        switch (from, to) {
        case (.size(let a), .size(let b)):
            return .size(
                CGSize(
                    width: a.width + (b.width - a.width) * progress, height: a.height + (b.height - a.height) * progress
                )
            )
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x + (b.origin.x - a.origin.x) * progress,
                    y: a.origin.y + (b.origin.y - a.origin.y) * progress,
                    width: a.size.width + (b.size.width - a.size.width) * progress,
                    height: a.size.height + (b.size.height - a.size.height) * progress
                )
            )
        case (.affineTransform(let a), .affineTransform(let b)):
            return .affineTransform(a == b ? b : AffineDecomposition.interpolate(from: a, to: b, progress: progress))
        case (.transform(let a), .affineTransform(let b)):
            return .transform(mixTransforms(a, CATransform3DMakeAffineTransform(b), progress))
        case (.affineTransform(let a), .transform(let b)):
            return .transform(mixTransforms(CATransform3DMakeAffineTransform(a), b, progress))
        case (.bool(let a), .bool(let b)):
            let x: Double = a ? 1 : 0
            let y: Double = b ? 1 : 0
            return .bool(x + (y - x) * progress != 0)
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { x, y in x + (y - x) * progress })
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { x, y in x.mixed(with: y, progress: progress) })
        case (.color(let a), .null):
            return progress == 1 ? .null : .color(a.mixed(with: .transparentBlack, progress: progress))
        case (.null, .color(let b)):
            return progress == 0 ? .null : .color(ColorComponents.transparentBlack.mixed(with: b, progress: progress))
        case (.path(let a), .path(let b)):
            if let mixed = PathMixer.mix(a, b, progress: progress) { return .path(mixed) }
            return progress >= 0.5 ? to : from
        default:
            if let start = from.imageEnd, let end = to.imageEnd {
                return crossFade(start, end, progress)
            }
            return progress >= 0.5 ? to : from
        }
    }

    /// Mixes two 3-D transforms; equal ends are returned as they are (no decomposition rounding).
    @inline(__always)
    private static func mixTransforms(_ a: CATransform3D, _ b: CATransform3D, _ progress: Double) -> CATransform3D {
        a == b ? b : TransformDecomposition.interpolate(from: a, to: b, progress: progress)
    }

    /// For the image cross-fade: the image this value shows when used as an end (`.some(nil)` for `null`), or
    /// `nil` when the value is not an image-like kind.
    private var imageEnd: CGImage?? {
        switch self {
        case .null: .some(nil)
        case .image(let image): .some(image)
        case .crossFade(let from, let to, let fraction): .some(fraction >= 0.5 ? to : from)
        default: nil
        }
    }

    private static func crossFade(_ from: CGImage?, _ to: CGImage?, _ progress: Double) -> AnimatableValue {
        func plain(_ image: CGImage?) -> AnimatableValue { image.map(AnimatableValue.image) ?? .null }
        if from === to { return plain(to) }
        // `!(x > 0)` also sends NaN to the start.
        if !(progress > 0) { return plain(from) }
        if progress >= 1 { return plain(to) }
        return .crossFade(from: from, to: to, fraction: progress)
    }

    /// How far apart two values are, for paced keyframes (SPEC §4.2): the Euclidean distance between their
    /// components.
    ///
    /// Numbers: `|b − a|`; points, sizes, rectangles, number arrays: over all components; colours: over red,
    /// green, blue and alpha (RGBA distance, SPEC §4.2); colour arrays: over all their channels; 3-D transforms
    /// over the 16 matrix elements and 2-D transforms over their 6 (INFERRED: Apple's metric for matrices is not
    /// known); paths with the same elements: over all their points; booleans: 0 or 1. Kinds without a metric
    /// (strings, images, `null`), arrays of different counts, incompatible paths and mismatched kinds: 0, so a
    /// paced animation gives such a step no time (and falls back to even spacing when every step is 0).
    public func distance(to other: AnimatableValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return abs(b - a)
        case (.point(let a), .point(let b)):
            return hypot(Double(b.x - a.x), Double(b.y - a.y))
        case (.size(let a), .size(let b)):
            return hypot(Double(b.width - a.width), Double(b.height - a.height))
        case (.rect(let a), .rect(let b)):
            return euclidean([
                b.origin.x - a.origin.x, b.origin.y - a.origin.y, b.size.width - a.size.width,
                b.size.height - a.size.height,
            ])
        case (.color(let a), .color(let b)):
            return a.distance(to: b)
        case (.transform(let a), .transform(let b)):
            return euclidean(zip(a.elementArray, b.elementArray).map { $1 - $0 })
        case (.affineTransform(let a), .affineTransform(let b)):
            return euclidean([b.a - a.a, b.b - a.b, b.c - a.c, b.d - a.d, b.tx - a.tx, b.ty - a.ty])
        case (.transform(let a), .affineTransform(let b)):
            return AnimatableValue.transform(a).distance(to: .transform(CATransform3DMakeAffineTransform(b)))
        case (.affineTransform(let a), .transform(let b)):
            return AnimatableValue.transform(CATransform3DMakeAffineTransform(a)).distance(to: .transform(b))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return euclidean(zip(a, b).map { $1 - $0 })
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            let squares = zip(a, b).map { x, y in x.distance(to: y) * x.distance(to: y) }
            return squares.reduce(0, +).squareRoot()
        case (.bool(let a), .bool(let b)):
            return a == b ? 0 : 1
        case (.path(let a), .path(let b)):
            return PathMixer.distance(a, b) ?? 0
        default:
            return 0
        }
    }

    private func euclidean(_ differences: [Double]) -> Double {
        differences.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}

extension CATransform3D {
    /// The sixteen elements in row order, for element-wise arithmetic that is not on a hot path.
    var elementArray: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
}
