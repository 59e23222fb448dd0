import Foundation

/// A decoded Lottie animation: its composition (size, frame rate, time range), layers, assets and markers.
///
/// Reads like lottie-ios's `LottieAnimation`: load it from `Data` or a file, ask for its size, duration, frame rate
/// and markers, then show it with a ``LottieAnimationLayer``. Decoding is strict and total: anything the decoder
/// cannot read throws a ``LottieDecodingError`` naming the JSON path at fault; anything it reads but cannot draw
/// (expressions, most effects, unknown shape kinds) is kept and later reported by the layer.
///
/// ```swift
/// let animation = try LottieAnimation(data: try Data(contentsOf: url))
/// print(animation.size, animation.duration, animation.markerNames)
/// ```
public struct LottieAnimation: Sendable {
    /// The format version the file was written with (`v`), e.g. "5.7.4"; empty when absent.
    public let version: String
    /// The composition's name (`nm`).
    public let name: String
    /// Frames per second (`fr`).
    public let framerate: Double
    /// The first frame of the animation (`ip`).
    public let startFrame: Double
    /// The frame at which the animation ends (`op`); the last frame shown is this one.
    public let endFrame: Double
    /// The composition's width in points (`w`).
    public let width: Double
    /// The composition's height in points (`h`).
    public let height: Double
    /// The top-level layers, front to back.
    public let layers: [LottieLayer]
    /// Precompositions and images by id.
    public let assets: [String: LottieAsset]
    /// The markers, in file order.
    public let markers: [LottieMarker]
    /// The fonts text layers name.
    public let fonts: [LottieFont]
    /// Characters drawn from shapes in the file (glyph text).
    public let glyphs: [LottieGlyph]

    /// Decodes a Lottie JSON document.
    /// - Throws: ``LottieDecodingError`` with the path of the first value that is wrong, for malformed JSON,
    ///   missing or mistyped values, numbers out of range, keyframes out of order, cycles of parents or
    ///   precompositions, and documents beyond ``LottieLimits``. (A layer naming a precomposition or image the
    ///   file does not define is kept; the layer tree leaves it out and reports it.)
    public init(data: Data) throws(LottieDecodingError) {
        self = try LottieDecoder.decode(data)
    }

    /// Reads and decodes a Lottie JSON file.
    /// - Throws: the file system's error when the file cannot be read, else as ``init(data:)``.
    public init(contentsOf url: URL) throws {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard size <= LottieLimits.maximumFileSize else {
            throw LottieDecodingError(
                path: "", problem: .tooLarge(limit: "files up to \(LottieLimits.maximumFileSize) bytes"))
        }
        try self.init(data: try Data(contentsOf: url))
    }

    init(
        version: String, name: String, framerate: Double, startFrame: Double, endFrame: Double, width: Double,
        height: Double, layers: [LottieLayer], assets: [String: LottieAsset], markers: [LottieMarker],
        fonts: [LottieFont], glyphs: [LottieGlyph]
    ) {
        self.version = version
        self.name = name
        self.framerate = framerate
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.width = width
        self.height = height
        self.layers = layers
        self.assets = assets
        self.markers = markers
        self.fonts = fonts
        self.glyphs = glyphs
    }

    // MARK: Time

    /// The composition's size in points.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// The length of the animation in seconds, from ``startFrame`` to ``endFrame``.
    public var duration: TimeInterval { (endFrame - startFrame) / framerate }

    /// The seconds from the animation's start at which `frame` shows.
    public func time(forFrame frame: Double) -> TimeInterval {
        (frame - startFrame) / framerate
    }

    /// The frame shown `time` seconds after the animation's start.
    public func frameTime(forTime time: TimeInterval) -> Double {
        startFrame + time * framerate
    }

    /// The frame at `progress` (0 is ``startFrame``, 1 is ``endFrame``; values outside are not clamped).
    public func frameTime(forProgress progress: Double) -> Double {
        startFrame + progress * (endFrame - startFrame)
    }

    /// The progress (0 to 1) at which `frame` shows.
    public func progressTime(forFrame frame: Double) -> Double {
        (frame - startFrame) / (endFrame - startFrame)
    }

    // MARK: Markers

    /// The markers' names, in file order.
    public var markerNames: [String] { markers.map(\.name) }

    /// The frame where the marker named `name` starts; nil when there is none.
    public func frameTime(forMarker name: String) -> Double? {
        markers.first { $0.name == name }?.frame
    }

    /// The progress (0 to 1) where the marker named `name` starts; nil when there is none.
    public func progressTime(forMarker name: String) -> Double? {
        frameTime(forMarker: name).map(progressTime(forFrame:))
    }

    /// The frame where the marker named `name` ends (its start plus its duration); nil when there is none.
    public func durationFrameTime(forMarker name: String) -> Double? {
        markers.first { $0.name == name }.map { $0.frame + $0.durationFrames }
    }
}

extension LottieAnimation {
    /// Whether `data` is a JSON object with the members every Lottie composition has (`fr`, `ip`, `op`, `w`, `h`,
    /// `layers`), so a tool can tell a Lottie file from other JSON without fully decoding it. False for anything
    /// that is not JSON.
    public static func looksLikeLottie(_ data: Data) -> Bool {
        guard data.count <= LottieLimits.maximumFileSize, let document = try? JSONParser.parse(data),
            document.kind(0) == .object
        else { return false }
        return ["fr", "ip", "op", "w", "h", "layers"].allSatisfy { document.member($0, of: 0) != nil }
    }
}
