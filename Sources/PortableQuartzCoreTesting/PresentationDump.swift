import Foundation
import PortableQuartzCore

/// A layer tree's presentation values as text, one layer after the other (our test helper): what is on screen at a
/// media time, in a form a text snapshot or a diff can compare.
///
/// Each layer is a line `ClassName "name"` (the name when it has one), indented two spaces per level, followed by
/// its values, one per line: `frame`, `position`, `bounds` and `opacity` always, and `anchorPoint`, `zPosition`,
/// `isHidden`, `transform`, `backgroundColor`, `cornerRadius`, `borderWidth`, `borderColor`, `masksToBounds`,
/// `shadowOpacity` and `speed` when they differ from a new layer's; then the keys of its attached animations (with
/// the key path each animates). Sublayers follow (a mask first, marked `mask:`). Numbers have three decimals (so
/// results do not depend on the last bits of a computation), colours are `#rrggbb` with `α` when not opaque, and a
/// transform is its sixteen entries, or `identity`.
///
/// The values are the presentation layer's at the clock's current time, so read the tree inside
/// `MediaClock.withInstalled(_:)` with the clock at the wanted time (``text(of:at:clock:)`` does that).
///
/// Example, a 100 × 50 layer at (10, 20) half-way through a fade from 0 to 1:
/// ```
/// CALayer "box"
///   frame (10.000, 20.000, 100.000, 50.000)
///   position (60.000, 45.000)
///   bounds (0.000, 0.000, 100.000, 50.000)
///   opacity 0.500
///   animation "fade": opacity
/// ```
public enum PresentationDump {
    /// The dump of `layer`'s presentation tree at media time `time`, read with a clock at that time installed.
    /// `clock`, when given, is advanced to `time` first (so that what is due by then runs: delegate callbacks,
    /// completion blocks, scheduled changes) and installed; otherwise a fresh clock standing at `time` is.
    /// A `time` that is not finite reads the tree at the clock's current time.
    public static func text(of layer: CALayer, at time: Double, clock: MediaClock? = nil) -> String {
        let clock = clock ?? MediaClock(startingAt: time.isFinite ? time : 0)
        return MediaClock.withInstalled(clock) { clock in
            if time.isFinite, time > clock.now { clock.advance(to: time) }
            return text(of: layer)
        }
    }

    /// The dump of `layer`'s presentation tree at the installed clock's current time (the model tree for layers
    /// not yet committed).
    public static func text(of layer: CALayer) -> String {
        var lines: [String] = []
        visit(layer, depth: 0, prefix: "", into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func visit(_ model: CALayer, depth: Int, prefix: String, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let layer = model.presentation() ?? model
        let name = model.name.map { " \"\($0)\"" } ?? ""
        lines.append(indent + prefix + "\(type(of: model))" + name)
        let fresh = CALayer()
        var values: [(String, String)] = [
            ("frame", rect(layer.frame)), ("position", point(layer.position)), ("bounds", rect(layer.bounds)),
            ("opacity", number(Double(layer.opacity))),
        ]
        func add(_ key: String, _ value: String, default standard: String) {
            if value != standard { values.append((key, value)) }
        }
        add("anchorPoint", point(layer.anchorPoint), default: point(fresh.anchorPoint))
        add("zPosition", number(layer.zPosition), default: "0.000")
        add("isHidden", String(layer.isHidden), default: "false")
        add("transform", transform(layer.transform), default: "identity")
        add("backgroundColor", colour(layer.backgroundColor), default: "nil")
        add("cornerRadius", number(layer.cornerRadius), default: "0.000")
        add("borderWidth", number(layer.borderWidth), default: "0.000")
        add("borderColor", colour(layer.borderColor), default: colour(fresh.borderColor))
        add("masksToBounds", String(layer.masksToBounds), default: "false")
        add("shadowOpacity", number(Double(layer.shadowOpacity)), default: "0.000")
        add("speed", number(Double(model.speed)), default: "1.000")
        for (key, value) in values { lines.append(indent + "  \(key) \(value)") }
        for key in model.animationKeys() ?? [] {
            guard let animation = model.animation(forKey: key) else { continue }
            lines.append(indent + "  animation \"\(key)\": \(describe(animation))")
        }
        if let mask = model.mask { visit(mask, depth: depth + 1, prefix: "mask: ", into: &lines) }
        for sublayer in model.sublayers ?? [] { visit(sublayer, depth: depth + 1, prefix: "", into: &lines) }
    }

    private static func describe(_ animation: CAAnimation) -> String {
        switch animation {
        case let group as CAAnimationGroup:
            return "group of " + (group.animations ?? []).map(describe).joined(separator: ", ")
        case let property as CAPropertyAnimation:
            return property.keyPath ?? "(no key path)"
        case let transition as CATransition:
            return "transition "
                + ([transition.type.rawValue] + [transition.subtype?.rawValue].compactMap { $0 })
                .joined(separator: " ")
        default:
            return "\(type(of: animation))"
        }
    }

    /// `value` with three decimals; `-0.000` as `0.000`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let text = String(format: "%.3f", value)
        return text == "-0.000" ? "0.000" : text
    }

    static func number(_ value: CGFloat) -> String { number(Double(value)) }

    static func point(_ point: CGPoint) -> String { "(\(number(point.x)), \(number(point.y)))" }

    static func rect(_ rect: CGRect) -> String {
        "(\(number(rect.origin.x)), \(number(rect.origin.y)), \(number(rect.size.width)), \(number(rect.size.height)))"
    }

    static func transform(_ t: CATransform3D) -> String {
        if CATransform3DIsIdentity(t) { return "identity" }
        let rows = [
            [t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24], [t.m31, t.m32, t.m33, t.m34],
            [t.m41, t.m42, t.m43, t.m44],
        ]
        return rows.map { "[" + $0.map(number).joined(separator: " ") + "]" }.joined(separator: " ")
    }

    static func colour(_ colour: CGColor?) -> String {
        guard let colour else { return "nil" }
        let (red, green, blue, alpha) = colour.rgbaComponents
        let hex = [red, green, blue].map { component -> String in
            let byte = Int((Swift.min(Swift.max(Double(component), 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
        return alpha >= 1 ? "#" + hex : "#\(hex) α \(String(format: "%.2f", Double(alpha)))"
    }
}
