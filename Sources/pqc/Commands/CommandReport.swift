import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What a long-running `pqc` command says about itself (our helper). On a terminal the progress bar on standard
/// error shows that it works; anywhere else (a pipe, a log, CI) the bar is silent, so the command says in one line
/// on standard error what it has started. Either way it ends with one summary line on standard output.
struct CommandReport {
    /// Whether standard error is a terminal (the progress bar draws there).
    let isTerminal: Bool
    private let started = ContinuousClock.now

    /// A report for the current process.
    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Says `text` on standard error when there is no progress bar.
    func begin(_ text: String) {
        guard !isTerminal else { return }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// The time since the report was made: `8.4 s`, or `5 min 12 s` from a minute on.
    var elapsed: String {
        Self.duration(started.duration(to: .now))
    }

    /// `duration` as `8.4 s` below a minute, else `5 min 12 s`.
    static func duration(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        return "\(whole / 60) min \(whole % 60) s"
    }

    /// `bytes` in kB or MB with one decimal (1 kB = 1 000 bytes): `812.4 kB`, `24.1 MB`.
    static func size(_ bytes: Int) -> String {
        bytes < 1_000_000
            ? String(format: "%.1f kB", Double(bytes) / 1e3) : String(format: "%.1f MB", Double(bytes) / 1e6)
    }

    /// The bytes of the files at `urls`, folders counted as the files inside them.
    static func bytes(of urls: [URL]) -> Int {
        var total = 0
        for url in urls {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                let keys: Set<URLResourceKey> = [.fileSizeKey, .isRegularFileKey]
                let contents = FileManager.default.enumerator(at: url, includingPropertiesForKeys: Array(keys))
                while let file = contents?.nextObject() as? URL {
                    guard let values = try? file.resourceValues(forKeys: keys), values.isRegularFile == true else {
                        continue
                    }
                    total += values.fileSize ?? 0
                }
            } else {
                total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            }
        }
        return total
    }
}
