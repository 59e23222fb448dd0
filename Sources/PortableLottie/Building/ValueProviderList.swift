/// The value providers a layer tree is built with, in the order they were set (our helper): where several paths
/// name one property, the one set last wins, as in lottie-ios.
struct ValueProviderList: Sendable {
    private(set) var colors: [(keypath: AnimationKeypath, provider: ColorValueProvider)] = []

    /// Whether no provider is set (the builder then skips the lookups).
    var isEmpty: Bool { colors.isEmpty }

    /// Sets `provider` for `keypath`, replacing one set before for the same path.
    mutating func set(_ provider: ColorValueProvider, for keypath: AnimationKeypath) {
        colors.removeAll { $0.keypath == keypath }
        colors.append((keypath, provider))
    }

    /// The colour for the property at `path`, or nil when no provider names it.
    func color(at path: [String]) -> AnimatableProperty<[Double]>? {
        colors.last { $0.keypath.matches(path) }?.provider.color
    }

    /// `item` with the colour of a fill or stroke replaced by the provider naming `path` + its name + "Color".
    func applied(to item: ShapeItem, inside path: [String]) -> ShapeItem {
        guard !isEmpty else { return item }
        let kind: ShapeItem.Kind
        switch item.kind {
        case .fill(let fill):
            guard let color = color(at: path + [item.name, "Color"]) else { return item }
            kind = .fill(ShapeFill(color: color, opacity: fill.opacity, fillRule: fill.fillRule))
        case .stroke(let stroke):
            guard let color = color(at: path + [item.name, "Color"]) else { return item }
            kind = .stroke(
                ShapeStroke(
                    color: color, opacity: stroke.opacity, width: stroke.width, lineCap: stroke.lineCap,
                    lineJoin: stroke.lineJoin, miterLimit: stroke.miterLimit, dashes: stroke.dashes))
        default:
            return item
        }
        return ShapeItem(name: item.name, isHidden: item.isHidden, kind: kind)
    }
}
