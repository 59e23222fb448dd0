/// Where an export gets its frames (our addition): one image per frame index.
///
/// ``AnimationExporter`` asks for the frames it writes in increasing index order, each with its media time from
/// the ``FrameTimeline`` (`start + index / framesPerSecond`); for a GIF with a global palette it asks for some
/// frames twice (once to count colours). Every frame must have the export's size. An error thrown here stops the
/// export, which then leaves nothing behind.
public protocol FrameSource {
    /// The image of frame `index`, shown at media time `time` (seconds).
    func frame(at index: Int, time: Double) throws -> CGImage
}

/// A ``FrameSource`` made from a closure (our addition).
///
/// ```swift
/// let source = ClosureFrameSource { index, time in try renderer.image(at: time) }
/// ```
public struct ClosureFrameSource: FrameSource {
    private let body: (Int, Double) throws -> CGImage

    /// A source that calls `body(index, time)` for each frame.
    public init(_ body: @escaping (_ index: Int, _ time: Double) throws -> CGImage) {
        self.body = body
    }

    public func frame(at index: Int, time: Double) throws -> CGImage {
        try body(index, time)
    }
}
