/// How hard the compressor looks for repeated strings: more effort gives smaller output, more slowly.
///
/// The presets, on a 640 × 480 rendered RGBA frame after PNG filtering (see the benchmarks for numbers):
/// ``fastest`` follows one hash-chain link per position, ``default`` a few, greedily; ``best`` follows long
/// chains and defers each match by one byte when the next position starts a longer one ("lazy matching").
/// ``stored`` does not compress at all and only wraps the bytes in stored blocks.
@_spi(Engine) public struct DeflateLevel: Hashable, Sendable, CustomStringConvertible {
    /// Hash-chain links followed per position (0: store only).
    let chainLength: Int
    /// A match at least this long ends the search at once.
    let niceLength: Int
    /// When non-zero, matches shorter than this are deferred by one byte to try the next position (lazy
    /// matching); when zero, the first match found is taken (greedy).
    let lazyLength: Int
    /// Matches up to this long have every position inside them added to the hash chains; longer ones
    /// only their first and last three, which costs a little compression and saves much time on long runs.
    let insertLength: Int
    /// The two-bit level class of the zlib header (0 fastest ... 3 best).
    let headerLevel: Int
    @_spi(Engine) public let description: String

    /// No compression: stored blocks only (output is about 5 bytes per 64 KiB larger than the input).
    @_spi(Engine) public static let stored = DeflateLevel(
        chainLength: 0, niceLength: 0, lazyLength: 0, insertLength: 0, headerLevel: 0, description: "stored")
    /// One candidate per position, greedy; the fastest setting that still compresses.
    @_spi(Engine) public static let fastest = DeflateLevel(
        chainLength: 1, niceLength: 32, lazyLength: 0, insertLength: 6, headerLevel: 0, description: "fastest")
    /// A few candidates per position, greedy: tuned for writing rendered frames quickly.
    @_spi(Engine) public static let `default` = DeflateLevel(
        chainLength: 6, niceLength: 64, lazyLength: 0, insertLength: 16, headerLevel: 2, description: "default")
    /// Long chains and lazy matching: the smallest output, several times slower than the default.
    @_spi(Engine) public static let best = DeflateLevel(
        chainLength: 256, niceLength: 258, lazyLength: 128, insertLength: 258, headerLevel: 3, description: "best")

    private init(
        chainLength: Int, niceLength: Int, lazyLength: Int, insertLength: Int, headerLevel: Int, description: String
    ) {
        self.chainLength = chainLength
        self.niceLength = niceLength
        self.lazyLength = lazyLength
        self.insertLength = insertLength
        self.headerLevel = headerLevel
        self.description = description
    }
}
