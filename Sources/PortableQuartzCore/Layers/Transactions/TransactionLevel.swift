import Foundation

/// One level of a thread's transaction stack: the values set on it and the completion groups begun on it (our
/// addition).
final class TransactionLevel {
    /// Whether the level was opened by `CATransaction.begin()` (false for the implicit transaction).
    let isExplicit: Bool
    /// Values set on this level with `CATransaction.setValue(_:forKey:)` or the typed setters, by key.
    var values: [String: Any] = [:]
    /// The completion groups begun on this level (by `setCompletionBlock`), in the order they were begun.
    var completions: [TransactionCompletion] = []

    init(isExplicit: Bool) {
        self.isExplicit = isExplicit
    }
}
