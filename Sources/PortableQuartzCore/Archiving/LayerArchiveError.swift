import Foundation

/// Why a layer archive could not be read or turned back into layers, and where (our addition).
///
/// ``path`` names the place in the archive in the form `root.sublayers[2].animations["spin"].fromValue`: `root` is
/// the root layer, `.name` a field, `[n]` an element of a list (sublayers, group members, keyframe values) and
/// `["key"]` an attached animation by its key (by its index when it has no key). An empty path means the document
/// as a whole (a JSON syntax error before anything could be read, for example).
///
/// Two errors are equal when their paths and reasons are; ``underlyingError`` is kept for diagnosis only.
public struct LayerArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// The bytes are not JSON, or JSON of the wrong shape (a missing field, a string where a number belongs);
        /// the text is the decoder's explanation.
        case malformedJSON(String)
        /// The archive's `version` is one this build cannot read (it reads ``LayerArchive/currentVersion``).
        case unsupportedVersion(Int)
        /// A field the format does not have (a typo, or a field of a later version).
        case unknownField(String)
        /// A layer class name that is not one of this module's layer classes.
        case unknownLayerClass(String)
        /// An animation class name that is not one of this module's animation classes.
        case unknownAnimationClass(String)
        /// A property key that names no property of the layer's class (see `LayerProperty`).
        case unknownProperty(key: String, layerClass: String)
        /// A field that exists in the format but not for this animation class (`values` on a basic animation).
        case fieldNotApplicable(field: String, animationClass: String)
        /// A value of another kind than the property holds, both given by their JSON tags (`"point"`, `"null"`).
        case wrongValueKind(expected: String, found: String)
        /// A value that has the right kind but cannot be used; the text says why.
        case invalidValue(String)
    }

    /// Where in the archive the problem is (see the type's documentation).
    public let path: String
    /// What the problem is.
    public let reason: Reason
    /// The decoding error this one was made from, when there was one.
    public let underlyingError: DecodingError?

    /// An error at `path` for `reason`.
    public init(path: String, reason: Reason, underlyingError: DecodingError? = nil) {
        self.path = path
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// The error describing a `DecodingError` from `JSONDecoder`, at the coding path it reports.
    init(_ error: DecodingError) {
        let context: DecodingError.Context
        let explanation: String
        switch error {
        case .typeMismatch(let type, let errorContext):
            context = errorContext
            explanation = "expected \(Self.jsonName(of: type)): \(errorContext.debugDescription)"
        case .valueNotFound(let type, let errorContext):
            context = errorContext
            explanation = "missing \(Self.jsonName(of: type)): \(errorContext.debugDescription)"
        case .keyNotFound(let key, let errorContext):
            context = DecodingError.Context(
                codingPath: errorContext.codingPath + [key], debugDescription: errorContext.debugDescription)
            explanation = "missing field \"\(key.stringValue)\""
        case .dataCorrupted(let errorContext):
            context = errorContext
            let underlying = (errorContext.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
            explanation = [errorContext.debugDescription, underlying as? String].compactMap { $0 }.joined(
                separator: ": ")
        @unknown default:
            context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
            explanation = "\(error)"
        }
        self.init(
            path: ArchivePath.render(context.codingPath), reason: .malformedJSON(explanation), underlyingError: error)
    }

    /// The same error with `prefix` at the start of its path replaced by `replacement` (how a list index becomes
    /// an animation key); unchanged when the path does not start with `prefix` followed by a separator or its end.
    func replacingPathPrefix(_ prefix: String, with replacement: String) -> LayerArchiveError {
        guard path.hasPrefix(prefix) else { return self }
        let rest = path.dropFirst(prefix.count)
        guard rest.isEmpty || rest.first == "." || rest.first == "[" else { return self }
        return LayerArchiveError(path: replacement + rest, reason: reason, underlyingError: underlyingError)
    }

    /// Compares paths and reasons; the underlying decoding error is not compared.
    public static func == (lhs: LayerArchiveError, rhs: LayerArchiveError) -> Bool {
        lhs.path == rhs.path && lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(reason)
    }

    /// The path and an explanation, for example `root.sublayers[1]: unknown layer class "CAFooLayer"`.
    public var description: String {
        let place = path.isEmpty ? "layer archive" : path
        return "\(place): \(reason.explanation)"
    }

    /// A short name for a Swift type as the JSON shows it.
    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Float.Type, is Int.Type: "a number"
        case is [Any].Type: "a list"
        default: "\(type)"
        }
    }
}

extension LayerArchiveError.Reason {
    /// A sentence about the problem, saying what would be accepted where that helps.
    var explanation: String {
        switch self {
        case .malformedJSON(let text):
            "malformed JSON: \(text)"
        case .unsupportedVersion(let version):
            "unsupported archive version \(version); this build reads version \(LayerArchive.currentVersion)"
        case .unknownField(let field):
            "unknown field \"\(field)\""
        case .unknownLayerClass(let name):
            "unknown layer class \"\(name)\"; expected one of "
                + ArchivedLayerClass.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownAnimationClass(let name):
            "unknown animation class \"\(name)\"; expected one of "
                + ArchivedAnimationClass.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownProperty(let key, let layerClass):
            "\"\(key)\" is not a property of \(layerClass)"
        case .fieldNotApplicable(let field, let animationClass):
            "\(animationClass) has no field \"\(field)\""
        case .wrongValueKind(let expected, let found):
            "expected a value of kind \"\(expected)\", found \"\(found)\""
        case .invalidValue(let text):
            "invalid value: \(text)"
        }
    }
}
