import Foundation

/// A value an animation can produce, converted once from the `Any` values Apple's API takes. Our addition.
///
/// Animations store their `fromValue`, `toValue`, `byValue` and keyframe `values` in this form (converted with
/// `init(converting:as:)` when the animation is attached), layers keep their state in typed fields that read and
/// write these values (`LayerState`), and interpolation (`interpolate(from:to:progress:)`) works on them without
/// touching `Any` or strings.
///
/// Size and allocation: the two transform cases keep their matrix out of line (`indirect`), so every value is 33
/// bytes and copying one is a few moves. (With the 128-byte `CATransform3D` inline, each value would be 129
/// bytes and every copy an out-of-line `memcpy`, making a point interpolation several times slower.) As a result,
/// creating a ``transform(_:)`` or ``affineTransform(_:)`` value allocates one small box, while numbers, points,
/// sizes, rectangles and colours never allocate; reading a transform out of a value does not allocate either.
///
/// Equality compares payloads exactly (NaN is not equal to NaN, as for `Double`); images compare by identity.
public enum AnimatableValue: Sendable {
    /// No value: Apple's `nil` (a layer without contents, a `nil` background colour, `NSNull` in a keyframe list).
    case null
    /// A scalar in the property's unit (points, radians, a 0…1 fraction…). NaN and infinities are kept as given.
    case number(Double)
    /// A point (`position`, `anchorPoint`, `bounds.origin`…).
    case point(CGPoint)
    /// A size (`bounds.size`, `shadowOffset`, `transform.translation`…).
    case size(CGSize)
    /// A rectangle (`bounds`, `contentsRect`, `contentsCenter`), not standardized.
    case rect(CGRect)
    /// A colour in extended sRGB, not premultiplied.
    case color(ColorComponents)
    /// A 3-D transform (`transform`, `sublayerTransform`, `instanceTransform`). Stored out of line.
    indirect case transform(CATransform3D)
    /// A 2-D transform (a view's `transform`). Stored out of line.
    indirect case affineTransform(CGAffineTransform)
    /// An array of numbers: value-function inputs, `locations`, `lineDashPattern`.
    case numbers([Double])
    /// An array of colours (a gradient layer's `colors`).
    case colors([ColorComponents])
    /// A path (`path`, `shadowPath`).
    case path(CGPath)
    /// An image (`contents`).
    case image(CGImage)
    /// Two images part way through a `contents` cross-fade, as `LayerContents.crossFade` describes: `fraction`
    /// in 0…1, 0 showing only `from`, 1 only `to`; a `nil` side shows nothing.
    case crossFade(from: CGImage?, to: CGImage?, fraction: Double)
    /// A flag (`hidden`, `masksToBounds`, `doubleSided`…).
    case bool(Bool)
    /// A discrete name: fill rules, gravities, alignment modes, font names, a text layer's string.
    case string(String)
}

extension AnimatableValue {
    /// The type of an ``AnimatableValue`` without its payload: what a property holds and what a conversion makes.
    public enum Kind: Hashable, Sendable {
        case null, number, point, size, rect, color, transform, affineTransform, numbers, colors, path, image, bool,
            string
    }

    /// The kind of this value. ``crossFade(from:to:fraction:)`` is of kind ``Kind/image``.
    public var kind: Kind {
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
        case .image, .crossFade: .image
        case .bool: .bool
        case .string: .string
        }
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The scalar of a ``number(_:)`` (or 0/1 for a ``bool(_:)``), `nil` for every other kind.
    public var doubleValue: Double? {
        switch self {
        case .number(let value): value
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }
}

extension AnimatableValue: Hashable {
    public static func == (lhs: AnimatableValue, rhs: AnimatableValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.number(let a), .number(let b)): a == b
        case (.point(let a), .point(let b)): a == b
        case (.size(let a), .size(let b)): a == b
        case (.rect(let a), .rect(let b)): a == b
        case (.color(let a), .color(let b)): a == b
        case (.transform(let a), .transform(let b)): a == b
        case (.affineTransform(let a), .affineTransform(let b)): a == b
        case (.numbers(let a), .numbers(let b)): a == b
        case (.colors(let a), .colors(let b)): a == b
        case (.path(let a), .path(let b)): a == b
        case (.image(let a), .image(let b)): a === b
        case (.crossFade(let a0, let a1, let af), .crossFade(let b0, let b1, let bf)):
            a0 === b0 && a1 === b1 && af == bf
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .number(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .point(let point):
            hasher.combine(2)
            hasher.combine(point.x)
            hasher.combine(point.y)
        case .size(let size):
            hasher.combine(3)
            hasher.combine(size.width)
            hasher.combine(size.height)
        case .rect(let rect):
            hasher.combine(4)
            hasher.combine(rect.origin.x)
            hasher.combine(rect.origin.y)
            hasher.combine(rect.size.width)
            hasher.combine(rect.size.height)
        case .color(let color):
            hasher.combine(5)
            hasher.combine(color)
        case .transform(let transform):
            hasher.combine(6)
            hasher.combine(transform)
        case .affineTransform(let transform):
            hasher.combine(7)
            hasher.combine(transform)
        case .numbers(let numbers):
            hasher.combine(8)
            hasher.combine(numbers)
        case .colors(let colors):
            hasher.combine(9)
            hasher.combine(colors)
        case .path(let path):
            hasher.combine(10)
            hasher.combine(path)
        case .image(let image):
            hasher.combine(11)
            hasher.combine(ObjectIdentifier(image))
        case .crossFade(let from, let to, let fraction):
            hasher.combine(12)
            hasher.combine(from.map(ObjectIdentifier.init))
            hasher.combine(to.map(ObjectIdentifier.init))
            hasher.combine(fraction)
        case .bool(let flag):
            hasher.combine(13)
            hasher.combine(flag)
        case .string(let string):
            hasher.combine(14)
            hasher.combine(string)
        }
    }
}
