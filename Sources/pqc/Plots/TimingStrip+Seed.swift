extension TimingStrip.Configuration {
    /// The configurations seed 003 ("Controlling animation timing") illustrates, in the article's order, followed by
    /// the variants it describes in words: the other fill modes, a fractional repeat count, a paused animation
    /// scrubbed by `timeOffset` (the slider) and a negative speed (its footnote).
    static let seedIllustrations: [TimingStrip.Configuration] = [
        .init(duration: 1.5),
        .init(duration: 1.5, beginTime: 1.0),
        .init(duration: 1.5, beginTime: 1.0, fillMode: .backwards),
        .init(duration: 1.5, beginTime: 1.0, fillMode: .forwards, isRemovedOnCompletion: false),
        .init(duration: 1.5, beginTime: 1.0, fillMode: .both, isRemovedOnCompletion: false),
        .init(duration: 1.5, autoreverses: true),
        .init(duration: 1.5, repeatCount: 2.0),
        .init(duration: 2.0, repeatCount: 1.5),
        .init(duration: 1.5, repeatDuration: 2.0),
        .init(duration: 0.5, autoreverses: true, repeatCount: 2.5),
        .init(duration: 3.0, speed: 2.0),
        .init(duration: 3.0, timeOffset: 1.0),
        .init(duration: 1.0, speed: 0, timeOffset: 0.3, note: "paused, scrubbed to 0.3"),
        .init(duration: 1.5, speed: -1, note: "plays backwards"),
    ]
}
