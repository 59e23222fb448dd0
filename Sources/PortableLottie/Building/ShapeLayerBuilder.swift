import Foundation
import PortableQuartzCore

/// Builds the layers of a shape layer's items (our own code, from the format's rules).
///
/// A list of items runs front to back. Each fill, stroke or gradient paints every outline listed before it in its
/// list and in the groups listed before it, as changed by the modifiers (trim paths, rounded corners) listed after
/// those outlines; it draws at its own place in the list, so earlier items are on top. Each group becomes a layer carrying the
/// group's transform, holding its own items' layers; the styles and modifiers listed after a group in its parent
/// reach into it. Each style becomes one `CAShapeLayer` over all its outlines as one path (so even-odd filling
/// sees them together), or one per outline when a simultaneous trim cuts each outline on its own. Gradients are
/// `CAGradientLayer`s masked by the outline.
struct ShapeLayerBuilder {
    var context: AnimationContext
    /// The size of every layer made (the composition holding the shape layer).
    let size: CGSize

    /// The layers for `items`, back to front.
    func layers(for items: [ShapeItem]) -> [CALayer] {
        contentLayers(items, inherited: [])
    }

    /// The layers of one item list, back to front, with `inherited` the styles and modifiers that follow the list
    /// in its parents (they paint this list's outlines too, below its own items). A repeater repeats the items
    /// before it (see ``RepeaterBuilder``).
    func contentLayers(_ items: [ShapeItem], inherited: [ShapeItem]) -> [CALayer] {
        let visible = items.filter { !$0.isHidden }.map {
            context.valueProviders.applied(to: $0, inside: context.keypath)
        }
        if let index = visible.lastIndex(where: { if case .repeater = $0.kind { return true } else { return false } }),
            case .repeater(let repeater) = visible[index].kind
        {
            return RepeaterBuilder(context: context, size: size).layers(
                repeating: Array(visible[..<index]), with: repeater, then: Array(visible[(index + 1)...]),
                inherited: inherited, builder: self)
        }
        var list: [ShapeItem] = []
        for item in visible {
            switch item.kind {
            case .transform: break
            case .unsupported(let type):
                context.report.note("shape item type \"\(type)\" (\(item.name)) is not drawn", layer: context.layerName)
            case .merge:
                context.report.note("merge paths are not drawn (\(item.name))", layer: context.layerName)
            default: list.append(item)
            }
        }
        let own = list.count
        list += inherited
        // Front to back: each group and each style at its place in the list (`slots[position]`). A stroke that
        // paints the same outlines as a fill listed just before it joins the fill's layer and draws above it, as one
        // `CAShapeLayer` draws fill then stroke (lottie-ios pairs them so, and Apple's pictures show strokes above
        // such fills). Any other stroke is drawn once per fill before it, just below that fill (see `strokePieces`).
        var slots = Array(repeating: [CALayer](), count: list.count)
        var joined: Set<Int> = []
        for (position, item) in list.enumerated() where !joined.contains(position) {
            if case .group = item.kind {
                guard position < own else { continue }
                let following = list[(position + 1)...].filter { $0.isFill || $0.isStroke || $0.isModifier }
                if let layer = groupLayer(item, inherited: Array(following)) { slots[position].append(layer) }
            } else if item.isFill || item.isStroke {
                guard let first = list.firstIndex(where: \.drawsPath), first < min(position, own) else { continue }
                // Modifiers change the outlines before them, whichever side of the style they are on.
                let modifiers = list[(first + 1)...].filter(\.isModifier)
                var styles = [item]
                if item.isFill, let partner = Self.strokePartner(of: position, in: list) {
                    styles.append(list[partner])
                    joined.insert(partner)
                }
                let pieces =
                    item.isStroke
                    ? Self.strokePieces(of: position, in: list, own: own)
                    : [(slot: position, paths: list[..<min(position, own)].filter(\.drawsPath))]
                for piece in pieces {
                    let group = ShapeRenderGroup(paths: piece.paths, styles: styles + modifiers)
                    slots[piece.slot] += ShapeItemLayers(context: context, size: size).layers(for: group).reversed()
                }
            }
        }
        return slots.flatMap { $0 }.reversed()
    }

