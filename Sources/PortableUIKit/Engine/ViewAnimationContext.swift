import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The view-animation state of one thread (our helper): the animation blocks open on it, innermost last, the
/// keyframe being recorded, a `modifyAnimations` override and the stack of UIKit graphics contexts.
///
/// UIKit keeps this state for the main thread. Here it is per thread, because a view's layer asks its view for an
/// action from inside the layer's setter, on whatever thread set the property: the answer must come from the
/// blocks open on *that* thread, without assuming any actor. Main-actor code runs on one thread at a time, so for
/// views (which are main-actor objects) this is the same as UIKit's single state.
final class ViewAnimationContext {
    /// The open animation blocks (`animate…`, `transition…`, `beginAnimations`), outermost first.
    var blocks: [AnimationBlock] = []
    /// The keyframe window of the `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` call running
    /// now, as fractions of the keyframe block's duration; nil outside one.
    var keyframeWindow: (start: Double, length: Double)?
    /// The repeat count and autoreverse flag `modifyAnimations(withRepeatCount:autoreverses:animations:)` imposes
    /// on animations made while its closure runs.
    var repeatOverride: (count: Float, autoreverses: Bool)?
    /// Contexts pushed with `UIGraphicsPushContext(_:)` (and by views while they draw), innermost last.
    var graphicsContexts: [CGContext] = []

    /// The innermost open block.
    var current: AnimationBlock? { blocks.last }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ViewAnimationContext>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "PortableUIKit: cannot create the per-thread animation key (\(status))")
        return key
    }()

    /// The calling thread's context, created on first use and released when the thread ends.
    static var current: ViewAnimationContext {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ViewAnimationContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = ViewAnimationContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }
}

/// Runs `body` on the next turn: the next `advance` of the installed manual clock, or the next turn of the main
/// queue with the system clock (our helper; where UIKit calls completions whose block made no animation).
func runOnNextTurn(_ body: @escaping () -> Void) {
    // The action runs on this thread's clock or the main queue, the thread of the animation that scheduled it: the
    // closure is handed to "the next turn" of the same thread, never shared.
    let box = UncheckedSendableBox(body)
    if let clock = MediaClock.current {
        clock.schedule(at: clock.now) { box.value() }
    } else {
        DispatchQueue.main.async { box.value() }
    }
}
