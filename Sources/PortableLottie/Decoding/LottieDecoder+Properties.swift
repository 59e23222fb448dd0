import Foundation

extension LottieDecoder {
    /// Reads one value of an animatable property, from the node that holds it.
    typealias ValueReader<Value> = (JSONNode) throws(LottieDecodingError) -> Value

    /// The animatable property in `node` (an object with `k`), or a constant `fallback` when `node` is nil.
    ///
    /// `k` holds either the value itself or an array of keyframe objects (recognised by their `t`). Each keyframe
    /// takes its value from `s`; files in the older format that give only `e` (the previous segment's end) are read
    /// too, and a final keyframe without a value repeats the one before.
    static func property<Value>(
        _ node: JSONNode?, default fallback: Value, value read: ValueReader<Value>
    ) throws(LottieDecodingError) -> AnimatableProperty<Value> {
        guard let node else { return AnimatableProperty(fallback) }
        guard node.isObject else {
            // Some exporters write a constant directly, without the `k` wrapper.
            return AnimatableProperty(try read(node))
        }
        let content = try node.required("k")
        let expression = try? node["x"]?.string()
        guard isKeyframeList(content) else {
            return AnimatableProperty(keyframes: [Keyframe(frame: 0, value: try read(content))], expression: expression)
        }
        let entries = try content.elements()
        var keyframes: [Keyframe<Value>] = []
        keyframes.reserveCapacity(entries.count)
        var previousEnd: JSONNode?
        for entry in entries {
            guard entry.isObject else { throw entry.mismatch("an object") }
            let members = KeyframeMembers(entry)
            guard let timeNode = members.time else {
                throw LottieDecodingError(at: entry.path.appending("t"), .missing)
            }
            let frame = try timeNode.number(in: -LottieLimits.maximumFrame...LottieLimits.maximumFrame)
            if let previous = keyframes.last, frame < previous.frame {
                throw LottieDecodingError(
                    at: timeNode.path, .keyframesOutOfOrder(frame: frame, previousFrame: previous.frame))
            }
            let value: Value
            if let start = members.start {
                value = try read(start)
            } else if let end = previousEnd {
                value = try read(end)
            } else if let previous = keyframes.last {
                value = previous.value
            } else {
                throw LottieDecodingError(at: entry.path.appending("s"), .missing)
            }
            previousEnd = members.end
            keyframes.append(
                Keyframe(
                    frame: frame, value: value, isHold: try members.hold?.bool() ?? false,
                    easeOut: try members.easeOut.map(controlPoint), easeIn: try members.easeIn.map(controlPoint),
                    spatialOut: try members.spatialOut.map(point), spatialIn: try members.spatialIn.map(point)))
        }
        guard !keyframes.isEmpty else { throw content.invalid("a keyframe list needs at least one keyframe") }
        return AnimatableProperty(keyframes: keyframes, expression: expression)
    }

    /// The members of a keyframe object the decoder reads, found in one pass over the object (looking up each of the
    /// eight by name scanned all its members every time). Each is what `entry[key]` gives.
    private struct KeyframeMembers {
        private static let keys = (
            time: JSONDocument.packed("t"), start: JSONDocument.packed("s"), end: JSONDocument.packed("e"),
            hold: JSONDocument.packed("h"), easeOut: JSONDocument.packed("o"), easeIn: JSONDocument.packed("i"),
            spatialOut: JSONDocument.packed("to"), spatialIn: JSONDocument.packed("ti")
        )

        var time, start, end, hold, easeOut, easeIn, spatialOut, spatialIn: JSONNode?

        init(_ entry: JSONNode) {
            let keys = Self.keys
            entry.forEachMember { key, value in
                switch key {
                case keys.time: time = value
                case keys.start: start = value
                case keys.end: end = value
                case keys.hold: hold = value
                case keys.easeOut: easeOut = value
                case keys.easeIn: easeIn = value
                case keys.spatialOut: spatialOut = value
                case keys.spatialIn: spatialIn = value
                default: break
                }
            }
        }
    }

    /// Whether `node` is an array of keyframe objects rather than a value.
    private static func isKeyframeList(_ node: JSONNode) -> Bool {
        guard let first = node.first, first.isObject else { return false }
        return first["t"] != nil
    }

    /// An easing control point `{"x": …, "y": …}`; each may be a number or an array (one per dimension), of which
    /// the first is used.
    private static func controlPoint(_ node: JSONNode) throws(LottieDecodingError) -> CGPoint {
        CGPoint(x: try node.required("x").number(), y: try node.required("y").number())
    }

    /// A point written as an array `[x, y]` (a missing y reads as 0; further components are ignored).
    static func point(_ node: JSONNode) throws(LottieDecodingError) -> CGPoint {
        let numbers = try node.numbers()
        guard let x = numbers.first else { throw node.invalid("a point needs at least one number") }
        return CGPoint(x: x, y: numbers.count > 1 ? numbers[1] : 0)
    }

    // MARK: Value readers

    /// A number.
    static func number(_ node: JSONNode) throws(LottieDecodingError) -> Double {
        try node.number()
    }

    /// An array of numbers with at least one element.
    static func vector(_ node: JSONNode) throws(LottieDecodingError) -> [Double] {
        let numbers = try node.numbers()
        guard !numbers.isEmpty else { throw node.invalid("expected at least one number") }
        return numbers
    }

    /// A Bézier shape `{"v": …, "i": …, "o": …, "c": …}`, or a one-element array of one (older files).
    static func shape(_ node: JSONNode) throws(LottieDecodingError) -> BezierShape {
        if node.isArray {
            guard let first = try node.elements().first else { return .empty }
            return try shape(first)
        }
        func points(_ key: String) throws(LottieDecodingError) -> [CGPoint] {
            guard let list = node[key] else { return [] }
            var result: [CGPoint] = []
            for element in try list.elements() { result.append(try point(element)) }
            return result
        }
        let vertices = try points("v")
        guard node["v"] != nil else { throw LottieDecodingError(at: node.path.appending("v"), .missing) }
        return BezierShape(
            vertices: vertices, inTangents: try points("i"), outTangents: try points("o"),
            isClosed: try node["c"]?.bool() ?? false)
    }
}
