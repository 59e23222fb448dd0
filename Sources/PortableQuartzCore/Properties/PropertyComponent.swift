import Foundation

/// A part of a structured property that a key path can name after the property (SPEC §3.1): `position.x`,
/// `bounds.size.width`, `transform.rotation.z`, `transform.scale`… Our addition.
///
/// Which components a value has depends on its kind:
/// * point: `x`, `y`;
/// * size: `width`, `height`;
/// * rectangle: `origin`, `size`, `origin.x`, `origin.y`, `size.width`, `size.height`;
/// * 3-D transform: `rotation` (the same as `rotation.z`), `rotation.x`, `rotation.y`, `rotation.z` (radians),
///   `scale`, `scale.xy`, `scale.x`, `scale.y`, `scale.z`, `translation` (a size: tx, ty), `translation.x`,
///   `translation.y`, `translation.z` (points);
/// * 2-D transform: `rotation`, `scale`, `scale.x`, `scale.y`, `translation`, `translation.x`, `translation.y`.
/// Other kinds have no components.
///
/// Transform components are read and written through the decomposition Core Animation uses: a 3-D transform is
/// split by `TransformDecomposition` (the rotation components are its Euler angles, `rotationX/Y/Z`), a 2-D one by
/// `AffineDecomposition`; one part is read or replaced and the matrix is recomposed. Reading `scale` gives the mean
/// of the scales (x, y, z for 3-D; x, y for 2-D) and writing it sets all of them; `scale.xy` reads the mean of x and
/// y and writes both. Because the number itself is what an animation mixes, animating `transform.rotation.z` from 0
/// to 2π turns a full circle, which mixing two matrices cannot express.
public enum PropertyComponent: Hashable, Sendable, CaseIterable {
    case x, y
    case width, height
    case origin, size, originX, originY, sizeWidth, sizeHeight
    case rotationX, rotationY, rotationZ
    case scale, scaleXY, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ

    /// The key-path text after the property name, in canonical form (`rotation.z` for a bare `rotation`).
    public var keyPathSuffix: String {
        switch self {
        case .x: "x"
        case .y: "y"
        case .width: "width"
        case .height: "height"
        case .origin: "origin"
        case .size: "size"
        case .originX: "origin.x"
        case .originY: "origin.y"
        case .sizeWidth: "size.width"
        case .sizeHeight: "size.height"
        case .rotationX: "rotation.x"
        case .rotationY: "rotation.y"
        case .rotationZ: "rotation.z"
        case .scale: "scale"
        case .scaleXY: "scale.xy"
        case .scaleX: "scale.x"
        case .scaleY: "scale.y"
        case .scaleZ: "scale.z"
        case .translation: "translation"
        case .translationX: "translation.x"
        case .translationY: "translation.y"
        case .translationZ: "translation.z"
        }
    }

    /// The component named by `suffix` (the key-path text after the property, without the leading dot) for a
    /// value of `kind`, or `nil` when that kind has no such component (`"q"` on a point, `"rotation.w"`, `""`,
    /// `"rotation.x"` on a 2-D transform).
    public init?(keyPathSuffix suffix: String, for kind: AnimatableValue.Kind) {
        guard let table = PropertyComponent.suffixes[kind], let component = table[suffix] else { return nil }
        self = component
    }

    private static let suffixes: [AnimatableValue.Kind: [String: PropertyComponent]] = {
        func table(
            _ components: [PropertyComponent], extra: [String: PropertyComponent] = [:]
        ) -> [String: PropertyComponent] {
            var result = Dictionary(uniqueKeysWithValues: components.map { ($0.keyPathSuffix, $0) })
            result.merge(extra) { first, _ in first }
            return result
        }
        return [
            .point: table([.x, .y]),
            .size: table([.width, .height]),
            .rect: table([.origin, .size, .originX, .originY, .sizeWidth, .sizeHeight]),
            .transform: table(
                [
                    .rotationX, .rotationY, .rotationZ, .scale, .scaleXY, .scaleX, .scaleY, .scaleZ, .translation,
                    .translationX, .translationY, .translationZ,
                ],
                extra: ["rotation": .rotationZ]
            ),
            .affineTransform: [
                "rotation": .rotationZ, "scale": .scale, "scale.x": .scaleX, "scale.y": .scaleY,
                "translation": .translation, "translation.x": .translationX, "translation.y": .translationY,
            ],
        ]
    }()

