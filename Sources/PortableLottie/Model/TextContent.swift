import Foundation

/// A text layer's text: the documents it shows over time and what the library cannot draw of it.
public struct TextContent: Sendable {
    /// The text documents; keyframes always hold (text does not blend).
    public let documents: AnimatableProperty<TextDocument>
    /// Whether the layer has text animators (`a`; not drawn, reported).
    public let hasAnimators: Bool
    /// Whether the text follows a path (`p.m`; not drawn, reported).
    public let followsPath: Bool
}

/// One state of a text layer (the format's text document).
public struct TextDocument: Sendable {
    /// Horizontal alignment (`j`: 0 left, 1 right, 2 centre).
    public enum Justification: Sendable {
        case left, right, center
    }

    /// The text; lines are separated by carriage returns or line feeds.
    public let text: String
    /// The font's name, matching a ``LottieFont/name``.
    public let fontName: String
    /// The font size in points.
    public let fontSize: Double
    /// Horizontal alignment.
    public let justification: Justification
    /// Extra space between characters, in thousandths of the font size.
    public let tracking: Double
    /// The distance between baselines in points.
    public let lineHeight: Double
    /// Shifts the baseline up, in points.
    public let baselineShift: Double
    /// The fill colour, components 0…1, or nil for none.
    public let fillColor: [Double]?
    /// The stroke colour, or nil for none.
    public let strokeColor: [Double]?
    /// The stroke width in points.
    public let strokeWidth: Double
    /// Whether the stroke draws above the fill.
    public let strokeOverFill: Bool
    /// For box text: the box's size in points.
    public let boxSize: CGSize?
    /// For box text: the box's top-left corner.
    public let boxPosition: CGPoint?
}

/// A font a composition uses (the format's `fonts.list` entry).
public struct LottieFont: Sendable {
    /// The name text documents use (`fName`).
    public let name: String
    /// The family (`fFamily`).
    public let family: String
    /// The style, e.g. "Bold" (`fStyle`).
    public let style: String
    /// The ascent in percent of the size.
    public let ascent: Double
}

/// The outline of one character drawn from shapes in the file (the format's `chars` entry).
public struct LottieGlyph: Sendable {
    /// The character.
    public let character: String
    /// The font family it belongs to.
    public let family: String
    /// The font style it belongs to.
    public let style: String
    /// The size its shapes are drawn at.
    public let size: Double
    /// Its advance width at ``size``.
    public let width: Double
    /// Its outline, as shape items at ``size`` with the baseline at y = 0.
    public let shapes: [ShapeItem]
}
