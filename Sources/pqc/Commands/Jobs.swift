import ArgumentParser
import Foundation

/// The `--jobs N` option of `pqc render`, `pqc gallery` and `pqc join` (our helper): how many threads render and
/// encode frames at once.
enum Jobs {
    /// One per processor core the process may use (`ProcessInfo.activeProcessorCount`), at least 1.
    static var available: Int { Swift.max(ProcessInfo.processInfo.activeProcessorCount, 1) }

    /// Checks a `--jobs` value: 1 to 1 024.
    static func validate(_ jobs: Int) throws {
        guard (1...1_024).contains(jobs) else {
            throw ValidationError("--jobs \(jobs) is out of range; use 1 to 1024 (1 renders on one thread).")
        }
    }
}
