import Foundation

/// An animation of one property through a sequence of values, or of a point along a path (Apple API).
///
/// **Keyframes.** `values` lists them (converted to the property's type when the animation is attached, like
/// `CABasicAnimation`'s values). A non-`nil` `path` replaces `values` for properties of two components (points,
/// and sizes with x as the width: `position`, `anchorPoint`, `transform.translation`, `bounds.size` …): its start
/// point and the end of every line, curve and close are the keyframes, and between them the point follows the
/// path's own segments (by the Bézier parameter, or by arc length in the paced modes). A move inside the path jumps
/// to the new point without taking time. On other properties the path is ignored.
///
/// **Timing.** The animation's `timingFunction` warps the whole cycle first; `keyTimes` (fractions of the
/// duration, one per keyframe) then say when each keyframe is reached, and `timingFunctions[i]` paces the segment
/// from keyframe `i` to `i + 1` (missing entries are linear). Without usable `keyTimes` the keyframes are evenly
/// spaced. Key times that do not fit are handled as follows:
///
/// * a count other than the mode needs (one per keyframe; `.discrete` also accepts one more), or any NaN: ignored;
/// * out of order: used raw, as Core Animation does: at each moment the first segment whose key times hold it
///   plays, so a segment whose times run backwards holds nothing;
/// * outside 0…1: used as given; before the first key time the first keyframe shows, after the last the last one.
///
/// **Calculation modes** (`calculationMode`): `.linear` (default) interpolates neighbours; `.discrete` holds
/// keyframe `i` from `keyTimes[i]` until the next key time (with one key time more than keyframes the last
/// keyframe holds until the last key time; otherwise it appears only at the end); `.paced` and `.cubicPaced`
/// ignore `keyTimes` and `timingFunctions` and move at constant speed (straight segments, or the cubic spline);
/// `.cubic` passes a Kochanek–Bartels spline through the keyframes using `tensionValues`, `continuityValues` and
/// `biasValues` (one per keyframe, missing ones 0, which gives a Catmull–Rom spline). Types that cannot be
/// combined linearly (transforms, paths, images, flags) use `.linear` in the cubic modes and `.paced` spacing is
/// measured between their values where a distance exists, otherwise even.
///
/// **Bad input.** Fewer than two values (and no usable path): the animation contributes nothing and the property
/// shows what lies underneath, as Core Animation's presentation does: its `applyForTime` writes a value only when
/// `values` holds at least two, in every mode, so a `.discrete` animation of one value and key times `[0, 1]` is
/// not shown either.
///
/// `rotationMode` turns the layer to follow the path's direction (see `CAAnimationRotationMode`); it has no effect
/// without a path.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values. Default `nil`.
    open var values: [Any]? {
        willSet { checkMutable("values") }
    }

    /// A path for a two-component property to follow; replaces `values` when set. The path is copied on
    /// assignment, so later changes to a mutable path do not reach the animation. Default `nil`.
    open var path: CGPath? {
        willSet { checkMutable("path") }
        didSet {
            if let path { self.path = path.copy() }
        }
    }

    /// When each keyframe is reached, as fractions of the duration (0…1, non-decreasing). Default `nil` (evenly
    /// spaced).
    open var keyTimes: [NSNumber]? {
        willSet { checkMutable("keyTimes") }
    }

    /// The pacing of each segment between keyframes (one fewer than keyframes). Default `nil` (linear).
    open var timingFunctions: [CAMediaTimingFunction]? {
        willSet { checkMutable("timingFunctions") }
    }

    /// How values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear {
        willSet { checkMutable("calculationMode") }
    }

    /// Kochanek–Bartels tension per keyframe for the cubic modes, nominally −1…1 (1 flattens the curve to zero
    /// tangents). Default `nil` (all 0).
    open var tensionValues: [NSNumber]? {
        willSet { checkMutable("tensionValues") }
    }

    /// Kochanek–Bartels continuity per keyframe for the cubic modes, nominally −1…1 (non-zero makes corners).
    /// Default `nil` (all 0).
    open var continuityValues: [NSNumber]? {
        willSet { checkMutable("continuityValues") }
    }

    /// Kochanek–Bartels bias per keyframe for the cubic modes, nominally −1…1 (positive leans the curve towards
    /// the previous keyframe's direction). Default `nil` (all 0).
    open var biasValues: [NSNumber]? {
        willSet { checkMutable("biasValues") }
    }

    /// Whether the layer turns to follow the path's direction. Default `nil` (no turning).
    open var rotationMode: CAAnimationRotationMode? {
        willSet { checkMutable("rotationMode") }
    }

    override func makeBlankCopy() -> CAAnimation {
        CAKeyframeAnimation()
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }

    override func propertyValue(forKey key: String) -> AnimationPropertyValue? {
        switch key {
        case "values": AnimationPropertyValue(value: values)
        case "path": AnimationPropertyValue(value: path)
        case "keyTimes": AnimationPropertyValue(value: keyTimes)
        case "timingFunctions": AnimationPropertyValue(value: timingFunctions)
        case "calculationMode": AnimationPropertyValue(value: calculationMode.rawValue)
        case "tensionValues": AnimationPropertyValue(value: tensionValues)
        case "continuityValues": AnimationPropertyValue(value: continuityValues)
        case "biasValues": AnimationPropertyValue(value: biasValues)
        case "rotationMode": AnimationPropertyValue(value: rotationMode?.rawValue)
        default: super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "values":
            if value == nil {
                values = nil
            } else if let array = value as? [Any] {
                values = array
            }
        case "path":
            if value == nil {
                path = nil
            } else if let newPath = value as? CGPath {
                path = newPath
            }
        case "keyTimes", "tensionValues", "continuityValues", "biasValues":
            let numbers = value == nil ? nil : KeyValueCoercion.numbers(value)
            guard value == nil || numbers != nil else { break }
            switch key {
            case "keyTimes": keyTimes = numbers
            case "tensionValues": tensionValues = numbers
            case "continuityValues": continuityValues = numbers
            default: biasValues = numbers
            }
        case "timingFunctions":
            if value == nil {
                timingFunctions = nil
            } else if let functions = value as? [CAMediaTimingFunction] {
                timingFunctions = functions
            }
        case "calculationMode":
            if let name = KeyValueCoercion.string(value) {
                calculationMode = CAAnimationCalculationMode(rawValue: name)
            }
        case "rotationMode":
            if value == nil {
                rotationMode = nil
            } else if let name = KeyValueCoercion.string(value) {
                rotationMode = CAAnimationRotationMode(rawValue: name)
            }
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
