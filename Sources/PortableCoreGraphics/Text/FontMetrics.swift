import Foundation

/// A font's measurements at one size, in points (our type: the values CATextLayer and string drawing need,
/// without Core Text).
///
/// All distances are positive numbers of points for a font of ``pointSize`` points per em:
/// ``ascent`` above the baseline, ``descent`` below it, ``leading`` between one line's descent and the next
/// line's ascent. A non-finite or negative size is treated as 0, which makes every measurement 0.
public struct FontMetrics: Hashable, Sendable {
    /// The family name, e.g. "DejaVu Sans" (empty when the font has none).
    public let familyName: String
    /// The complete name, e.g. "DejaVu Sans Bold" (empty when the font has none).
    public let fullName: String
    /// Points per em.
    public let pointSize: CGFloat
    /// Points from the baseline up to the top of the line box.
    public let ascent: CGFloat
    /// Points from the baseline down to the bottom of the line box (positive, unlike ``CGFont/descent``).
    public let descent: CGFloat
    /// Points of extra space between consecutive line boxes.
    public let leading: CGFloat
    /// Points from the baseline to the top of flat capitals.
    public let capHeight: CGFloat
    /// Points from the baseline to the top of flat lowercase letters.
    public let xHeight: CGFloat
    /// Points per font unit: `pointSize / unitsPerEm`.
    public let scale: CGFloat

    /// Distance between the baselines of consecutive lines: `ascent + descent + leading`.
    public var lineHeight: CGFloat { ascent + descent + leading }

    /// Measures `font` at `size` points per em.
    public init(font: CGFont, size: CGFloat) {
        let size = size.isFinite && size > 0 ? size : 0
        let scale = size / CGFloat(font.unitsPerEm)
        self.familyName = font.familyName ?? ""
        self.fullName = font.fullName ?? ""
        self.pointSize = size
        self.scale = scale
        self.ascent = CGFloat(font.ascent) * scale
        self.descent = -CGFloat(font.descent) * scale
        self.leading = CGFloat(font.leading) * scale
        self.capHeight = CGFloat(font.capHeight) * scale
        self.xHeight = CGFloat(font.xHeight) * scale
    }
}
