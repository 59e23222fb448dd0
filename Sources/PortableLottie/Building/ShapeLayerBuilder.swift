import Foundation
import PortableQuartzCore

/// Builds the layers of a shape layer's items (our own code, following the structure of lottie-ios's Core
/// Animation engine, whose output Apple's pictures show).
///
/// Each group becomes a layer carrying the group's transform; its items are split into render groups, each a set
/// of outlines with the fill and stroke that paint them (a fill closes a render group: outlines after it belong to
/// the next fill; strokes, trims and other modifiers apply to every render group of the group). Each render group
/// becomes one `CAShapeLayer` per outline (or one for several free paths that share a fill, so even-odd filling
/// sees them together). Gradients are `CAGradientLayer`s masked by the outline. Items listed first draw on top.
/// A group without outlines of its own passes its styles down to its subgroups.
struct ShapeLayerBuilder {
    let context: AnimationContext
    /// The size of every layer made (the composition holding the shape layer).
    let size: CGSize

    /// The layers for `items`, back to front.
    func layers(for items: [ShapeItem]) -> [CALayer] {
        contentLayers(items, inherited: [])
    }

    /// The layers of one item list: a repeater repeats the items before it (see ``RepeaterBuilder``); otherwise
    /// subgroups come first, then this list's own render groups above them.
    func contentLayers(_ items: [ShapeItem], inherited: [ShapeItem]) -> [CALayer] {
        let visible = items.filter { !$0.isHidden }
        if let index = visible.lastIndex(where: { if case .repeater = $0.kind { return true } else { return false } }),
            case .repeater(let repeater) = visible[index].kind
        {
            return RepeaterBuilder(context: context, size: size).layers(
                repeating: Array(visible[..<index]), with: repeater, then: Array(visible[(index + 1)...]),
                inherited: inherited, builder: self)
        }
        var groups: [ShapeItem] = []
        var others: [ShapeItem] = []
        for item in visible {
            switch item.kind {
            case .group: groups.append(item)
            case .transform: break
            case .unsupported(let type):
                context.report.note("shape item type \"\(type)\" (\(item.name)) is not drawn", layer: context.layerName)
            case .merge:
                context.report.note("merge paths are not drawn (\(item.name))", layer: context.layerName)
            default: others.append(item)
            }
        }
        others += inherited
        let passedDown = others.contains(where: \.drawsPath) ? [] : others
        var layers: [CALayer] = []
        for group in groups.reversed() {
            if let layer = groupLayer(group, inherited: passedDown) { layers.append(layer) }
        }
        for renderGroup in Self.renderGroups(others).reversed() {
            layers += ShapeItemLayers(context: context, size: size).layers(for: renderGroup)
        }
        return layers
    }

    /// A group's layer: its transform, with its content inside.
    private func groupLayer(_ item: ShapeItem, inherited: [ShapeItem]) -> CALayer? {
        guard case .group(let items) = item.kind, context.budget.take() else { return nil }
        let layer = LayerFactory.plain(size: size, name: item.name)
        for case .transform(let transform) in items.lazy.filter({ !$0.isHidden }).map(\.kind) {
            TransformAnimator.apply(transform, to: layer, size: size, context: context)
            break
        }
        for sublayer in contentLayers(items, inherited: inherited) { layer.addSublayer(sublayer) }
        return layer
    }

    /// Splits a list's non-group items into render groups (see the type's description), then separates fills
    /// and strokes whose opacity differs, since each layer has one opacity.
    static func renderGroups(_ items: [ShapeItem]) -> [ShapeRenderGroup] {
        var groups = [ShapeRenderGroup()]
        for item in items {
            if item.drawsPath {
                groups[groups.count - 1].paths.append(item)
            } else if item.isFill {
                groups[groups.count - 1].styles.append(item)
                groups.append(ShapeRenderGroup())
            } else {
                for index in groups.indices { groups[index].styles.append(item) }
            }
        }
        return groups.flatMap { group -> [ShapeRenderGroup] in
            let paints = group.styles.filter { $0.isFill || $0.isStroke }
            let rest = group.styles.filter { !($0.isFill || $0.isStroke) }
            guard let first = paints.first?.paintOpacity,
                !paints.allSatisfy({ $0.paintOpacity.map { $0.sameValues(as: first) } ?? false })
            else { return [group] }
            return paints.map { ShapeRenderGroup(paths: group.paths, styles: [$0] + rest) }
        }
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

extension ShapeItem {
    /// The opacity of a fill or stroke.
    var paintOpacity: AnimatableProperty<Double>? {
        switch kind {
        case .fill(let fill): fill.opacity
        case .stroke(let stroke): stroke.opacity
        case .gradientFill(let gradient): gradient.opacity
        case .gradientStroke(let gradient, _): gradient.opacity
        default: nil
        }
    }
}

extension AnimatableProperty where Value == Double {
    /// Whether both properties have the same keyframes (times, values, easing).
    func sameValues(as other: AnimatableProperty<Double>) -> Bool {
        timing == other.timing && keyframes.map(\.value) == other.keyframes.map(\.value)
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

    /// A Lottie colour (components 0…1, or 0…255 in old files) as a `CGColor`, with its alpha when given.
    static func color(_ components: [Double]) -> CGColor {
        let scale = components.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
        func component(_ index: Int) -> CGFloat {
            index < components.count ? min(max(components[index] * scale, 0), 1) : 0
        }
        let alpha = components.count > 3 ? min(max(components[3] * (components[3] > 1 ? 1.0 / 255 : 1), 0), 1) : 1
        return CGColor(srgbRed: component(0), green: component(1), blue: component(2), alpha: alpha)
    }
}
