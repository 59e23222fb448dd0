import Foundation
import PortableQuartzCoreExport

/// A progress receiver that records the calls it gets.
final class RecordingProgress: ExportProgress {
    var began: [(total: Int, title: String)] = []
    var advanced: [Int] = []
    var ended: [Bool] = []

    func exportBegan(totalSteps: Int, title: String) { began.append((totalSteps, title)) }
    func exportAdvanced(completedSteps: Int) { advanced.append(completedSteps) }
    func exportEnded(succeeded: Bool) { ended.append(succeeded) }
}

/// An error a test source throws.
struct SourceFailure: Error, CustomStringConvertible {
    var description: String { "the test source broke" }
}

/// A video encoder that keeps what it is given and writes the frame count to the output file at the end.
final class FakeVideoEncoder: VideoEncoder, @unchecked Sendable {
    // Only used from one test at a time, on one thread: the lock-free state is never shared.
    var settings: VideoSettings?
    var output: URL?
    var frames: [[UInt8]] = []
    var cancelled = false
    var failsOnFinish = false

    func startEncoding(_ settings: VideoSettings, to output: URL) throws(ExportError) -> any VideoEncodingSession {
        self.settings = settings
        self.output = output
        return Session(owner: self)
    }

    final class Session: VideoEncodingSession {
        let owner: FakeVideoEncoder
        init(owner: FakeVideoEncoder) { self.owner = owner }

        func append(_ rgba: [UInt8]) throws(ExportError) { owner.frames.append(rgba) }

        func finish() throws(ExportError) {
            if owner.failsOnFinish {
                throw .encoderFailed(name: "fake", status: 1, message: "Conversion failed!")
            }
            try? Data("frames: \(owner.frames.count)".utf8).write(to: owner.output!)
        }

        func cancel() { owner.cancelled = true }
    }
}
