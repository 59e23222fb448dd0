import Foundation

/// One property or animation value in a layer archive (our addition): the kinds of ``AnimatableValue`` as plain
/// data that encodes to JSON.
///
/// In JSON a value is `null` or an object with exactly one key, the kind's tag, whose content is the payload:
///
/// | case | JSON |
/// |---|---|
/// | ``null`` | `null` |
/// | ``number(_:)`` | `{"number": 0.5}` |
/// | ``point(_:)`` | `{"point": [x, y]}` |
/// | ``size(_:)`` | `{"size": [width, height]}` |
/// | ``rect(_:)`` | `{"rect": [x, y, width, height]}` |
/// | ``color(_:)`` | `{"color": [red, green, blue, alpha]}` (extended sRGB, not premultiplied) |
/// | ``transform(_:)`` | `{"transform": [m11, m12, m13, m14, m21, …, m44]}` (16 numbers, row by row) |
/// | ``affineTransform(_:)`` | `{"affineTransform": [a, b, c, d, tx, ty]}` |
/// | ``numbers(_:)`` | `{"numbers": [1, 2, 3]}` |
/// | ``colors(_:)`` | `{"colors": [[r, g, b, a], …]}` |
/// | ``path(_:)`` | `{"path": [{"move": [0, 0]}, {"line": [10, 0]}, {"close": []}]}` (see ``ArchivedPathElement``) |
/// | ``image(_:)`` | `{"image": {"width": 1, "height": 1, "premultipliedRGBA": "base64…"}}` (see ``ArchivedImage``) |
/// | ``bool(_:)`` | `{"bool": true}` |
/// | ``string(_:)`` | `{"string": "evenOdd"}` |
///
/// Numbers are written with the shortest digits that read back to the same `Double`; infinities and NaN as the
/// strings `"inf"`, `"-inf"` and `"nan"`. Reading checks the shape (a point has exactly two numbers…) and reports
/// a `LayerArchiveError` with the value's path otherwise.
public enum ArchivedValue: Equatable, Sendable {
    /// No value (Apple's `nil` or `NSNull`).
    case null
    /// A scalar.
    case number(Double)
    /// A point.
    case point(CGPoint)
    /// A size.
    case size(CGSize)
    /// A rectangle, not standardized.
    case rect(CGRect)
    /// A colour in extended sRGB, not premultiplied.
    case color(ColorComponents)
    /// A 3-D transform.
    case transform(CATransform3D)
    /// A 2-D transform.
    case affineTransform(CGAffineTransform)
    /// A list of numbers.
    case numbers([Double])
    /// A list of colours.
    case colors([ColorComponents])
    /// A path, element by element.
    case path([ArchivedPathElement])
    /// A bitmap image.
    case image(ArchivedImage)
    /// A flag.
    case bool(Bool)
    /// A string.
    case string(String)

    /// The JSON tag of each kind, in the order of the table above (`"null"` has no tag in JSON; it names the kind
    /// in error messages).
    static let tags = [
        "number", "point", "size", "rect", "color", "transform", "affineTransform", "numbers", "colors", "path",
        "image", "bool", "string",
    ]

    /// The value's kind tag: `"number"`, `"point"`… and `"null"` for ``null``.
    public var tag: String {
        Self.tag(of: kind)
    }

    /// The kind of ``AnimatableValue`` this value becomes.
    public var kind: AnimatableValue.Kind {
        switch self {
        case .null: .null
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .affineTransform: .affineTransform
        case .numbers: .numbers
        case .colors: .colors
        case .path: .path
        case .image: .image
        case .bool: .bool
        case .string: .string
        }
    }

    /// The JSON tag of `kind` (`"null"` for ``AnimatableValue/Kind/null``).
    static func tag(of kind: AnimatableValue.Kind) -> String {
        switch kind {
        case .null: "null"
        case .number: "number"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        case .color: "color"
        case .transform: "transform"
        case .affineTransform: "affineTransform"
        case .numbers: "numbers"
        case .colors: "colors"
        case .path: "path"
        case .image: "image"
        case .bool: "bool"
        case .string: "string"
        }
    }
}

// MARK: Conversion with AnimatableValue

extension ArchivedValue {
    /// The archived form of `value`. A cross-fade (only found in presentation values) is archived as the image it
    /// shows most (`to` from fraction 0.5 on), as `AnimatableValue.appleValue` reports it.
    public init(_ value: AnimatableValue) {
        switch value {
        case .null: self = .null
        case .number(let number): self = .number(number)
        case .point(let point): self = .point(point)
        case .size(let size): self = .size(size)
        case .rect(let rect): self = .rect(rect)
        case .color(let color): self = .color(color)
        case .transform(let transform): self = .transform(transform)
        case .affineTransform(let transform): self = .affineTransform(transform)
        case .numbers(let numbers): self = .numbers(numbers)
        case .colors(let colors): self = .colors(colors)
        case .path(let path): self = .path(ArchivedPathElement.elements(of: path))
        case .image(let image): self = .image(ArchivedImage(image))
        case .crossFade(let from, let to, let fraction):
            self = (fraction >= 0.5 ? to : from).map { .image(ArchivedImage($0)) } ?? .null
        case .bool(let flag): self = .bool(flag)
        case .string(let string): self = .string(string)
        }
    }

