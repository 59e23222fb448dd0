import Foundation

// Constants that `import UIKit` or `import QuartzCore` bring on Apple platforms through the C headers they include
// (Apple API), and that Linux's C library or Dispatch do not export to Swift. Core Animation code uses them:
// `animation.repeatCount = HUGE` is the commonest spelling of "repeat for ever", and
// `DispatchTime.now() + Double(NSEC_PER_SEC) * 0.5` the classic delay.

/// The largest finite `Float`, 3.40282347 × 10³⁸ (`<math.h>`'s `HUGE`, defined as `MAXFLOAT`). Set as a
/// `repeatCount` it repeats an animation for as long as anyone will watch, as on Apple platforms.
public let HUGE: Float = .greatestFiniteMagnitude

/// The largest finite `Float`, 3.40282347 × 10³⁸ (`<math.h>`'s `MAXFLOAT`).
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// The largest finite `CGFloat` (`<CoreGraphics/CGBase.h>`'s `CGFLOAT_MAX`, defined as `DBL_MAX`): a `Double`, as
/// Swift imports the macro on Apple platforms; it converts to `CGFloat` where one is expected.
public let CGFLOAT_MAX: Double = .greatestFiniteMagnitude

/// Nanoseconds per second (Dispatch's `NSEC_PER_SEC`): 1,000,000,000.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000

/// Nanoseconds per millisecond (Dispatch's `NSEC_PER_MSEC`): 1,000,000.
public let NSEC_PER_MSEC: UInt64 = 1_000_000

/// Nanoseconds per microsecond (Dispatch's `NSEC_PER_USEC`): 1,000.
public let NSEC_PER_USEC: UInt64 = 1_000

/// Microseconds per second (Dispatch's `USEC_PER_SEC`): 1,000,000.
public let USEC_PER_SEC: UInt64 = 1_000_000
