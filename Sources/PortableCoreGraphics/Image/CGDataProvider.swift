import Foundation

/// An immutable block of bytes that an image reads its pixels from.
///
/// Only the in-memory form is provided. Deviation from Apple: the bytes are a Swift `Data` instead of a
/// `CFData` (Linux Foundation has no `CFData`), so Apple's `CGDataProvider(data: bytes as CFData)` is written
/// `CGDataProvider(data: bytes)` here, and ``data`` is `Data?`.
public final class CGDataProvider: Sendable {
    /// The bytes, shared copy-on-write with whoever passed them in.
    let bytes: Data

    /// A provider that holds `data`. Failable only to match Apple's signature; it always succeeds here.
    public init?(data: Data) {
        self.bytes = data
    }

    /// Wraps bytes this module has already produced.
    init(ownedBytes: Data) {
        self.bytes = ownedBytes
    }

    /// The provider's bytes; never `nil` here. Returning them costs no copy (`Data` is copy-on-write).
    public var data: Data? { bytes }
}
