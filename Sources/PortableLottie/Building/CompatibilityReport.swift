/// Something in a Lottie file that Core Animation cannot express, so the layer tree leaves it out (our type).
public struct LottieCompatibilityIssue: Sendable, Hashable, CustomStringConvertible {
    /// The name of the Lottie layer it belongs to (empty for the composition itself).
    public let layerName: String
    /// What is not drawn, in words (e.g. "expressions are not evaluated").
    public let feature: String

    /// An issue.
    public init(layerName: String, feature: String) {
        self.layerName = layerName
        self.feature = feature
    }

    public var description: String {
        layerName.isEmpty ? feature : "\(layerName): \(feature)"
    }
}

/// Collects compatibility issues during one build, each (layer, feature) pair once, in the order first met.
final class CompatibilityReport {
    private(set) var issues: [LottieCompatibilityIssue] = []
    private var seen: Set<LottieCompatibilityIssue> = []

    /// Records that `feature` of the layer named `layerName` is not drawn (once per pair).
    func note(_ feature: String, layer layerName: String) {
        let issue = LottieCompatibilityIssue(layerName: layerName, feature: feature)
        if seen.insert(issue).inserted { issues.append(issue) }
    }
}
