import Foundation

/// An event passed to hit testing (Apple API, reduced to what hit testing needs: this package delivers no touches
/// itself). `hitTest(_:with:)` and `point(inside:with:)` accept nil or an event you make.
open class UIEvent: NSObject {
    /// The kinds of event (Apple API; raw values are Apple's).
    public enum EventType: Int, Sendable {
        case touches = 0
        case motion = 1
        case remoteControl = 2
        case presses = 3
        case scroll = 10
        case hover = 11
        case transform = 14
    }

    /// The kind of event. Default `.touches`.
    open var type: EventType

    /// When the event happened, in seconds of media time (`CACurrentMediaTime()` at creation by default).
    open var timestamp: TimeInterval

    /// An event of `type` at `timestamp` (our addition: UIKit creates events itself).
    public init(type: EventType = .touches, timestamp: TimeInterval = CACurrentMediaTime()) {
        self.type = type
        self.timestamp = timestamp
        super.init()
    }
}
