// `import UIKit` on Apple platforms makes QuartzCore, CoreGraphics and Foundation visible; so does this module
// (PortableQuartzCore re-exports PortableCoreGraphics, which re-exports Foundation).
// PortableUIKit is the animation subset of UIKit (see the README); its views arrive with the UIKit issue.
@_exported import PortableQuartzCore
