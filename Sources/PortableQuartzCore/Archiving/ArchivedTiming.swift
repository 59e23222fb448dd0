import Foundation

/// The `CAMediaTiming` values of an archived layer or animation (our addition). Each is `nil` when the object has
/// its default (see ``init(_:defaultDuration:)``), so an archive lists only what was set.
///
/// In JSON the fields sit directly in the layer or animation object, under Apple's property names: `beginTime`,
/// `duration`, `speed`, `timeOffset`, `repeatCount`, `repeatDuration`, `autoreverses`, `fillMode`. Times are
/// seconds; `speed` and `repeatCount` are `Float`s as in Apple's API; infinities are written `"inf"`.
public struct ArchivedTiming: Equatable, Sendable {
    /// When the object starts, in its parent's time (seconds).
    public var beginTime: Double?
    /// One cycle's length in seconds.
    public var duration: Double?
    /// The rate of local time relative to the parent's.
    public var speed: Float?
    /// The shift added to local time (seconds).
    public var timeOffset: Double?
    /// How many cycles to play.
    public var repeatCount: Float?
    /// How long to repeat, in local seconds.
    public var repeatDuration: Double?
    /// Whether each cycle plays forwards then backwards.
    public var autoreverses: Bool?
    /// The fill mode's name (`"forwards"`…); any name is kept, unknown ones behave like `"removed"`.
    public var fillMode: String?

    /// Timing with every value at its default.
    public init() {}

    /// The values of `object` that differ from the defaults: beginTime 0, duration `defaultDuration` (infinity for
    /// layers, 0 for animations), speed 1, timeOffset 0, repeatCount 0, repeatDuration 0, autoreverses false,
    /// fillMode `removed`. NaN never equals a default, so it is always listed.
    public init(_ object: some CAMediaTiming, defaultDuration: Double) {
        func differing<Value: Equatable>(_ value: Value, _ defaultValue: Value) -> Value? {
            value == defaultValue ? nil : value
        }
        beginTime = differing(object.beginTime, 0)
        duration = differing(object.duration, defaultDuration)
        speed = differing(object.speed, 1)
        timeOffset = differing(object.timeOffset, 0)
        repeatCount = differing(object.repeatCount, 0)
        repeatDuration = differing(object.repeatDuration, 0)
        autoreverses = differing(object.autoreverses, false)
        fillMode = differing(object.fillMode.rawValue, CAMediaTimingFillMode.removed.rawValue)
    }

    /// Sets the listed values on `object`; the others are left as they are.
    public func apply(to object: some CAMediaTiming) {
        if let beginTime { object.beginTime = beginTime }
        if let duration { object.duration = duration }
        if let speed { object.speed = speed }
        if let timeOffset { object.timeOffset = timeOffset }
        if let repeatCount { object.repeatCount = repeatCount }
        if let repeatDuration { object.repeatDuration = repeatDuration }
        if let autoreverses { object.autoreverses = autoreverses }
        if let fillMode { object.fillMode = CAMediaTimingFillMode(rawValue: fillMode) }
    }

    /// The JSON field names, for the unknown-field check of the objects that hold them.
    static let fields: Set<String> = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]

    /// Reads the fields from the object `container` belongs to.
    init(from container: KeyedDecodingContainer<ArchiveKey>) throws {
        beginTime = try container.optionalNumber(Double.self, "beginTime")
        duration = try container.optionalNumber(Double.self, "duration")
        speed = try container.optionalNumber(Float.self, "speed")
        timeOffset = try container.optionalNumber(Double.self, "timeOffset")
        repeatCount = try container.optionalNumber(Float.self, "repeatCount")
        repeatDuration = try container.optionalNumber(Double.self, "repeatDuration")
        autoreverses = try container.optional(Bool.self, "autoreverses")
        fillMode = try container.optional(String.self, "fillMode")
    }

    /// Writes the listed fields into the object `container` belongs to.
    func encode(into container: inout KeyedEncodingContainer<ArchiveKey>) throws {
        try container.optionalNumber(beginTime, "beginTime")
        try container.optionalNumber(duration, "duration")
        try container.optionalNumber(speed, "speed")
        try container.optionalNumber(timeOffset, "timeOffset")
        try container.optionalNumber(repeatCount, "repeatCount")
        try container.optionalNumber(repeatDuration, "repeatDuration")
        try container.optional(autoreverses, "autoreverses")
        try container.optional(fillMode, "fillMode")
    }
}
