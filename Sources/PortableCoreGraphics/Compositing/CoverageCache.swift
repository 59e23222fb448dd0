@_spi(Engine) import PortableRaster

/// The coverage masks of shapes a ``RenderSurface`` drew in recent frames, found again by everything that decides
/// them (our helper): the outline, the fill rule or pen, the map to device pixels and the clip rectangle. A shape
/// drawn again with all of these bit for bit the same takes its mask from here instead of being stroked and
/// scan-converted again. That is most of the drawing in a frame whose shapes stand still while others move (most
/// frames of a Lottie animation, most interfaces).
///
/// A mask found here is the mask rasterizing would give: the stroker and the scan converter are functions of those
/// inputs alone. The clip rectangle is one of them because strokes are flattened finely only inside it.
///
/// Two sightings before a mask is kept: the first time a shape is drawn only a 64-bit fingerprint of its key is
/// noted (``RecentFingerprints``), the second time its key (outline and inputs) and mask are kept, and from the third
/// on the mask is reused. A shape that changes every frame costs a fingerprint per draw and allocates nothing.
///
/// A scene in which nothing is drawn twice (every path animated) gains nothing and would pay a fingerprint per
/// draw: after ``restAfter`` frames without a shape found or seen again, the cache rests, looking shapes up only in
/// two frames running out of every ``probePeriod`` (two, so that a shape drawn in both is seen again), and wakes when
/// one is.
///
/// Memory: entries' storage (masks, outlines, keys) stays within ``byteBudget`` bytes. An entry not used in the
/// current or previous frame is reused first; when none is free and the budget is spent, nothing new is kept.
/// Entries keep their storage when refilled, so a steady stream of frames allocates nothing.
struct CoverageCache {
    /// One remembered shape.
    struct Entry {
        /// ``CoverageCache/fingerprint(of:)`` of the key; 0 for an unused entry.
        var fingerprint: UInt64 = 0
        /// The inputs besides the outline, as words (see ``CoverageCache/inputs``).
        var inputs: [UInt64] = []
        var verbs: [RasterPath.Verb] = []
        var points: [RasterPoint] = []
        /// The shape's coverage, once it has been seen twice.
        var mask = CoverageMask()
        var hasMask = false
        /// The frame (``CoverageCache/frame``) the entry was last drawn in.
        var lastUsed = Int.min

        var reservedBytes: Int {
            inputs.capacity * 8 + verbs.capacity + points.capacity * MemoryLayout<RasterPoint>.stride
                + mask.reservedBytes
        }
    }

    /// What a lookup found for the shape being drawn.
    enum Lookup {
        /// The entry holds the shape's mask.
        case mask(Int)
        /// The shape was drawn in this frame or the previous one and the entry now holds its key: the caller
        /// rasterizes and calls ``keep(_:in:)``.
        case seen(Int)
        /// Nothing: the shape is new (its fingerprint is noted for the next frame), or there is no room.
        case none
    }

    /// The most storage the entries may hold, in bytes.
    let byteBudget: Int
    private(set) var entries: [Entry] = []
    /// Entry index by fingerprint.
    private var index: [UInt64: Int] = [:]
    /// Fingerprints of shapes seen once.
    private var recent = RecentFingerprints()
    private var reservedBytes = 0
    /// Counts frames (``beginFrame()``).
    private var frame = 0
    /// Where the search for an entry to reuse goes on from.
    private var hand = 0
    /// How many lookups found a mask (for tests and profiles).
    private(set) var hits = 0
    /// Whether lookups run in this frame (false while the cache rests).
    private(set) var isLooking = true
    /// Whether a lookup of this frame found a shape or saw one again.
    private var foundThisFrame = false
    /// Frames in a row that ended without finding or seeing again a shape.
    private var idleFrames = 0

    /// Idle frames after which the cache rests.
    static let restAfter = 8
    /// While resting, lookups run in the first two frames of every this many.
    static let probePeriod = 32

    /// The inputs of the shape about to be looked up, besides its outline, as words: the caller clears and fills
    /// them (bit patterns of the doubles, so `-0` and `0` differ and NaN never matches anything but itself).
    var inputs: [UInt64] = []

    /// A cache whose entries hold at most `byteBudget` bytes.
    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    /// Starts a frame: entries used only before the previous frame become free to reuse, and the cache rests or
    /// looks as the frames before decide.
    mutating func beginFrame() {
        idleFrames = foundThisFrame ? 0 : idleFrames &+ 1
        foundThisFrame = false
        frame &+= 1
        isLooking = idleFrames < Self.restAfter || frame % Self.probePeriod < 2
    }

