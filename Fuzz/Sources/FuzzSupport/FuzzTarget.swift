#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One fuzz target: what it does with an input, the seed corpus it starts from and the words libFuzzer may splice
/// in. A target is an executable of this package whose single file declares a type conforming to this protocol
/// and the two C entry points libFuzzer calls, forwarding to ``FuzzDriver``:
///
/// ```swift
/// @_cdecl("LLVMFuzzerInitialize")
/// public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
///     FuzzDriver.initialize(MyTarget.self)
/// }
///
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
///     FuzzDriver.run(MyTarget.self, data, size)
/// }
/// ```
public protocol FuzzTarget {
    /// Inputs to start from: each a complete, valid example, so mutations start deep inside the code.
    static var seeds: [[UInt8]] { get }
    /// Byte strings worth inserting (keywords, chunk names); empty when none help.
    static var dictionary: [[UInt8]] { get }
    /// Runs one input. It must return normally for every input: a trap, a sanitizer report, a hang or unbounded
    /// memory is the defect the target looks for. Violated invariants call ``FuzzDriver/fail(_:)``.
    static func test(_ input: [UInt8])
}

extension FuzzTarget {
    public static var dictionary: [[UInt8]] { [] }
}

/// The glue between libFuzzer and a ``FuzzTarget``.
///
/// Seeds and dictionary are made by the target itself: with `PQC_FUZZ_WRITE_SEEDS=FOLDER` in the environment the
/// executable writes its seeds there (`seed-000` …) and exits, and with `PQC_FUZZ_WRITE_DICTIONARY=FILE` it
/// writes its dictionary in libFuzzer's format (no file when it has none). `Scripts/fuzz.sh` does both before
/// fuzzing.
public enum FuzzDriver {
    /// Handles the seed and dictionary requests (then exits); otherwise returns 0 and fuzzing starts.
    public static func initialize<Target: FuzzTarget>(_ target: Target.Type) -> CInt {
        var wroteSomething = false
        if let folder = environment("PQC_FUZZ_WRITE_SEEDS") {
            for (index, seed) in Target.seeds.enumerated() {
                let number = String(index)
                let name = "seed-" + String(repeating: "0", count: Swift.max(0, 3 - number.count)) + number
                writeFile(seed, to: folder + "/" + name)
            }
            wroteSomething = true
        }
        if let file = environment("PQC_FUZZ_WRITE_DICTIONARY") {
            // libFuzzer refuses an empty dictionary file, so a target without words writes none.
            if !Target.dictionary.isEmpty {
                let lines = Target.dictionary.map { "\"" + escaped($0) + "\"\n" }.joined()
                writeFile(Array(lines.utf8), to: file)
            }
            wroteSomething = true
        }
        if wroteSomething { exit(0) }
        return 0
    }

    /// Runs one input through `target`; always returns 0 (libFuzzer's "keep going").
    public static func run<Target: FuzzTarget>(
        _ target: Target.Type, _ data: UnsafePointer<UInt8>?, _ size: Int
    ) -> CInt {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        Target.test(input)
        return 0
    }

    /// Whether `PQC_FUZZ_TRACE` is set: targets then print what they build from an input (replay one input to
    /// see it).
    public static let isTracing = environment("PQC_FUZZ_TRACE") != nil

    /// Reports a broken invariant and aborts, so libFuzzer saves the input as a crash.
    public static func fail(_ message: String) -> Never {
        let line = Array("fuzz invariant violated: \(message)\n".utf8)
        _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private static func writeFile(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else { fail("cannot create \(path)") }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        if written != bytes.count { fail("cannot write \(path)") }
    }

    /// `bytes` as the inside of a libFuzzer dictionary string: printable ASCII kept, the rest as `\xHH`.
    private static func escaped(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        var text = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                text.append(Character(Unicode.Scalar(byte)))
            } else {
                text += "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return text
    }
}
