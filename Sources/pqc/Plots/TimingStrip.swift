import Foundation
import PortableQuartzCore

/// One timeline strip of `pqc timing`: a `CABasicAnimation` of a layer's colour with one set of `CAMediaTiming`
/// values, evaluated by the engine at any parent time.
///
/// The strip animates `backgroundColor` from `fromColor` (orange) to `toColor` (blue) on a layer whose model
/// colour is `modelColor` (light grey), so every phase is visible: grey where the animation shows nothing (not yet
/// started without a backwards fill, or removed after it ended), orange-to-blue where it shows. A second animation
/// with exactly the same timing drives `strokeEnd` from 0 to 1: its value is the strip's progress bar.
///
/// Nothing here computes timing: both animations are compiled by `CompiledAnimation` (the form the layer tree
/// evaluates every frame) and sampled through `AnimationTrack`. The only rule applied on top is the layer tree's
/// removal rule: once the active period is over, an animation with `isRemovedOnCompletion` is gone and the model
/// value shows, whatever its fill mode.
///
/// Parent time is the layer's local time, with the animation added at time 0; a `beginTime` of 1 therefore
/// plays the seed's `CACurrentMediaTime() + 1`.
struct TimingStrip {
    /// The timing values of one strip; anything left out keeps Apple's default.
    struct Configuration: Hashable {
        /// One cycle, in local seconds.
        var duration: Double
        /// When the animation starts, in parent seconds after it was added.
        var beginTime: Double = 0
        /// Whether the animation shows outside its active period.
        var fillMode: CAMediaTimingFillMode = .removed
        /// Whether the layer drops the animation when its active period is over.
        var isRemovedOnCompletion = true
        /// Whether each cycle plays forwards and then back.
        var autoreverses = false
        /// How many cycles (0 = one; fractions allowed).
        var repeatCount: Float = 0
        /// How long to repeat, in local seconds (0 = unused).
        var repeatDuration: Double = 0
        /// How fast local time runs relative to the parent.
        var speed: Float = 1
        /// A shift of local time, in local seconds.
        var timeOffset: Double = 0
        /// Extra words for the caption (for example why a configuration is shown); empty for none.
        var note = ""

        /// The configuration as a caption: every value that differs from Apple's default, in the order the seed
        /// names them, for example "duration 1.5, beginTime 1.0, fillMode backwards".
        var caption: String {
            var parts = ["duration \(Self.number(duration))"]
            if beginTime != 0 { parts.append("beginTime \(Self.number(beginTime))") }
            if fillMode != .removed { parts.append("fillMode \(fillMode.rawValue)") }
            if !isRemovedOnCompletion { parts.append("removedOnCompletion false") }
            if autoreverses { parts.append("autoreverses") }
            if repeatCount != 0 { parts.append("repeatCount \(Self.number(Double(repeatCount)))") }
            if repeatDuration != 0 { parts.append("repeatDuration \(Self.number(repeatDuration))") }
            if speed != 1 { parts.append("speed \(Self.number(Double(speed)))") }
            if timeOffset != 0 { parts.append("timeOffset \(Self.number(timeOffset))") }
            let text = parts.joined(separator: ", ")
            return note.isEmpty ? text : "\(text) — \(note)"
        }

        /// A number as the seed writes it: at least one decimal ("1.0", "1.5", "0.25").
        static func number(_ value: Double) -> String {
            if value.isFinite && value == value.rounded() { return String(format: "%.1f", value) }
            return String(format: "%g", value)
        }

        /// Sets these timing values on `animation`.
        func apply(to animation: CAAnimation) {
            animation.duration = duration
            animation.beginTime = beginTime
            animation.fillMode = fillMode
            animation.isRemovedOnCompletion = isRemovedOnCompletion
            animation.autoreverses = autoreverses
            animation.repeatCount = repeatCount
            animation.repeatDuration = repeatDuration
            animation.speed = speed
            animation.timeOffset = timeOffset
        }
    }

    /// What the strip shows at one parent time.
    struct Sample: Equatable {
        /// The layer's presentation colour: the animated colour, or the model colour when the animation shows
        /// nothing.
        var color: ColorComponents
        /// The animated `strokeEnd` (0…1), or `nil` when the animation shows nothing.
        var progress: Double?
        /// Where the time falls relative to the animation's active period.
        var phase: TimingPhase
    }

    /// The animation's start colour: orange (UIKit's `orange`, sRGB 1, 0.5, 0).
    static let fromColor = ColorComponents(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// The animation's end colour: blue (sRGB 0, 0, 1).
    static let toColor = ColorComponents(red: 0, green: 0, blue: 1, alpha: 1)
    /// The layer's own (model) colour, shown when the animation shows nothing: light grey.
    static let modelColor = ColorComponents(red: 0.86, green: 0.86, blue: 0.86, alpha: 1)

    /// The timing values drawn.
    let configuration: Configuration
    /// The colour animation, compiled (its timing also decides removal).
    private let colorAnimation: CompiledAnimation
    /// The progress animation, compiled.
    private let progressAnimation: CompiledAnimation

    /// A strip for `configuration`.
    init(_ configuration: Configuration) {
        self.configuration = configuration
        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.fromValue = Self.fromColor.cgColor
        color.toValue = Self.toColor.cgColor
        configuration.apply(to: color)
        let progress = CABasicAnimation(keyPath: "strokeEnd")
        progress.fromValue = 0.0
        progress.toValue = 1.0
        configuration.apply(to: progress)
        colorAnimation = CompiledAnimation(color)
        progressAnimation = CompiledAnimation(progress)
    }

    /// The animation's timing as the engine compiled it (duration defaults applied).
    var timing: TimingParameters { colorAnimation.timing }

    /// What the strip shows at `parentTime` seconds after the animation was added.
    func sample(atParentTime parentTime: Double) -> Sample {
        let phase = colorAnimation.timingSample(atParentTime: parentTime).phase
        let removed = colorAnimation.isRemovedOnCompletion && colorAnimation.hasFinished(atParentTime: parentTime)
        guard !removed else { return Sample(color: Self.modelColor, progress: nil, phase: phase) }

        let model = AnimatableValue.color(Self.modelColor)
        var color = Self.modelColor
        if let track = colorAnimation.tracks.first,
            case .color(let animated)? = track.evaluate(atParentTime: parentTime, model: model, current: model)
        {
            color = animated
        }
        var progress: Double?
        if let track = progressAnimation.tracks.first {
            let modelProgress = AnimatableValue.number(1)
            progress =
                track.evaluate(atParentTime: parentTime, model: modelProgress, current: modelProgress)?
                .doubleValue
        }
        return Sample(color: color, progress: progress, phase: phase)
    }
}
