/// The members of a JSON object, in document order (our own type).
///
/// A lookup scans the members from the last, so a repeated key reads as its last value, as most JSON readers keep
/// it. Lottie objects have a handful of keys of one to three letters, which a scan compares faster than a hash
/// table hashes them; the decoder looks up a fixed set of keys per object, so its work stays linear in the
/// document's size however many members an object has.
struct JSONObject: Sendable {
    /// The members, in document order (a repeated key appears each time).
    let members: [(key: String, value: JSONValue)]

    /// The value of the last member named `key`, or nil when there is none.
    subscript(key: String) -> JSONValue? {
        var index = members.count
        while index > 0 {
            index -= 1
            if members[index].key == key { return members[index].value }
        }
        return nil
    }
}
