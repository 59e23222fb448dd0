import Foundation
@_spi(Engine) import PortableRaster

/// The installed fonts, looked up by name (our type; Apple platforms have no equivalent because their fonts are
/// always there).
///
/// ``shared`` searches the standard Linux font folders (`/usr/share/fonts`, `/usr/local/share/fonts`,
/// `~/.fonts`, `~/.local/share/fonts`) once, on first use, and keeps every parsed face, so looking up the same
/// name again is cheap and returns the same face.
///
/// Two kinds of lookup:
/// - ``exactFont(named:)`` (what ``CGFont/init(_:)-(String)`` uses) finds an installed face, substitutes DejaVu
///   faces for Apple's system families, and otherwise gives `nil`.
/// - ``font(named:)`` (what text layers and string drawing use) never gives up while any font is installed:
///   an unknown name gets the default family (DejaVu Sans) in the requested bold and italic style.
///
/// Each substitution is reported once per requested name (for the first 1,024 names, as `FontLocator` does)
/// through the warning handler, which by default writes one line to standard error; pass your own to log elsewhere
/// or `nil` to stay quiet.
public final class FontLibrary: Sendable {
    /// The library over the standard folders, warning on standard error.
    public static let shared = FontLibrary()

    /// Writes `message` and a newline to standard error, prefixed with "PortableCoreGraphics: ".
    public static let standardErrorWarning: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("PortableCoreGraphics: \(message)\n".utf8))
    }

    let locator: FontLocator
    private let warningHandler: (@Sendable (String) -> Void)?
    private let reported = LockedValue<Set<String>>([])

    /// Creates a library.
    ///
    /// - Parameters:
    ///   - directories: folders to search recursively; `nil` for the standard ones.
    ///   - defaultFamily: the family used for names that are not installed.
    ///   - warningHandler: receives one message per substituted name; `nil` keeps quiet.
    public init(
        directories: [String]? = nil, defaultFamily: String = "DejaVu Sans",
        warningHandler: (@Sendable (String) -> Void)? = FontLibrary.standardErrorWarning
    ) {
        self.warningHandler = warningHandler
        locator = FontLocator(
            directories: directories ?? FontLocator.standardDirectories(), defaultFamily: defaultFamily,
            warningHandler: warningHandler)
    }

    /// The family used for names that are not installed.
    public var defaultFamily: String { locator.defaultFamily }

    /// The PostScript names (or full names, for faces without one) of every installed face, in path order.
    public var installedFontNames: [String] {
        locator.installedFonts.map { $0.names.postScriptName ?? $0.names.fullName ?? $0.path }
    }

    /// The default family's regular face, or the first installed face; `nil` when no font is installed.
    public var defaultFont: CGFont? {
        guard let resolution = try? locator.resolve(name: locator.defaultFamily) else { return nil }
        return CGFont(typeface: resolution.typeface, isSubstitute: resolution.usedFallback)
    }

    /// The default family's face closest to the style (bold, italic), else the first installed face; `nil` when no
    /// font is installed (our addition: what stands in for Apple's system font, without a substitution warning).
    public func defaultFont(bold: Bool, italic: Bool) -> CGFont? {
        guard
            let font = locator.match(family: locator.defaultFamily, bold: bold, italic: italic)
                ?? locator.installedFonts.first,
            let typeface = try? locator.typeface(for: font)
        else { return nil }
        return CGFont(typeface: typeface)
    }

    /// The installed face for `name`, a DejaVu face standing in for one of Apple's system families, or `nil`.
    public func exactFont(named name: String) -> CGFont? {
        if let font = locator.match(name: name), let typeface = try? locator.typeface(for: font) {
            return CGFont(typeface: typeface, requestedName: name)
        }
        let (family, bold, italic) = FontLocator.splitStyle(name)
        guard let replacement = Self.appleFamilyReplacements[FontLocator.normalized(family)] else { return nil }
        // The replacement family, else the default family, else any installed face, in the requested style.
        guard
            let used = locator.match(family: replacement, bold: bold, italic: italic)
                ?? locator.match(family: locator.defaultFamily, bold: bold, italic: italic)
                ?? locator.installedFonts.first,
            let typeface = try? locator.typeface(for: used)
        else { return nil }
        report(name, using: used)
        return CGFont(typeface: typeface, isSubstitute: true, requestedName: name)
    }

    /// The face for `name`, falling back to the default family (in the requested style) when `name` is not
    /// installed; `nil` only when no font is installed at all.
    public func font(named name: String) -> CGFont? {
        if let font = exactFont(named: name) { return font }
        guard let resolution = try? locator.resolve(name: name) else { return nil }
        return CGFont(typeface: resolution.typeface, isSubstitute: resolution.usedFallback, requestedName: name)
    }

    private func report(_ name: String, using font: InstalledFont) {
        guard let warningHandler,
            reported.withLock({ $0.count < FontLocator.maximumReportedNames && $0.insert(name).inserted })
        else { return }
        let used = font.names.fullName ?? font.names.family ?? font.path
        warningHandler("font \"\(name)\" is not installed; using \"\(used)\" instead")
    }

    /// Apple system families (normalized) and the installed family that replaces each.
    static let appleFamilyReplacements: [String: String] = {
        var table: [String: String] = [:]
        let sans = [
            "helvetica", "helveticaneue", "arial", "arialmt", "sfpro", "sfprotext", "sfprodisplay", "sfui", "sfuitext",
            "sfuidisplay", "sfnstext", "sfnsdisplay", "applesystemuifont", "system", "systemfont", "lucidagrande",
            "verdana", "tahoma", "avenir", "avenirnext", "gillsans", "futura", "trebuchetms", "applesdgothicneo",
        ]
        let serif = [
            "times", "timesroman", "timesnewroman", "timesnewromanpsmt", "georgia", "palatino", "baskerville",
            "newyork", "charter", "hoeflertext", "iowanoldstyle", "didot",
        ]
        let mono = ["courier", "couriernew", "couriernewpsmt", "menlo", "monaco", "sfmono", "andalemono"]
        for name in sans { table[name] = "DejaVu Sans" }
        for name in serif { table[name] = "DejaVu Serif" }
        for name in mono { table[name] = "DejaVu Sans Mono" }
        return table
    }()
}
