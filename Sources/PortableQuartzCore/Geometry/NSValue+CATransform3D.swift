import Foundation

// Linux Foundation's `NSValue(bytes:objCType:)` cannot describe structs (it traps on a "{…}" type encoding), so a
// transform is boxed in an NSValue subclass of our own that keeps the sixteen elements as a Swift value. The subclass
// answers `objCType`, `getValue(_:)`, equality, hashing, copying and keyed coding like a concrete NSValue would.

extension NSValue {
    /// A value object holding `t`; `caTransform3DValue` gives back exactly the same sixteen elements.
    ///
    /// Two such values are equal (`==`, `isEqual(_:)`) when their transforms are equal element by element, and
    /// equal values hash alike. `objCType` reports Apple's encoding, `{CATransform3D=dddddddddddddddd}`.
    public convenience init(caTransform3D t: CATransform3D) {
        self.init(replacingWith: { BoxedTransform3D(transform: t) as! Self })
    }

    /// The transform stored by `NSValue(caTransform3D:)`.
    ///
    /// A value that does not hold a transform (a number, a point, …) gives the all-zero matrix `CATransform3D()`
    /// rather than reinterpreting unrelated bytes, which is what Apple's implementation would do.
    public var caTransform3DValue: CATransform3D {
        (self as? BoxedTransform3D)?.transform ?? CATransform3D()
    }
}

/// Lets a convenience initializer of `NSValue` hand back an instance of a subclass, the same pattern Linux
/// Foundation uses for its own concrete values.
private protocol InstanceReplacing {}

extension InstanceReplacing {
    fileprivate init(replacingWith make: () -> Self) {
        self = make()
    }
}

extension NSValue: InstanceReplacing {}

/// The concrete `NSValue` behind `NSValue(caTransform3D:)`. Immutable after creation.
///
/// Internal rather than private: keyed archiving records the class by name, and Linux Foundation can only name
/// top-level classes that are visible outside their file.
final class BoxedTransform3D: NSValue, @unchecked Sendable {
    // `@unchecked`: the only stored property is an immutable `Sendable` value, so sharing across threads is safe.
    let transform: CATransform3D

    /// Keyed-coding keys, one per element, in row order.
    private static let elementKeys = [
        "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
        "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
    ]

    init(transform: CATransform3D) {
        self.transform = transform
        super.init()
    }

    /// Reads sixteen consecutive `CGFloat`s (the layout of Apple's struct) from `value`; `type` is not inspected.
    required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        self.init(transform: value.loadUnaligned(as: CATransform3D.self))
    }

    required convenience init?(coder: NSCoder) {
        guard coder.allowsKeyedCoding else { return nil }
        var elements: [CGFloat] = []
        elements.reserveCapacity(16)
        for key in Self.elementKeys {
            guard coder.containsValue(forKey: key) else { return nil }
            elements.append(CGFloat(coder.decodeDouble(forKey: key)))
        }
        self.init(transform: CATransform3D(elements: elements))
    }

    override func encode(with coder: NSCoder) {
        for (key, element) in zip(Self.elementKeys, transform.elements) {
            coder.encode(Double(element), forKey: key)
        }
    }

    override class var supportsSecureCoding: Bool { true }

    override func getValue(_ value: UnsafeMutableRawPointer) {
        value.storeBytes(of: transform, toByteOffset: 0, as: CATransform3D.self)
    }

    override var objCType: UnsafePointer<Int8> {
        // A string literal lives for the whole program and is NUL-terminated, as `objCType` requires.
        let encoding: StaticString = "{CATransform3D=dddddddddddddddd}"
        return UnsafeRawPointer(encoding.utf8Start).assumingMemoryBound(to: Int8.self)
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? BoxedTransform3D else { return false }
        return other.transform == transform
    }

    override var hash: Int { transform.hashValue }

    override var description: String {
        let rows = stride(from: 0, to: 16, by: 4).map { start in
            transform.elements[start..<start + 4].map { "\($0)" }.joined(separator: ", ")
        }
        return "CATransform3D: {{" + rows.joined(separator: "}, {") + "}}"
    }
}

extension CATransform3D {
    /// The sixteen elements in row order (`m11, m12, …, m44`).
    fileprivate var elements: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// A matrix from sixteen elements in row order; `elements` must hold exactly sixteen.
    fileprivate init(elements e: [CGFloat]) {
        precondition(e.count == 16, "a CATransform3D has sixteen elements")
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3],
            m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11],
            m41: e[12], m42: e[13], m43: e[14], m44: e[15]
        )
    }
}
