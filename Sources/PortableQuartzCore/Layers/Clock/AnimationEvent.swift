import Foundation

/// A callback owed to an animation's delegate: its start, or its stop with the completion blocks that counted it
/// (our helper).
struct AnimationEvent {
    enum Kind {
        case start(CAAnimation)
        case stop(CAAnimation, finished: Bool, completions: [TransactionCompletion])
    }

    /// The media time the event belongs to; events of one delivery run in this order.
    let time: Double
    let kind: Kind
}
