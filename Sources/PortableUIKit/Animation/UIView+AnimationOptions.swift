import Foundation

extension UIView {
    /// Options for the block-based view animations (Apple API; SPEC §11.1). The raw values are Apple's bit layout,
    /// so options stored or exchanged as numbers mean the same thing here.
    ///
    /// Bits 0–9 are flags. Three small fields hold enumerations: the curve (bits 16–18, `curveEaseInOut` is 0), the
    /// transition (bits 20–22, `transitionNone` is 0) and the preferred frame rate (bits 24–27). Combining two
    /// values of one field (`[.curveEaseIn, .curveEaseOut]`) ORs their bits, as in Objective-C, and gives whatever
    /// value those bits spell (here `curveLinear`).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Lay out the animated views' subviews inside the block, so layout changes animate with their parent.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Keep delivering touches to the animated views while they animate (default: they ignore touches).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start non-additive animations (alpha, colours) from the value on screen rather than the model value.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever (the animations get a repeat count of `Float.greatestFiniteMagnitude`).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Play each cycle forwards and then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration instead of its parent's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own curve instead of its parent's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Transitions redraw live content instead of animating snapshots (stored; the renderer decides).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:…)` hides and shows the views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block does not inherit its parent's kind of animation (a spring becomes a curve).
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Slow at both ends (`CAMediaTimingFunction` control points 0.42, 0, 0.58, 1). The default, value 0.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start (0.42, 0, 1, 1).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end (0, 0, 0.58, 1).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition (value 0).
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Flip around the vertical axis, the left edge coming towards the viewer (`"oglFlip"`, `fromLeft`).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Flip around the vertical axis the other way (`"oglFlip"`, `fromRight`).
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Curl the old content up from the bottom like a page (`"pageCurl"`).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Uncurl the new content down over the old (`"pageUnCurl"`).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross-fade old and new content (`"fade"`).
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Flip around the horizontal axis, the top edge coming towards the viewer (`"oglFlip"`, `fromTop`).
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Flip around the horizontal axis the other way (`"oglFlip"`, `fromBottom`).
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The display's own rate (value 0).
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// 60 frames per second.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// 30 frames per second.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve field (bits 16–18) as a curve.
        var curve: UIView.AnimationCurve {
            UIView.AnimationCurve(rawValue: Int((rawValue >> 16) & 0x7)) ?? .linear
        }

        /// The transition field (bits 20–22), 0 for none.
        var transitionField: UInt {
            (rawValue >> 20) & 0x7
        }

        /// The frame interval the frame-rate field (bits 24–27) asks for, in seconds: `(field + 1) / 240`, or 0
        /// for the display's own rate (SPEC §11.1: 3 ⇒ 1/60 s, 7 ⇒ 1/30 s).
        var preferredFrameInterval: Double {
            let field = (rawValue >> 24) & 0xF
            return field == 0 ? 0 : Double(field + 1) / 240
        }
    }

    /// Options for `animateKeyframes(withDuration:delay:options:animations:completion:)` (Apple API; SPEC §11.1):
    /// the flags of `AnimationOptions` that make sense for keyframes, at the same bits, and the way values are
    /// interpolated between keyframes in bits 10–12.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// See `AnimationOptions.layoutSubviews`.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// See `AnimationOptions.allowUserInteraction`.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// See `AnimationOptions.beginFromCurrentState`.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// See `AnimationOptions.repeat`.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// See `AnimationOptions.autoreverse`.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// See `AnimationOptions.overrideInheritedDuration`.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// See `AnimationOptions.overrideInheritedOptions`.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// Straight-line interpolation between keyframes at their times (value 0).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Jump from keyframe to keyframe.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Even speed over the whole animation; keyframe times are ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth spline through the keyframes.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth spline at even speed; keyframe times are ignored.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The calculation-mode field (bits 10–12) as Core Animation's mode; unknown values are linear.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        /// The same bits read as `AnimationOptions` (bits 0–9 and the frame-rate field mean the same in both).
        var animationOptions: AnimationOptions {
            AnimationOptions(rawValue: rawValue & ~(0x7 << 10))
        }
    }

    /// The four timing curves of view animations (Apple API). Raw values are Apple's.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        /// The Core Animation curve (SPEC §11.1).
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    /// The transitions of the legacy `setAnimationTransition(_:for:cache:)` (Apple API). Raw values are Apple's.
    public enum AnimationTransition: Int, Sendable {
        case none = 0
        case flipFromLeft = 1
        case flipFromRight = 2
        case curlUp = 3
        case curlDown = 4
    }

    /// The animations `perform(_:on:options:animations:completion:)` can play (Apple API; Objective-C
    /// `UISystemAnimation`).
    public enum SystemAnimation: UInt, Sendable {
        /// The views shrink and fade away, and leave their superviews when it ends.
        case delete = 0
    }
}