    /// Whether a value of `kind` has this component.
    public func applies(to kind: AnimatableValue.Kind) -> Bool {
        switch kind {
        case .point: self == .x || self == .y
        case .size: self == .width || self == .height
        case .rect: [.origin, .size, .originX, .originY, .sizeWidth, .sizeHeight].contains(self)
        case .transform:
            [
                .rotationX, .rotationY, .rotationZ, .scale, .scaleXY, .scaleX, .scaleY, .scaleZ, .translation,
                .translationX, .translationY, .translationZ,
            ].contains(self)
        case .affineTransform:
            [.rotationZ, .scale, .scaleX, .scaleY, .translation, .translationX, .translationY].contains(self)
        default: false
        }
    }

    /// The kind of the component's value: a point for `origin`, a size for `size` and `translation`, otherwise a
    /// number.
    public var kind: AnimatableValue.Kind {
        switch self {
        case .origin: .point
        case .size, .translation: .size
        default: .number
        }
    }

    /// This component of `whole`, or ``AnimatableValue/null`` when `whole` has no such component.
    public func value(of whole: AnimatableValue) -> AnimatableValue {
        switch (whole, self) {
        case (.point(let p), .x): return .number(Double(p.x))
        case (.point(let p), .y): return .number(Double(p.y))
        case (.size(let s), .width): return .number(Double(s.width))
        case (.size(let s), .height): return .number(Double(s.height))
        case (.rect(let r), .origin): return .point(r.origin)
        case (.rect(let r), .size): return .size(r.size)
        case (.rect(let r), .originX): return .number(Double(r.origin.x))
        case (.rect(let r), .originY): return .number(Double(r.origin.y))
        case (.rect(let r), .sizeWidth): return .number(Double(r.size.width))
        case (.rect(let r), .sizeHeight): return .number(Double(r.size.height))
        case (.transform(let m), _):
            return value(ofTransform: m)
        case (.affineTransform(let t), _):
            return applies(to: .affineTransform) ? read(AffineDecomposition(t)) : .null
        default: return .null
        }
    }

    /// `whole` with this component replaced by `part`, or `whole` unchanged when `whole` has no such component or
    /// `part` is not of the component's ``kind``.
    public func replacing(in whole: AnimatableValue, with part: AnimatableValue) -> AnimatableValue {
        switch (whole, self, part) {
        case (.point(var p), .x, .number(let v)):
            p.x = CGFloat(v)
            return .point(p)
        case (.point(var p), .y, .number(let v)):
            p.y = CGFloat(v)
            return .point(p)
        case (.size(var s), .width, .number(let v)):
            s.width = CGFloat(v)
            return .size(s)
        case (.size(var s), .height, .number(let v)):
            s.height = CGFloat(v)
            return .size(s)
        case (.rect(var r), .origin, .point(let v)):
            r.origin = v
            return .rect(r)
        case (.rect(var r), .size, .size(let v)):
            r.size = v
            return .rect(r)
        case (.rect(var r), .originX, .number(let v)):
            r.origin.x = CGFloat(v)
            return .rect(r)
        case (.rect(var r), .originY, .number(let v)):
            r.origin.y = CGFloat(v)
            return .rect(r)
        case (.rect(var r), .sizeWidth, .number(let v)):
            r.size.width = CGFloat(v)
            return .rect(r)
        case (.rect(var r), .sizeHeight, .number(let v)):
            r.size.height = CGFloat(v)
            return .rect(r)
        case (.transform(let m), _, _):
            guard let replaced = replacing(inTransform: m, with: part) else { return whole }
            return .transform(replaced)
        case (.affineTransform(let t), _, _):
            guard applies(to: .affineTransform) else { return whole }
            var parts = AffineDecomposition(t)
            guard write(part, into: &parts) else { return whole }
            return .affineTransform(parts.transform)
        default:
            return whole
        }
    }