    /// The value as an ``AnimatableValue``. Throws a `LayerArchiveError` at `path` when an image cannot be made
    /// (see ``ArchivedImage/makeImage(at:)``); every other kind converts.
    public func animatableValue(at path: String) throws -> AnimatableValue {
        switch self {
        case .null: .null
        case .number(let number): .number(number)
        case .point(let point): .point(point)
        case .size(let size): .size(size)
        case .rect(let rect): .rect(rect)
        case .color(let color): .color(color)
        case .transform(let transform): .transform(transform)
        case .affineTransform(let transform): .affineTransform(transform)
        case .numbers(let numbers): .numbers(numbers)
        case .colors(let colors): .colors(colors)
        case .path(let elements): .path(ArchivedPathElement.makePath(elements))
        case .image(let image): .image(try image.makeImage(at: ArchivePath.field(path, "image")))
        case .bool(let flag): .bool(flag)
        case .string(let string): .string(string)
        }
    }
}

// MARK: Codable

extension ArchivedValue: Codable {
    public init(from decoder: any Decoder) throws {
        let path = ArchivePath.render(decoder.codingPath)
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self = .null
            return
        }
        guard let container = try? decoder.container(keyedBy: ArchiveKey.self) else {
            throw LayerArchiveError(
                path: path,
                reason: .invalidValue(
                    "a value is null or an object with one key naming its kind, such as {\"number\": 0.5}"))
        }
        let keys = container.allKeys.map(\.stringValue).sorted()
        guard keys.count == 1, let tag = keys.first, Self.tags.contains(tag) else {
            throw LayerArchiveError(
                path: path,
                reason: .invalidValue(
                    "a value is an object with exactly one of the keys " + Self.tags.joined(separator: ", ")
                        + "; found " + (keys.isEmpty ? "none" : keys.joined(separator: ", "))))
        }
        let key = ArchiveKey(tag)
        let payloadPath = ArchivePath.field(path, tag)
        func numbers(count: Int?, what: String) throws -> [Double] {
            let values = try container.decode([ArchivedNumber<Double>].self, forKey: key).map(\.value)
            if let count, values.count != count {
                throw LayerArchiveError(
                    path: payloadPath, reason: .invalidValue("\(what) needs \(count) numbers, found \(values.count)"))
            }
            return values
        }
        switch tag {
        case "number":
            self = .number(try container.decode(ArchivedNumber<Double>.self, forKey: key).value)
        case "point":
            let v = try numbers(count: 2, what: "a point")
            self = .point(CGPoint(x: v[0], y: v[1]))
        case "size":
            let v = try numbers(count: 2, what: "a size")
            self = .size(CGSize(width: v[0], height: v[1]))
        case "rect":
            let v = try numbers(count: 4, what: "a rect")
            self = .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case "color":
            self = .color(try Self.color(try numbers(count: 4, what: "a color"), path: payloadPath))
        case "transform":
            self = .transform(Self.transform(try numbers(count: 16, what: "a transform")))
        case "affineTransform":
            let v = try numbers(count: 6, what: "an affine transform")
            self = .affineTransform(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
        case "numbers":
            self = .numbers(try numbers(count: nil, what: "a list"))
        case "colors":
            let lists = try container.decode([[ArchivedNumber<Double>]].self, forKey: key)
            self = .colors(
                try lists.enumerated().map { index, list in
                    try Self.color(list.map(\.value), path: ArchivePath.index(payloadPath, index))
                })
        case "path":
            self = .path(try container.decode([ArchivedPathElement].self, forKey: key))
        case "image":
            self = .image(try container.decode(ArchivedImage.self, forKey: key))
        case "bool":
            self = .bool(try container.decode(Bool.self, forKey: key))
        default:
            self = .string(try container.decode(String.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .null = self {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: ArchiveKey.self)
        let key = ArchiveKey(tag)
        func encodeNumbers(_ values: [Double]) throws {
            try container.encode(values.map(ArchivedNumber.init), forKey: key)
        }
        switch self {
        case .null: break
        case .number(let number): try container.encode(ArchivedNumber(number), forKey: key)
        case .point(let point): try encodeNumbers([Double(point.x), Double(point.y)])
        case .size(let size): try encodeNumbers([Double(size.width), Double(size.height)])
        case .rect(let rect):
            try encodeNumbers([
                Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height),
            ])
        case .color(let color): try encodeNumbers(Self.components(color))
        case .transform(let transform): try encodeNumbers(Self.elements(transform))
        case .affineTransform(let t):
            try encodeNumbers([t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) })
        case .numbers(let numbers): try encodeNumbers(numbers)
        case .colors(let colors):
            try container.encode(colors.map { Self.components($0).map(ArchivedNumber.init) }, forKey: key)
        case .path(let elements): try container.encode(elements, forKey: key)
        case .image(let image): try container.encode(image, forKey: key)
        case .bool(let flag): try container.encode(flag, forKey: key)
        case .string(let string): try container.encode(string, forKey: key)
        }
    }

    private static func components(_ color: ColorComponents) -> [Double] {
        [color.red, color.green, color.blue, color.alpha]
    }

    private static func color(_ values: [Double], path: String) throws -> ColorComponents {
        guard values.count == 4 else {
            throw LayerArchiveError(
                path: path,
                reason: .invalidValue("a color needs 4 numbers (red, green, blue, alpha), found \(values.count)"))
        }
        return ColorComponents(red: values[0], green: values[1], blue: values[2], alpha: values[3])
    }

    private static func elements(_ t: CATransform3D) -> [Double] {
        [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ].map { Double($0) }
    }

    private static func transform(_ e: [Double]) -> CATransform3D {
        CATransform3D(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3],
            m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11],
            m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}
