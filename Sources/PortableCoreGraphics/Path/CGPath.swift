/// An immutable sequence of path elements (moves, lines, quadratic and cubic Béziers, closes): Apple's `CGPath`.
///
/// Storage is two contiguous arrays: one `CGPathElementType` per element and one flat array holding the points
/// of all elements back to back (1 per move or line, 2 per quad, 3 per cubic, none per close). Copies share the
/// arrays until one side changes them.
///
/// Every stored path is well formed: it is empty or starts with a move, and each subpath starts with a move.
/// `CGMutablePath` guarantees this by dropping segments added to an empty path and by inserting a move to the
/// subpath start when a segment follows a close (see `CGMutablePath`).
///
/// Equality (`==`) compares the elements one by one, as Apple's `CGPathEqualToPath` does: same kinds, same
/// coordinates, regardless of whether either side is mutable.
///
/// Concurrency: a `CGPath` that is not a `CGMutablePath` never changes after initialization, so sharing it between
/// threads is safe; that is why the class is `@unchecked Sendable`. `CGMutablePath` inherits the conformance
/// (Swift cannot withdraw it in a subclass) but, like Apple's, must not be mutated while another thread reads it;
/// hand other threads a `copy()`.
///
/// Speed: the three stored properties are `@exclusivity(unchecked)`. A class's stored `var` is otherwise checked for
/// overlapping accesses at run time on every access (about 75 instructions each), and the compositor reads a path's
/// elements several times per shape per frame; without the checks a frame of 300 animated shape layers takes 1.7 %
/// fewer instructions, and one of LottieLogo1 or fireworks 1.8–1.9 %. What the checks would catch cannot happen
/// here: the properties change only inside this module (`CGMutablePath`'s building methods, `overwrite`,
/// `PathMeasure`'s trimming into a path of its own), and each of those reads another path's elements, or copies
/// them into a local first, never reading the property it is changing; and a path must not be changed while
/// another thread reads it anyway (above).
public class CGPath: @unchecked Sendable {
    /// The kind of each element, in order.
    @exclusivity(unchecked) package internal(set) var elementTypes: [CGPathElementType]
    /// The points of all elements, concatenated in element order.
    @exclusivity(unchecked) package internal(set) var elementPoints: [CGPoint]
    /// The first point of the last subpath: where a close returns to. `.zero` for an empty path.
    @exclusivity(unchecked) var lastSubpathStart: CGPoint

    /// A path holding these arrays as they are (package access, for code that builds a path from another one's
    /// arrays without replaying it element by element). The arrays must describe a stored path as the type's
    /// documentation says, with `lastSubpathStart` the start of the last subpath (the point of its move; `.zero`
    /// for an empty path).
    package init(elementTypes: [CGPathElementType], elementPoints: [CGPoint], lastSubpathStart: CGPoint) {
        self.elementTypes = elementTypes
        self.elementPoints = elementPoints
        self.lastSubpathStart = lastSubpathStart
    }

    /// Gives this path the element kinds `types` and the points `write` stores into its point storage, resized to
    /// as many points as `types` need and reused when it already has that many (package access). A path must never
    /// change for anyone who can see it: only its single owner may call this, one that made the path itself and
    /// holds the only reference to it (`isKnownUniquelyReferenced`), such as an animation mixing a new path into the
    /// storage of the one it showed the frame before. `types` must describe a stored path (see the type), and
    /// `write` must set every point.
    package final func overwrite(
        types: [CGPathElementType], points write: (UnsafeMutableBufferPointer<CGPoint>) -> Void
    ) {
        var count = 0
        for type in types { count += type.pointCount }
        if elementPoints.count != count { elementPoints = [CGPoint](repeating: .zero, count: count) }
        elementTypes = types
        elementPoints.withUnsafeMutableBufferPointer { write($0) }
        var lastMove = CGPoint.zero
        var cursor = 0
        for type in types {
            if type == .moveToPoint { lastMove = elementPoints[cursor] }
            cursor += type.pointCount
        }
        lastSubpathStart = lastMove
    }

    /// Gives this path the elements of `other`, copied into its own storage, which is reused once it is large enough
    /// (package access; the same rule as ``overwrite(types:points:)``: only a path's single owner may call this).
    package final func overwrite(copying other: CGPath) {
        elementTypes.removeAll(keepingCapacity: true)
        elementTypes.append(contentsOf: other.elementTypes)
        elementPoints.removeAll(keepingCapacity: true)
        elementPoints.append(contentsOf: other.elementPoints)
        lastSubpathStart = other.lastSubpathStart
    }

    /// Whether the path has no elements at all. A path holding only a move is not empty.
    public var isEmpty: Bool { elementTypes.isEmpty }

