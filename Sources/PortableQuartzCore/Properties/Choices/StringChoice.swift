/// A closed set of choices that Apple's API names with string constants (a line cap, a contents gravity, a
/// transition type), one case per constant. Our addition.
///
/// Each case's raw value is the string of Apple's constant, so the raw values are the one table between Apple's
/// names and the cases: `init(rawValue:)` reads a name, `rawValue` spells it. Names are compared exactly, as Apple's
/// constants are (`"Round"` is not `"round"`).
public protocol StringChoice: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// The case a name outside the table is drawn as. For every property so far this is the property's documented
    /// default (for example `butt` for a line cap), the rule the renderer has always followed; Apple does not
    /// document what it draws for other names.
    static var fallback: Self { get }
}

extension StringChoice {
    /// The case named `name`, or `fallback` when no case has that name.
    public init(parsing name: String) {
        self = Self(rawValue: name) ?? .fallback
    }
}
