/// The media times at which an export samples a layer tree: frame `i` is shown at `start + i / framesPerSecond`.
///
/// Each time is computed from the integer frame index, never by adding `1 / fps` repeatedly, so frame 3,600 of a
/// 60 fps export is exactly 60 s after the start instead of carrying 3,600 rounding errors. Our addition; Apple
/// has no exporter.
public struct FrameTimeline: Hashable, Sendable {
    /// Media time of frame 0, in seconds.
    public let start: Double
    /// Frames per second; finite and greater than zero.
    public let framesPerSecond: Double
    /// Number of frames in the timeline (≥ 0).
    public let frameCount: Int

    /// Why a timeline cannot be built.
    public enum Failure: Error, Equatable, Sendable {
        /// The frame rate was zero, negative, NaN or infinite.
        case invalidFrameRate(Double)
        /// The start or duration was NaN or infinite, or the duration negative.
        case invalidDuration(Double)
        /// More frames than an export can hold (over `FrameTimeline.maximumFrameCount`).
        case tooManyFrames(Double)
    }

    /// The largest frame count a timeline accepts: ten hours at 120 fps.
    public static let maximumFrameCount = 10 * 3_600 * 120

    /// A timeline of `frameCount` frames starting at `start`.
    /// - Throws: `Failure.invalidFrameRate` unless `framesPerSecond` is finite and positive;
    ///   `Failure.invalidDuration` for a non-finite start or a negative count;
    ///   `Failure.tooManyFrames` above `maximumFrameCount`.
    public init(start: Double = 0, framesPerSecond: Double, frameCount: Int) throws(Failure) {
        guard framesPerSecond.isFinite, framesPerSecond > 0 else { throw .invalidFrameRate(framesPerSecond) }
        guard start.isFinite, frameCount >= 0 else { throw .invalidDuration(Double(frameCount)) }
        guard frameCount <= Self.maximumFrameCount else { throw .tooManyFrames(Double(frameCount)) }
        self.start = start
        self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount
    }

    /// A timeline covering `duration` seconds: every frame whose time lies in `[start, start + duration)`,
    /// so 2 s at 30 fps is 60 frames (0 … 59) and the frame at exactly `start + duration` is not included.
    /// A duration within a millionth of a frame below a whole number of frames counts as that whole number,
    /// so decimal durations such as 0.1 s at 30 fps give 3 frames, not 2.
    /// - Throws: as `init(start:framesPerSecond:frameCount:)`, and `Failure.invalidDuration` for a negative or
    ///   non-finite duration.
    public init(start: Double = 0, framesPerSecond: Double, duration: Double) throws(Failure) {
        guard framesPerSecond.isFinite, framesPerSecond > 0 else { throw .invalidFrameRate(framesPerSecond) }
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        let exact = duration * framesPerSecond
        guard exact <= Double(Self.maximumFrameCount) else { throw .tooManyFrames(exact) }
        try self.init(start: start, framesPerSecond: framesPerSecond, frameCount: Int((exact - 1e-6).rounded(.up)))
    }

    /// Media time of frame `index`, in seconds: `start + index / framesPerSecond`.
    /// Indices outside `0..<frameCount` extrapolate on the same line (the timeline does not trap on them).
    public func time(ofFrame index: Int) -> Double {
        start + Double(index) / framesPerSecond
    }

    /// The index of the last frame shown at or before `time` (it may lie outside `0..<frameCount`).
    /// A NaN time answers frame 0; times beyond ±10¹⁵ frames are clamped there.
    public func frame(at time: Double) -> Int {
        guard !time.isNaN else { return 0 }
        let limit = 1e15
        let position = min(max((time - start) * framesPerSecond, -limit), limit)
        // The division in `time(ofFrame:)` rounds; nudge by one frame either way so that
        // frame(at: time(ofFrame: i)) == i holds exactly.
        var candidate = Int(position.rounded(.down))
        if self.time(ofFrame: candidate + 1) <= time {
            candidate += 1
        } else if self.time(ofFrame: candidate) > time {
            candidate -= 1
        }
        return candidate
    }

    /// The media times of every frame, in order.
    public var times: [Double] { (0..<frameCount).map(time(ofFrame:)) }
}
