import Foundation

// Conversion between Apple's untyped values (`Any?` in `fromValue`, `values`, `setValue(_:forKey:)`) and
// `AnimatableValue`. Runs once, when an animation is attached or a value is set through KVC; never per frame.

extension AnimatableValue {
    /// Converts one of Apple's untyped values into a typed value of `kind`, or `nil` when it cannot.
    ///
    /// `nil`, `NSNull` and ``null`` convert to ``null`` whatever `kind` is (callers decide whether a property
    /// accepts it). Otherwise, per kind:
    /// * `.number`: any Swift integer or floating-point type (`Int`, `UInt8`, `Float`, `CGFloat`, `Double`…),
    ///   `NSNumber`, `Bool` (0 or 1), and a `RawRepresentable` whose raw value is a number (Apple's option sets).
    ///   NaN and infinities convert as they are; the animation engine deals with them downstream.
    /// * `.bool`: `Bool`, or any number (non-zero is true, NaN included).
    /// * `.point`, `.size`: the struct, an `NSValue` boxing it (`NSValue(cgPoint:)`…), or an array of 2 numbers
    ///   (`[0, 100]` as a point is `(0, 100)`; as a size `width` then `height`). A size also takes a point (or its
    ///   `NSValue`), x as the width, as Core Animation does: code animates and sets `transform.translation` with
    ///   points as it does `position`.
    /// * `.rect`: `CGRect`, its `NSValue`, or 4 numbers `[x, y, width, height]`.
    /// * `.color`: `CGColor` (converted to extended sRGB) or `ColorComponents`.
    /// * `.transform`: `CATransform3D`, `NSValue(caTransform3D:)`, 16 numbers in row order (`m11, m12, …, m44`),
    ///   and (our leniency, lossless) a `CGAffineTransform` or its `NSValue`, embedded as a flat 3-D transform.
    /// * `.affineTransform`: `CGAffineTransform`, its `NSValue`, 6 numbers `[a, b, c, d, tx, ty]`, or a
    ///   `CATransform3D` that is affine (`CATransform3DIsAffine`).
    /// * `.numbers`: an array of numbers, or a single number (a one-element array: the input of a one-argument
    ///   value function such as `rotateZ`).
    /// * `.colors`: an array whose elements are all `CGColor` or `ColorComponents`.
    /// * `.path`: `CGPath` (a `CGMutablePath` is copied, so later changes to it do not leak into the value).
    /// * `.image`: `CGImage`.
    /// * `.string`: `String`, `NSString`, `NSAttributedString` (its characters; attributes are dropped), and a
    ///   `RawRepresentable` whose raw value is a string (`CAShapeLayerFillRule`, `CALayerContentsGravity`…).
    /// An ``AnimatableValue`` passed in is accepted when it already has `kind` (a cross-fade counts as an image),
    /// or when it converts losslessly as above (a 2-D transform into `.transform`, a number into `.numbers`…).
    /// Anything else (a string as a point, 3 numbers as a rectangle, a `CGColor` as a number) gives `nil`.
    public init?(converting value: Any?, as kind: AnimatableValue.Kind) {
        if let direct = AnimatableValue.direct(value, as: kind) {
            self = direct
            return
        }
        guard let value = ValueConverter.unwrap(value), !(value is NSNull) else {
            self = .null
            return
        }
        if let typed = value as? AnimatableValue {
            if typed.kind == kind || typed.isNull {
                self = typed
                return
            }
            guard let converted = ValueConverter.convert(typed.appleValue as Any, as: kind) else { return nil }
            self = converted
            return
        }
        guard let converted = ValueConverter.convert(value, as: kind) else { return nil }
        self = converted
    }

