import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Cleanup of exports interrupted by a signal (our addition): a command-line program calls
/// ``removeStagingFilesOnTermination()`` once at start, and an interrupt (Ctrl-C, `SIGINT`), `SIGTERM` or `SIGHUP`
/// during an export removes the export's temporary files before the process ends — with the signal, exactly as
/// it would have ended without this, so shells see the usual status (130 for Ctrl-C, 143 for `kill`).
///
/// Exports never leave a partial file under the destination's name; this removes the hidden staging files beside
/// it too. A process killed with `SIGKILL` or by a crash cannot clean up; its leftovers are removed by the next
/// export into the same folder.
///
/// How: a signal handler only writes the signal's number into a pipe (all a handler may safely do); a thread
/// waiting on the pipe removes the staging files, restores the signal's default action and raises it again.
public enum ExportInterruption {
    /// The signals handled.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The pipe's write end (−1 until installed), read by the signal handler.
    private static let pipeWriteEnd = Atomic<Int32>(-1)

    /// Installs the handlers (see the type's documentation). Calling it again does nothing; it returns false
    /// only when the pipe cannot be made, in which case signals keep their previous actions.
    @discardableResult
    public static func removeStagingFilesOnTermination() -> Bool {
        if pipeWriteEnd.load(ordering: .acquiring) >= 0 { return true }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        guard pipeWriteEnd.compareExchange(expected: -1, desired: ends[1], ordering: .acquiringAndReleasing).exchanged
        else {
            close(ends[0])
            close(ends[1])
            return true
        }
        let readEnd = ends[0]
        let thread = Thread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) != 1 {}
            StagingRegistry.removeAllForExit()
            let signalNumber = Int32(number)
            signal(signalNumber, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signalNumber)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(signalNumber)
            // Not reached for the handled signals, whose default action ends the process.
            _exit(128 + signalNumber)
        }
        thread.name = "export interruption"
        thread.start()
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(ExportInterruption.pipeWriteEnd.load(ordering: .relaxed), &byte, 1)
            }
            sigaddset(&unblocked, number)
        }
        // A program started by a thread that blocks these signals inherits the block (Foundation's `Process`
        // does not clear it): unblock them on this thread, or they would never arrive.
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return true
    }
}
