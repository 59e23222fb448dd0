import Foundation
import Synchronization

@testable import PortableQuartzCore

/// Records animation delegate callbacks and completion blocks with the media time they arrived at.
final class CallbackLog: CAAnimationDelegate, @unchecked Sendable {
    private let entries = Mutex<[String]>([])

    func record(_ entry: String) {
        let time = CACurrentMediaTime()
        entries.withLock { $0.append("\(entry)@\(Self.format(time))") }
    }

    var all: [String] {
        entries.withLock { $0 }
    }

    func animationDidStart(_ anim: CAAnimation) {
        record("start \(anim.value(forKey: "tag") as? String ?? "?")")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        record("stop \(anim.value(forKey: "tag") as? String ?? "?") \(flag)")
    }

    /// Times printed with up to three decimals, trailing zeros removed.
    static func format(_ time: Double) -> String {
        var text = String(format: "%.3f", time)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// A basic animation of `keyPath` from `from` to `to` over `duration` seconds, tagged for `CallbackLog`.
func basicAnimation(
    _ keyPath: String, from: Any?, to: Any?, duration: Double, tag: String = "a", delegate: CallbackLog? = nil
) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    animation.delegate = delegate
    animation.setValue(tag, forKey: "tag")
    return animation
}

/// A layer that has been committed (so it animates implicitly), made under the installed manual clock.
func committedLayer(_ clock: MediaClock) -> CALayer {
    let layer = CALayer()
    clock.advance(by: 0)
    return layer
}