    /// This component of the 3-D transform `m` (``AnimatableValue/null`` for a component transforms lack). Works on
    /// the matrix directly, so no transform value is created.
    func value(ofTransform m: CATransform3D) -> AnimatableValue {
        guard applies(to: .transform) else { return .null }
        if m == CATransform3DIdentity {
            // The identity's parts are known: no rotation, unit scales, no translation.
            switch self {
            case .scale, .scaleXY, .scaleX, .scaleY, .scaleZ: return .number(1)
            case .translation: return .size(.zero)
            default: return .number(0)
            }
        }
        return read(TransformDecomposition(m))
    }

    /// `m` with this component replaced by `part`, or `nil` when transforms lack the component or `part` has the
    /// wrong kind.
    func replacing(inTransform m: CATransform3D, with part: AnimatableValue) -> CATransform3D? {
        guard applies(to: .transform) else { return nil }
        if m == CATransform3DIdentity, let direct = replacingInIdentity(with: part) { return direct }
        if case .number(let number) = part {
            var scaling = m
            if setInScaling(CGFloat(number), into: &scaling) { return scaling }
        }
        var parts = TransformDecomposition(m)
        guard write(part, into: &parts) else { return nil }
        return parts.transform
    }

    /// The identity with this component replaced, built directly (the common case of an animation on
    /// `transform.rotation.z` and friends over an untransformed layer): the same matrix the decomposition route
    /// gives, up to rounding, without its Euler-angle and quaternion round trip. `nil` for a wrong-kind `part`.
    private func replacingInIdentity(with part: AnimatableValue) -> CATransform3D? {
        if case .size(let s) = part, self == .translation {
            return CATransform3DMakeTranslation(s.width, s.height, 0)
        }
        guard case .number(let number) = part else { return nil }
        var m = CATransform3DIdentity
        guard setInIdentity(CGFloat(number), into: &m) else { return nil }
        return m
    }

    /// `replacing(inTransform:with: .number(number))` done in place on `m`, with no `AnimatableValue` and no
    /// optional matrix (the per-frame form for the number components). Returns false, leaving `m` unchanged, when
    /// transforms lack the component or it is not a number (`translation`).
    @inline(__always)
    func replace(inTransform m: inout CATransform3D, number: Double) -> Bool {
        guard applies(to: .transform) else { return false }
        if m == CATransform3DIdentity, setInIdentity(CGFloat(number), into: &m) { return true }
        if setInScaling(CGFloat(number), into: &m) { return true }
        var parts = TransformDecomposition(m)
        guard write(.number(number), into: &parts) else { return false }
        m = parts.transform
        return true
    }

    /// Sets this number component of `m` in place when `m` only scales by positive factors and moves (such as the
    /// matrix an animation of `transform.scale.x` leaves for the layer's next component animation, which is how
    /// lottie-ios animates every layer's transform): the same matrix the decomposition route gives, up to
    /// rounding, without its Gram–Schmidt and quaternion round trip. Such a matrix decomposes to its diagonal as
    /// the scales, its last row as the translation and no rotation, shear or perspective, so a scale or translation
    /// is set directly and a rotation about z multiplies the rotation's rows by the scales (Scale × Rotation). False,
    /// leaving `m` alone, for any other matrix and for the rotations about x and y.
    @inline(__always)
    private func setInScaling(_ v: CGFloat, into m: inout CATransform3D) -> Bool {
        guard m.m12 == 0, m.m13 == 0, m.m14 == 0, m.m21 == 0, m.m23 == 0, m.m24 == 0, m.m31 == 0, m.m32 == 0,
            m.m34 == 0, m.m44 == 1, m.m11 > 0, m.m22 > 0, m.m33 > 0,
            m.m11 < .infinity, m.m22 < .infinity, m.m33 < .infinity,
            m.m41.isFinite, m.m42.isFinite, m.m43.isFinite
        else { return false }
        switch self {
        case .rotationZ:
            let r = CATransform3DMakeRotation(v, 0, 0, 1)
            (m.m11, m.m12, m.m21, m.m22) = (m.m11 * r.m11, m.m11 * r.m12, m.m22 * r.m21, m.m22 * r.m22)
        case .scale: (m.m11, m.m22, m.m33) = (v, v, v)
        case .scaleXY: (m.m11, m.m22) = (v, v)
        case .scaleX: m.m11 = v
        case .scaleY: m.m22 = v
        case .scaleZ: m.m33 = v
        case .translationX: m.m41 = v
        case .translationY: m.m42 = v
        case .translationZ: m.m43 = v
        default: return false
        }
        return true
    }

