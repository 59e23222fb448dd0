import Foundation

/// One animation in a layer archive (our addition): its class and every property that differs from the class's
/// default. `nil` means "default" for every optional field.
///
/// In JSON an object with `"class"` and Apple's KVC names for the properties (`"removedOnCompletion"`,
/// `"additive"`, `"cumulative"`), the `CAMediaTiming` fields of ``ArchivedTiming`` side by side with the others, and
/// `"key"` for an animation attached to a layer:
///
/// ```json
/// {"class": "CABasicAnimation", "key": "fade", "keyPath": "opacity", "duration": 2,
///  "fromValue": {"number": 1}, "toValue": {"number": 0}, "timingFunction": "easeOut"}
/// ```
///
/// Values (`fromValue`, `toValue`, `byValue`, `values`) are ``ArchivedValue``s; a JSON `null` there is an explicit
/// `NSNull` (a `nil` colour, for example), while a missing field is "not set". Fields that the class does not have
/// (`values` on a basic animation) are rejected when the archive is turned into layers.
///
/// Not archived: the delegate, a transition's `filter` (Core Image filters are out of scope), and extra keys
/// (`setValue(_:forKey:)`) whose values are not numbers, flags or strings.
public struct ArchivedAnimation: Equatable, Sendable {
    /// The animation's class name (`"CABasicAnimation"`…), see ``ArchivedAnimationClass``.
    public var className: String
    /// The key the animation is attached under; `nil` for group members (and for keyless animations written by
    /// hand, which are added with a `nil` key).
    public var key: String?
    /// The `CAMediaTiming` values.
    public var timing = ArchivedTiming()
    /// The pacing curve; `nil` is linear pacing.
    public var timingFunction: ArchivedTimingFunction?
    /// `isRemovedOnCompletion` when it is not the default `true`.
    public var isRemovedOnCompletion: Bool?
    /// Values stored under keys that name no property, when they are numbers, flags or strings.
    public var extraValues: [String: ArchivedValue]?

    // CAPropertyAnimation
    /// The animated key path.
    public var keyPath: String?
    /// `isAdditive` when true.
    public var isAdditive: Bool?
    /// `isCumulative` when true.
    public var isCumulative: Bool?
    /// The value function's name (`"rotateZ"`…).
    public var valueFunction: String?

    // CABasicAnimation
    /// `fromValue`; ``ArchivedValue/null`` is an explicit `NSNull`.
    public var fromValue: ArchivedValue?
    /// `toValue`.
    public var toValue: ArchivedValue?
    /// `byValue`.
    public var byValue: ArchivedValue?

    // CASpringAnimation
    /// The spring's mass when not 1.
    public var mass: Double?
    /// The spring's stiffness when not 100.
    public var stiffness: Double?
    /// The spring's damping when not 10.
    public var damping: Double?
    /// The initial velocity when not 0.
    public var initialVelocity: Double?
    /// `allowsOverdamping` when true.
    public var allowsOverdamping: Bool?

    // CAKeyframeAnimation
    /// The keyframe values (``ArchivedValue/null`` entries are `NSNull`).
    public var values: [ArchivedValue]?
    /// The path the keyframes follow.
    public var path: [ArchivedPathElement]?
    /// The keyframe times, fractions of the duration.
    public var keyTimes: [Double]?
    /// The curve of each keyframe segment.
    public var timingFunctions: [ArchivedTimingFunction]?
    /// The calculation mode's name when not `"linear"`.
    public var calculationMode: String?
    /// The rotation mode's name (`"auto"`, `"autoReverse"`).
    public var rotationMode: String?
    /// The cubic modes' tension per keyframe.
    public var tensionValues: [Double]?
    /// The cubic modes' continuity per keyframe.
    public var continuityValues: [Double]?
    /// The cubic modes' bias per keyframe.
    public var biasValues: [Double]?

    // CAAnimationGroup
    /// The group's members, in order.
    public var animations: [ArchivedAnimation]?

    // CATransition
    /// The transition type's name when not `"fade"`.
    public var type: String?
    /// The transition subtype's name.
    public var subtype: String?
    /// `startProgress` when not 0.
    public var startProgress: Float?
    /// `endProgress` when not 1.
    public var endProgress: Float?

    /// An animation of class `className` with every property at its default.
    public init(className: String, key: String? = nil) {
        self.className = className
        self.key = key
    }

    /// The JSON fields present in this animation (besides `class`), for the check that each belongs to the class.
    var presentFields: [String] {
        let optionalFields: [(String, Bool)] = [
            ("key", key != nil), ("timingFunction", timingFunction != nil),
            ("removedOnCompletion", isRemovedOnCompletion != nil), ("extraValues", extraValues != nil),
            ("keyPath", keyPath != nil), ("additive", isAdditive != nil), ("cumulative", isCumulative != nil),
            ("valueFunction", valueFunction != nil), ("fromValue", fromValue != nil), ("toValue", toValue != nil),
            ("byValue", byValue != nil), ("mass", mass != nil), ("stiffness", stiffness != nil),
            ("damping", damping != nil), ("initialVelocity", initialVelocity != nil),
            ("allowsOverdamping", allowsOverdamping != nil), ("values", values != nil), ("path", path != nil),
            ("keyTimes", keyTimes != nil), ("timingFunctions", timingFunctions != nil),
            ("calculationMode", calculationMode != nil), ("rotationMode", rotationMode != nil),
            ("tensionValues", tensionValues != nil), ("continuityValues", continuityValues != nil),
            ("biasValues", biasValues != nil), ("animations", animations != nil), ("type", type != nil),
            ("subtype", subtype != nil), ("startProgress", startProgress != nil), ("endProgress", endProgress != nil),
        ]
        return optionalFields.filter(\.1).map(\.0)
    }
}

