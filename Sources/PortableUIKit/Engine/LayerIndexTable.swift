/// Small integers (indices) looked up by object identity (our helper for `AnimationBlock`, which notes every layer a
/// block touches, often a thousand in one block).
///
/// An open-addressing hash table with linear probing, keyed by the object's address: finding a key or inserting it
/// is one multiplicative hash and a short probe, with none of the seeded hashing a `Dictionary` does. The table
/// stays at most half full, doubling its capacity (a power of two, at least 16) when it would pass that.
/// Identities must be of live objects, as `ObjectIdentifier`s are only unique among those.
struct LayerIndexTable {
    /// One slot: `key` is the object's address, 0 for an empty slot (no object lives at address 0).
    private struct Slot {
        var key: UInt
        var value: Int
    }

    private var slots: [Slot] = []
    /// How many slots hold a key.
    private(set) var count = 0

    /// The value stored for `identifier`; when there is none, stores `candidate` and returns it.
    mutating func value(for identifier: ObjectIdentifier, insertingIfAbsent candidate: Int) -> Int {
        if (count + 1) * 2 > slots.count { grow() }
        let key = UInt(bitPattern: identifier)
        let mask = slots.count - 1
        var index = Self.home(of: key, mask: mask)
        while true {
            let slot = slots[index]
            if slot.key == key { return slot.value }
            if slot.key == 0 {
                slots[index] = Slot(key: key, value: candidate)
                count += 1
                return candidate
            }
            index = (index + 1) & mask
        }
    }

    /// Empties the table and releases its storage.
    mutating func removeAll() {
        slots = []
        count = 0
    }

    /// The first slot to try for `key`: Fibonacci hashing of the address (its low bits are always zero, its high
    /// bits mix well after the multiplication).
    @inline(__always)
    private static func home(of key: UInt, mask: Int) -> Int {
        let mixed = key &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// Doubles the capacity (16 slots at first) and puts every key in its new place.
    private mutating func grow() {
        let old = slots
        let capacity = Swift.max(16, old.count * 2)
        slots = Array(repeating: Slot(key: 0, value: 0), count: capacity)
        let mask = capacity - 1
        for slot in old where slot.key != 0 {
            var index = Self.home(of: slot.key, mask: mask)
            while slots[index].key != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
