/// A named point or range of the timeline (the format's `markers` entry), e.g. the start of a "hover" segment.
public struct LottieMarker: Sendable, Equatable {
    /// The marker's name (the format's `cm`).
    public let name: String
    /// The frame where it starts (`tm`).
    public let frame: Double
    /// Its length in frames (`dr`, 0 for a point).
    public let durationFrames: Double

    /// A marker.
    public init(name: String, frame: Double, durationFrames: Double) {
        self.name = name
        self.frame = frame
        self.durationFrames = durationFrames
    }
}
