import Foundation

/// The layer classes a layer archive names (our addition). A layer of a class you declared yourself is archived as
/// the nearest of these it inherits from (its own stored properties are not archived), the same rule
/// `presentation()` follows.
public enum ArchivedLayerClass: String, CaseIterable, Sendable {
    case layer = "CALayer"
    case shapeLayer = "CAShapeLayer"
    case textLayer = "CATextLayer"
    case gradientLayer = "CAGradientLayer"
    case replicatorLayer = "CAReplicatorLayer"
    case transformLayer = "CATransformLayer"
    case scrollLayer = "CAScrollLayer"
    case emitterLayer = "CAEmitterLayer"

    /// The nearest class of `layer` among the cases.
    public init(of layer: CALayer) {
        switch layer {
        case is CAShapeLayer: self = .shapeLayer
        case is CATextLayer: self = .textLayer
        case is CAGradientLayer: self = .gradientLayer
        case is CAReplicatorLayer: self = .replicatorLayer
        case is CATransformLayer: self = .transformLayer
        case is CAScrollLayer: self = .scrollLayer
        case is CAEmitterLayer: self = .emitterLayer
        default: self = .layer
        }
    }

    /// A new layer of this class with Apple's defaults; it joins the current transaction.
    func makeLayer() -> CALayer {
        switch self {
        case .layer: CALayer()
        case .shapeLayer: CAShapeLayer()
        case .textLayer: CATextLayer()
        case .gradientLayer: CAGradientLayer()
        case .replicatorLayer: CAReplicatorLayer()
        case .transformLayer: CATransformLayer()
        case .scrollLayer: CAScrollLayer()
        case .emitterLayer: CAEmitterLayer()
        }
    }

    /// The family of registered properties the class has (`LayerProperty.belongs(to:)`).
    var family: LayerProperty.Family {
        switch self {
        case .layer, .transformLayer, .scrollLayer: .layer
        case .shapeLayer: .shapeLayer
        case .textLayer: .textLayer
        case .gradientLayer: .gradientLayer
        case .replicatorLayer: .replicatorLayer
        case .emitterLayer: .emitterLayer
        }
    }

    /// The key of the one property a class keeps outside the registry and the archive lists with the others:
    /// a scroll layer's `scrollMode` (a string, default `"both"`).
    static let scrollModeKey = "scrollMode"
}
