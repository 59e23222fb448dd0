/// Where a value sits in a JSON document, written as the Lottie decoder's errors show it: member names joined by
/// dots and array positions in brackets, e.g. `layers[3].ks.p.k[2].s` (our own type). The root is the empty path.
///
/// The path is a chain shared between the nodes that descend from it, so stepping into a member costs one small
/// allocation and no copying of the components above.
struct JSONPath: Sendable, CustomStringConvertible {
    private final class Step: Sendable {
        let parent: Step?
        let key: String?
        let index: Int

        init(parent: Step?, key: String?, index: Int) {
            self.parent = parent
            self.key = key
            self.index = index
        }
    }

    private let last: Step?

    /// The document's root.
    static let root = JSONPath(last: nil)

    private init(last: Step?) {
        self.last = last
    }

    /// The path of member `key` of the object here.
    func appending(_ key: String) -> JSONPath {
        JSONPath(last: Step(parent: last, key: key, index: 0))
    }

    /// The path of element `index` of the array here.
    func appending(_ index: Int) -> JSONPath {
        JSONPath(last: Step(parent: last, key: nil, index: index))
    }

    var description: String {
        var parts: [String] = []
        var step = last
        while let current = step {
            parts.append(current.key.map { "." + $0 } ?? "[\(current.index)]")
            step = current.parent
        }
        let text = parts.reversed().joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
}
