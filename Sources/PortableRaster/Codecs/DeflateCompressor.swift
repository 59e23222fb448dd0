/// The LZ77 stage of the compressor: finds matches with hash chains and hands symbols, a block at a time,
/// to ``DeflateBlockWriter``.
///
/// Positions are hashed by their next four bytes, so only matches of four bytes or more are found (a
/// three-byte match rarely pays for its distance code in image data). `head[h]` is the latest position with
/// hash `h`; `previous[p mod 32768]` links position `p` to the previous one with the same hash. Chains are
/// followed only while they go strictly backwards and stay within the 32 KiB window, so stale links from
/// positions that left the window end the walk instead of misleading it.
enum DeflateCompressor {
    static let windowSize = 32_768
    static let hashBits = 15
    static let minimumMatch = 4
    static let maximumMatch = 258
    /// Symbols per block: enough to amortize a dynamic block header, few enough to adapt to changing data.
    static let blockSymbols = 1 << 15

    /// Writes `data` as deflate blocks (the last one final) to `sink`, leaving the sink byte aligned.
    ///
    /// `rebaseThreshold` (tests only) is how far positions may run ahead of the tables' origin before the
    /// tables are shifted; it must exceed the window size.
    static func compress(
        _ data: UnsafeRawBufferPointer, level: DeflateLevel, into sink: inout DeflateSink,
        rebaseThreshold: Int = 1 << 30
    ) {
        guard level.chainLength > 0, let input = data.baseAddress?.assumingMemoryBound(to: UInt8.self),
            data.count > 0
        else {
            DeflateBlockWriter.writeStored(data, isFinal: true, into: &sink)
            sink.alignToByte()
            return
        }
        var writer = DeflateBlockWriter(input: input)
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
        head.initialize(repeating: -1, count: 1 << hashBits)
        let previous = UnsafeMutablePointer<Int32>.allocate(capacity: windowSize)
        previous.initialize(repeating: -1, count: windowSize)
        defer {
            head.deallocate()
            previous.deallocate()
        }
        var state = MatchState(
            input: input, count: data.count, head: head, previous: previous, level: level,
            rebaseThreshold: rebaseThreshold)
        if level.lazyLength > 0 {
            state.compressLazily(writer: &writer, sink: &sink)
        } else {
            state.compressGreedily(writer: &writer, sink: &sink)
        }
        writer.flush(end: data.count, isFinal: true, into: &sink)
        sink.alignToByte()
    }
}

/// The match finder's tables and position. Positions are stored as `Int32` relative to ``origin``, which
/// moves forward (and the tables are shifted) before they could overflow, so inputs of any size work.
private struct MatchState {
    let input: UnsafePointer<UInt8>
    let count: Int
    let head: UnsafeMutablePointer<Int32>
    let previous: UnsafeMutablePointer<Int32>
    let chainLength: Int
    let niceLength: Int
    let lazyLength: Int
    let insertLength: Int
    /// Largest relative position before the tables are shifted.
    let rebaseThreshold: Int
    /// Absolute position that table value 0 stands for.
    var origin = 0

    init(
        input: UnsafePointer<UInt8>, count: Int, head: UnsafeMutablePointer<Int32>,
        previous: UnsafeMutablePointer<Int32>, level: DeflateLevel, rebaseThreshold: Int
    ) {
        self.input = input
        self.count = count
        self.head = head
        self.previous = previous
        chainLength = level.chainLength
        niceLength = level.niceLength
        lazyLength = level.lazyLength
        insertLength = level.insertLength
        self.rebaseThreshold = rebaseThreshold
    }

