import Foundation

extension LottieDecoder {
    /// The items of a `shapes` or `it` array; nil reads as no items.
    static func shapeItems(_ node: JSONNode?) throws(LottieDecodingError) -> [ShapeItem] {
        guard let node else { return [] }
        var items: [ShapeItem] = []
        for entry in try node.elements() { items.append(try shapeItem(entry)) }
        return items
    }

    private static func shapeItem(_ node: JSONNode) throws(LottieDecodingError) -> ShapeItem {
        guard node.isObject else { throw node.mismatch("an object (a shape item)") }
        let type = try node.required("ty").string()
        let kind: ShapeItem.Kind
        switch type {
        case "gr": kind = .group(try shapeItems(node["it"]))
        case "rc":
            kind = .rectangle(
                RectangleShape(
                    position: try property(node["p"], default: [0, 0], value: vector),
                    size: try property(node["s"], default: [0, 0], value: vector),
                    roundness: try property(node["r"], default: 0, value: number),
                    direction: try direction(node)))
        case "el":
            kind = .ellipse(
                EllipseShape(
                    position: try property(node["p"], default: [0, 0], value: vector),
                    size: try property(node["s"], default: [0, 0], value: vector), direction: try direction(node)))
        case "sr": kind = .star(try star(node))
        case "sh":
            kind = .path(
                PathShape(
                    shape: try property(node.required("ks"), default: .empty, value: shape),
                    direction: try direction(node)))
        case "fl":
            kind = .fill(
                ShapeFill(
                    color: try property(node["c"], default: [0, 0, 0], value: vector),
                    opacity: try property(node["o"], default: 100, value: number), fillRule: try fillRule(node)))
        case "st": kind = .stroke(try stroke(node))
        case "gf": kind = .gradientFill(try gradient(node))
        case "gs": kind = .gradientStroke(try gradient(node), line: try stroke(node))
        case "tr": kind = .transform(try transform(node))
        case "tm":
            let mode = try node["m"]?.integer(in: -1_000...1_000) ?? 1
            kind = .trim(
                TrimPaths(
                    start: try property(node["s"], default: 0, value: number),
                    end: try property(node["e"], default: 100, value: number),
                    offset: try property(node["o"], default: 0, value: number),
                    mode: mode == 2 ? .individually : .simultaneously))
        case "rp": kind = .repeater(try repeater(node))
        case "rd": kind = .roundedCorners(try property(node["r"], default: 0, value: number))
        case "mm": kind = .merge(mode: try node["mm"]?.integer(in: -1_000...1_000) ?? 1)
        default: kind = .unsupported(type: type)
        }
        return ShapeItem(name: try node["nm"]?.string() ?? "", isHidden: try node["hd"]?.bool() ?? false, kind: kind)
    }

    private static func direction(_ node: JSONNode) throws(LottieDecodingError) -> PathDirection {
        try node["d"]?.integer(in: -1_000...1_000) == 3 ? .counterClockwise : .clockwise
    }

    private static func fillRule(_ node: JSONNode) throws(LottieDecodingError) -> LottieFillRule {
        try node["r"]?.integer(in: -1_000...1_000) == 2 ? .evenOdd : .nonZero
    }

    private static func star(_ node: JSONNode) throws(LottieDecodingError) -> StarShape {
        let points = try property(node["pt"], default: 5, value: number)
        for keyframe in points.keyframes where !(0...LottieLimits.maximumStarPoints).contains(keyframe.value) {
            throw LottieDecodingError(
                at: node.path.appending("pt"),
                .outOfRange(value: keyframe.value, allowed: "0 to \(Int(LottieLimits.maximumStarPoints)) points"))
        }
        return StarShape(
            kind: try node["sy"]?.integer(in: -1_000...1_000) == 2 ? .polygon : .star,
            position: try property(node["p"], default: [0, 0], value: vector),
            points: points,
            rotation: try property(node["r"], default: 0, value: number),
            outerRadius: try property(node["or"], default: 0, value: number),
            outerRoundness: try property(node["os"], default: 0, value: number),
            innerRadius: try property(node["ir"], default: 0, value: number),
            innerRoundness: try property(node["is"], default: 0, value: number),
            direction: try direction(node))
    }

    private static func stroke(_ node: JSONNode) throws(LottieDecodingError) -> ShapeStroke {
        let cap: ShapeStroke.LineCap
        switch try node["lc"]?.integer(in: -1_000...1_000) ?? 2 {
        case 1: cap = .butt
        case 3: cap = .square
        default: cap = .round
        }
        let join: ShapeStroke.LineJoin
        switch try node["lj"]?.integer(in: -1_000...1_000) ?? 2 {
        case 1: join = .miter
        case 3: join = .bevel
        default: join = .round
        }
        var dashes: [ShapeStroke.DashEntry] = []
        for entry in try node["d"]?.elements() ?? [] {
            let length = try property(entry["v"], default: 0, value: number)
            switch try entry["n"]?.string() ?? "d" {
            case "g": dashes.append(.gap(length))
            case "o": dashes.append(.offset(length))
            default: dashes.append(.dash(length))
            }
        }
        return ShapeStroke(
            color: try property(node["c"], default: [0, 0, 0], value: vector),
            opacity: try property(node["o"], default: 100, value: number),
            width: try property(node["w"], default: 1, value: number), lineCap: cap, lineJoin: join,
            miterLimit: try node["ml"]?.number(in: 0...1_000) ?? 4, dashes: dashes)
    }

    private static func gradient(_ node: JSONNode) throws(LottieDecodingError) -> GradientStyle {
        let stopsNode = try node.required("g")
        let countNode = try stopsNode.required("p")
        let count = try countNode.integer(in: 0...LottieLimits.maximumGradientStops)
        let stops = try property(stopsNode.required("k"), default: [], value: vector)
        for (position, keyframe) in stops.keyframes.enumerated() where keyframe.value.count < count * 4 {
            let values = stopsNode.path.appending("k").appending("k")
            throw LottieDecodingError(
                at: stops.isAnimated ? values.appending(position).appending("s") : values,
                .invalid("\(count) colour stops need \(count * 4) numbers, found \(keyframe.value.count)"))
        }
        return GradientStyle(
            kind: try node["t"]?.integer(in: -1_000...1_000) == 2 ? .radial : .linear,
            colorCount: count, stops: stops,
            startPoint: try property(node["s"], default: [0, 0], value: vector),
            endPoint: try property(node["e"], default: [0, 0], value: vector),
            highlightLength: try property(node["h"], default: 0, value: number),
            opacity: try property(node["o"], default: 100, value: number), fillRule: try fillRule(node))
    }

    private static func repeater(_ node: JSONNode) throws(LottieDecodingError) -> ShapeRepeater {
        let transformNode = node["tr"]
        return ShapeRepeater(
            copies: try property(node["c"], default: 1, value: number),
            offset: try property(node["o"], default: 0, value: number),
            copiesAbove: try node["m"]?.integer(in: -1_000...1_000) != 2,
            transform: try transform(transformNode),
            startOpacity: try property(transformNode?["so"], default: 100, value: number),
            endOpacity: try property(transformNode?["eo"], default: 100, value: number))
    }
}