    /// The value as Apple's API hands it out (what KVC getters on layers return), `nil` for ``null``.
    ///
    /// * numbers: `NSNumber` (a `Double` inside), as Apple's KVC boxes scalars. On Linux `as? Double` and
    ///   `as? NSNumber` always work on it, `as? Float` and `as? Int` only when the value is exactly representable
    ///   (Swift's bridging rule: 0.3 is not a `Float`), and `as? CGFloat` never, because Linux Foundation does not
    ///   bridge `NSNumber` to `CGFloat`.
    /// * booleans: `NSNumber` holding a `Bool` (`as? Bool` works).
    /// * points, sizes, rectangles, transforms: the Swift struct itself (`CGPoint`…, `CATransform3D`,
    ///   `CGAffineTransform`), not an `NSValue`: on Apple `as? CGPoint` works on both, on Linux only on the struct,
    ///   and Swift code reads these values with `as? CGPoint` far more often than through `NSValue`.
    /// * colours: a `CGColor` in sRGB when every component lies in 0…1, else in extended sRGB (see
    ///   ``ColorComponents/cgColor``); colour arrays: `[CGColor]`.
    /// * number arrays: `[NSNumber]`.
    /// * paths, images, strings: the `CGPath`, `CGImage`, `String`; a cross-fade: its dominant image (`to` from
    ///   fraction 0.5 on), the single image Apple's `contents` getter would have to report.
    public var appleValue: Any? {
        switch self {
        case .null: nil
        case .number(let value): NSNumber(value: value)
        case .point(let point): point
        case .size(let size): size
        case .rect(let rect): rect
        case .color(let color): color.cgColor
        case .transform(let transform): transform
        case .affineTransform(let transform): transform
        case .numbers(let numbers): numbers.map { NSNumber(value: $0) }
        case .colors(let colors): colors.map(\.cgColor)
        case .path(let path): path
        case .image(let image): image
        case .crossFade(let from, let to, let fraction): fraction >= 0.5 ? to : from
        case .bool(let flag): NSNumber(value: flag)
        case .string(let string): NSString(string: string)
        }
    }
}

extension AnimatableValue {
    /// `value` as a value of `kind` when it is the Swift type that kind holds (what most code and the Lottie builder
    /// pass): one cast, in place of unwrapping and testing for `NSNull` and ``AnimatableValue`` first; `nil`
    /// otherwise, for the general conversion. The results are those of `init(converting:as:)`.
    ///
    /// Generic so that code handing over values of a known type (PortableLottie's keyframes, through
    /// `TypedAnimationValues.keyframes(_:keyPath:keyTimes:)`) has each cast decided when it is compiled; called with
    /// an `Any?` it tests at run time.
    @inlinable
    package static func direct<Value>(_ value: Value, as kind: Kind) -> AnimatableValue? {
        switch kind {
        case .number: (value as? Double).map(AnimatableValue.number) ?? (value as? CGFloat).map { .number(Double($0)) }
        case .point: (value as? CGPoint).map(AnimatableValue.point)
        case .size: (value as? CGSize).map(AnimatableValue.size)
        case .rect: (value as? CGRect).map(AnimatableValue.rect)
        case .color: (value as? CGColor).map { .color(ColorComponents($0)) }
        case .transform: (value as? CATransform3D).map(AnimatableValue.transform)
        case .affineTransform: (value as? CGAffineTransform).map(AnimatableValue.affineTransform)
        case .path: (value as? CGPath).map { .path($0.copy() ?? $0) }
        case .image: (value as? CGImage).map(AnimatableValue.image)
        case .bool: (value as? Bool).map(AnimatableValue.bool)
        case .null, .numbers, .colors, .string: nil
        }
    }
}

/// The conversions behind `AnimatableValue.init(converting:as:)`. Internal helper.
enum ValueConverter {
    /// Removes any number of `Optional` layers hidden inside an `Any` (`[Any]` elements can be boxed optionals).
    static func unwrap(_ value: Any?) -> Any? {
        guard let value else { return nil }
        if let optional = value as? any OptionalUnwrapping { return unwrap(optional.unwrappedAny) }
        return value
    }

