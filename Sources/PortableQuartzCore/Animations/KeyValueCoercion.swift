import Foundation

// Key-value coding for animations. On Apple platforms this comes from NSObject; Foundation on Linux has no KVC, so
// the animation classes implement the part Core Animation code relies on: reading and writing properties by their
// Objective-C names, and storing any other key as an extra attribute. The methods live in the class bodies (without
// the Objective-C runtime, methods declared in extensions cannot be overridden); this file and
// AnimationPropertyValue.swift hold their helpers.

/// Reads the loosely typed values of key-value coding into the types the properties store (our helper).
enum KeyValueCoercion {
    /// A number of any of Swift's or Foundation's numeric types (and `Bool` as 0 or 1); `nil` otherwise.
    static func double(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: number
        case let number as Float: Double(number)
        case let number as CGFloat: Double(number)
        case let number as Int: Double(number)
        case let flag as Bool: flag ? 1 : 0
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }

    /// A flag: a `Bool`, or a number (non-zero is true); `nil` otherwise.
    static func bool(_ value: Any?) -> Bool? {
        if let flag = value as? Bool { return flag }
        return double(value).map { $0 != 0 }
    }

    /// A name: a `String` or any of the animation name types; `nil` otherwise.
    static func string(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let name as any RawRepresentable<String>: name.rawValue
        default: nil
        }
    }

    /// An array of numbers: `[NSNumber]`, or an array of any numeric type; `nil` when any element is not a number.
    static func numbers(_ value: Any?) -> [NSNumber]? {
        if let numbers = value as? [NSNumber] { return numbers }
        guard let array = value as? [Any] else { return nil }
        var result: [NSNumber] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let number = double(element) else { return nil }
            result.append(NSNumber(value: number))
        }
        return result
    }
}
