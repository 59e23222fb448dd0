import Foundation

/// A layer that lays out and draws a plain or attributed string in its bounds (Apple API).
///
/// The first line sits at the top of the bounds; `alignmentMode` places each line horizontally, `isWrapped` breaks
/// lines at the bounds' width, and `truncationMode` shortens a line that still does not fit. `font`, `fontSize` and
/// `foregroundColor` style a plain string (Apple ignores them for an attributed one).
///
/// Defaults: no string, the Helvetica font (on Linux the renderer substitutes an installed face, see `CGFont`),
/// size 36, opaque white text, no wrapping, no truncation, natural alignment, no subpixel quantization.
///
/// **Animation.** `fontSize` and `foregroundColor` animate implicitly on a committed layer; the other properties
/// change at once.
///
/// **`string` and `font`.** Both keep the object that was set: reading `string` after setting an
/// `NSAttributedString` gives that attributed string back (a mutable one is copied when set, as Apple's `copy`
/// property does). The layer state (and so presentation copies and the renderer) keeps the characters of the string
/// and the name of the font. When the stored object no longer matches the state (a presentation copy made before
/// the latest change), the getters return the state's plain `String`.
///
/// Deviation: Apple's `font` is a `CFTypeRef` (a `CTFont`, `CGFont` or font name); here it is `Any?` and accepts a
/// `String` (or `NSString`) font name, a `CGFont`, whose name is taken from the name it was looked up by, else its
/// PostScript name, else its full name, or a `UIFont` (its `fontName`; on Apple a `UIFont` is a `CTFont`). As on
/// Apple platforms the size of a font object is ignored: `fontSize` sets it. Any other value is kept and read back,
/// but names no font (the renderer uses its default face).
open class CATextLayer: CALayer {
    // Both read and written only with `LayerTreeLock` held.
    /// `string` exactly as set (after copying an attributed string).
    var stringObject: Any?
    /// `font` exactly as set.
    var fontObject: Any?
    /// While `TextLayerDrawing` examines this layer's class: where the default `draw(in:)` was reached.
    var drawingProbe: TextLayerDrawing.Probe?
    /// True while `display()` draws `contents` under text the renderer paints: `draw(in:)` leaves the string out.
    var omitsStringWhileDisplaying = false

    /// A text layer with Apple's defaults; it joins the current transaction (see `CALayer.init()`).
    public override init() {
        super.init()
    }

