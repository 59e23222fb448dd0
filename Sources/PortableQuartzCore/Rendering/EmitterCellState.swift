import Foundation

/// Every value of one `CAEmitterCell`, with Apple's defaults (our helper). The cell keeps one of these and reads and
/// writes it with `LayerTreeLock` held, so a renderer can take a consistent copy of a cell while another thread
/// configures it.
struct EmitterCellState {
    var name: String? = nil
    var isEnabled = true
    var birthRate: Float = 0
    var lifetime: Float = 0
    var lifetimeRange: Float = 0
    var emissionLatitude: CGFloat = 0
    var emissionLongitude: CGFloat = 0
    var emissionRange: CGFloat = 0
    var velocity: CGFloat = 0
    var velocityRange: CGFloat = 0
    var xAcceleration: CGFloat = 0
    var yAcceleration: CGFloat = 0
    var zAcceleration: CGFloat = 0
    var scale: CGFloat = 1
    var scaleRange: CGFloat = 0
    var scaleSpeed: CGFloat = 0
    var spin: CGFloat = 0
    var spinRange: CGFloat = 0
    var color: CGColor? = EmitterCellState.opaqueWhite
    var redRange: Float = 0
    var greenRange: Float = 0
    var blueRange: Float = 0
    var alphaRange: Float = 0
    var redSpeed: Float = 0
    var greenSpeed: Float = 0
    var blueSpeed: Float = 0
    var alphaSpeed: Float = 0
    var contents: Any? = nil
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var minificationFilter = "linear"
    var magnificationFilter = "linear"
    var minificationFilterBias: Float = 0
    /// The sub-cells (`CAEmitterCell`s, set only through `CAEmitterCell.emitterCells`).
    var emitterCells: [any EmitterCellSource]? = nil
    var style: [AnyHashable: Any]? = nil
    /// The `CAMediaTiming` values: a cell's duration is infinite by default (a peer's tests cross-checked on macOS,
    /// issue 17 §2.6), the rest the protocol's defaults (speed 1, fill mode `removed`).
    var timing = TimingParameters(duration: .infinity)
    /// Values stored with `setValue(_:forKey:)` under keys that name no property.
    var extraValues: [String: Any] = [:]

    /// Apple's default cell colour, made once.
    static let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// The `Float` property with KVC name `key`, if there is one.
    static func floatProperty(forKey key: String) -> WritableKeyPath<EmitterCellState, Float>? {
        switch key {
        case "birthRate": \.birthRate
        case "lifetime": \.lifetime
        case "lifetimeRange": \.lifetimeRange
        case "redRange": \.redRange
        case "greenRange": \.greenRange
        case "blueRange": \.blueRange
        case "alphaRange": \.alphaRange
        case "redSpeed": \.redSpeed
        case "greenSpeed": \.greenSpeed
        case "blueSpeed": \.blueSpeed
        case "alphaSpeed": \.alphaSpeed
        case "minificationFilterBias": \.minificationFilterBias
        case "speed": \.timing.speed
        case "repeatCount": \.timing.repeatCount
        default: nil
        }
    }

    /// The `CGFloat` property with KVC name `key`, if there is one.
    static func cgFloatProperty(forKey key: String) -> WritableKeyPath<EmitterCellState, CGFloat>? {
        switch key {
        case "emissionLatitude": \.emissionLatitude
        case "emissionLongitude": \.emissionLongitude
        case "emissionRange": \.emissionRange
        case "velocity": \.velocity
        case "velocityRange": \.velocityRange
        case "xAcceleration": \.xAcceleration
        case "yAcceleration": \.yAcceleration
        case "zAcceleration": \.zAcceleration
        case "scale": \.scale
        case "scaleRange": \.scaleRange
        case "scaleSpeed": \.scaleSpeed
        case "spin": \.spin
        case "spinRange": \.spinRange
        case "contentsScale": \.contentsScale
        default: nil
        }
    }

    /// The `CFTimeInterval` (`Double`) property with KVC name `key`, if there is one.
    static func timeProperty(forKey key: String) -> WritableKeyPath<EmitterCellState, Double>? {
        switch key {
        case "beginTime": \.timing.beginTime
        case "duration": \.timing.duration
        case "timeOffset": \.timing.timeOffset
        case "repeatDuration": \.timing.repeatDuration
        default: nil
        }
    }
}
