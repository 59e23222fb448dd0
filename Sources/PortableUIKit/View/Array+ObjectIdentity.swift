import Foundation

/// Lookups by object identity in the lists the views and animation blocks keep (our helpers).
///
/// They are not isolated to the main actor on purpose. A closure written inside main-actor code (a `UIView`
/// method) and handed to the standard library's algorithms (`firstIndex(where:)`, `removeAll(where:)`, `map` …)
/// is checked at run time to be running on the main actor (SE-0423: the standard library is not compiled for
/// strict concurrency), which traps when Swift 5 code uses views from another thread, as it may here (see
/// `CallerThread`). Main-actor code therefore calls these, or loops, instead of passing such closures.
extension Array where Element: AnyObject {
    /// The index of the first element that is `object` itself, or nil.
    func firstIndex(ofIdentical object: AnyObject) -> Int? {
        firstIndex { $0 === object }
    }

    /// The index of the last element that is `object` itself, or nil.
    func lastIndex(ofIdentical object: AnyObject) -> Int? {
        lastIndex { $0 === object }
    }

    /// Removes every element that is `object` itself.
    mutating func removeAll(identicalTo object: AnyObject) {
        removeAll { $0 === object }
    }
}
