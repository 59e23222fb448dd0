import Foundation

/// One living particle of a `CAEmitterLayer` at one moment, ready to draw (our type; what `EmitterSimulation`
/// produces).
///
/// The particle is its cell's `contents` image, cut to `contentsRect`, drawn at its natural size (image pixels
/// divided by `contentsScale`, in points) times `scale`, rotated by `rotation` about its centre, centred on
/// `position`, with every channel of the image multiplied by `color`.
struct EmitterParticle: Sendable {
    /// Centre of the particle in the emitter layer's bounds space (points, y down as the layer draws).
    var position: CGPoint
    /// Depth of the centre in points along the layer's z axis (towards the viewer is positive).
    var zPosition: CGFloat
    /// Size factor: the cell's `scale` with its random spread and `scaleSpeed` growth, times the layer's `scale`.
    /// May be zero or negative (a negative scale mirrors the image, as a negative layer scale does).
    var scale: CGFloat
    /// Rotation in radians, turning +x towards +y (clockwise on screen in the layer's y-down space).
    var rotation: CGFloat
    /// Straight (not premultiplied) RGBA factors, each clamped to 0…1, that multiply the image's channels.
    var color: ColorComponents
    /// The image drawn (the cell's `contents`; particles of cells without an image are not produced).
    var contents: CGImage
    /// The part of `contents` drawn, in unit coordinates of the image (the cell's `contentsRect`).
    var contentsRect: CGRect
    /// Image pixels per point (the cell's `contentsScale`; values that are not positive and finite count as 1).
    var contentsScale: CGFloat
    /// Index of the particle's cell in ``EmitterSimulation/cells`` (for the cell's filters and name).
    var cellIndex: Int
    /// When the particle was born, in the emitter layer's local time (seconds).
    var birthTime: Double
    /// How long the particle has lived, in seconds: 0 ≤ `age` < `lifetime`.
    var age: Double
    /// How long the particle lives in all, in seconds (the cell's `lifetime` with its spread, times the layer's).
    var lifetime: Double
    /// Position in the order the simulation generated the particles: the tie-breaker for the sorted render modes.
    var ordinal: Int
}
