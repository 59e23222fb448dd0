/// One value of a parsed JSON document: the small tree the Lottie decoder reads (our own type).
///
/// Numbers are kept as `Double` (JSON has no integer type; Lottie files use numbers for everything from frame
/// counts to colour channels). Objects keep the last value of a repeated key, as most JSON readers do.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's kind for error messages ("a number", "an object", …).
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
