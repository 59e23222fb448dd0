import Foundation

/// A layer tree with its attached animations as plain, `Codable` data (our addition; the counterpart of Apple's
/// `NSSecureCoding` support for layers and animations, which this module does not provide).
///
/// Save a scene with `LayerArchive(root).encodeJSON()` and load it with
/// `LayerArchive.decode(fromJSON: data).makeLayer()`. The archive holds, for every layer, its class, the model
/// values that differ from Apple's defaults, its timing, plain extra keys, sublayers, mask and keyed animations;
/// Docs/SceneFormat.md documents the JSON shape and what is left out (delegates, actions, style, nil-keyed
/// animations, emitter cells).
///
/// Loading builds the whole tree first and only then returns it; any problem throws a ``LayerArchiveError`` that
/// names the place (`root.sublayers[2].animations["spin"]`) and never yields a partly built tree.
///
/// JSON from ``encodeJSON()`` is deterministic: the same tree gives the same bytes (keys sorted, pretty-printed,
/// numbers in their shortest round-trip form, short lists and one-member objects on one line: see
/// `CompactJSONLayout`).
public struct LayerArchive: Equatable, Sendable {
    /// The format version this build writes and reads.
    public static let currentVersion = 1

    /// The format version of the archive.
    public var version: Int
    /// The root layer.
    public var root: ArchivedLayer

    /// An archive of `root` in the given format version.
    public init(root: ArchivedLayer, version: Int = LayerArchive.currentVersion) {
        self.version = version
        self.root = root
    }

    /// The archive of the layer tree under `root` (see ``ArchivedLayer/init(_:)``). Reads the model values; a
    /// presentation copy archives its presentation values.
    public init(_ root: CALayer) {
        self.init(root: ArchivedLayer(root))
    }

    /// The archive of the layer tree under `root`; the same as ``init(_:)``.
    public static func archive(_ root: CALayer) -> LayerArchive {
        LayerArchive(root)
    }

    /// A new layer tree built from the archive (see ``ArchivedLayer/makeLayer(at:)``), or a ``LayerArchiveError``
    /// for an unsupported version or anything the archive names that cannot be built.
    ///
    /// The layers are created and set inside a transaction with actions disabled, so no implicit animation
    /// starts, and the archived animations are added to them; the transaction is committed before this returns
    /// (inside an enclosing transaction, the new layers are committed with it).
    public func makeLayer() throws -> CALayer {
        guard version == Self.currentVersion else {
            throw LayerArchiveError(path: "version", reason: .unsupportedVersion(version))
        }
        return try root.makeLayer(at: "root")
    }

    /// The archive as UTF-8 JSON: keys sorted, pretty-printed with lists of plain values (coordinates, colour
    /// components, matrices) and one-member objects (`{"number" : 0.5}`) on one line, so equal archives give equal
    /// bytes.
    public func encodeJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return CompactJSONLayout.apply(to: try encoder.encode(self))
    }

    /// Reads an archive from JSON. Throws a ``LayerArchiveError``: ``LayerArchiveError/Reason/malformedJSON(_:)``
    /// (with the `DecodingError` as ``LayerArchiveError/underlyingError``) for bytes that are not JSON or JSON of
    /// the wrong shape, ``LayerArchiveError/Reason/unsupportedVersion(_:)`` for another version, and the other
    /// reasons for unknown fields and malformed values. Class names and property keys are checked by
    /// ``makeLayer()``.
    public static func decode(fromJSON data: Data) throws -> LayerArchive {
        do {
            return try JSONDecoder().decode(LayerArchive.self, from: data)
        } catch let error as LayerArchiveError {
            throw error
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Not JSON at all: Foundation gives no reason, so find one.
            throw LayerArchiveError(
                path: "", reason: .malformedJSON(JSONDiagnosis.explain(data)),
                underlyingError: .dataCorrupted(context))
        } catch let error as DecodingError {
            throw LayerArchiveError(error)
        }
    }
}

extension LayerArchive: Codable {
    private static let fields: Set<String> = ["version", "root"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ArchiveKey.self)
        let version = try container.decode(Int.self, forKey: ArchiveKey("version"))
        guard version == Self.currentVersion else {
            throw LayerArchiveError(path: "version", reason: .unsupportedVersion(version))
        }
        try container.rejectUnknownFields(Self.fields)
        self.init(root: try container.decode(ArchivedLayer.self, forKey: ArchiveKey("root")), version: version)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ArchiveKey.self)
        try container.encode(version, forKey: ArchiveKey("version"))
        try container.encode(root, forKey: ArchiveKey("root"))
    }
}
