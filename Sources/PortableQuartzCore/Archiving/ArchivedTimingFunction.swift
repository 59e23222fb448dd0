import Foundation

/// A `CAMediaTimingFunction` in a layer archive (our addition): one of the five predefined names, or the two
/// control points of the Bézier curve.
///
/// In JSON: the name as a string (`"easeInEaseOut"`), or the control points as four numbers
/// `[c1x, c1y, c2x, c2y]` (`[0.3, 0, 0.2, 1]`), written with `Float`'s shortest digits as the function stores
/// `Float`s.
public enum ArchivedTimingFunction: Equatable, Sendable {
    /// A predefined curve: `"default"`, `"linear"`, `"easeIn"`, `"easeOut"` or `"easeInEaseOut"`.
    case named(String)
    /// A curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1).
    case controlPoints(Float, Float, Float, Float)

    /// The predefined names, in Core Animation's order.
    static let names: [CAMediaTimingFunctionName] = [.default, .linear, .easeIn, .easeOut, .easeInEaseOut]

    /// The archived form of `function`: its name when it equals a predefined curve (functions made from points
    /// within 0.001 of one are that curve, see `CAMediaTimingFunction`), else its control points.
    public init(_ function: CAMediaTimingFunction) {
        if let name = Self.names.first(where: { CAMediaTimingFunction(name: $0) == function }) {
            self = .named(name.rawValue)
            return
        }
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        self = .controlPoints(first[0], first[1], second[0], second[1])
    }

    /// The timing function. Throws a `LayerArchiveError` at `path` for a name that is not predefined (where
    /// `CAMediaTimingFunction(name:)` would trap).
    public func makeFunction(at path: String) throws -> CAMediaTimingFunction {
        switch self {
        case .named(let text):
            let name = CAMediaTimingFunctionName(rawValue: text)
            guard Self.names.contains(name) else {
                throw LayerArchiveError(
                    path: path,
                    reason: .invalidValue(
                        "unknown timing function \"\(text)\"; expected "
                            + Self.names.map(\.rawValue).joined(separator: ", ") + " or four control-point numbers"))
            }
            return CAMediaTimingFunction(name: name)
        case .controlPoints(let c1x, let c1y, let c2x, let c2y):
            return CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
        }
    }
}

extension ArchivedTimingFunction: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            self = .named(name)
            return
        }
        guard let points = try? container.decode([ArchivedNumber<Float>].self), points.count == 4 else {
            throw LayerArchiveError(
                path: ArchivePath.render(decoder.codingPath),
                reason: .invalidValue("a timing function is a name or four numbers [c1x, c1y, c2x, c2y]"))
        }
        self = .controlPoints(points[0].value, points[1].value, points[2].value, points[3].value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .named(let name):
            try container.encode(name)
        case .controlPoints(let c1x, let c1y, let c2x, let c2y):
            try container.encode([c1x, c1y, c2x, c2y].map(ArchivedNumber.init))
        }
    }
}
