import Foundation

/// Something layers refer to by id (the format's `assets` entry).
public enum LottieAsset: Sendable {
    /// A composition used by precomposition layers.
    case precomposition(PrecompositionAsset)
    /// A picture used by image layers.
    case image(ImageAsset)
}

/// A composition that precomposition layers show.
public struct PrecompositionAsset: Sendable {
    /// The asset's id.
    public let id: String
    /// Its layers, front to back.
    public let layers: [LottieLayer]
}

/// A picture that image layers show.
public struct ImageAsset: Sendable {
    /// The asset's id.
    public let id: String
    /// The width the picture is drawn at, in points.
    public let width: Double
    /// The height the picture is drawn at, in points.
    public let height: Double
    /// The file's bytes, when the file embeds them as a base64 `data:` URI; nil for external files.
    public let embeddedData: Data?
    /// The folder and file name of an external picture (`u` + `p`); empty when embedded.
    public let path: String
}
