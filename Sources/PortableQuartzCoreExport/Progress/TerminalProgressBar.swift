import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A one-line progress bar for terminals (our addition):
/// `wave.gif [############------------------]  40% 48/120`.
///
/// It redraws its line in place (carriage return, then erase to the end of the line) only when the percentage
/// or the number of filled cells changes, so even a long export writes at most about a hundred updates, and ends
/// the line when the export ends. When the output is not a terminal it writes nothing at all, so logs and pipes
/// stay clean. It never reads a clock.
public final class TerminalProgressBar: ExportProgress {
    /// Whether anything is drawn.
    public let isTerminal: Bool
    /// Number of cells between the brackets (at least 1).
    public let cells: Int
    private let write: (String) -> Void
    private var total = 1
    private var title = ""
    private var lastDrawn: (percent: Int, filled: Int)?

    /// A bar that writes through `write`, drawing only when `isTerminal` is true.
    public init(isTerminal: Bool, cells: Int = 30, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.cells = max(1, cells)
        self.write = write
    }

    /// A bar on the standard error stream, drawn only when standard error is a terminal.
    public static func standardError() -> TerminalProgressBar {
        TerminalProgressBar(isTerminal: isatty(STDERR_FILENO) == 1) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    public func exportBegan(totalSteps: Int, title: String) {
        total = max(1, totalSteps)
        self.title = title
        lastDrawn = nil
        draw(completed: 0)
    }

    public func exportAdvanced(completedSteps: Int) {
        draw(completed: completedSteps)
    }

    public func exportEnded(succeeded: Bool) {
        if succeeded { draw(completed: total) }
        if isTerminal && lastDrawn != nil { write("\n") }
        lastDrawn = nil
    }

    /// The text of the bar at `completed` steps, without the carriage return: title, bar, percentage, count.
    public func line(completed: Int) -> String {
        let done = min(max(completed, 0), total)
        let filled = done * cells / total
        let percent = done * 100 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled)
        let percentText = String(repeating: " ", count: 3 - String(percent).count) + String(percent)
        return "\(title) [\(bar)] \(percentText)% \(done)/\(total)"
    }

    private func draw(completed: Int) {
        guard isTerminal else { return }
        let done = min(max(completed, 0), total)
        let state = (percent: done * 100 / total, filled: done * cells / total)
        if let lastDrawn, lastDrawn == state { return }
        lastDrawn = state
        write("\r" + line(completed: done) + "\u{1B}[K")
    }
}
