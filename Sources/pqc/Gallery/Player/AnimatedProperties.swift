import Foundation
import PortableQuartzCore

/// What a scene's animations are doing at one moment, as the gallery's player shows it beside the picture (our
/// helper): for every animation attached to a layer of the tree, the key path it animates and the layer's
/// presentation value for that key path, as text.
///
/// Layers are named by their `name`, or else by their class and their place in the tree (`CALayer 0.2.1`: the
/// root's first sublayer's third sublayer's second sublayer; a mask adds `m`). A group contributes each of its
/// animations' key paths; a transition contributes the row `transition` with its type and subtype (it animates the
/// whole layer, not one value). A key path animated twice on one layer (two animations, or a group and another)
/// is listed once: its presentation value already combines them.
enum AnimatedProperties {
    /// One animated key path of one layer.
    struct Track: Hashable, Codable, Sendable {
        /// The layer's name, or its class and place in the tree.
        let layer: String
        /// The animated key path (`opacity`, `position.y`, `transform.rotation.z`), or `transition`.
        let keyPath: String
    }

    /// The value of every animated key path of the scene's tree at its current time, in tree order (depth first, a
    /// mask before the sublayers, each layer's animations in the order they were added).
    ///
    /// The attached animations are listed through the tree's archive (`ArchivedLayer`), the one public view that
    /// includes those added with a `nil` key, which `animationKeys()` leaves out, as Apple's does.
    static func read(in scene: some PlayableScene) -> [(track: Track, value: String)] {
        scene.withClock {
            var rows: [(track: Track, value: String)] = []
            visit(scene.root, ArchivedLayer(scene.root), place: "", into: &rows)
            return rows
        }
    }

    private static func visit(
        _ layer: CALayer, _ archived: ArchivedLayer, place: String, into rows: inout [(track: Track, value: String)]
    ) {
        if let animations = archived.animations, !animations.isEmpty {
            let label = layer.name ?? "\(type(of: layer)) \(place.isEmpty ? "root" : place)"
            let presentation = layer.presentation()
            var seen = Set<String>()
            for (keyPath, transition) in animations.flatMap(keyPaths(of:)) where seen.insert(keyPath).inserted {
                let value = transition ?? format(presentation?.value(forKeyPath: keyPath))
                rows.append((Track(layer: label, keyPath: keyPath), value))
            }
        }
        let prefix = place.isEmpty ? "" : place + "."
        if let mask = layer.mask, let archivedMask = archived.mask {
            visit(mask, archivedMask, place: prefix + "m", into: &rows)
        }
        for (index, (sublayer, archivedSublayer)) in zip(layer.sublayers ?? [], archived.sublayers ?? []).enumerated() {
            visit(sublayer, archivedSublayer, place: prefix + String(index), into: &rows)
        }
    }

    /// The key paths an archived animation animates: its own, its group's members', or `transition` with the
    /// transition's type and subtype as the value to show.
    private static func keyPaths(of animation: ArchivedAnimation) -> [(keyPath: String, transition: String?)] {
        if let members = animation.animations { return members.flatMap(keyPaths(of:)) }
        if animation.className == ArchivedAnimationClass.transition.rawValue {
            return [
                ("transition", [animation.type ?? "fade", animation.subtype].compactMap { $0 }.joined(separator: " "))
            ]
        }
        return animation.keyPath.map { [($0, nil)] } ?? []
    }

    /// A value as the player shows it: numbers with 3 decimals, points `(x, y)`, sizes `w × h`, rectangles
    /// `(x, y, w, h)`, colours `#rrggbb` (with `α` when not opaque), transforms as the matrix's 2-D part
    /// `[m11 m12 m21 m22 m41 m42]` (with `m34` when it is not 0), paths by their bounding box; `—` for nil.
    ///
    /// Example: `CGPoint(x: 120, y: 80.25)` → `(120.000, 80.250)`; an opaque red `CGColor` → `#ff0000`.
    static func format(_ value: Any?) -> String {
        switch value {
        case nil:
            return "—"
        case let number as NSNumber:
            return decimal(number.doubleValue)
        case let number as Double:
            return decimal(number)
        case let number as CGFloat:
            return decimal(Double(number))
        case let point as CGPoint:
            return "(\(decimal(point.x)), \(decimal(point.y)))"
        case let size as CGSize:
            return "\(decimal(size.width)) × \(decimal(size.height))"
        case let rect as CGRect:
            return "(\(decimal(rect.minX)), \(decimal(rect.minY)), \(decimal(rect.width)), \(decimal(rect.height)))"
        case let transform as CATransform3D:
            let entries = [transform.m11, transform.m12, transform.m21, transform.m22, transform.m41, transform.m42]
            let matrix = "[" + entries.map(decimal).joined(separator: " ") + "]"
            return transform.m34 == 0 ? matrix : matrix + " m34 \(decimal(transform.m34))"
        case let value as CGColor:
            return colour(value)
        case let path as CGPath:
            let box = path.boundingBoxOfPath
            return "path in (\(decimal(box.minX)), \(decimal(box.minY)), \(decimal(box.width)), \(decimal(box.height)))"
        case let value?:
            return String(describing: value)
        }
    }

    /// `value` with three decimals, `-0.000` written `0.000`; `nan` and `±inf` as such.
    static func decimal(_ value: CGFloat) -> String {
        decimal(Double(value))
    }

    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let text = String(format: "%.3f", value)
        return text == "-0.000" ? "0.000" : text
    }

    /// `#rrggbb` of the colour in sRGB (rounded, clamped), then ` α 0.50` when it is not opaque.
    static func colour(_ colour: CGColor) -> String {
        let (red, green, blue, alpha) = colour.rgbaComponents
        let hex = [red, green, blue].map { component -> String in
            let byte = Int((Swift.min(Swift.max(Double(component), 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        let text = "#" + hex.joined()
        return alpha >= 1 ? text : text + String(format: " α %.2f", Double(alpha))
    }
}
