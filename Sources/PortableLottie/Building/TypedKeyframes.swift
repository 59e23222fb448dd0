import Foundation
import PortableQuartzCore

/// The values of a keyframe animation PortableLottie builds, handed to Core Animation already converted (our own
/// helper): `CALayer.add(ownedAnimation:forKey:typed:)` then skips converting each `Any` of the animation's
/// `values` and `keyTimes`, which was most of the cost of attaching a sampled animation (hundreds of values).
enum TypedKeyframes {
    /// `values` as `AnimatableValue(converting:as:)` converts them for `keyPath`, with `keyTimes`; `nil` when the
    /// key path does not parse or a value is not of the one Swift type its kind is converted from here (numbers
    /// as `Double`, `CGPoint`, `CGSize`, `CGColor`, `CATransform3D`, `CGPath`): such animations are converted from
    /// their own values, as any other.
    static func values<Output>(_ values: [Output], keyPath: String, keyTimes: [Double]?) -> TypedAnimationValues? {
        guard let path = PropertyPath(keyPath: keyPath) else { return nil }
        var converted: [AnimatableValue] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let typed = animatable(value), typed.kind == path.kind else { return nil }
            converted.append(typed)
        }
        return TypedAnimationValues(path: path, values: converted, keyTimes: keyTimes)
    }

    /// `value` as the conversion for its kind reads it (a path is copied, as there), or `nil` for other types.
    /// Specialized for each output type, so each test is decided when compiling.
    @inline(__always)
    static func animatable<Output>(_ value: Output) -> AnimatableValue? {
        if let number = value as? Double { return .number(number) }
        if let point = value as? CGPoint { return .point(point) }
        if let size = value as? CGSize { return .size(size) }
        if let color = value as? CGColor { return .color(ColorComponents(color)) }
        if let transform = value as? CATransform3D { return .transform(transform) }
        if let path = value as? CGPath { return .path(path.copy() ?? path) }
        return nil
    }
}
