import Foundation

/// A layer that fills its bounds with a colour gradient, above its background (Apple API).
///
/// The colours are placed at `locations` (fractions 0…1 of the ramp; evenly spread when nil) along a ramp whose
/// shape `type` gives: `.axial` runs from `startPoint` to `endPoint`, `.radial` grows from `startPoint` out to
/// `endPoint`, `.conic` turns around `startPoint`. Both points are in unit coordinates of the bounds: (0, 0) is the
/// bounds' origin corner and (1, 1) the opposite one.
///
/// Defaults: no colours (nothing drawn), no locations, start (0.5, 0), end (0.5, 1) (a vertical ramp), `.axial`.
///
/// **Animation.** `colors`, `locations`, `startPoint` and `endPoint` animate implicitly on a committed layer.
/// Colour and location arrays are mixed element by element when both ends have the same count; otherwise they
/// switch at the halfway point.
///
/// Colours are kept as extended-sRGB components (see `CAShapeLayer` for what that means for reading them back).
/// Deviation: Apple keeps whatever array is set; here an array with an element that is not a `CGColor` (a common
/// mistake is passing `UIColor`s, which draws nothing on Apple) is stored as nil, so it draws nothing and reads back
/// as nil.
open class CAGradientLayer: CALayer {
    /// A blank gradient layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CAGradientLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CAGradientLayer? {
        super.presentation() as? CAGradientLayer
    }

    /// The default of `key` (Apple API): `startPoint` (0.5, 0), `endPoint` (0.5, 1), `type` `"axial"`; `colors` and
    /// `locations` nil; other keys as `CALayer` answers them.
    open override class func defaultValue(forKey key: String) -> Any? {
        if let answer = LayerClassDefaults.answer(forKey: key, family: .gradientLayer) { return answer }
        return super.defaultValue(forKey: key)
    }

    /// The colours of the gradient stops, as `CGColor`s, first stop first. Default nil. Animatable.
    ///
    /// Reading gives new `CGColor`s (sRGB when every component is in 0…1). An array holding anything but
    /// `CGColor`s is stored as nil (see the type's deviations).
    open var colors: [Any]? {
        get { modelValue(\.gradient.colors)?.map { $0.cgColor } }
        set {
            var components: [ColorComponents]?
            if let newValue, case .colors(let converted)? = AnimatableValue(converting: newValue, as: .colors) {
                components = converted
            }
            setModelValue(components, for: .colors, at: \.gradient.colors)
        }
    }

    /// Where each colour stop lies along the ramp, as fractions 0…1, one per colour and increasing. Nil (the
    /// default) spreads the stops evenly. Animatable. Read back as new `NSNumber`s holding `Double`s.
    open var locations: [NSNumber]? {
        get { modelValue(\.gradient.locations)?.map { NSNumber(value: $0) } }
        set { setModelValue(newValue?.map(\.doubleValue), for: .locations, at: \.gradient.locations) }
    }

    /// Where the ramp starts, in unit coordinates of the bounds. Default (0.5, 0). Animatable.
    open var startPoint: CGPoint {
        get { modelValue(\.gradient.startPoint) }
        set { setModelValue(newValue, for: .startPoint, at: \.gradient.startPoint) }
    }

    /// Where the ramp ends, in unit coordinates of the bounds. Default (0.5, 1). Animatable.
    open var endPoint: CGPoint {
        get { modelValue(\.gradient.endPoint) }
        set { setModelValue(newValue, for: .endPoint, at: \.gradient.endPoint) }
    }

    /// The shape of the ramp (KVC key `"type"`). Default `.axial`. Not animatable.
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: modelValue(\.gradient.type).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .gradientType, at: \.gradient.type) }
    }
}
