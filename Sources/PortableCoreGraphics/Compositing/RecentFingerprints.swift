/// The fingerprints of shapes drawn in the current and previous frame (our helper for ``CoverageCache``), in a
/// table of fixed size: remembering one costs a few probes and never allocates after the first.
///
/// A fingerprint can be forgotten early (when its probe window is full of fingerprints of the last two frames),
/// which only delays caching that shape; a fingerprint found here only says the shape was probably drawn before.
struct RecentFingerprints {
    /// Slots in the table (a power of two) and how many are probed from a fingerprint's home slot.
    static let slotCount = 4096
    static let probeLength = 8

    /// Fingerprint and the frame it was last noted in, per slot; fingerprint 0 marks an empty slot.
    private var fingerprints: [UInt64] = []
    private var frames: [Int] = []

    /// Whether `fingerprint` (never 0) was noted in `frame` or the one before; notes it for `frame` either way.
    mutating func noteAndCheck(_ fingerprint: UInt64, frame: Int) -> Bool {
        if fingerprints.isEmpty {
            fingerprints = [UInt64](repeating: 0, count: Self.slotCount)
            frames = [Int](repeating: .min, count: Self.slotCount)
        }
        let home = Int(truncatingIfNeeded: fingerprint) & (Self.slotCount - 1)
        var free: Int?
        for step in 0..<Self.probeLength {
            let slot = (home + step) & (Self.slotCount - 1)
            if fingerprints[slot] == fingerprint {
                let recent = frames[slot] >= frame &- 1
                frames[slot] = frame
                return recent
            }
            if free == nil && frames[slot] < frame &- 1 { free = slot }
        }
        let slot = free ?? home
        fingerprints[slot] = fingerprint
        frames[slot] = frame
        return false
    }
}
