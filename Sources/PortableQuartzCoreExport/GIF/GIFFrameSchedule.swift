/// Which frames of a timeline a GIF shows, and for how many centiseconds each (our addition).
///
/// GIF delays are whole centiseconds. Frame `k` of a timeline at `fps` frames per second starts at the mark
/// `c(k) = round(100 · k / fps)` cs, rounded half away from zero, and a written frame lasts until the mark of the
/// next written frame. Because marks come from the frame index and not from summed delays, rounding never drifts:
/// at 60 fps the marks are 0, 2, 3, 5, 7, 8, 10 … and the delays 2, 1, 2, 2, 1, 2 … add up to exactly 100 cs per
/// second. Marks are absolute (from frame 0 of the timeline), so the parts of a split export add up to the whole.
///
/// With a minimum delay `m` (2 cs by default), frame `k` is written only when `c(k)` is at least `m` after the
/// previously written frame's mark and at least `m` before the mark of the end of the range; otherwise its time
/// goes to the frame before it. At 60 fps with `m = 2` this writes 40 frames per second with delays 2, 3, 2, 3 …,
/// still 100 cs per second. The first frame of the range is always written, with at least 1 cs; a delay above
/// 65 535 cs (the format's limit) is written as 65 535.
public struct GIFFrameSchedule: Sequence, Sendable {
    /// One written frame: its index in the timeline and its delay in centiseconds (1…65 535).
    public struct Entry: Hashable, Sendable {
        /// Index of the frame in the timeline.
        public let index: Int
        /// How long the frame shows, in centiseconds.
        public let delay: Int
    }

    /// Frames per second of the timeline.
    public let framesPerSecond: Double
    /// The frames considered, `range.lowerBound` always written.
    public let range: Range<Int>
    /// Shortest delay written, ≥ 1 cs.
    public let minimumDelay: Int

    /// The schedule of frames `range` of a timeline at `framesPerSecond` (finite, > 0), with delays of at least
    /// `minimumDelay` cs (values below 1 count as 1).
    public init(framesPerSecond: Double, range: Range<Int>, minimumDelay: Int = 2) {
        self.framesPerSecond = framesPerSecond
        self.range = range
        self.minimumDelay = Swift.max(1, minimumDelay)
    }

    /// The mark of frame `index`, in centiseconds from frame 0: `round(100 · index / fps)`.
    public func mark(ofFrame index: Int) -> Int {
        let value = (100 * Double(index) / framesPerSecond).rounded()
        guard value.isFinite else { return 0 }
        return Int(Swift.max(Swift.min(value, 1e15), -1e15))
    }

    public func makeIterator() -> Iterator { Iterator(schedule: self) }

    /// Walks the written frames in order without storing them.
    public struct Iterator: IteratorProtocol, Sendable {
        private let schedule: GIFFrameSchedule
        private let endMark: Int
        private var nextIndex: Int?

        init(schedule: GIFFrameSchedule) {
            self.schedule = schedule
            endMark = schedule.mark(ofFrame: schedule.range.upperBound)
            nextIndex = schedule.range.isEmpty ? nil : schedule.range.lowerBound
        }

        public mutating func next() -> Entry? {
            guard let current = nextIndex else { return nil }
            let start = schedule.mark(ofFrame: current)
            var candidate = current + 1
            nextIndex = nil
            while candidate < schedule.range.upperBound {
                let mark = schedule.mark(ofFrame: candidate)
                if mark - start >= schedule.minimumDelay && endMark - mark >= schedule.minimumDelay {
                    nextIndex = candidate
                    break
                }
                candidate += 1
            }
            let end = nextIndex.map(schedule.mark(ofFrame:)) ?? endMark
            return Entry(index: current, delay: Swift.min(Swift.max(end - start, 1), 65_535))
        }
    }
}
