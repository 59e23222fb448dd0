import Foundation

/// Draws the content of a `CATextLayer`: its string laid out from the top of the bounds (our helper for the
/// compositor).
///
/// The context's user space must be the layer's bounds space with y down, exactly as for `draw(in:)` (the caller
/// flips and scales). The first line's box starts at the top edge of the bounds (`bounds.minY`), as on Apple
/// platforms; glyphs come out upright.
///
/// Properties:
/// - `string`: nil or empty draws nothing. Line separators start new lines.
/// - `font`: a font name looked up through `FontLibrary.shared.font(named:)`; nil means Helvetica, Apple's
///   default. Apple's system families map to the DejaVu faces and any other name that is not installed falls back
///   to the default family (DejaVu Sans) in the style the name asks for (bold, italic), with a one-time warning.
///   When no font at all is installed, nothing is drawn.
/// - `fontSize` in points; zero, negative or non-finite sizes draw nothing.
/// - `foregroundColor`: the text colour. Nil draws black: Core Text's colour for text that names none (inferred;
///   Apple does not document a nil foreground colour).
/// - `alignmentMode`: `"natural"` (left, as only left-to-right text is laid out), `"left"`, `"right"`, `"center"`,
///   `"justified"` within the bounds' width; unknown names are natural.
/// - `isWrapped`: breaks lines at the bounds' width. Text that does not fit below the bounds is still drawn (the
///   layer's `masksToBounds` decides whether it shows), except that with wrapping and a truncation mode only the
///   lines that fit the bounds' height are kept and the last of them ends in an ellipsis when text was dropped.
/// - `truncationMode`: `"none"`, `"start"`, `"middle"`, `"end"` cut a line wider than the bounds with "…";
///   unknown names are none.
///
/// Deviations: no shaping, bidirectional reordering or font fallback per character (see `TextLayout`); attributed
/// strings draw their characters in the layer's font and colour; `allowsFontSubpixelQuantization` has no effect.
enum TextLayerPainter {
    /// Apple's default font name, used for a nil `font`.
    static let defaultFontName = "Helvetica"

    /// Draws `text` into `context` within `bounds` (see the type for the rules). The context's graphics state is
    /// restored before returning.
    static func draw(_ text: TextLayerState, bounds: CGRect, in context: CGContext) {
        guard let layout = layout(of: text, bounds: bounds) else { return }
        context.saveGState()
        defer { context.restoreGState() }
        let color = text.foregroundColor ?? .opaqueBlack
        context.setFillColor(color.cgColor)
        // `draw(_:at:)` runs layout lines down from the point in a y-up space; flipping y once more makes them run
        // down the layer's y-down space with upright glyphs.
        context.translateBy(x: bounds.minX, y: bounds.minY)
        context.scaleBy(x: 1, y: -1)
        context.draw(layout, at: .zero)
    }

    /// The layout `draw(_:bounds:in:)` draws, or nil when nothing is drawn (no string, no usable size or bounds,
    /// no font installed).
    static func layout(of text: TextLayerState, bounds: CGRect) -> TextLayout? {
        guard let string = text.string, !string.isEmpty, text.fontSize.isFinite, text.fontSize > 0,
            bounds.minX.isFinite, bounds.minY.isFinite, bounds.width.isFinite, bounds.height.isFinite,
            let font = FontLibrary.shared.font(named: text.font ?? defaultFontName)
        else { return nil }
        let truncation = truncation(text.truncationMode)
        let limitsHeight = text.isWrapped && truncation != .none
        return TextLayout(
            string: string, font: font, fontSize: text.fontSize, width: Swift.max(0, bounds.width),
            height: limitsHeight ? Swift.max(0, bounds.height) : nil, alignment: alignment(text.alignmentMode),
            wraps: text.isWrapped, truncation: truncation)
    }

    /// The layout alignment for a layer's `alignmentMode` (an unknown name was parsed as natural).
    static func alignment(_ mode: NamedChoice<TextAlignment>) -> TextLayout.Alignment {
        switch mode.choice {
        case .natural: .natural
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        }
    }

    /// The layout truncation for a layer's `truncationMode` (an unknown name was parsed as none).
    static func truncation(_ mode: NamedChoice<TextTruncation>) -> TextLayout.Truncation {
        switch mode.choice {
        case .none: .none
        case .start: .start
        case .middle: .middle
        case .end: .end
        }
    }
}
