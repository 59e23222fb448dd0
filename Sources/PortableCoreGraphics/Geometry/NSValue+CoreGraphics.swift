import Foundation

/// Boxing CoreGraphics values in `NSValue`, with Apple's names, on top of Linux Foundation.
///
/// Points, sizes and rectangles use Foundation's own boxes (`NSValue(point:)` and friends), so they compare equal
/// to values boxed that way and keep Apple's type encodings (`{CGPoint=dd}`, `{CGSize=dd}`,
/// `{CGRect={CGPoint=dd}{CGSize=dd}}`).
///
/// Linux Foundation cannot box a struct under a struct type encoding, so transforms and vectors go into our own
/// concrete box (`BoxedFloatsValue`), which reports Apple's encodings `{CGAffineTransform=dddddd}` and
/// `{CGVector=dd}` and reads back every field bit for bit.
///
/// Reading the wrong kind (for example ``cgSizeValue`` on a boxed point) returns the zero value of the requested
/// type (for a transform, all six fields 0, not the identity) instead of reinterpreting bytes or trapping, which
/// Linux Foundation's `sizeValue` would do.
extension NSValue {
    /// The struct inside one of Linux Foundation's own boxes (`NSValue(point:)`, `(size:)`, `(rect:)`) when it is a
    /// `T`, or nil.
    ///
    /// Read by reflection rather than by comparing `objCType`: Linux Foundation's boxes build a new C string for
    /// every `objCType` call and never free it (13–33 bytes each), so a program converting many boxed values through
    /// `objCType` would leak without bound. The box keeps the struct in one stored property; `NSValueTests` checks
    /// that each kind is still found this way, so a change in Foundation's layout shows up as a failing test.
    package func foundationBoxedStruct<T>(_ type: T.Type) -> T? {
        guard !(self is BoxedFloatsValue), !(self is NSNumber) else { return nil }
        for child in Mirror(reflecting: self).children {
            if let value = child.value as? T { return value }
        }
        return nil
    }

    /// Boxes a point.
    public convenience init(cgPoint point: CGPoint) {
        self.init(point: point)
    }

    /// Boxes a size.
    public convenience init(cgSize size: CGSize) {
        self.init(size: size)
    }

    /// Boxes a rectangle, stored as given (not standardized).
    public convenience init(cgRect rect: CGRect) {
        self.init(rect: rect)
    }

    /// Boxes an affine transform (fields `a, b, c, d, tx, ty`).
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let fields = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        self.init(boxing: fields, as: .affineTransform)
    }

    /// Boxes a vector (fields `dx, dy`).
    public convenience init(cgVector vector: CGVector) {
        self.init(boxing: [vector.dx, vector.dy], as: .vector)
    }

    /// The boxed point, or `.zero` when the value is not a point.
    public var cgPointValue: CGPoint {
        foundationBoxedStruct(CGPoint.self) ?? .zero
    }

    /// The boxed size, or `.zero` when the value is not a size.
    public var cgSizeValue: CGSize {
        foundationBoxedStruct(CGSize.self) ?? .zero
    }

    /// The boxed rectangle, or `.zero` when the value is not a rectangle.
    public var cgRectValue: CGRect {
        foundationBoxedStruct(CGRect.self) ?? .zero
    }

    /// The boxed transform, or a transform with all six fields 0 when the value is not a transform.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let fields = BoxedFloatsValue.fields(of: self, as: .affineTransform) else {
            return CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        }
        return CGAffineTransform(a: fields[0], b: fields[1], c: fields[2], d: fields[3], tx: fields[4], ty: fields[5])
    }

    /// The boxed vector, or `.zero` when the value is not a vector.
    public var cgVectorValue: CGVector {
        guard let fields = BoxedFloatsValue.fields(of: self, as: .vector) else { return .zero }
        return CGVector(dx: fields[0], dy: fields[1])
    }
}