    /// Where the next segment would start: the last element's end point, the subpath start after a close, and
    /// `.zero` for an empty path (Apple also returns the origin there).
    public var currentPoint: CGPoint {
        guard let last = elementTypes.last else { return .zero }
        if last == .closeSubpath { return lastSubpathStart }
        return elementPoints.last ?? .zero
    }

    // MARK: Copies

    /// An immutable path with the same elements. An immutable path returns itself (it cannot change); a mutable
    /// one returns a snapshot that later mutations do not affect. Never `nil` here; optional to match Apple.
    public func copy() -> CGPath? {
        if type(of: self) == CGPath.self { return self }
        return CGPath(elementTypes: elementTypes, elementPoints: elementPoints, lastSubpathStart: lastSubpathStart)
    }

    /// An immutable copy with every point mapped through `transform` (`nil` means no change). Never `nil`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        let t = transform.pointee
        return CGPath(
            elementTypes: elementTypes,
            elementPoints: elementPoints.map { pathTransformed($0, t) },
            lastSubpathStart: pathTransformed(lastSubpathStart, t)
        )
    }

    /// A new mutable path with the same elements; changing it leaves `self` alone. Never `nil`.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(elementTypes: elementTypes, elementPoints: elementPoints, lastSubpathStart: lastSubpathStart)
    }

    /// A new mutable path with every point mapped through `transform` (`nil` means no change). Never `nil`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let transform else { return mutableCopy() }
        let t = transform.pointee
        return CGMutablePath(
            elementTypes: elementTypes,
            elementPoints: elementPoints.map { pathTransformed($0, t) },
            lastSubpathStart: pathTransformed(lastSubpathStart, t)
        )
    }

    // MARK: Enumeration

    /// Calls `block` once per element, in order. The element's `points` buffer is a scratch copy valid only during
    /// the call (see `CGPathElement`). The elements visited are those present when enumeration starts, even if
    /// `block` mutates the path.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let types = elementTypes
        let points = elementPoints
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { scratch in
            guard let base = scratch.baseAddress else { return }
            base.initialize(repeating: .zero, count: 3)
            var cursor = 0
            var subpathStart = CGPoint.zero
            for type in types {
                let count = type.pointCount
                for offset in 0..<count { base[offset] = points[cursor + offset] }
                cursor += count
                if type == .moveToPoint { subpathStart = base[0] }
                if type == .closeSubpath { base[0] = subpathStart }
                var element = CGPathElement(type: type, points: base)
                withUnsafePointer(to: &element) { block($0) }
            }
            base.deinitialize(count: 3)
        }
    }

    /// Calls the C function `function` once per element with `info` passed through, like `applyWithBlock(_:)`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { element in function(info, element) }
    }

    // MARK: Segment walk (internal)

    /// Walks the path as `PathSegment`s with their start points resolved: `body(elementIndex, type, segment)` for
    /// every element. Moves come as `.point` segments and closes as lines back to the subpath start.
    func forEachSegment(_ body: (Int, CGPathElementType, PathSegment) -> Void) {
        elementTypes.withUnsafeBufferPointer { types in
            elementPoints.withUnsafeBufferPointer { points in
                var cursor = 0
                var current = CGPoint.zero
                var subpathStart = CGPoint.zero
                for index in 0..<types.count {
                    let type = types[index]
                    let segment: PathSegment
                    switch type {
                    case .moveToPoint:
                        current = points[cursor]
                        subpathStart = current
                        segment = PathSegment(point: current)
                    case .addLineToPoint:
                        segment = PathSegment(line: current, points[cursor])
                    case .addQuadCurveToPoint:
                        segment = PathSegment(quad: current, points[cursor], points[cursor + 1])
                    case .addCurveToPoint:
                        segment = PathSegment(cubic: current, points[cursor], points[cursor + 1], points[cursor + 2])
                    case .closeSubpath:
                        segment = PathSegment(line: current, subpathStart)
                    }
                    cursor += type.pointCount
                    current = segment.end
                    body(index, type, segment)
                }
            }
        }
    }
}

extension CGPath: Hashable {
    /// Element-wise equality (Apple's `CGPathEqualToPath`): same element kinds and exactly equal coordinates.
    /// A path is always equal to itself, even when it holds NaN coordinates.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        if lhs === rhs { return true }
        return lhs.elementTypes == rhs.elementTypes && lhs.elementPoints == rhs.elementPoints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elementTypes)
        hasher.combine(elementPoints.count)
        for point in elementPoints {
            hasher.combine(point.x)
            hasher.combine(point.y)
        }
    }
}
