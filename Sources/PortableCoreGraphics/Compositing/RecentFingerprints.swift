/// The fingerprints of shapes drawn in the current and previous frame (our helper for ``CoverageCache``), in a
/// table of fixed size: remembering one costs a few probes and never allocates after the first.
///
/// A fingerprint can be forgotten early (when its probe window is full of fingerprints of the last two frames),
/// which only delays caching that shape; a fingerprint found here only says the shape was probably drawn before.
struct RecentFingerprints {
    /// Slots in the table (a power of two) and how many are probed from a fingerprint's home slot.
    static let slotCount = 4096
    static let probeLength = 8

    /// A fingerprint and the frame it was last noted in; fingerprint 0 marks an empty slot.
    private struct Slot {
        var fingerprint: UInt64 = 0
        var frame = Int.min
    }

    /// The table, empty until the first note (one array, so a probe touches one cache line).
    private var slots: [Slot] = []

    /// Whether `fingerprint` (never 0) was noted in `frame` or the one before; notes it for `frame` either way.
    mutating func noteAndCheck(_ fingerprint: UInt64, frame: Int) -> Bool {
        if slots.isEmpty { slots = [Slot](repeating: Slot(), count: Self.slotCount) }
        let home = Int(truncatingIfNeeded: fingerprint) & (Self.slotCount - 1)
        return slots.withUnsafeMutableBufferPointer { table in
            var free: Int?
            for step in 0..<Self.probeLength {
                let slot = (home &+ step) & (Self.slotCount - 1)
                if table[slot].fingerprint == fingerprint {
                    let recent = table[slot].frame >= frame &- 1
                    table[slot].frame = frame
                    return recent
                }
                if free == nil && table[slot].frame < frame &- 1 { free = slot }
            }
            table[free ?? home] = Slot(fingerprint: fingerprint, frame: frame)
            return false
        }
    }
}
