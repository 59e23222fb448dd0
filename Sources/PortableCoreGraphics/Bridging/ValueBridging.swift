import Foundation

// Casts between Core Graphics values and their Foundation objects, as Apple's Swift overlays provide them (our
// addition: Linux Foundation bridges numbers and strings but not these). With them, values read through key-value
// coding cast as they do on Apple platforms: `value(forKeyPath: "transform.rotation.z") as? CGFloat` on an
// `NSNumber`, `as? CGPoint` on an `NSValue` boxing a point, `as? NSValue` on a `CGRect`, `[NSNumber]` as
// `[CGFloat]`, a name read as `NSString` as its `CALayerContentsGravity`-style type.
//
// The conformances are to the standard library's bridging protocol, the one Swift's `as?` consults; Linux
// Foundation's own numbers and strings use it too.

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    /// An `NSNumber` holding the `Double` value.
    public func _bridgeToObjectiveC() -> NSNumber {
        NSNumber(value: Double(self))
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }

    /// Succeeds when `Double` would: the number is exactly representable (an integer beyond 2⁵³ is not), as
    /// Apple's overlay decides through `CGFloat`'s native `Double`.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        var double: Double?
        let succeeded = Double._conditionallyBridgeFromObjectiveC(source, result: &double)
        result = double.map { CGFloat($0) }
        return succeeded
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(Double._unconditionallyBridgeFromObjectiveC(source))
    }
}

/// A value type that travels in an `NSValue` of its own type encoding (our helper): it casts to `NSValue`, and an
/// `NSValue` of that encoding casts back to it. Any other `NSValue` (a size for a point) does not cast.
package protocol NSValueBridging: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
    /// The value in its box.
    var boxedInNSValue: NSValue { get }
    /// The value `box` holds, or nil when it holds another type.
    static func unboxed(from box: NSValue) -> Self?
    /// What a box of another type gives where a value must be produced: the zero value, as `NSValue`'s
    /// `cgPointValue` and friends answer here for a box of the wrong type.
    static var zeroForWrongBox: Self { get }
}

extension NSValueBridging {
    public func _bridgeToObjectiveC() -> NSValue {
        boxedInNSValue
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) {
        result = unboxed(from: source)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
        source.flatMap(unboxed(from:)) ?? zeroForWrongBox
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBridging {
    package var boxedInNSValue: NSValue { NSValue(cgPoint: self) }
    package static var zeroForWrongBox: CGPoint { .zero }

    package static func unboxed(from box: NSValue) -> CGPoint? {
        box.foundationBoxedStruct(CGPoint.self)
    }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBridging {
    package var boxedInNSValue: NSValue { NSValue(cgSize: self) }
    package static var zeroForWrongBox: CGSize { .zero }

    package static func unboxed(from box: NSValue) -> CGSize? {
        box.foundationBoxedStruct(CGSize.self)
    }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBridging {
    package var boxedInNSValue: NSValue { NSValue(cgRect: self) }
    package static var zeroForWrongBox: CGRect { .zero }

    package static func unboxed(from box: NSValue) -> CGRect? {
        box.foundationBoxedStruct(CGRect.self)
    }
}

extension CGAffineTransform: _ObjectiveCBridgeable, NSValueBridging {
    package var boxedInNSValue: NSValue { NSValue(cgAffineTransform: self) }
    package static var zeroForWrongBox: CGAffineTransform { CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }

    package static func unboxed(from box: NSValue) -> CGAffineTransform? {
        BoxedFloatsValue.fields(of: box, as: .affineTransform).map {
            CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5])
        }
    }
}

extension CGVector: _ObjectiveCBridgeable, NSValueBridging {
    package var boxedInNSValue: NSValue { NSValue(cgVector: self) }
    package static var zeroForWrongBox: CGVector { .zero }

    package static func unboxed(from box: NSValue) -> CGVector? {
        BoxedFloatsValue.fields(of: box, as: .vector).map { CGVector(dx: $0[0], dy: $0[1]) }
    }
}

/// One of Apple's string-backed names (`CALayerContentsGravity`, `CAMediaTimingFillMode`…), which on Apple
/// platforms are imported C string constants that bridge to `NSString` (our helper): such a name casts to `NSString`,
/// and an `NSString` (what key-value coding returns for names) casts to it.
package protocol NSStringBridgedName: RawRepresentable, _ObjectiveCBridgeable
where RawValue == String, _ObjectiveCType == NSString {
    init(rawValue: String)
}

extension NSStringBridgedName {
    public func _bridgeToObjectiveC() -> NSString {
        NSString(string: rawValue)
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
        result = Self(rawValue: String(source))
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?) -> Bool {
        result = Self(rawValue: String(source))
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
        Self(rawValue: source.map { String($0) } ?? "")
    }
}
