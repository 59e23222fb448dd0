import PortableQuartzCore

/// A deterministic stand-in for `arc4random()`: the same seed gives the same numbers on every machine, so a demo
/// that picks random colours renders the same pictures every time (SplitMix64, our choice).
struct SeededRandom {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next number in 0 … 2³² − 1, like `arc4random()`.
    mutating func arc4random() -> UInt32 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return UInt32(truncatingIfNeeded: mixed >> 32)
    }

    /// The seeds' random colour: each component is `arc4random() / INT_MAX`, exactly as listings 7.1–7.7 of seed
    /// 001 compute it. That quotient runs from 0 to about 2 (`arc4random` goes up to 2³² − 1, `INT_MAX` is 2³¹ − 1),
    /// so about half of the components come out above 1; `CGColor` keeps them at 1, as a device RGB colour does.
    mutating func colour() -> CGColor {
        let intMax = CGFloat(Int32.max)
        let red = CGFloat(arc4random()) / intMax
        let green = CGFloat(arc4random()) / intMax
        let blue = CGFloat(arc4random()) / intMax
        return CGColor(red: red, green: green, blue: blue, alpha: 1.0)
    }
}