    /// Where lottie-ios draws the stroke at `position`, and over which outlines: it splits a list into render
    /// groups that each end at a fill and hold the outlines since the fill before (a fill with none borrows the
    /// previous group's, unless the list has groups of its own), and applies a stroke to every group so far, drawn
    /// just below the group's fill; the outlines after the last fill get it at its own place. So a stroke after
    /// two fills of one outline is drawn twice (Apple's pictures of lottie-ios's issue_1887 sample show it: the
    /// 80 % stroke's outer edge is 96 % opaque, as two layers of it give).
    static func strokePieces(of position: Int, in list: [ShapeItem], own: Int) -> [(slot: Int, paths: [ShapeItem])] {
        let end = min(position, own)
        let mayBorrow = !list[..<own].contains { if case .group = $0.kind { true } else { false } }
        var pieces: [(slot: Int, paths: [ShapeItem])] = []
        var current: [ShapeItem] = []
        var previous: [ShapeItem] = []
        for index in 0..<end {
            if list[index].drawsPath {
                current.append(list[index])
            } else if list[index].isFill {
                if current.isEmpty, mayBorrow { current = previous }
                if !current.isEmpty { pieces.append((index, current)) }
                previous = current
                current = []
            }
        }
        if !current.isEmpty { pieces.append((position, current)) }
        return pieces
    }

    /// The position of the stroke that joins the fill at `position`: the first solid stroke after it with no
    /// outline or group in between, whose opacity matches the fill's (lottie-ios draws a fill and a stroke in one
    /// render group only when their opacity animations are the same, gradient fills included).
    static func strokePartner(of position: Int, in list: [ShapeItem]) -> Int? {
        for index in (position + 1)..<list.count {
            let candidate = list[index]
            if candidate.drawsPath { return nil }
            if case .group = candidate.kind { return nil }
            guard case .stroke(let stroke) = candidate.kind else { continue }
            switch list[position].kind {
            case .fill(let fill): return fill.opacity.sameValues(as: stroke.opacity) ? index : nil
            case .gradientFill(let gradient): return gradient.opacity.sameValues(as: stroke.opacity) ? index : nil
            default: return nil
            }
        }
        return nil
    }

    /// A group's layer: its transform, with its content inside.
    private func groupLayer(_ item: ShapeItem, inherited: [ShapeItem]) -> CALayer? {
        guard case .group(let items) = item.kind, context.takeLayers() else { return nil }
        let layer = LayerFactory.plain(size: size, name: item.name)
        for case .transform(let transform) in items.lazy.filter({ !$0.isHidden }).map(\.kind) {
            TransformAnimator.apply(transform, to: layer, size: size, context: context)
            break
        }
        var inner = self
        inner.context.keypath.append(item.name)
        for sublayer in inner.contentLayers(items, inherited: inherited) { layer.addSublayer(sublayer) }
        return layer
    }
}

/// Outlines and the styles and modifiers that apply to them.
struct ShapeRenderGroup {
    var paths: [ShapeItem] = []
    var styles: [ShapeItem] = []

    /// The first style item of the kind `pick` selects.
    func first<T>(_ pick: (ShapeItem.Kind) -> T?) -> T? {
        for style in styles { if let found = pick(style.kind) { return found } }
        return nil
    }
}

extension AnimatableProperty where Value == Double {
    /// Whether both properties have the same keyframes (times, values, easing).
    func sameValues(as other: AnimatableProperty<Double>) -> Bool {
        timing == other.timing && keyframes.map(\.value) == other.keyframes.map(\.value)
    }
}

extension ShapeItem {
    /// Whether the item changes the outlines before it (trim paths, rounded corners).
    var isModifier: Bool {
        switch kind {
        case .trim, .roundedCorners: true
        default: false
        }
    }
}

/// Makes the plain layers the builder uses (our helper).
enum LayerFactory {
    /// A layer with bounds `(0, 0, size)` placed so that its frame is the same rectangle in its superlayer.
    static func plain(size: CGSize, name: String = "") -> CALayer {
        let layer = CALayer()
        place(layer, size: size, name: name)
        return layer
    }

    /// A shape layer placed like ``plain(size:name:)``, with no fill.
    static func shape(size: CGSize, name: String = "") -> CAShapeLayer {
        let layer = CAShapeLayer()
        place(layer, size: size, name: name)
        layer.fillColor = nil
        return layer
    }

    /// Gives `layer` bounds `(0, 0, size)` and a position at their centre.
    static func place(_ layer: CALayer, size: CGSize, name: String) {
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        if !name.isEmpty { layer.name = name }
    }

    /// A Lottie colour (components 0…1, or 0…255 in old files) as an opaque `CGColor`. A fourth component is
    /// ignored, as the Lottie players ignore it (opacity has its own property; files carry alphas of 0 in colours
    /// that Apple's pictures show opaque, e.g. lottie-ios's sample issue_1223).
    static func color(_ components: [Double]) -> CGColor {
        let scale = components.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
        func component(_ index: Int) -> CGFloat {
            index < components.count ? min(max(components[index] * scale, 0), 1) : 0
        }
        return CGColor(srgbRed: component(0), green: component(1), blue: component(2), alpha: 1)
    }
}
