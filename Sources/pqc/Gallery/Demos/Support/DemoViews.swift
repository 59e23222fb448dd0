import PortableQuartzCore

/// Stand-ins for the UIKit views of the seeds' screens (our addition): each "view" is a layer whose delegate is
/// this object, answering actions the way `UIView` answers them for its backing layer (seed 001, listing 7.5).
///
/// Outside an animation block the answer is `NSNull` for every event, so view-backed layers change at once,
/// without implicit animation; inside `animate(withDuration:animations:completion:)` it is a basic animation of the
/// changed property from its value on screen, with UIKit's ease-in-ease-out curve. The controls the seeds use
/// (labels, buttons, text fields, sliders) are drawn as simple layers: a rounded rectangle and a `CATextLayer`.
///
/// The scene keeps the object alive (a layer holds its delegate weakly).
final class DemoViews: CALayerDelegate {
    /// The keys UIKit animates inside an animation block; other events get no action there either.
    private static let animatableKeys: Set<String> = [
        "bounds", "position", "transform", "opacity", "backgroundColor", "cornerRadius", "borderWidth",
        "borderColor", "shadowOpacity",
    ]

    /// Whether an animation block is open.
    private(set) var isInsideAnimationBlock = false

    /// Creates the views of `scene`'s screen; the scene keeps them alive.
    init(_ scene: DemoScene) {
        scene.keepAlive(self)
    }

    /// What `UIView.action(for:forKey:)` answers (seed 001, listing 7.5: `<null>` outside a block, a
    /// `CABasicAnimation` inside one).
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard isInsideAnimationBlock, Self.animatableKeys.contains(event) else { return NSNull() }
        let animation = CABasicAnimation(keyPath: event)
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    /// `UIView.animate(withDuration:animations:completion:)` for these views: the changes made in `animations`
    /// animate over `duration` seconds in one transaction, and `completion` runs when they have all finished (the
    /// transaction's completion block, delivered by the engine).
    func animate(withDuration duration: Double, animations: () -> Void, completion: (() -> Void)? = nil) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        if let completion { CATransaction.setCompletionBlock(completion) }
        isInsideAnimationBlock = true
        animations()
        isInsideAnimationBlock = false
        CATransaction.commit()
    }

    // MARK: Views

    /// A plain view: a layer with `frame` and a background colour.
    func view(frame: CGRect, colour: CGColor?, name: String? = nil) -> CALayer {
        let layer = CALayer()
        layer.delegate = self
        layer.frame = frame
        layer.backgroundColor = colour
        layer.name = name
        return layer
    }

    /// A one-line label (`UILabel`): a text layer whose frame is `frame`, its text centred vertically in it.
    func label(
        _ text: String, frame: CGRect, fontSize: CGFloat = 17, colour: CGColor = DemoPalette.black,
        alignment: CATextLayerAlignmentMode = .center, name: String? = nil
    ) -> CATextLayer {
        let label = CATextLayer()
        label.delegate = self
        label.frame = frame
        label.string = text
        label.fontSize = fontSize
        label.foregroundColor = colour
        label.alignmentMode = alignment
        label.name = name
        return label
    }

    /// A system button: a pale rounded rectangle with the title in the tint colour.
    func button(_ title: String, frame: CGRect, name: String? = nil) -> CALayer {
        let button = view(frame: frame, colour: DemoPalette.panel, name: name)
        button.cornerRadius = 8
        button.addSublayer(
            textLine(title, in: CGRect(origin: .zero, size: frame.size), fontSize: 17, colour: DemoPalette.tint))
        return button
    }

    /// A rounded text field showing `text` (in placeholder grey when `isPlaceholder`).
    func textField(_ text: String, frame: CGRect, isPlaceholder: Bool = false, name: String? = nil) -> CALayer {
        let field = view(frame: frame, colour: DemoPalette.white, name: name)
        field.cornerRadius = 5
        field.borderWidth = 1
        field.borderColor = DemoPalette.hairline
        let inset = CGRect(x: 8, y: 0, width: frame.width - 16, height: frame.height)
        field.addSublayer(
            textLine(
                text, in: inset, fontSize: 17, colour: isPlaceholder ? DemoPalette.placeholder : DemoPalette.black,
                alignment: .left))
        return field
    }

    /// A text layer one line high, centred vertically in `rect` (a text layer draws its first line at the top of its
    /// bounds).
    func textLine(
        _ text: String, in rect: CGRect, fontSize: CGFloat, colour: CGColor,
        alignment: CATextLayerAlignmentMode = .center
    ) -> CATextLayer {
        let lineHeight = (fontSize * 1.25).rounded(.up)
        let frame = CGRect(x: rect.minX, y: rect.midY - lineHeight / 2, width: rect.width, height: lineHeight)
        return label(text, frame: frame, fontSize: fontSize, colour: colour, alignment: alignment)
    }

    /// A slider (`UISlider`) in `frame`, showing `value` within `minimum … maximum`.
    func slider(
        frame: CGRect, minimum: Double = 0, maximum: Double = 1, value: Double, name: String? = nil
    )
        -> DemoSlider
    {
        DemoSlider(views: self, frame: frame, minimum: minimum, maximum: maximum, value: value, name: name)
    }
}

