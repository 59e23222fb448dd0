import PortableQuartzCore
import Testing

@testable import pqc

/// Checks and measures for the demo tests (our helpers, in one namespace so they cannot clash with other suites').
enum DemoCheck {
    /// Checks that `actual` is within `tolerance` of `expected`, naming both on failure.
    static func close(
        _ actual: Double?, _ expected: Double, tolerance: Double = 1e-6,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let actual else {
            Issue.record("expected \(expected), got nil", sourceLocation: sourceLocation)
            return
        }
        #expect(
            abs(actual - expected) <= tolerance, "\(actual) is not \(expected) ± \(tolerance)",
            sourceLocation: sourceLocation)
    }

    /// Checks a point coordinate by coordinate.
    static func close(
        _ actual: CGPoint?, _ expected: CGPoint, tolerance: Double = 1e-6,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        DemoCheck.close(
            actual.map { Double($0.x) }, Double(expected.x), tolerance: tolerance, sourceLocation: sourceLocation)
        DemoCheck.close(
            actual.map { Double($0.y) }, Double(expected.y), tolerance: tolerance, sourceLocation: sourceLocation)
    }

    /// Checks an RGBA colour component by component.
    static func colour(
        _ actual: CGColor?, _ expected: [Double], tolerance: Double = 1e-6,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let components = actual?.components, components.count == expected.count else {
            Issue.record(
                "expected colour \(expected), got \(String(describing: actual))", sourceLocation: sourceLocation)
            return
        }
        for (value, wanted) in zip(components, expected) {
            DemoCheck.close(Double(value), wanted, tolerance: tolerance, sourceLocation: sourceLocation)
        }
    }

    /// Checks every entry of a transform.
    static func close(
        _ actual: CATransform3D?, _ expected: CATransform3D, tolerance: Double = 1e-6,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let actual else {
            Issue.record("expected a transform, got nil", sourceLocation: sourceLocation)
            return
        }
        let pairs: [(CGFloat, CGFloat)] = [
            (actual.m11, expected.m11), (actual.m12, expected.m12), (actual.m13, expected.m13),
            (actual.m14, expected.m14), (actual.m21, expected.m21), (actual.m22, expected.m22),
            (actual.m23, expected.m23), (actual.m24, expected.m24), (actual.m31, expected.m31),
            (actual.m32, expected.m32), (actual.m33, expected.m33), (actual.m34, expected.m34),
            (actual.m41, expected.m41), (actual.m42, expected.m42), (actual.m43, expected.m43),
            (actual.m44, expected.m44),
        ]
        for (value, wanted) in pairs {
            DemoCheck.close(Double(value), Double(wanted), tolerance: tolerance, sourceLocation: sourceLocation)
        }
    }

    /// The angle of a transform's rotation about z (the transform of a layer turned in its plane), in radians.
    static func rotationZ(_ transform: CATransform3D?) -> Double? {
        transform.map { atan2(Double($0.m12), Double($0.m11)) }
    }

    /// The sRGB components `a + (b − a) × fraction`, as a basic colour animation shows them at that progress.
    static func mix(_ a: CGColor, _ b: CGColor, _ fraction: Double) -> [Double] {
        let from = (a.components ?? []).map(Double.init)
        let to = (b.components ?? []).map(Double.init)
        return zip(from, to).map { $0 + ($1 - $0) * fraction }
    }

    /// The value the default timing curve (0.25, 0.1, 0.25, 1) gives at x = 1/4 and x = 1/2, worked out by bisection
    /// on the curve's x(s) and evaluating y(s).
    enum DefaultCurve {
        static let quarter = 0.4085105913553958
        static let half = 0.802403387584857
    }
}

extension DemoScene {
    /// The presentation of the layer named `name` at the scene's current time.
    func shown(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> CALayer? {
        guard let layer = layer(named: name) else {
            Issue.record("no layer named \(name)", sourceLocation: sourceLocation)
            return nil
        }
        return presentation(of: layer)
    }

    /// Plays to `time` and returns the presentation of the layer named `name` there.
    func shown(_ name: String, at time: Double, sourceLocation: SourceLocation = #_sourceLocation) -> CALayer? {
        advance(to: time)
        return shown(name, sourceLocation: sourceLocation)
    }
}
