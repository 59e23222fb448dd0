import Foundation

extension CALayer {
    /// The model layer behind a presentation copy, nil for a model layer.
    final var presentationSource: CALayer? {
        LayerTreeLock.withLock { modelLayerStorage }
    }
}