    /// Not decoded from archives here: always nil (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A copy of `layer`'s values (see `CALayer.init(layer:)`), including the `string` and `font` objects when
    /// `layer` is a text layer.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        LayerTreeLock.withLock {
            stringObject = other.stringObject
            fontObject = other.fontObject
        }
    }

    /// A blank text layer for a presentation copy.
    override func makePresentationCopy() -> CALayer {
        CATextLayer(layer: self)
    }

    /// The layer as it is on screen now; see `CALayer.presentation()`. Nil before the first commit.
    open override func presentation() -> CATextLayer? {
        super.presentation() as? CATextLayer
    }

    /// The default of `key` (Apple API): `font` `"Helvetica"`, `fontSize` 36, `foregroundColor` opaque white,
    /// `truncationMode` `"none"`, `alignmentMode` `"natural"`; the other text properties nil; other keys as
    /// `CALayer` answers them.
    open override class func defaultValue(forKey key: String) -> Any? {
        if let answer = LayerClassDefaults.answer(forKey: key, family: .textLayer) { return answer }
        return super.defaultValue(forKey: key)
    }

    /// Whether changing `key` marks the layer for display (Apple API): true for the text layer's own properties,
    /// `string`, `font`, `fontSize`, `foregroundColor`, `wrapped` (also spelled `isWrapped`), `truncationMode`,
    /// `alignmentMode` and `allowsFontSubpixelQuantization` (a peer's tests cross-checked on macOS, issue 17 §2.5),
    /// so setting one of them makes `needsDisplay()` true; other keys as `CALayer` answers them.
    open override class func needsDisplay(forKey key: String) -> Bool {
        switch key {
        case "string", "font", "fontSize", "foregroundColor", "wrapped", "isWrapped", "truncationMode",
            "alignmentMode", "allowsFontSubpixelQuantization":
            true
        default:
            super.needsDisplay(forKey: key)
        }
    }

    /// Marks the layer for display (Apple API); `display()` then draws through `draw(in:)` as any layer does.
    open override func setNeedsDisplay() {
        LayerTreeLock.withLock { _ = flags.insert(.needsDrawnContents) }
        super.setNeedsDisplay()
    }

    /// Redraws the layer (Apple API).
    ///
    /// A layer whose class draws its own picture (a subclass whose `draw(in:)` does more than the default, found
    /// out once per class: see `TextLayerDrawing`) displays as Apple's text layers do: what `draw(in:)` draws,
    /// the string included, becomes `contents`, and the renderer shows that bitmap instead of painting the text.
    ///
    /// For other layers the text is painted from the layer's values whenever the layer is rendered, so the mark a
    /// text property leaves (see `needsDisplay(forKey:)`) is cleared without drawing a bitmap. After
    /// `setNeedsDisplay()`, or for a layer with a delegate, such a layer displays as any layer does: the delegate's
    /// `display(_:)`, else what `draw(in:)` draws (without the string) becomes `contents`, shown under the text.
    open override func display() {
        let drawsText = TextLayerDrawing.drawsOwnPicture(self)
        let drawsContents = LayerTreeLock.withLock {
            if drawsText { flags.insert(.textInContents) } else { flags.remove(.textInContents) }
            return flags.remove(.needsDrawnContents) != nil || delegateStorage != nil || drawsText
        }
        guard drawsContents else {
            LayerTreeLock.withLock { _ = flags.remove(.needsDisplay) }
            return
        }
        LayerTreeLock.withLock { omitsStringWhileDisplaying = !drawsText }
        defer { LayerTreeLock.withLock { omitsStringWhileDisplaying = false } }
        super.display()
    }

    /// Draws the layer's picture into `ctx` (Apple API): what the delegate draws, then the string laid out in the
    /// bounds in the context's current transform (y down, as the layer's drawing contexts are). When the renderer
    /// paints this layer's text itself (see `display()`), the string is left out here so it is not drawn twice.
    open override func draw(in ctx: CGContext) {
        if TextLayerDrawing.noteDefaultDrawing(of: self, in: ctx) { return }
        super.draw(in: ctx)
        let (text, bounds, omitsString) = LayerTreeLock.withLock {
            (modelState.text, modelState.bounds, omitsStringWhileDisplaying)
        }
        if !omitsString {
            TextLayerPainter.draw(text, bounds: bounds, in: ctx)
        }
    }

    /// `"string"` and `"font"` read the properties (keeping the objects that were set); other keys as `CALayer`.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "string": string
        case "font": font
        default: super.value(forKey: key)
        }
    }

    /// `"string"` and `"font"` set the properties (keeping the objects); other keys as `CALayer`.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "string": string = value
        case "font": font = value
        default: super.setValue(value, forKey: key)
        }
    }

    // MARK: Content

    /// The text: a `String`, `NSString` or `NSAttributedString` (a `Substring` counts as its characters). Default
    /// nil (nothing is drawn). Other values are kept and read back but draw nothing. Not animatable.
    open var string: Any? {
        get {
            LayerTreeLock.withLock {
                let text = modelState.text.string
                if let object = stringObject, Self.characters(of: object) == text { return object }
                return text
            }
        }
        set {
            let object: Any? =
                if let attributed = newValue as? NSAttributedString { attributed.copy() } else { newValue }
            LayerTreeLock.withLock {
                stringObject = object
                setModelValue(Self.characters(of: object), for: .string, at: \.text.string)
            }
        }
    }

    /// The font of a plain string: a font name (`String`) or a `CGFont` (see the type's deviations). Default
    /// `"Helvetica"`. Not animatable.
    open var font: Any? {
        get {
            LayerTreeLock.withLock {
                let name = modelState.text.font
                if let object = fontObject, Self.fontName(of: object) == name { return object }
                return name
            }
        }
        set {
            LayerTreeLock.withLock {
                fontObject = newValue
                setModelValue(Self.fontName(of: newValue), for: .font, at: \.text.font)
            }
        }
    }

    /// The size of a plain string's font in points. Default 36. Animatable.
    open var fontSize: CGFloat {
        get { modelValue(\.text.fontSize) }
        set { setModelValue(newValue, for: .fontSize, at: \.text.fontSize) }
    }

    /// The colour of a plain string; nil draws no text. Default opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get { modelValue(\.text.foregroundColor)?.cgColor }
        set {
            setModelValue(newValue.map { ColorComponents($0) }, for: .foregroundColor, at: \.text.foregroundColor)
        }
    }

    // MARK: Layout

    /// Whether lines break at the bounds' width (key `"wrapped"`). Default false: a line ends only at a newline.
    open var isWrapped: Bool {
        get { modelValue(\.text.isWrapped) }
        set { setModelValue(newValue, for: .isWrapped, at: \.text.isWrapped) }
    }

    /// Where a line too long for the bounds is shortened with an ellipsis. Default `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: modelValue(\.text.truncationMode).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .truncationMode, at: \.text.truncationMode) }
    }

    /// How each line is placed horizontally. Default `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: modelValue(\.text.alignmentMode).name) }
        set { setModelValue(NamedChoice(name: newValue.rawValue), for: .alignmentMode, at: \.text.alignmentMode) }
    }

    /// Whether glyph positions may be rounded to whole subpixel steps when drawing (Apple passes it to the drawing
    /// context). Default false. Stored and read back.
    open var allowsFontSubpixelQuantization: Bool {
        get { modelValue(\.text.allowsFontSubpixelQuantization) }
        set {
            setModelValue(newValue, for: .allowsFontSubpixelQuantization, at: \.text.allowsFontSubpixelQuantization)
        }
    }

    // MARK: Helpers

    /// The characters of a value given as `string`, or nil when it is no kind of string.
    static func characters(of value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let text as NSString: text as String
        case let attributed as NSAttributedString: attributed.string
        case let text as Substring: String(text)
        default: nil
        }
    }

    /// The font name of a value given as `font`, or nil when it names no font.
    static func fontName(of value: Any?) -> String? {
        switch value {
        case let name as String: name
        case let name as NSString: name as String
        case let font as CGFont: font.requestedName ?? font.postScriptName ?? font.fullName
        case let font as any NamedFont: font.fontName
        default: nil
        }
    }
}

/// A font object that names its face (our helper): UIKit's `UIFont`, which code gives to `CATextLayer.font` as it
/// gives a `CTFont` on Apple platforms (there the two are the same object).
package protocol NamedFont: AnyObject {
    /// The PostScript name of the face.
    var fontName: String { get }
}
