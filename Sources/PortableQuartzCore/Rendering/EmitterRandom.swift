import Foundation

/// The random numbers of one particle, computed from a key rather than drawn from a running generator (our helper).
///
/// Every number is a hash of the particle's key and a slot number, so a particle's numbers do not depend on how many
/// other particles were made before it or in what order: any moment of an emitter can be evaluated on its own. The
/// key mixes the layer's `seed`, the cell, the parent particle (for particles of sub-cells) and the particle's birth
/// index. The hash is SplitMix64's finalizer (Steele, Lea and Flood, 2014), a bijection on 64-bit words whose output
/// passes the usual statistical tests.
///
/// Apple's generator is not published, so the same seed gives different particles here than on Apple platforms;
/// what carries over is that the same seed gives the same particles every time.
struct EmitterRandom {
    /// The particle's key.
    let key: UInt64

    /// Numbers for the particle with birth index `index` of cell `cell`, whose emitter is the particle with key
    /// `parent` (0 for the layer itself), under the layer's `seed`.
    init(seed: UInt32, cell: Int, parent: UInt64, index: Int) {
        var word = Self.mix(UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
        word = Self.mix(word ^ (UInt64(truncatingIfNeeded: cell) &* 0xD1B5_4A32_D192_ED03))
        word = Self.mix(word ^ parent)
        key = Self.mix(word ^ (UInt64(truncatingIfNeeded: index) &* 0xABC9_8388_FB8F_AC03))
    }

    /// A number in `0 ..< 1` for `slot` (53 random bits).
    @inline(__always)
    func unit(_ slot: Int) -> Double {
        let word = Self.mix(key &+ UInt64(truncatingIfNeeded: slot + 1) &* 0x9E37_79B9_7F4A_7C15)
        return Double(word >> 11) * 0x1p-53
    }

    /// A number in `−1 ..< 1` for `slot`: the factor a property's `…Range` is multiplied by.
    @inline(__always)
    func signed(_ slot: Int) -> Double {
        unit(slot) * 2 - 1
    }

    /// SplitMix64's output function.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // Slots, fixed so that adding a property never changes the numbers of the others.
    static let lifetimeSlot = 0
    static let velocitySlot = 1
    static let coneAngleSlot = 2
    static let coneTurnSlot = 3
    static let scaleSlot = 4
    static let spinSlot = 5
    static let redSlot = 6
    static let greenSlot = 7
    static let blueSlot = 8
    static let alphaSlot = 9
    static let shapeUSlot = 10
    static let shapeVSlot = 11
    static let shapeWSlot = 12
    static let shapePartSlot = 13
}
