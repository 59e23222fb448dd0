import Dispatch
import Foundation

/// Runs main-actor work from any thread (our helper): the gallery renders seed 002's scenes of views there.
///
/// "The main actor" is the main queue. A program that never gives up its main thread (like `pqc`) runs main-actor
/// code on that thread; one that parks it in `dispatchMain()` (an `async` entry point, such as the test runner on
/// Linux) runs the main queue's work on another thread. Both count as being on the main actor here.
enum MainActorHop {
    /// Marks the main queue, so that work it runs on any thread can tell.
    private static let marker: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller is on the main actor: the main thread, or work of the main queue.
    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: marker) == true
    }

    /// Runs `body` on the main actor and returns its result: at once when the caller is on it, else on the main
    /// queue, waiting for it. The main queue must then be free to run (not waiting for the caller).
    static func run<Value: Sendable>(_ body: @MainActor () throws -> Value) rethrows -> Value {
        if isOnMainActor { return try MainActor.assumeIsolated(body) }
        return try DispatchQueue.main.sync { try MainActor.assumeIsolated(body) }
    }
}
