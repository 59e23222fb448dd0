import Foundation

/// One element of an archived `CGPath` (our addition), as `CGPath.applyWithBlock(_:)` reports it.
///
/// In JSON each element is an object with one key naming the element and a flat list of coordinates:
/// `{"move": [x, y]}`, `{"line": [x, y]}`, `{"quad": [cx, cy, x, y]}`,
/// `{"curve": [c1x, c1y, c2x, c2y, x, y]}` and `{"close": []}`.
public enum ArchivedPathElement: Equatable, Sendable {
    /// Starts a subpath at the point.
    case move(CGPoint)
    /// A straight segment to the point.
    case line(CGPoint)
    /// A quadratic Bézier segment.
    case quadCurve(control: CGPoint, end: CGPoint)
    /// A cubic Bézier segment.
    case curve(control1: CGPoint, control2: CGPoint, end: CGPoint)
    /// Closes the current subpath.
    case close

    /// The elements of `path`, in order.
    public static func elements(of path: CGPath) -> [ArchivedPathElement] {
        var elements: [ArchivedPathElement] = []
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            let points = element.points
            switch element.type {
            case .moveToPoint: elements.append(.move(points[0]))
            case .addLineToPoint: elements.append(.line(points[0]))
            case .addQuadCurveToPoint: elements.append(.quadCurve(control: points[0], end: points[1]))
            case .addCurveToPoint: elements.append(.curve(control1: points[0], control2: points[1], end: points[2]))
            case .closeSubpath: elements.append(.close)
            }
        }
        return elements
    }

    /// A path made of `elements`, added in order to a `CGMutablePath` (which starts a subpath at the current
    /// point when a segment comes first, as Core Graphics does).
    public static func makePath(_ elements: [ArchivedPathElement]) -> CGPath {
        let path = CGMutablePath()
        for element in elements {
            switch element {
            case .move(let point): path.move(to: point)
            case .line(let point): path.addLine(to: point)
            case .quadCurve(let control, let end): path.addQuadCurve(to: end, control: control)
            case .curve(let control1, let control2, let end):
                path.addCurve(to: end, control1: control1, control2: control2)
            case .close: path.closeSubpath()
            }
        }
        return path
    }

    /// The JSON name and the number of points of each element.
    private static let shapes: [String: Int] = ["move": 1, "line": 1, "quad": 2, "curve": 3, "close": 0]

    private var name: String {
        switch self {
        case .move: "move"
        case .line: "line"
        case .quadCurve: "quad"
        case .curve: "curve"
        case .close: "close"
        }
    }

    private var points: [CGPoint] {
        switch self {
        case .move(let point), .line(let point): [point]
        case .quadCurve(let control, let end): [control, end]
        case .curve(let control1, let control2, let end): [control1, control2, end]
        case .close: []
        }
    }
}

extension ArchivedPathElement: Codable {
    public init(from decoder: any Decoder) throws {
        let path = ArchivePath.render(decoder.codingPath)
        let container = try decoder.container(keyedBy: ArchiveKey.self)
        let keys = container.allKeys.map(\.stringValue).sorted()
        guard keys.count == 1, let name = keys.first, let pointCount = Self.shapes[name] else {
            throw LayerArchiveError(
                path: path,
                reason: .invalidValue(
                    "a path element is an object with exactly one of the keys move, line, quad, curve, close; found "
                        + (keys.isEmpty ? "none" : keys.joined(separator: ", "))))
        }
        let numbers = try container.decode([ArchivedNumber<Double>].self, forKey: ArchiveKey(name)).map(\.value)
        guard numbers.count == 2 * pointCount else {
            throw LayerArchiveError(
                path: ArchivePath.field(path, name),
                reason: .invalidValue("\"\(name)\" needs \(2 * pointCount) numbers, found \(numbers.count)"))
        }
        let p = stride(from: 0, to: numbers.count, by: 2).map { CGPoint(x: numbers[$0], y: numbers[$0 + 1]) }
        switch name {
        case "move": self = .move(p[0])
        case "line": self = .line(p[0])
        case "quad": self = .quadCurve(control: p[0], end: p[1])
        case "curve": self = .curve(control1: p[0], control2: p[1], end: p[2])
        default: self = .close
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ArchiveKey.self)
        let numbers = points.flatMap { [Double($0.x), Double($0.y)] }.map(ArchivedNumber.init)
        try container.encode(numbers, forKey: ArchiveKey(name))
    }
}
