import ArgumentParser
import Foundation

/// The `--jobs N` option of `pqc render`, `pqc gallery` and `pqc join` (our helper): how many threads render,
/// read or encode frames at once, 1 to 1 024.
struct Jobs: ParsableArguments {
    /// One per processor core the process may use (`ProcessInfo.activeProcessorCount`), at least 1.
    static var available: Int { Swift.max(ProcessInfo.processInfo.activeProcessorCount, 1) }

    @Option(
        name: .customLong("jobs"),
        help: "Threads working on frames at once (default: one per processor core, here \(Jobs.available)).")
    var count: Int = Jobs.available

    func validate() throws {
        guard (1...1_024).contains(count) else {
            throw ValidationError("--jobs \(count) is out of range; use 1 to 1024 (1 renders on one thread).")
        }
    }
}
