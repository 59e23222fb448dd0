import Foundation

/// One layer in a layer archive (our addition): its class, the model values that differ from Apple's defaults, its
/// timing, extra keys, sublayers, mask and attached animations.
///
/// In JSON:
///
/// ```json
/// {"class": "CAShapeLayer",
///  "properties": {"path": {"path": [{"move": [0, 0]}, {"line": [10, 0]}]}, "lineWidth": {"number": 2}},
///  "speed": 2,
///  "extraValues": {"tag": {"number": 7}},
///  "sublayers": [{"class": "CALayer"}],
///  "mask": {"class": "CALayer", "properties": {"bounds": {"rect": [0, 0, 10, 10]}}},
///  "animations": [{"class": "CABasicAnimation", "key": "draw", "keyPath": "strokeEnd", "toValue": {"number": 1}}]}
/// ```
///
/// * `properties` is keyed by Apple's KVC keys (`LayerProperty.key`: `"hidden"`, not `"isHidden"`; a gradient's
///   `"type"`), each value of the property's kind (`ArchivedValue`), `null` for a nil colour, path or image. A
///   scroll layer also lists `"scrollMode"` here as a string. Missing properties keep their defaults.
/// * The `CAMediaTiming` fields (``ArchivedTiming``) sit directly in the object; a layer's default duration is
///   infinity.
/// * `extraValues` holds the values stored with `setValue(_:forKey:)` under keys that name no property, when they
///   are numbers, flags or strings; others (objects, structs) are not archived.
/// * `animations` lists the animations attached under a key, in the order they were added (their evaluation
///   order). Animations added with a `nil` key cannot be read back from a layer and are not archived.
///
/// Not archived: the delegate, `actions`, `style`, a custom subclass's own stored properties, and an emitter
/// layer's `emitterCells`.
public struct ArchivedLayer: Equatable, Sendable {
    /// The layer's class name (`"CALayer"`, `"CAShapeLayer"`…), see ``ArchivedLayerClass``.
    public var className: String
    /// The model values that differ from the defaults, by KVC key.
    public var properties: [String: ArchivedValue]
    /// The `CAMediaTiming` values that differ from a layer's defaults.
    public var timing: ArchivedTiming
    /// Plain values stored under extra keys.
    public var extraValues: [String: ArchivedValue]?
    /// The sublayers, back to front.
    public var sublayers: [ArchivedLayer]?
    /// The animations attached under keys, in the order they were added (each with its ``ArchivedAnimation/key``).
    public var animations: [ArchivedAnimation]?
    /// The mask layer, kept in a list of at most one element because a struct cannot hold itself directly.
    private var maskStorage: [ArchivedLayer]

    /// The mask layer.
    public var mask: ArchivedLayer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// A layer of class `className` with everything at its defaults.
    public init(
        className: String, properties: [String: ArchivedValue] = [:], timing: ArchivedTiming = ArchivedTiming(),
        extraValues: [String: ArchivedValue]? = nil, sublayers: [ArchivedLayer]? = nil, mask: ArchivedLayer? = nil,
        animations: [ArchivedAnimation]? = nil
    ) {
        self.className = className
        self.properties = properties
        self.timing = timing
        self.extraValues = extraValues
        self.sublayers = sublayers
        self.animations = animations
        self.maskStorage = mask.map { [$0] } ?? []
    }
}

extension ArchivedLayer: Codable {
    private static let fields = ArchivedTiming.fields.union([
        "class", "properties", "extraValues", "sublayers", "mask", "animations",
    ])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ArchiveKey.self)
        try container.rejectUnknownFields(Self.fields)
        self.init(
            className: try container.decode(String.self, forKey: ArchiveKey("class")),
            properties: try container.optional([String: ArchivedValue].self, "properties") ?? [:],
            timing: try ArchivedTiming(from: container),
            extraValues: try container.optional([String: ArchivedValue].self, "extraValues"),
            sublayers: try container.optional([ArchivedLayer].self, "sublayers"),
            mask: try container.optional(ArchivedLayer.self, "mask"),
            animations: try container.optional([ArchivedAnimation].self, "animations"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ArchiveKey.self)
        try container.encode(className, forKey: ArchiveKey("class"))
        if !properties.isEmpty { try container.encode(properties, forKey: ArchiveKey("properties")) }
        try timing.encode(into: &container)
        try container.optional(extraValues, "extraValues")
        try container.optional(sublayers, "sublayers")
        try container.optional(mask, "mask")
        try container.optional(animations, "animations")
    }
}
