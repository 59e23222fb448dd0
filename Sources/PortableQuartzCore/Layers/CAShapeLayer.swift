import Foundation

/// A layer that draws one path, filled and then stroked, above its background (Apple API).
///
/// The path is given in the layer's own coordinates (the bounds' coordinate space); the layer does not clip to its
/// bounds unless `masksToBounds` says so. Filling uses `fillColor` and `fillRule`; stroking uses `strokeColor`,
/// `lineWidth`, the caps, joins and dash pattern, and draws only the part of the path between the fractions
/// `strokeStart` and `strokeEnd` of its length (both 0…1).
///
/// Defaults: no path, opaque black fill with the non-zero rule, no stroke, stroke from 0 to 1, line width 1,
/// miter limit 10, butt caps, miter joins, no dash pattern and dash phase 0.
///
/// **Animation.** Every property except `path`, `fillRule`, `lineCap`, `lineJoin` and `lineDashPattern` animates
/// implicitly when it changes on a committed layer. `path` is animatable but, as Apple's header says, only
/// explicitly (`CABasicAnimation(keyPath: "path")`): setting it never creates an implicit animation.
///
/// Values are stored in the layer's `LayerState` (`\.shape`), so presentation copies carry them. Colours are kept
/// as extended-sRGB components: a colour set in another space (gray, Display P3…) reads back as an equal-looking
/// sRGB `CGColor`, not the object that was set. A `CGMutablePath` is copied when set, so later changes to it do not
/// reach the layer (Apple copies it at commit).
open class CAShapeLayer: CALayer {
    /// A blank shape layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CAShapeLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CAShapeLayer? {
        super.presentation() as? CAShapeLayer
    }

    /// The default of `key` (Apple API): the shape properties with a non-zero default answer it (`fillColor`
    /// opaque black, `fillRule` `"non-zero"`, `strokeEnd` 1, `lineWidth` 1, `miterLimit` 10, `lineCap` `"butt"`,
    /// `lineJoin` `"miter"`); the others nil; other keys as `CALayer` answers them.
    open override class func defaultValue(forKey key: String) -> Any? {
        if let answer = LayerClassDefaults.answer(forKey: key, family: .shapeLayer) { return answer }
        return super.defaultValue(forKey: key)
    }

    // MARK: Path and fill

    /// The path to draw, in the layer's coordinates. Default nil (nothing is drawn). Animatable, but only
    /// explicitly: setting it does not animate implicitly. Animating between two paths mixes their points
    /// element by element; paths with different element counts or kinds switch at the halfway point.
    open var path: CGPath? {
        get { modelValue(\.shape.path) }
        set { setModelValue(newValue.map { $0.copy() ?? $0 }, for: .path, at: \.shape.path) }
    }

    /// The colour the path's inside is filled with; nil fills nothing. Default opaque black. Animatable.
    open var fillColor: CGColor? {
        get { modelValue(\.shape.fillColor)?.cgColor }
        set { setModelValue(newValue.map { ColorComponents($0) }, for: .fillColor, at: \.shape.fillColor) }
    }

    /// Which points are inside the path for filling. Default `.nonZero`. Not animatable.
    open var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: modelValue(\.shape.fillRule).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .fillRule, at: \.shape.fillRule) }
    }

    // MARK: Stroke

    /// The colour of the path's outline; nil strokes nothing. Default nil. Animatable.
    open var strokeColor: CGColor? {
        get { modelValue(\.shape.strokeColor)?.cgColor }
        set { setModelValue(newValue.map { ColorComponents($0) }, for: .strokeColor, at: \.shape.strokeColor) }
    }

    /// Where the stroke starts, as a fraction of the path's length (0 is the path's start). Default 0. Animatable.
    open var strokeStart: CGFloat {
        get { modelValue(\.shape.strokeStart) }
        set { setModelValue(newValue, for: .strokeStart, at: \.shape.strokeStart) }
    }

    /// Where the stroke ends, as a fraction of the path's length (1 is the path's end). Default 1. Animatable;
    /// animating it from 0 to 1 "draws" the outline.
    open var strokeEnd: CGFloat {
        get { modelValue(\.shape.strokeEnd) }
        set { setModelValue(newValue, for: .strokeEnd, at: \.shape.strokeEnd) }
    }

    /// The stroke's width in points, centred on the path. Default 1. Animatable.
    open var lineWidth: CGFloat {
        get { modelValue(\.shape.lineWidth) }
        set { setModelValue(newValue, for: .lineWidth, at: \.shape.lineWidth) }
    }

    /// The limit for `.miter` joins, as a multiple of half the line width: a corner whose miter tip would lie
    /// further from the corner than that is bevelled. Default 10. Animatable.
    open var miterLimit: CGFloat {
        get { modelValue(\.shape.miterLimit) }
        set { setModelValue(newValue, for: .miterLimit, at: \.shape.miterLimit) }
    }

    /// How open subpaths and dashes end. Default `.butt`. Not animatable.
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: modelValue(\.shape.lineCap).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .lineCap, at: \.shape.lineCap) }
    }

    /// How connected segments meet. Default `.miter`. Not animatable.
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: modelValue(\.shape.lineJoin).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .lineJoin, at: \.shape.lineJoin) }
    }

    /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable (a growing phase makes
    /// the dashes crawl along the path).
    open var lineDashPhase: CGFloat {
        get { modelValue(\.shape.lineDashPhase) }
        set { setModelValue(newValue, for: .lineDashPhase, at: \.shape.lineDashPhase) }
    }

    /// Alternating lengths, in points, of painted and unpainted dash segments, starting with a painted one; nil
    /// or empty draws a solid line. Default nil. Not animatable.
    ///
    /// The numbers are kept as `Double`s and come back as new `NSNumber`s (`as? Double` always works on them,
    /// `as? Int` when the value is a whole number).
    open var lineDashPattern: [NSNumber]? {
        get { modelValue(\.shape.lineDashPattern)?.map { NSNumber(value: $0) } }
        set { setModelValue(newValue?.map(\.doubleValue), for: .lineDashPattern, at: \.shape.lineDashPattern) }
    }
}
