import Foundation

/// The struct types whose `NSValue` boxes we make ourselves, with Apple's Objective-C type encodings.
///
/// Linux Foundation traps when asked to box a struct under a `{…}` encoding, so these go into `BoxedFloatsValue`
/// instead. Points, sizes and rectangles are not listed: Foundation boxes those itself.
package enum BoxedStructKind: Int, Sendable {
    case affineTransform
    case vector
    /// `CATransform3D` (declared in PortableQuartzCore, which boxes it through this type).
    case transform3D

    /// Apple's type encoding on 64-bit platforms, where `CGFloat` is a `Double`.
    package var encoding: StaticString {
        switch self {
        case .affineTransform: "{CGAffineTransform=dddddd}"
        case .vector: "{CGVector=dd}"
        case .transform3D: "{CATransform3D=dddddddddddddddd}"
        }
    }

    /// How many `CGFloat` fields the struct has.
    package var fieldCount: Int {
        switch self {
        case .affineTransform: 6
        case .vector: 2
        case .transform3D: 16
        }
    }

    /// The kind whose encoding is `encoding`, or nil.
    init?(encoding: String) {
        let all: [BoxedStructKind] = [.affineTransform, .vector, .transform3D]
        guard let kind = all.first(where: { $0.encoding.description == encoding }) else { return nil }
        self = kind
    }
}

/// A concrete `NSValue` holding a struct of `CGFloat` fields (see `BoxedStructKind`), immutable after creation.
///
/// It answers `objCType` with Apple's encoding, `getValue(_:)` with the fields laid out as Apple's struct, equality
/// and hashing by kind and fields (bit patterns aside: `-0 == 0`, NaN equals NaN so a value equals itself), copying
/// and keyed coding. Package access: the public face is `NSValue(cgAffineTransform:)`, `NSValue(cgVector:)` and
/// `NSValue(caTransform3D:)`. Not private, because keyed archiving names the class and Linux Foundation can only
/// find classes visible outside their file.
package final class BoxedFloatsValue: NSValue, @unchecked Sendable {
    // `@unchecked`: both stored properties are immutable Sendable values, so sharing across threads is safe.
    package let kind: BoxedStructKind
    /// Exactly `kind.fieldCount` fields, in the struct's declaration order.
    package let fields: [CGFloat]

    package init(kind: BoxedStructKind, fields: [CGFloat]) {
        precondition(fields.count == kind.fieldCount, "a \(kind.encoding) box needs \(kind.fieldCount) fields")
        self.kind = kind
        self.fields = fields
        super.init()
    }

    /// Reads the struct named by `type` (one of `BoxedStructKind`'s encodings) from `value`. Only reachable by
    /// constructing this package type directly; Foundation's own `NSValue(bytes:objCType:)` never calls it.
    package required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        guard let kind = BoxedStructKind(encoding: String(cString: type)) else {
            preconditionFailure("BoxedFloatsValue boxes only CGAffineTransform, CGVector and CATransform3D")
        }
        let fields = (0..<kind.fieldCount).map { value.loadUnaligned(fromByteOffset: $0 * 8, as: CGFloat.self) }
        self.init(kind: kind, fields: fields)
    }

    package required convenience init?(coder: NSCoder) {
        guard coder.allowsKeyedCoding, let kind = BoxedStructKind(rawValue: coder.decodeInteger(forKey: "kind")),
            let fields = coder.decodeObject(forKey: "fields") as? [Double], fields.count == kind.fieldCount
        else { return nil }
        self.init(kind: kind, fields: fields.map { CGFloat($0) })
    }

    package override func encode(with coder: NSCoder) {
        coder.encode(kind.rawValue, forKey: "kind")
        coder.encode(fields.map { Double($0) }, forKey: "fields")
    }

    package override class var supportsSecureCoding: Bool { true }

    package override func getValue(_ value: UnsafeMutableRawPointer) {
        for (index, field) in fields.enumerated() {
            value.storeBytes(of: field, toByteOffset: index * MemoryLayout<CGFloat>.stride, as: CGFloat.self)
        }
    }

    package override var objCType: UnsafePointer<Int8> {
        // A string literal lives for the whole program and is NUL-terminated, as `objCType` requires.
        UnsafeRawPointer(kind.encoding.utf8Start).assumingMemoryBound(to: Int8.self)
    }

    package override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? BoxedFloatsValue, other.kind == kind else { return false }
        return zip(fields, other.fields).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    package override var hash: Int {
        var hasher = Hasher()
        hasher.combine(kind)
        for field in fields { hasher.combine(field.isNaN ? .nan : field + 0) }
        return hasher.finalize()
    }

    /// Apple's format: the struct's name, then its fields in rows, e.g. `CGVector: {1.0, 2.0}` or
    /// `CATransform3D: {{1.0, 0.0, 0.0, 0.0}, …}`.
    package override var description: String {
        let (name, rowLength): (String, Int) =
            switch kind {
            case .affineTransform: ("CGAffineTransform", 2)
            case .vector: ("CGVector", 2)
            case .transform3D: ("CATransform3D", 4)
            }
        let rows = stride(from: 0, to: fields.count, by: rowLength).map { start in
            "{" + fields[start..<start + rowLength].map { "\($0)" }.joined(separator: ", ") + "}"
        }
        return "\(name): " + (rows.count == 1 ? rows[0] : "{" + rows.joined(separator: ", ") + "}")
    }

    /// The fields of `value` when it is a box of `kind`, otherwise nil.
    package static func fields(of value: NSValue, as kind: BoxedStructKind) -> [CGFloat]? {
        guard let box = value as? BoxedFloatsValue, box.kind == kind else { return nil }
        return box.fields
    }
}

/// Lets a convenience initializer of `NSValue` hand back an instance of a subclass, the pattern Linux Foundation
/// uses for its own concrete values.
package protocol InstanceReplacing {}

extension InstanceReplacing {
    package init(replacingWith make: () -> Self) {
        self = make()
    }
}

extension NSValue: InstanceReplacing {}

extension NSValue {
    /// A box of `fields` as the struct `kind`, returned as the receiver's type (always `NSValue` in practice).
    package convenience init(boxing fields: [CGFloat], as kind: BoxedStructKind) {
        self.init(replacingWith: { BoxedFloatsValue(kind: kind, fields: fields) as! Self })
    }
}
