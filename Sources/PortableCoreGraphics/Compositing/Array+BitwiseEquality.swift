import Foundation

extension Array {
    /// Whether both arrays hold the same bytes (package access, for caches keyed by values): elements compared bit
    /// for bit, so `-0.0` and `0.0` differ and a NaN equals the same NaN. Only for elements that are plain bits
    /// (numbers, points, enums without payloads), never for references.
    package func hasSameBits(as other: [Element]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