/// A `UISlider` drawn with layers: a grey track, the part left of the thumb in the tint colour, and a white round
/// thumb. Setting `value` moves the thumb at once (a slider follows the finger without animation).
final class DemoSlider {
    /// The slider's own layer; add it to the screen.
    let layer: CALayer
    private let filled: CALayer
    private let thumb: CALayer
    private let minimum: Double
    private let maximum: Double
    private static let thumbSize: CGFloat = 26

    /// The value shown, kept within `minimum … maximum` as `UISlider` keeps it (NaN counts as the minimum).
    var value: Double {
        didSet {
            value = value.isNaN ? minimum : Swift.min(Swift.max(value, minimum), maximum)
            place()
        }
    }

    fileprivate init(
        views: DemoViews, frame: CGRect, minimum: Double, maximum: Double, value: Double, name: String?
    ) {
        self.minimum = minimum
        self.maximum = Swift.max(minimum, maximum)
        self.value = value.isNaN ? minimum : Swift.min(Swift.max(value, minimum), self.maximum)
        layer = views.view(frame: frame, colour: nil, name: name)
        let trackFrame = CGRect(x: 0, y: frame.height / 2 - 2, width: frame.width, height: 4)
        let track = views.view(frame: trackFrame, colour: DemoPalette.hairline)
        track.cornerRadius = 2
        filled = views.view(frame: trackFrame, colour: DemoPalette.tint)
        filled.cornerRadius = 2
        filled.anchorPoint = CGPoint(x: 0, y: 0.5)
        filled.position = CGPoint(x: 0, y: frame.height / 2)
        let side = Self.thumbSize
        thumb = views.view(frame: CGRect(x: 0, y: 0, width: side, height: side), colour: DemoPalette.white)
        thumb.cornerRadius = side / 2
        thumb.borderWidth = 0.5
        thumb.borderColor = DemoPalette.lightGray
        thumb.shadowOpacity = 0.25
        thumb.shadowRadius = 2
        thumb.shadowOffset = CGSize(width: 0, height: 1)
        layer.addSublayer(track)
        layer.addSublayer(filled)
        layer.addSublayer(thumb)
        place()
    }

    /// The centre of the thumb in the coordinates of the slider's superlayer: where a finger dragging it is.
    var thumbCentre: CGPoint {
        let frame = layer.frame
        return CGPoint(x: frame.minX + thumb.position.x, y: frame.minY + thumb.position.y)
    }

    /// Puts the thumb and the filled track where `value` says.
    private func place() {
        let width = layer.bounds.width
        let side = Self.thumbSize
        let span = maximum - minimum
        let fraction = span > 0 ? (value - minimum) / span : 0
        let x = side / 2 + CGFloat(fraction) * (width - side)
        thumb.position = CGPoint(x: x, y: layer.bounds.height / 2)
        filled.bounds = CGRect(x: 0, y: 0, width: x, height: 4)
    }
}
