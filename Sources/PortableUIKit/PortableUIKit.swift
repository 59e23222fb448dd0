// `import UIKit` on Apple platforms makes QuartzCore, CoreGraphics and Foundation visible; so does this module
// (PortableQuartzCore re-exports PortableCoreGraphics, which re-exports Foundation).
// PortableUIKit is the animation subset of UIKit (see the README): layer-backed `UIView`, `UIColor`, `UIImage`,
// `UIBezierPath`, every `UIView.animate…` / transition / keyframe / system / legacy animation API and
// `UIViewPropertyAnimator` with its timing parameters.
@_exported import PortableQuartzCore