    /// Finds the shape with outline `path` and ``inputs``; on a miss, keeps its key when it was drawn in this frame
    /// or the previous one and there is room.
    mutating func lookUp(_ path: RasterPath) -> Lookup {
        guard isLooking else { return .none }
        let fingerprint = Self.fingerprint(of: path, inputs: inputs)
        if let found = index[fingerprint], matches(entries[found], path) {
            entries[found].lastUsed = frame
            foundThisFrame = true
            guard entries[found].hasMask else { return .seen(found) }
            hits += 1
            return .mask(found)
        }
        guard recent.noteAndCheck(fingerprint, frame: frame) else { return .none }
        foundThisFrame = true
        guard let slot = freeEntry() else { return .none }
        reservedBytes -= entries[slot].reservedBytes
        if entries[slot].fingerprint != 0, index[entries[slot].fingerprint] == slot {
            index[entries[slot].fingerprint] = nil
        }
        entries[slot].fingerprint = fingerprint
        entries[slot].inputs.removeAll(keepingCapacity: true)
        entries[slot].inputs.append(contentsOf: inputs)
        entries[slot].verbs.removeAll(keepingCapacity: true)
        entries[slot].verbs.append(contentsOf: path.verbs)
        entries[slot].points.removeAll(keepingCapacity: true)
        entries[slot].points.append(contentsOf: path.points)
        entries[slot].hasMask = false
        entries[slot].lastUsed = frame
        index[fingerprint] = slot
        account(slot)
        return entries[slot].fingerprint == fingerprint ? .seen(slot) : .none
    }

    /// Keeps `mask` as the coverage of the shape of entry `slot` (a ``Lookup/seen(_:)`` answer of this frame).
    /// A mask that would take the entries over the budget is not kept.
    mutating func keep(_ mask: CoverageMask, in slot: Int) {
        let growth = Swift.max(0, mask.usedBytes - entries[slot].mask.reservedBytes)
        guard reservedBytes + growth <= byteBudget else { return }
        reservedBytes -= entries[slot].reservedBytes
        entries[slot].mask.assign(mask)
        entries[slot].hasMask = true
        account(slot)
    }

    /// The mask of entry `slot`.
    func mask(_ slot: Int) -> CoverageMask {
        entries[slot].mask
    }

    /// Adds the storage of entry `slot` to the total; an entry that takes the total over the budget is emptied
    /// (its storage released) and forgotten.
    private mutating func account(_ slot: Int) {
        reservedBytes += entries[slot].reservedBytes
        guard reservedBytes > byteBudget else { return }
        reservedBytes -= entries[slot].reservedBytes
        if index[entries[slot].fingerprint] == slot { index[entries[slot].fingerprint] = nil }
        entries[slot] = Entry()
        reservedBytes += entries[slot].reservedBytes
    }

    /// An entry not drawn in this frame or the previous one, or a new entry while the budget has room; nil when
    /// every entry is in use and the budget is spent.
    private mutating func freeEntry() -> Int? {
        var visited = 0
        while visited < entries.count {
            if hand >= entries.count { hand = 0 }
            let candidate = hand
            hand += 1
            visited += 1
            if entries[candidate].lastUsed < frame &- 1 { return candidate }
        }
        guard reservedBytes < byteBudget else { return nil }
        entries.append(Entry())
        return entries.count - 1
    }

    /// Whether entry `entry` holds exactly this outline and ``inputs``, bit for bit.
    private func matches(_ entry: Entry, _ path: RasterPath) -> Bool {
        entry.inputs.hasSameBits(as: inputs) && entry.verbs.hasSameBits(as: path.verbs)
            && entry.points.hasSameBits(as: path.points)
    }

    /// A 64-bit mix of the outline's verbs and point bits and of `inputs`; never 0 (which marks unused entries).
    /// Equal fingerprints are only a hint: a match is confirmed bit for bit.
    static func fingerprint(of path: RasterPath, inputs: [UInt64]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        for word in inputs { mix(word) }
        mix(UInt64(path.verbs.count))
        for verb in path.verbs { mix(UInt64(verb.rawValue)) }
        for point in path.points {
            mix(point.x.bitPattern)
            mix(point.y.bitPattern)
        }
        return hash == 0 ? 1 : hash
    }
}
