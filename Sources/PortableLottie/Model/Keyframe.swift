import Foundation

/// One keyframe of a Lottie property: a value at a composition frame, and how the value travels to the next
/// keyframe (our model of the format's keyframe object).
///
/// The easing and spatial tangents describe the segment that *starts* here, as the file stores them: `easeOut` is
/// the timing curve's first control point (`o`), `easeIn` its second (`i`), both in the unit square (x is the share
/// of the segment's time, y the share of its value change). Files that give one control point per dimension are
/// read by their first dimension, as lottie-ios reads them. The last keyframe's easing is unused.
public struct Keyframe<Value: Sendable>: Sendable {
    /// The frame, in the timeline of the layer that owns the property (before its start time and stretch apply).
    public let frame: Double
    /// The value at ``frame``.
    public let value: Value
    /// When true the value jumps: it stays ``value`` until the next keyframe, then takes that one's value.
    public let isHold: Bool
    /// The timing curve's first control point for the segment to the next keyframe; nil for linear timing.
    public let easeOut: CGPoint?
    /// The timing curve's second control point for the segment to the next keyframe; nil for linear timing.
    public let easeIn: CGPoint?
    /// For positions: the path's tangent leaving ``value`` towards the next keyframe's value (relative, `to`).
    public let spatialOut: CGPoint?
    /// For positions: the path's tangent arriving at the next keyframe's value (relative to it, `ti`).
    public let spatialIn: CGPoint?

    /// A keyframe; the easing and tangents default to none (linear, straight).
    public init(
        frame: Double, value: Value, isHold: Bool = false, easeOut: CGPoint? = nil, easeIn: CGPoint? = nil,
        spatialOut: CGPoint? = nil, spatialIn: CGPoint? = nil
    ) {
        self.frame = frame
        self.value = value
        self.isHold = isHold
        self.easeOut = easeOut
        self.easeIn = easeIn
        self.spatialOut = spatialOut
        self.spatialIn = spatialIn
    }

    /// The same timing with another value.
    func map<Other>(_ transform: (Value) -> Other) -> Keyframe<Other> {
        Keyframe<Other>(
            frame: frame, value: transform(value), isHold: isHold, easeOut: easeOut, easeIn: easeIn,
            spatialOut: spatialOut, spatialIn: spatialIn)
    }
}
