import Foundation

/// The operations the animation engine needs from a value type (our helper): interpolation, the type-wise "+",
/// "−" and "k·" of SPEC §3.2–§3.4, the distance that paced keyframes measure, and whether cubic splines may
/// combine values linearly.
///
/// Two types conform: `AnimatableValue` (everything a layer property holds) and `FunctionInput` (the numbers fed
/// to a `CAValueFunction`, kept inline so they allocate nothing). The engine is generic over this protocol and
/// specialized for both, so nothing is boxed on the per-frame path.
protocol AnimationArithmetic: Sendable {
    /// The value `progress` of the way from `from` to `to` (extrapolating outside 0…1 where the type can).
    static func interpolate(from: Self, to: Self, progress: Double) -> Self
    /// `self + other`.
    func adding(_ other: Self) -> Self
    /// `self − other`.
    func subtracting(_ other: Self) -> Self
    /// `factor · self`.
    func scaled(by factor: Double) -> Self
    /// How far apart two values are (0 when the type has no metric).
    func distance(to other: Self) -> Double
    /// Whether weighted sums of values mean something, so Kochanek–Bartels splines can pass through them.
    var supportsSplines: Bool { get }
    /// Whether every component is finite (NaN and infinities are not usable keyframes).
    var isUsable: Bool { get }
}

extension AnimatableValue: AnimationArithmetic {
    /// Numbers, geometry, colours and arrays of them are vectors; transforms, paths, images, flags and names are
    /// not (the cubic modes fall back to linear interpolation for them).
    var supportsSplines: Bool {
        switch self {
        case .number, .point, .size, .rect, .color, .numbers, .colors: true
        default: false
        }
    }

    /// Whether no component is NaN or infinite. Kinds without numeric components are always usable.
    var isUsable: Bool {
        switch self {
        case .number(let value):
            return value.isFinite
        case .point(let point):
            return point.x.isFinite && point.y.isFinite
        case .size(let size):
            return size.width.isFinite && size.height.isFinite
        case .rect(let rect):
            return rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite
                && rect.size.height.isFinite
        case .color(let color):
            return color.isFinite
        case .transform(let t):
            return [
                t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
                t.m43, t.m44,
            ]
            .allSatisfy(\.isFinite)
        case .affineTransform(let t):
            return t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
        case .numbers(let numbers):
            return numbers.allSatisfy(\.isFinite)
        case .colors(let colors):
            return colors.allSatisfy(\.isFinite)
        case .null, .path, .image, .crossFade, .bool, .string:
            return true
        }
    }
}

extension ColorComponents {
    /// Whether all four channels are finite.
    var isFinite: Bool {
        red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite
    }
}

extension FunctionInput: AnimationArithmetic {
    static func interpolate(from: FunctionInput, to: FunctionInput, progress: Double) -> FunctionInput {
        FunctionInput(
            x: from.x + (to.x - from.x) * progress,
            y: from.y + (to.y - from.y) * progress,
            z: from.z + (to.z - from.z) * progress)
    }

    func adding(_ other: FunctionInput) -> FunctionInput {
        FunctionInput(x: x + other.x, y: y + other.y, z: z + other.z)
    }

    func subtracting(_ other: FunctionInput) -> FunctionInput {
        FunctionInput(x: x - other.x, y: y - other.y, z: z - other.z)
    }

    func scaled(by factor: Double) -> FunctionInput {
        FunctionInput(x: x * factor, y: y * factor, z: z * factor)
    }

    func distance(to other: FunctionInput) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        let dz = other.z - z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    var supportsSplines: Bool { true }

    var isUsable: Bool { x.isFinite && y.isFinite && z.isFinite }
}
