/// A string-valued property as a layer stores it: the name as it was set, parsed once into the choice the
/// renderer draws. Our addition; the field type of ``LayerState``'s string-valued properties.
///
/// Apple's layers keep such a property as the string it was given (the properties are declared `copy` strings in
/// Apple's headers), so a name Apple does not define reads back unchanged: `CALayerContentsGravity("sideways")`
/// set on a layer reads back as `"sideways"`. The renderer never looks at the name: it switches over ``choice``,
/// which is the named case, or `Choice.fallback` for a name outside Apple's table (see ``StringChoice``).
///
/// Equality compares what was set: two unknown names are equal only when spelled alike, and an unknown name differs
/// from the fallback case it draws as. A string literal makes a value (`shape.lineCap = "round"`).
public struct NamedChoice<Choice: StringChoice>: Hashable, Sendable {
    /// The name as set when it names no case; nil for the names of the table (spelled by `choice.rawValue`).
    /// Declared first so the one-byte choice packs after it (17 bytes in all).
    private let unknownName: String?
    /// What the renderer draws: the case the name names, or `Choice.fallback` when it names none.
    public let choice: Choice

    /// The value of a known case.
    public init(_ choice: Choice) {
        self.choice = choice
        unknownName = nil
    }

    /// The value of a name as set through Apple's API: its case, or the fallback case keeping the name.
    public init(name: String) {
        let known = Choice(rawValue: name)
        choice = known ?? .fallback
        unknownName = known == nil ? name : nil
    }

    /// The name as it was set: the case's raw value for Apple's names, the string itself for any other.
    public var name: String {
        unknownName ?? choice.rawValue
    }

    /// Whether the name is one of Apple's (false when ``choice`` is only the fallback for an unknown name).
    public var isKnown: Bool {
        unknownName == nil
    }
}

extension NamedChoice: ExpressibleByStringLiteral {
    /// The value of the name `value` (see ``init(name:)``).
    public init(stringLiteral value: String) {
        self.init(name: value)
    }
}

extension NamedChoice: CustomStringConvertible {
    /// The name as it was set.
    public var description: String {
        name
    }
}
