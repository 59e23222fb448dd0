/// The fuzzer's bytes read as a stream of typed choices (our helper for the fuzz targets).
///
/// Every read succeeds: when the bytes run out, reads return zeros (so `int(in:)` gives the range's lower bound and
/// `bool()` false), which keeps short inputs meaningful and lets libFuzzer grow them. Numbers favour the values
/// that break code: ``double()`` picks from ``HostileNumbers/doubles`` half of the time, reads raw IEEE bits a
/// quarter of the time and small integers otherwise, so NaN, infinities, huge and tiny magnitudes turn up often.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// A reader over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { position >= bytes.count }

    /// How many bytes are left.
    public var remainingCount: Int { Swift.max(0, bytes.count - position) }

    /// The next byte, or 0 when none are left.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// One byte's lowest bit.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `range`, from one byte (two for ranges wider than 256).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound)
        guard width > 0 else { return range.lowerBound }
        var raw = UInt64(byte())
        if width >= 256 { raw = raw << 8 | UInt64(byte()) }
        return range.lowerBound + Int(raw % (width + 1))
    }

    /// One of `options` (which must not be empty).
    public mutating func pick<Element>(_ options: [Element]) -> Element {
        options[int(in: 0...(options.count - 1))]
    }

    /// A double that is often hostile (see the type's documentation).
    public mutating func double() -> Double {
        switch byte() & 3 {
        case 0, 1:
            return pick(HostileNumbers.doubles)
        case 2:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        default:
            return Double(Int(Int8(bitPattern: byte()))) / 4
        }
    }

    /// A finite double of moderate size, `−range … range` in steps of `range / 127`, for values that must stay
    /// sane (sizes of the canvas, counts of things drawn).
    public mutating func moderateDouble(_ range: Double) -> Double {
        Double(Int(Int8(bitPattern: byte()))) / 127 * range
    }

    /// The bytes not read yet (all of them are consumed).
    public mutating func rest() -> [UInt8] {
        guard position < bytes.count else { return [] }
        defer { position = bytes.count }
        return Array(bytes[position...])
    }

    /// The next `count` bytes (fewer when the input ends).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let end = Swift.min(bytes.count, position + Swift.max(0, count))
        guard position < end else { return [] }
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// Numbers that have broken graphics and timing code before: non-finite values, the extremes of `Double`,
/// magnitudes near `Int.max` and `Int32.max`, and the exact values of earlier crash reports (huge arc angles,
/// an ellipse 6.5e91 wide, a 2³² transform).
public enum HostileNumbers {
    public static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 3, 10, 100, 1000, 0.1, 1e-9,
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e300, -1e300,
        .pi, -.pi, 2 * .pi, -2 * .pi, .pi / 2, 4 * .pi, 1e-7,
        7.648e180, 7.1234e25, 6.5e91, 4_294_967_296, 1e12, 1e6, 1e9, -1e9, 1e18, 9.3e18, -9.3e18,
        32_767, 32_768, 65_536, 2_147_483_647, 2_147_483_648, 1e15, 1e-15,
    ]
}
