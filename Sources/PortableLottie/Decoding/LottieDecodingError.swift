/// Why a Lottie file could not be read, and where (our own type).
///
/// `path` names the offending value the way the file spells it, members joined by dots and array positions in
/// brackets (`layers[3].ks.p.k[2].s`); it is empty for problems of the whole document (not JSON at all, too
/// large). `description` gives both in one sentence.
public struct LottieDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The bytes are not JSON: `reason` at `line` and `column` (both from 1; the column counts bytes).
        case malformedJSON(line: Int, column: Int, reason: String)
        /// A value the format requires is absent.
        case missing
        /// The value has the wrong JSON type: `expected` says what was needed, `found` what is there.
        case wrongType(expected: String, found: String)
        /// A number that is not finite or lies outside the range the format allows (`allowed` describes it).
        case outOfRange(value: Double, allowed: String)
        /// Keyframe times that go backwards: keyframe `frame` comes after one at `previousFrame`.
        case keyframesOutOfOrder(frame: Double, previousFrame: Double)
        /// Precompositions that contain themselves, directly or through others (`chain` lists the asset ids).
        case precompositionCycle(chain: [String])
        /// Layers whose parents lead back to themselves (`chain` lists the layer indices).
        case parentCycle(chain: [Int])
        /// The document exceeds a size limit of the decoder (`limit` describes which).
        case tooLarge(limit: String)
        /// Any other malformed value, described in words.
        case invalid(String)
    }

    /// The JSON path of the value at fault; empty for the whole document.
    public let path: String
    /// What is wrong.
    public let problem: Problem

    /// An error at `path` (a path string as ``path`` shows it).
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    init(at path: JSONPath, _ problem: Problem) {
        self.init(path: path.description, problem: problem)
    }

    public var description: String {
        let place = path.isEmpty ? "the document" : path
        switch problem {
        case .malformedJSON(let line, let column, let reason):
            return "not valid JSON at line \(line), column \(column): \(reason)"
        case .missing:
            return "\(place): missing (the Lottie format requires it)"
        case .wrongType(let expected, let found):
            return "\(place): expected \(expected), found \(found)"
        case .outOfRange(let value, let allowed):
            return "\(place): \(value) is out of range (\(allowed))"
        case .keyframesOutOfOrder(let frame, let previous):
            return
                "\(place): keyframe at frame \(frame) comes after one at frame \(previous); keyframes must be in order"
        case .precompositionCycle(let chain):
            return "\(place): precompositions contain themselves (\(chain.joined(separator: " → ")))"
        case .parentCycle(let chain):
            return "\(place): layer parents form a cycle (\(chain.map(String.init).joined(separator: " → ")))"
        case .tooLarge(let limit):
            return "\(place): too large (\(limit))"
        case .invalid(let reason):
            return "\(place): \(reason)"
        }
    }
}
