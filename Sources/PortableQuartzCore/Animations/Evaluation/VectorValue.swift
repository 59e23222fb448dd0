/// A number, point, size, rectangle or colour held as up to four plain components (our helper).
///
/// The animation engine's fast path: these kinds cover almost every animated property, and in this form they are
/// trivially copyable, so interpolating, adding and scaling them costs a few arithmetic instructions, with none of
/// the copying and case analysis a general `AnimatableValue` needs. Every operation uses exactly the arithmetic of
/// the corresponding `AnimatableValue` operation (`a + (b − a)·p`, component-wise sums and products), so both
/// paths give bit-identical results.
///
/// Components: number `(v, 0, 0, 0)`; point `(x, y, 0, 0)`; size `(width, height, 0, 0)`; rectangle
/// `(x, y, width, height)`; colour `(red, green, blue, alpha)`.
struct VectorValue: Hashable, Sendable {
    /// Which of the five kinds the components describe.
    enum Kind: UInt8, Hashable, Sendable {
        case number, point, size, rect, color
    }

    /// The kind.
    var kind: Kind
    /// The components (unused ones are 0).
    var components: SIMD4<Double>

    init(kind: Kind, components: SIMD4<Double>) {
        self.kind = kind
        self.components = components
    }

    /// The components of `value`, or `nil` when it is not one of the five kinds.
    @inline(__always)
    init?(_ value: AnimatableValue) {
        switch value {
        case .number(let number):
            self.init(kind: .number, components: SIMD4(number, 0, 0, 0))
        case .point(let point):
            self.init(kind: .point, components: SIMD4(Double(point.x), Double(point.y), 0, 0))
        case .size(let size):
            self.init(kind: .size, components: SIMD4(Double(size.width), Double(size.height), 0, 0))
        case .rect(let rect):
            self.init(
                kind: .rect,
                components: SIMD4(
                    Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)))
        case .color(let color):
            self.init(kind: .color, components: SIMD4(color.red, color.green, color.blue, color.alpha))
        default:
            return nil
        }
    }

    /// The value as an `AnimatableValue` of its kind.
    @inline(__always)
    var animatableValue: AnimatableValue {
        let c = components
        switch kind {
        case .number: return .number(c.x)
        case .point: return .point(CGPoint(x: c.x, y: c.y))
        case .size: return .size(CGSize(width: c.x, height: c.y))
        case .rect: return .rect(CGRect(x: c.x, y: c.y, width: c.z, height: c.w))
        case .color: return .color(ColorComponents(red: c.x, green: c.y, blue: c.z, alpha: c.w))
        }
    }
}

extension VectorValue: AnimationArithmetic {
    @inline(__always)
    static func interpolate(from: VectorValue, to: VectorValue, progress: Double) -> VectorValue {
        VectorValue(kind: to.kind, components: from.components + (to.components - from.components) * progress)
    }

    @inline(__always)
    func adding(_ other: VectorValue) -> VectorValue {
        VectorValue(kind: kind, components: components + other.components)
    }

    @inline(__always)
    func subtracting(_ other: VectorValue) -> VectorValue {
        VectorValue(kind: kind, components: components - other.components)
    }

    @inline(__always)
    func scaled(by factor: Double) -> VectorValue {
        VectorValue(kind: kind, components: components * factor)
    }

    /// The Euclidean distance over all four components (unused ones are 0 on both sides).
    func distance(to other: VectorValue) -> Double {
        let difference = other.components - components
        return (difference * difference).sum().squareRoot()
    }

    var supportsSplines: Bool { true }

    var isUsable: Bool {
        components.x.isFinite && components.y.isFinite && components.z.isFinite && components.w.isFinite
    }
}
