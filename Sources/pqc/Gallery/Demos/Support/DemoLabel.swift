import PortableUIKit

/// A one-line text view standing in for `UILabel` (our addition; PortableUIKit is an animation subset and has no
/// labels): a view backed by a `CATextLayer` that draws `text` from the top of its bounds.
///
/// Its geometry, colour and alpha animate like any view's. Unlike UIKit's label, the text is not centred vertically
/// and not redrawn for a new size: it stays where the text layer puts it while the label's frame animates.
final class DemoLabel: UIView {
    override class var layerClass: AnyClass {
        CATextLayer.self
    }

    /// The backing text layer.
    private var textLayer: CATextLayer? {
        layer as? CATextLayer
    }

    /// A label with `frame`, showing `text` in `fontSize`-point type of `textColor`, aligned as `alignment` says.
    init(
        frame: CGRect, text: String, fontSize: CGFloat = 17, textColor: UIColor = .black,
        alignment: CATextLayerAlignmentMode = .left
    ) {
        super.init(frame: frame)
        textLayer?.string = text
        textLayer?.fontSize = fontSize
        textLayer?.foregroundColor = textColor.cgColor
        textLayer?.alignmentMode = alignment
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// The text shown (`UILabel.text`); nil when the text layer holds something else.
    var text: String? {
        get { textLayer?.string as? String }
        set { textLayer?.string = newValue }
    }
}