extension ArchivedAnimation: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ArchiveKey.self)
        let ownPath = ArchivePath.render(decoder.codingPath)
        let attachedKey = (try? container.optional(String.self, "key")) ?? nil
        do {
            try self.init(container: container)
        } catch let error as LayerArchiveError {
            throw Self.keyed(error, ownPath: ownPath, key: attachedKey)
        } catch let error as DecodingError {
            throw Self.keyed(LayerArchiveError(error), ownPath: ownPath, key: attachedKey)
        }
    }

    /// `error` with this animation's place in its layer's list (`animations[3]`) replaced by its key
    /// (`animations["spin"]`) when it has one.
    private static func keyed(_ error: LayerArchiveError, ownPath: String, key: String?) -> LayerArchiveError {
        guard let key, ownPath.hasSuffix("]"), let bracket = ownPath.lastIndex(of: "[") else { return error }
        return error.replacingPathPrefix(
            ownPath, with: ArchivePath.animation(String(ownPath[..<bracket]), key: key, index: 0))
    }

    private init(container c: KeyedDecodingContainer<ArchiveKey>) throws {
        try c.rejectUnknownFields(ArchivedAnimationClass.allFields)
        self.init(
            className: try c.decode(String.self, forKey: ArchiveKey("class")), key: try c.optional(String.self, "key"))
        timing = try ArchivedTiming(from: c)
        timingFunction = try c.optional(ArchivedTimingFunction.self, "timingFunction")
        isRemovedOnCompletion = try c.optional(Bool.self, "removedOnCompletion")
        extraValues = try c.optional([String: ArchivedValue].self, "extraValues")
        keyPath = try c.optional(String.self, "keyPath")
        isAdditive = try c.optional(Bool.self, "additive")
        isCumulative = try c.optional(Bool.self, "cumulative")
        valueFunction = try c.optional(String.self, "valueFunction")
        fromValue = try Self.value(c, "fromValue")
        toValue = try Self.value(c, "toValue")
        byValue = try Self.value(c, "byValue")
        mass = try c.optionalNumber(Double.self, "mass")
        stiffness = try c.optionalNumber(Double.self, "stiffness")
        damping = try c.optionalNumber(Double.self, "damping")
        initialVelocity = try c.optionalNumber(Double.self, "initialVelocity")
        allowsOverdamping = try c.optional(Bool.self, "allowsOverdamping")
        values = try c.optional([ArchivedValue].self, "values")
        path = try c.optional([ArchivedPathElement].self, "path")
        keyTimes = try c.optionalNumbers("keyTimes")
        timingFunctions = try c.optional([ArchivedTimingFunction].self, "timingFunctions")
        calculationMode = try c.optional(String.self, "calculationMode")
        rotationMode = try c.optional(String.self, "rotationMode")
        tensionValues = try c.optionalNumbers("tensionValues")
        continuityValues = try c.optionalNumbers("continuityValues")
        biasValues = try c.optionalNumbers("biasValues")
        animations = try c.optional([ArchivedAnimation].self, "animations")
        type = try c.optional(String.self, "type")
        subtype = try c.optional(String.self, "subtype")
        startProgress = try c.optionalNumber(Float.self, "startProgress")
        endProgress = try c.optionalNumber(Float.self, "endProgress")
    }

    /// A value field: absent is `nil`, JSON `null` is ``ArchivedValue/null``.
    private static func value(_ container: KeyedDecodingContainer<ArchiveKey>, _ name: String) throws -> ArchivedValue?
    {
        let key = ArchiveKey(name)
        guard container.contains(key) else { return nil }
        return try container.decode(ArchivedValue.self, forKey: key)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ArchiveKey.self)
        try c.encode(className, forKey: ArchiveKey("class"))
        try c.optional(key, "key")
        try timing.encode(into: &c)
        try c.optional(timingFunction, "timingFunction")
        try c.optional(isRemovedOnCompletion, "removedOnCompletion")
        try c.optional(extraValues, "extraValues")
        try c.optional(keyPath, "keyPath")
        try c.optional(isAdditive, "additive")
        try c.optional(isCumulative, "cumulative")
        try c.optional(valueFunction, "valueFunction")
        // Encoded explicitly so that `.null` is written as JSON null rather than dropped.
        for (value, name) in [(fromValue, "fromValue"), (toValue, "toValue"), (byValue, "byValue")] {
            if let value { try c.encode(value, forKey: ArchiveKey(name)) }
        }
        try c.optionalNumber(mass, "mass")
        try c.optionalNumber(stiffness, "stiffness")
        try c.optionalNumber(damping, "damping")
        try c.optionalNumber(initialVelocity, "initialVelocity")
        try c.optional(allowsOverdamping, "allowsOverdamping")
        try c.optional(values, "values")
        try c.optional(path, "path")
        try c.optionalNumbers(keyTimes, "keyTimes")
        try c.optional(timingFunctions, "timingFunctions")
        try c.optional(calculationMode, "calculationMode")
        try c.optional(rotationMode, "rotationMode")
        try c.optionalNumbers(tensionValues, "tensionValues")
        try c.optionalNumbers(continuityValues, "continuityValues")
        try c.optionalNumbers(biasValues, "biasValues")
        try c.optional(animations, "animations")
        try c.optional(type, "type")
        try c.optional(subtype, "subtype")
        try c.optionalNumber(startProgress, "startProgress")
        try c.optionalNumber(endProgress, "endProgress")
    }
}