    @inline(__always)
    private func load32(_ position: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(input + position).loadUnaligned(as: UInt32.self))
    }

    @inline(__always)
    private func hash(_ position: Int) -> Int {
        Int(truncatingIfNeeded: (load32(position) &* 0x1E35_A7BD) &>> UInt32(32 - DeflateCompressor.hashBits))
    }

    /// Keeps relative positions small: once the current position is far from ``origin``, moves the origin
    /// to one window before it and shifts every stored position, dropping those that fall before it.
    @inline(__always)
    private mutating func rebaseIfNeeded(_ position: Int) {
        guard position - origin >= rebaseThreshold else { return }
        let shift = Int32(truncatingIfNeeded: position - DeflateCompressor.windowSize - origin)
        for table in [(head, 1 << DeflateCompressor.hashBits), (previous, DeflateCompressor.windowSize)] {
            for index in 0..<table.1 {
                let value = table.0[index]
                table.0[index] = value >= shift ? value - shift : -1
            }
        }
        origin += Int(shift)
    }

    /// Adds `position` (which has four bytes after it) to its hash chain and returns the previous head.
    @inline(__always)
    private func insert(_ position: Int) -> Int {
        let h = hash(position)
        let relative = Int32(truncatingIfNeeded: position - origin)
        let candidate = head[h]
        head[h] = relative
        previous[position & (DeflateCompressor.windowSize - 1)] = candidate
        return candidate < 0 ? -1 : Int(candidate) + origin
    }

    /// Number of equal bytes at `a` and `b` (a < b), at most `limit` (with `b + limit` within the input).
    @inline(__always)
    private func matchLength(_ a: Int, _ b: Int, limit: Int) -> Int {
        var length = 0
        let pa = UnsafeRawPointer(input + a)
        let pb = UnsafeRawPointer(input + b)
        while length &+ 8 <= limit {
            let difference =
                pa.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                ^ pb.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if difference != 0 {
                return length &+ UInt64(littleEndian: difference).trailingZeroBitCount &>> 3
            }
            length &+= 8
        }
        while length < limit && input[a &+ length] == input[b &+ length] { length &+= 1 }
        return length
    }

    /// The longest match for `position` along the chain starting at `candidate`, if it beats `atLeast`.
    ///
    /// - Returns: the length (0 if none is longer than `atLeast`) and the distance.
    @inline(__always)
    private func longestMatch(at position: Int, candidate first: Int, atLeast: Int) -> (length: Int, distance: Int) {
        let limit = min(DeflateCompressor.maximumMatch, count &- position)
        let stop = min(niceLength, limit)
        var bestLength = atLeast
        var bestDistance = 0
        guard bestLength < limit else { return (0, 0) }
        var candidate = first
        var chain = chainLength
        let lowest = position &- DeflateCompressor.windowSize
        let prefix = load32(position)
        while candidate >= lowest && candidate >= 0 {
            if input[candidate &+ bestLength] == input[position &+ bestLength] && load32(candidate) == prefix {
                let length = matchLength(candidate, position, limit: limit)
                if length > bestLength {
                    bestLength = length
                    bestDistance = position &- candidate
                    if length >= stop { break }
                }
            }
            chain &-= 1
            if chain == 0 { break }
            let link = previous[candidate & (DeflateCompressor.windowSize &- 1)]
            let next = link < 0 ? -1 : Int(link) &+ origin
            if next >= candidate { break }
            candidate = next
        }
        return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
    }

    /// Greedy parsing: at each position take the longest match found, if any, and continue after it.
    /// Long stretches without matches are skipped through with growing steps (see the loop).
    mutating func compressGreedily(writer: inout DeflateBlockWriter, sink: inout DeflateSink) {
        let hashEnd = count - DeflateCompressor.minimumMatch
        var position = 0
        var misses = 0
        while position <= hashEnd {
            rebaseIfNeeded(position)
            let candidate = insert(position)
            let match = longestMatch(
                at: position, candidate: candidate, atLeast: DeflateCompressor.minimumMatch - 1)
            if match.length > 0 {
                writer.addMatch(length: match.length, distance: match.distance, at: position, sink: &sink)
                // Short matches have every position inside them hashed. Long ones only their last three, so
                // that a run continuing after the match is found again at a small distance (cheap to code).
                let last = min(position + match.length, hashEnd + 1)
                var inserted = match.length <= insertLength ? position + 1 : max(position + 1, last - 3)
                while inserted < last {
                    _ = insert(inserted)
                    inserted += 1
                }
                position += match.length
                misses = 0
            } else {
                // After 32 searches in a row without a match, search only every second position, after 64
                // every third, and so on up to every 32nd: incompressible stretches (noise, photographs) then
                // cost little, and the first match found returns to searching everywhere.
                let step = min(1 + min(misses >> 5, 31), hashEnd + 1 - position)
                for offset in 0..<step {
                    writer.addLiteral(input[position + offset], at: position + offset, sink: &sink)
                }
                position += step
                misses += 1
            }
        }
        while position < count {
            writer.addLiteral(input[position], at: position, sink: &sink)
            position += 1
        }
    }

    /// Lazy parsing: a match found at one position is kept only if the next position does not start a
    /// longer one; otherwise the first byte goes out as a literal and the decision repeats one byte later.
    mutating func compressLazily(writer: inout DeflateBlockWriter, sink: inout DeflateSink) {
        let hashEnd = count - DeflateCompressor.minimumMatch
        var position = 0
        // A match found at `position − 1` and not yet emitted (length 0: none).
        var pendingLength = 0
        var pendingDistance = 0
        while position <= hashEnd {
            rebaseIfNeeded(position)
            let candidate = insert(position)
            var match = (length: 0, distance: 0)
            if pendingLength < lazyLength {
                match = longestMatch(
                    at: position, candidate: candidate,
                    atLeast: max(pendingLength, DeflateCompressor.minimumMatch - 1))
            }
            if pendingLength > 0 {
                if match.length > pendingLength {
                    writer.addLiteral(input[position - 1], at: position - 1, sink: &sink)
                } else {
                    // Emit the pending match that started one byte back; insert the positions it covers.
                    let start = position - 1
                    writer.addMatch(length: pendingLength, distance: pendingDistance, at: start, sink: &sink)
                    let last = min(start + pendingLength, hashEnd + 1)
                    var inserted = position + 1
                    while inserted < last {
                        _ = insert(inserted)
                        inserted += 1
                    }
                    position = start + pendingLength
                    pendingLength = 0
                    continue
                }
            }
            if match.length > 0 {
                pendingLength = match.length
                pendingDistance = match.distance
            } else {
                pendingLength = 0
                writer.addLiteral(input[position], at: position, sink: &sink)
            }
            position += 1
        }
        if pendingLength > 0 {
            writer.addMatch(length: pendingLength, distance: pendingDistance, at: position - 1, sink: &sink)
            position += pendingLength - 1
        }
        while position < count {
            writer.addLiteral(input[position], at: position, sink: &sink)
            position += 1
        }
    }
}