    static func convert(_ value: Any, as kind: AnimatableValue.Kind) -> AnimatableValue? {
        switch kind {
        case .null:
            return nil
        case .number:
            return number(value).map(AnimatableValue.number)
        case .bool:
            if let flag = value as? Bool { return .bool(flag) }
            return number(value).map { .bool($0 != 0) }
        case .point:
            if let point = value as? CGPoint { return .point(point) }
            if let point = unboxed(value, as: CGPoint.self) { return .point(point) }
            return numbers(value, count: 2).map { .point(CGPoint(x: $0[0], y: $0[1])) }
        case .size:
            if let size = value as? CGSize { return .size(size) }
            if let size = unboxed(value, as: CGSize.self) { return .size(size) }
            // Core Animation reads a size as two numbers whatever struct holds them: a point, as code passes for
            // `transform.translation` (issue 17 §2.12).
            if let point = value as? CGPoint { return .size(CGSize(width: point.x, height: point.y)) }
            return numbers(value, count: 2).map { .size(CGSize(width: $0[0], height: $0[1])) }
        case .rect:
            if let rect = value as? CGRect { return .rect(rect) }
            if let rect = unboxed(value, as: CGRect.self) { return .rect(rect) }
            return numbers(value, count: 4).map { .rect(CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])) }
        case .color:
            return color(value).map(AnimatableValue.color)
        case .transform:
            return transform(value).map(AnimatableValue.transform)
        case .affineTransform:
            return affineTransform(value).map(AnimatableValue.affineTransform)
        case .numbers:
            if let single = number(value) { return .numbers([single]) }
            return numbers(value, count: nil).map(AnimatableValue.numbers)
        case .colors:
            guard let array = value as? [Any] else { return nil }
            var colors: [ColorComponents] = []
            colors.reserveCapacity(array.count)
            for element in array {
                guard let unwrapped = unwrap(element), let converted = color(unwrapped) else { return nil }
                colors.append(converted)
            }
            return .colors(colors)
        case .path:
            guard let path = value as? CGPath else { return nil }
            return .path(path.copy() ?? path)
        case .image:
            guard let image = value as? CGImage else { return nil }
            return .image(image)
        case .string:
            return string(value).map(AnimatableValue.string)
        }
    }

    /// A scalar from any numeric representation; `nil` for everything else.
    static func number(_ value: Any) -> Double? {
        if let double = value as? Double { return double }
        if let float = value as? CGFloat { return Double(float) }
        if let float = value as? Float { return Double(float) }
        if let number = value as? NSNumber { return number.doubleValue }
        if let integer = value as? any BinaryInteger { return Double(integer) }
        if let float = value as? any BinaryFloatingPoint { return Double(float) }
        if let flag = value as? Bool { return flag ? 1 : 0 }
        if let raw = rawValue(of: value), !(raw is String) { return number(raw) }
        return nil
    }

    /// An array of numbers, of exactly `count` elements when `count` is given; `nil` if any element is not a
    /// number. A single string is never an array here.
    private static func numbers(_ value: Any, count: Int?) -> [Double]? {
        if let doubles = value as? [Double] { return count == nil || doubles.count == count ? doubles : nil }
        guard !(value is String), let array = value as? [Any] else { return nil }
        if let count, array.count != count { return nil }
        var result: [Double] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let unwrapped = unwrap(element), let number = number(unwrapped) else { return nil }
            result.append(number)
        }
        return result
    }

    /// The `T` an `NSValue` boxes, matched by the box's kind, never by `objCType` (which leaks on Linux).
    private static func unboxed<T: NSValueBridging>(_ value: Any, as type: T.Type) -> T? {
        (value as? NSValue).flatMap(T.unboxed(from:))
    }

    private static func color(_ value: Any) -> ColorComponents? {
        if let color = value as? CGColor { return ColorComponents(color) }
        if let components = value as? ColorComponents { return components }
        if case .color(let components)? = value as? AnimatableValue { return components }
        return nil
    }

    private static func affineTransform(_ value: Any) -> CGAffineTransform? {
        if let transform = value as? CGAffineTransform { return transform }
        if let transform = unboxed(value, as: CGAffineTransform.self) { return transform }
        if let transform = value as? CATransform3D {
            return CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : nil
        }
        if let transform = unboxed(value, as: CATransform3D.self) {
            return CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : nil
        }
        return numbers(value, count: 6).map {
            CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5])
        }
    }

    private static func transform(_ value: Any) -> CATransform3D? {
        if let transform = value as? CATransform3D { return transform }
        if let transform = unboxed(value, as: CATransform3D.self) { return transform }
        if let affine = value as? CGAffineTransform { return CATransform3DMakeAffineTransform(affine) }
        if let affine = unboxed(value, as: CGAffineTransform.self) { return CATransform3DMakeAffineTransform(affine) }
        return numbers(value, count: 16).map { e in
            CATransform3D(
                m11: e[0], m12: e[1], m13: e[2], m14: e[3],
                m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                m31: e[8], m32: e[9], m33: e[10], m34: e[11],
                m41: e[12], m42: e[13], m43: e[14], m44: e[15]
            )
        }
    }

    private static func string(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let attributed = value as? NSAttributedString { return attributed.string }
        if let raw = rawValue(of: value) as? String { return raw }
        return nil
    }

    /// The raw value of a `RawRepresentable` (Apple's string enums and option sets), `nil` for other values.
    private static func rawValue(of value: Any) -> Any? {
        guard let representable = value as? any RawRepresentable else { return nil }
        func open<T: RawRepresentable>(_ value: T) -> Any { value.rawValue }
        return open(representable)
    }
}

/// Lets `ValueConverter.unwrap` see through an `Optional` boxed in `Any`.
protocol OptionalUnwrapping {
    var unwrappedAny: Any? { get }
}

extension Optional: OptionalUnwrapping {
    var unwrappedAny: Any? { self.map { $0 as Any } }
}
