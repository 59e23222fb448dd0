import Foundation
import PortableQuartzCore

/// Makes backing layers from a `layerClass` (our helper).
enum BackingLayerFactory {
    private static let warned = LockedValue<Set<ObjectIdentifier>>([])

    /// An instance of `layerClass`, or of its nearest ancestor that can be created; a `CALayer` for a class that
    /// is not a layer class at all.
    ///
    /// The classes are tested most derived first ("this class or a subclass of it"), so a subclass of
    /// `CAShapeLayer` gets a `CAShapeLayer`, not a `CALayer`.
    static func makeLayer(of layerClass: AnyClass) -> CALayer {
        let (layer, exact): (CALayer, AnyClass) =
            if layerClass is CAShapeLayer.Type {
                (CAShapeLayer(), CAShapeLayer.self)
            } else if layerClass is CAGradientLayer.Type {
                (CAGradientLayer(), CAGradientLayer.self)
            } else if layerClass is CATextLayer.Type {
                (CATextLayer(), CATextLayer.self)
            } else if layerClass is CAReplicatorLayer.Type {
                (CAReplicatorLayer(), CAReplicatorLayer.self)
            } else if layerClass is CAEmitterLayer.Type {
                (CAEmitterLayer(), CAEmitterLayer.self)
            } else if layerClass is CAScrollLayer.Type {
                (CAScrollLayer(), CAScrollLayer.self)
            } else if layerClass is CATransformLayer.Type {
                (CATransformLayer(), CATransformLayer.self)
            } else {
                (CALayer(), CALayer.self)
            }
        if exact != layerClass { warnOnce(layerClass, using: exact) }
        return layer
    }

    private static func warnOnce(_ requested: AnyClass, using actual: AnyClass) {
        let isNew = warned.withLock { $0.insert(ObjectIdentifier(requested)).inserted }
        guard isNew else { return }
        let message =
            "PortableUIKit: views with layerClass \(requested) are backed by a \(actual); override "
            + "makeBackingLayer() to create \(requested) itself\n"
        FileHandle.standardError.write(Data(message.utf8))
    }
}
