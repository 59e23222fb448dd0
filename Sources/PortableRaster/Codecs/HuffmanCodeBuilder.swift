/// Construction of length-limited canonical Huffman codes for the compressor.
enum HuffmanCodeBuilder {
    /// Optimal code lengths for `frequencies` with no code longer than `limit` bits, by the package-merge
    /// algorithm (Larmore and Hirschberg).
    ///
    /// Symbols with frequency 0 get length 0 (no code). Deflate decoders such as zlib reject codes that
    /// leave bit patterns unused (except in special cases), so when fewer than two symbols are used the
    /// lowest unused symbols are added with length 1 until there are two, which makes the code complete.
    ///
    /// Package-merge, briefly: with the used symbols sorted by frequency, build `limit` lists. The deepest
    /// list is the symbols themselves; each shallower list merges the symbols with "packages" made by
    /// pairing neighbours of the list below (weight = sum of the pair). Taking the `2n − 2` lightest items of
    /// the shallowest list and expanding packages recursively, a symbol's code length is the number of lists
    /// in which it is selected. Because lists are sorted and packages are made from consecutive pairs, the
    /// selection in every list is a prefix, and the symbols selected in it are the lightest ones, so only the
    /// number of symbols inside each list's prefix needs to be recorded. Ties sort symbols before packages
    /// and lower symbol numbers first, so the result is deterministic.
    ///
    /// - Precondition: `2^limit` is at least the number of used symbols (always true for deflate's
    ///   alphabets and limits).
    static func codeLengths(frequencies: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var used: [(weight: UInt64, symbol: Int)] = []
        used.reserveCapacity(frequencies.count)
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            used.append((UInt64(frequency), symbol))
        }
        if used.count < 2 {
            var candidate = 0
            while used.count < 2 && candidate < frequencies.count {
                if frequencies[candidate] == 0 { used.append((0, candidate)) }
                candidate += 1
            }
            for item in used { lengths[item.symbol] = 1 }
            return lengths
        }
        used.sort { $0.weight != $1.weight ? $0.weight < $1.weight : $0.symbol < $1.symbol }
        let n = used.count
        precondition(n <= 1 << limit, "\(n) symbols do not fit in codes of at most \(limit) bits")

        // lists[d] holds, for list depth d (0 = shallowest), each item's weight and whether it is a symbol.
        var weightsByDepth: [[UInt64]] = Array(repeating: [], count: limit)
        var isSymbolByDepth: [[Bool]] = Array(repeating: [], count: limit)
        weightsByDepth[limit - 1] = used.map(\.weight)
        isSymbolByDepth[limit - 1] = Array(repeating: true, count: n)
        let maximumItems = 2 * n - 2
        if limit >= 2 {
            for depth in stride(from: limit - 2, through: 0, by: -1) {
                let below = weightsByDepth[depth + 1]
                var weights: [UInt64] = []
                var isSymbol: [Bool] = []
                weights.reserveCapacity(2 * n)
                isSymbol.reserveCapacity(2 * n)
                var symbolIndex = 0
                var packageIndex = 0
                let packageCount = below.count / 2
                while symbolIndex < n || packageIndex < packageCount {
                    let packageWeight =
                        packageIndex < packageCount ? below[2 * packageIndex] + below[2 * packageIndex + 1] : .max
                    if symbolIndex < n && used[symbolIndex].weight <= packageWeight {
                        weights.append(used[symbolIndex].weight)
                        isSymbol.append(true)
                        symbolIndex += 1
                    } else {
                        weights.append(packageWeight)
                        isSymbol.append(false)
                        packageIndex += 1
                    }
                }
                weightsByDepth[depth] = weights
                isSymbolByDepth[depth] = isSymbol
            }
        }

        var selected = maximumItems
        for depth in 0..<limit {
            let flags = isSymbolByDepth[depth]
            var symbols = 0
            for index in 0..<min(selected, flags.count) where flags[index] { symbols += 1 }
            for index in 0..<symbols { lengths[used[index].symbol] += 1 }
            selected = 2 * (selected - symbols)
            if selected == 0 { break }
        }
        return lengths
    }

    /// Canonical codes (RFC 1951, section 3.2.2) for the given lengths, bit-reversed so that they can be
    /// written least significant bit first. Symbols of length 0 get code 0.
    static func reversedCodes(lengths: [UInt8]) -> [UInt16] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = UInt16(reverseBits(nextCode[Int(length)], count: Int(length)))
            nextCode[Int(length)] += 1
        }
        return codes
    }
}
