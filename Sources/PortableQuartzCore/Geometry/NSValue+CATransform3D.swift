import Foundation
import PortableCoreGraphics

// Linux Foundation's `NSValue(bytes:objCType:)` cannot describe structs (it traps on a "{…}" type encoding), so a
// transform goes into the same concrete box PortableCoreGraphics uses for CGAffineTransform and CGVector, which
// answers `objCType` ({CATransform3D=dddddddddddddddd}), `getValue(_:)`, equality, hashing, copying and keyed coding.

extension NSValue {
    /// A value object holding `t`; `caTransform3DValue` gives back exactly the same sixteen elements.
    ///
    /// Two such values are equal (`==`, `isEqual(_:)`) when their transforms are equal element by element, and
    /// equal values hash alike. `objCType` reports Apple's encoding, `{CATransform3D=dddddddddddddddd}`.
    public convenience init(caTransform3D t: CATransform3D) {
        let elements = [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ]
        self.init(boxing: elements, as: .transform3D)
    }

    /// The transform stored by `NSValue(caTransform3D:)`.
    ///
    /// A value that does not hold a transform (a number, a point, …) gives the all-zero matrix `CATransform3D()`
    /// rather than reinterpreting unrelated bytes, which is what Apple's implementation would do.
    public var caTransform3DValue: CATransform3D {
        guard let e = BoxedFloatsValue.fields(of: self, as: .transform3D) else { return CATransform3D() }
        return CATransform3D(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}

/// `as? CATransform3D` on an `NSValue` boxing a transform and `as? NSValue` on a transform, as on Apple platforms
/// (see PortableCoreGraphics' `NSValueBridging`).
extension CATransform3D: _ObjectiveCBridgeable, NSValueBridging {
    package var boxedInNSValue: NSValue { NSValue(caTransform3D: self) }
    package static var zeroForWrongBox: CATransform3D { CATransform3D() }

    package static func unboxed(from box: NSValue) -> CATransform3D? {
        BoxedFloatsValue.fields(of: box, as: .transform3D) != nil ? box.caTransform3DValue : nil
    }
}
