/// A path to properties of an animation by the names of what holds them (reads like lottie-ios's
/// `AnimationKeypath`): layer names (precomposition layers first), then shape group names, then the shape item's
/// name, then the property's name, joined by dots, e.g. `"Layer 1.Ellipse 1.Fill 1.Color"`.
///
/// A key `*` stands for exactly one name, a key `**` for any number of names (none included), so `"**.Color"`
/// reaches every colour and `"*.Fill 1.Color"` the fills named "Fill 1" directly inside any layer. Wildcards stand
/// for whole names only (`"Layer*"` is the literal name). Names containing dots cannot be reached through
/// ``init(keypath:)``; pass the keys with ``init(keys:)``.
public struct AnimationKeypath: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The names, outermost first.
    public let keys: [String]

    /// The path `keypath`, split at its dots.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path of these names.
    public init(keys: [String]) {
        self.keys = keys
    }

    /// The path `value`, split at its dots.
    public init(stringLiteral value: String) {
        self.init(keypath: value)
    }

    /// The keys joined by dots.
    public var string: String { keys.joined(separator: ".") }

    /// Whether this path, wildcards and all, names the property at `path` (plain names, outermost first).
    /// A path of n names against k keys takes O(n × k) steps.
    func matches(_ path: [String]) -> Bool {
        // reachable[j]: the first i keys of the pattern can consume the first j names.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for key in keys {
            var next = [Bool](repeating: false, count: path.count + 1)
            for j in 0...path.count where reachable[j] {
                if key == "**" {
                    for later in j...path.count { next[later] = true }
                    break
                }
                if j < path.count, key == "*" || key == path[j] { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[path.count]
    }
}
