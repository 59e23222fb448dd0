import Foundation

/// A font at a size (Apple API), backed by the installed fonts of PortableCoreGraphics (`FontLibrary`).
///
/// Its metrics are those of the face that is drawn, in points: `ascender` above the baseline, `descender` below it
/// (negative, as Apple's), `leading` between lines, `lineHeight` = `ascender − descender + leading`. A font given to
/// a `CATextLayer` (`textLayer.font = UIFont.systemFont(ofSize: 14)`) names its face by `fontName`; as on Apple
/// platforms the layer's `fontSize` sets the size.
///
/// Deviations: Linux has no San Francisco, so the system fonts are the default family of `FontLibrary.shared`
/// (DejaVu Sans), bold for weights from `.semibold` up, and `fontName`/`familyName` name that face ("DejaVuSans",
/// "DejaVu Sans") rather than Apple's ".SFUI-Regular". Names of Apple's system families (Helvetica, Menlo, …) find
/// their DejaVu stand-ins, as `CGFont(_:)` does. No text styles, font descriptors or Dynamic Type.
open class UIFont: NSObject, NSCopying, @unchecked Sendable {
    // Sendable: every stored property is a constant.

    /// The face drawn for this font; nil only when no font is installed at all.
    public let cgFont: CGFont?
    /// The face's measurements at `pointSize` (nil without a face: every measurement is then 0).
    private let metrics: FontMetrics?

    /// The size in points per em (Apple API).
    public let pointSize: CGFloat

    init(face: CGFont?, size: CGFloat) {
        cgFont = face
        pointSize = size
        metrics = face.map { FontMetrics(font: $0, size: size) }
        super.init()
    }

    /// The installed font named `fontName` (a PostScript name such as "DejaVuSans-Bold", a full name, or a family
    /// with a style) at `fontSize` points (Apple API); nil when no installed face has that name. Apple's system
    /// families are found as their DejaVu stand-ins (see the type's deviations).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let face = CGFont(fontName) else { return nil }
        self.init(face: face, size: fontSize)
    }

    /// The system font at `fontSize` points (Apple API): the regular face of the default family.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(face: FontLibrary.shared.defaultFont(bold: false, italic: false), size: fontSize)
    }

    /// The system font at `fontSize` points and `weight` (Apple API): the default family's bold face for
    /// `.semibold` and heavier, its regular face otherwise.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(face: FontLibrary.shared.defaultFont(bold: weight >= .semibold, italic: false), size: fontSize)
    }

    /// The bold system font at `fontSize` points (Apple API).
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// The italic system font at `fontSize` points (Apple API): the default family's oblique face.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(face: FontLibrary.shared.defaultFont(bold: false, italic: true), size: fontSize)
    }

    /// The monospaced system font at `fontSize` points and `weight` (Apple API): DejaVu Sans Mono, bold from
    /// `.semibold` up.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let name = weight >= .semibold ? "DejaVu Sans Mono Bold" : "DejaVu Sans Mono"
        return UIFont(name: name, size: fontSize) ?? systemFont(ofSize: fontSize, weight: weight)
    }

    /// The same face at `fontSize` points (Apple API).
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(face: cgFont, size: fontSize)
    }

    /// The font itself (Apple API, `NSCopying`): fonts are immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    // MARK: Names

    /// The face's PostScript name, e.g. "DejaVuSans-Bold" (Apple API); `UIFont(name:size:)` finds it again.
    open var fontName: String {
        cgFont.flatMap { $0.postScriptName ?? $0.fullName } ?? ""
    }

    /// The face's family name, e.g. "DejaVu Sans" (Apple API).
    open var familyName: String {
        metrics?.familyName ?? ""
    }

    /// The family names of the installed fonts, each once, sorted (Apple API).
    open class var familyNames: [String] {
        Set(FontLibrary.shared.installedFontNames.compactMap { CGFont($0)?.familyName }).sorted()
    }

    /// The PostScript names of the installed faces of `familyName` (Apple API).
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        FontLibrary.shared.installedFontNames.filter { CGFont($0)?.familyName == familyName }
    }

    // MARK: Metrics in points

    /// Points from the baseline to the top of the tallest letters (Apple API).
    open var ascender: CGFloat {
        metrics?.ascent ?? 0
    }

    /// Points from the baseline to the bottom of the deepest descenders, negative (Apple API).
    open var descender: CGFloat {
        -(metrics?.descent ?? 0)
    }

    /// Points of extra space between lines (Apple API).
    open var leading: CGFloat {
        metrics?.leading ?? 0
    }

    /// The distance between consecutive baselines, `ascender − descender + leading` (Apple API): 13.96875 points for
    /// DejaVu Sans at 12 points (ascent 0.928 em, descent 0.236 em, no gap).
    open var lineHeight: CGFloat {
        metrics?.lineHeight ?? 0
    }

    /// Points from the baseline to the top of flat capitals (Apple API).
    open var capHeight: CGFloat {
        metrics?.capHeight ?? 0
    }

    /// Points from the baseline to the top of flat lowercase letters (Apple API).
    open var xHeight: CGFloat {
        metrics?.xHeight ?? 0
    }

    // MARK: Standard sizes

    /// The standard size of system text, 14 points (Apple API).
    open class var systemFontSize: CGFloat { 14 }

    /// The standard size of small system text, 12 points (Apple API).
    open class var smallSystemFontSize: CGFloat { 12 }

    /// The standard size of labels, 17 points (Apple API).
    open class var labelFontSize: CGFloat { 17 }

    /// The standard size of button titles, 18 points (Apple API).
    open class var buttonFontSize: CGFloat { 18 }

    // MARK: Equality

    /// Fonts are equal when they draw the same face at the same size.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.cgFont == cgFont && other.pointSize == pointSize
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(cgFont)
        hasher.combine(pointSize)
        return hasher.finalize()
    }
}

extension UIFont {
    /// How heavy a system font is (Apple API): −1 … 1, from `.ultraLight` (−0.8) through `.regular` (0) to `.black`
    /// (0.62), Apple's values.
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: CGFloat

        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        public init(_ rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        public static func < (lhs: Weight, rhs: Weight) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }
}

/// A `UIFont` given to `CATextLayer.font` names its face.
extension UIFont: NamedFont {}