    /// Sets `m` to the identity with this number component set to `v`; false (leaving `m` alone) for the components
    /// without a direct form.
    @inline(__always)
    private func setInIdentity(_ v: CGFloat, into m: inout CATransform3D) -> Bool {
        switch self {
        case .rotationX: m = CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotationY: m = CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotationZ: m = CATransform3DMakeRotation(v, 0, 0, 1)
        case .scale: m = CATransform3DMakeScale(v, v, v)
        case .scaleXY: m = CATransform3DMakeScale(v, v, 1)
        case .scaleX: m = CATransform3DMakeScale(v, 1, 1)
        case .scaleY: m = CATransform3DMakeScale(1, v, 1)
        case .scaleZ: m = CATransform3DMakeScale(1, 1, v)
        case .translationX: m = CATransform3DMakeTranslation(v, 0, 0)
        case .translationY: m = CATransform3DMakeTranslation(0, v, 0)
        case .translationZ: m = CATransform3DMakeTranslation(0, 0, v)
        default: return false
        }
        return true
    }

    private func read(_ d: TransformDecomposition) -> AnimatableValue {
        switch self {
        case .rotationX: .number(Double(d.rotationX))
        case .rotationY: .number(Double(d.rotationY))
        case .rotationZ: .number(Double(d.rotationZ))
        case .scale: .number(Double((d.scaleX + d.scaleY + d.scaleZ) / 3))
        case .scaleXY: .number(Double((d.scaleX + d.scaleY) / 2))
        case .scaleX: .number(Double(d.scaleX))
        case .scaleY: .number(Double(d.scaleY))
        case .scaleZ: .number(Double(d.scaleZ))
        case .translation: .size(CGSize(width: d.translationX, height: d.translationY))
        case .translationX: .number(Double(d.translationX))
        case .translationY: .number(Double(d.translationY))
        case .translationZ: .number(Double(d.translationZ))
        default: .null
        }
    }

    private func read(_ d: AffineDecomposition) -> AnimatableValue {
        switch self {
        case .rotationZ: .number(Double(d.rotation))
        case .scale: .number(Double((d.scaleX + d.scaleY) / 2))
        case .scaleX: .number(Double(d.scaleX))
        case .scaleY: .number(Double(d.scaleY))
        case .translation: .size(CGSize(width: d.translationX, height: d.translationY))
        case .translationX: .number(Double(d.translationX))
        case .translationY: .number(Double(d.translationY))
        default: .null
        }
    }

    /// Writes `part` into `d`; false when `part` has the wrong kind.
    func write(_ part: AnimatableValue, into d: inout TransformDecomposition) -> Bool {
        if case .size(let s) = part, self == .translation {
            d.translationX = s.width
            d.translationY = s.height
            return true
        }
        guard case .number(let number) = part else { return false }
        let v = CGFloat(number)
        switch self {
        case .rotationX: d.rotationX = v
        case .rotationY: d.rotationY = v
        case .rotationZ: d.rotationZ = v
        case .scale: (d.scaleX, d.scaleY, d.scaleZ) = (v, v, v)
        case .scaleXY: (d.scaleX, d.scaleY) = (v, v)
        case .scaleX: d.scaleX = v
        case .scaleY: d.scaleY = v
        case .scaleZ: d.scaleZ = v
        case .translationX: d.translationX = v
        case .translationY: d.translationY = v
        case .translationZ: d.translationZ = v
        default: return false
        }
        return true
    }

    private func write(_ part: AnimatableValue, into d: inout AffineDecomposition) -> Bool {
        if case .size(let s) = part, self == .translation {
            d.translationX = s.width
            d.translationY = s.height
            return true
        }
        guard case .number(let number) = part else { return false }
        let v = CGFloat(number)
        switch self {
        case .rotationZ: d.rotation = v
        case .scale: (d.scaleX, d.scaleY) = (v, v)
        case .scaleX: d.scaleX = v
        case .scaleY: d.scaleY = v
        case .translationX: d.translationX = v
        case .translationY: d.translationY = v
        default: return false
        }
        return true
    }
}
