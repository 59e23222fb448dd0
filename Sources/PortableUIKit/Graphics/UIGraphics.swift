import Foundation

/// The current UIKit graphics context (Apple API): the innermost context pushed with `UIGraphicsPushContext(_:)`
/// on this thread, which is the view's bitmap context while `UIView.draw(_:)` runs; nil when none is pushed.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    ViewAnimationContext.current.graphicsContexts.last
}

/// Makes `context` the current UIKit graphics context of this thread until the matching
/// `UIGraphicsPopContext()` (Apple API).
public func UIGraphicsPushContext(_ context: CGContext) {
    ViewAnimationContext.current.graphicsContexts.append(context)
}

/// Restores the context that was current before the last `UIGraphicsPushContext(_:)` (Apple API). Nothing happens
/// when none is pushed.
public func UIGraphicsPopContext() {
    _ = ViewAnimationContext.current.graphicsContexts.popLast()
}
