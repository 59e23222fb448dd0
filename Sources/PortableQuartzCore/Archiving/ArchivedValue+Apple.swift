import Foundation

// Conversion between archived values and the untyped values of Apple's API: an animation's `fromValue`, `values`
// and so on, and the extra keys stored with `setValue(_:forKey:)`.

extension ArchivedValue {
    /// The archived form of an untyped animation value, or `nil` when it has none.
    ///
    /// `nil` and `NSNull` become ``null``. Otherwise the value is converted as `kind` first (the kind at the
    /// animation's key path, so `[0, 100]` for `"position"` is archived as a point); when that fails, or no kind is
    /// given, the first kind that accepts it is used: for a list, numbers then colours; for anything else a
    /// number, point, size, rect, 3-D transform, 2-D transform, colour, path, image, then string (see
    /// `AnimatableValue(converting:as:)` for what each accepts). Values no kind accepts (arbitrary objects) give
    /// `nil`.
    init?(appleValue value: Any?, preferring kind: AnimatableValue.Kind?) {
        if let kind, let converted = AnimatableValue(converting: value, as: kind) {
            self.init(converted)
            return
        }
        let candidates: [AnimatableValue.Kind] =
            value is [Any]
            ? [.numbers, .colors]
            : [.number, .point, .size, .rect, .transform, .affineTransform, .color, .path, .image, .string]
        for candidate in candidates {
            if let converted = AnimatableValue(converting: value, as: candidate) {
                self.init(converted)
                return
            }
        }
        return nil
    }

    /// The archived form of a plain extra value: a number (``number(_:)``), a flag (``bool(_:)``: a Swift `Bool`
    /// or a boolean `NSNumber`) or a string (``string(_:)``). Anything else gives `nil`: extra keys holding other
    /// values are not archived.
    init?(plainValue value: Any) {
        if let string = value as? String {
            self = .string(string)
        } else if let number = value as? NSNumber {
            // Swift's `Bool` and `NSNumber(value: Bool)` both report the Objective-C type "c".
            let isFlag = String(cString: number.objCType) == "c" && (number.int8Value == 0 || number.int8Value == 1)
            self = isFlag ? .bool(number.boolValue) : .number(number.doubleValue)
        } else if let number = ValueConverter.number(value) {
            self = .number(number)
        } else {
            return nil
        }
    }

    /// Whether the value is one ``init(plainValue:)`` makes: a number, a flag or a string.
    var isPlain: Bool {
        switch self {
        case .number, .bool, .string: true
        default: false
        }
    }

    /// The value as Apple's API takes it (see `AnimatableValue.appleValue`), with ``null`` as `NSNull` so that an
    /// explicit null survives in `fromValue` and in keyframe lists. Throws at `path` when an image cannot be made.
    func appleValue(at path: String) throws -> Any {
        try animatableValue(at: path).appleValue ?? NSNull()
    }
}
