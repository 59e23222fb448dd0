import Foundation
import PortableCoreGraphics

/// The label font of the plot commands.
enum PlotFonts {
    /// The default installed face (DejaVu Sans on Debian, else the first installed face), or `nil` after telling
    /// standard error that the plot comes without labels.
    static func labelFontOrWarn(library: FontLibrary = .shared) -> CGFont? {
        if let font = library.defaultFont { return font }
        FileHandle.standardError.write(
            Data(
                ("pqc: no font found in /usr/share/fonts, /usr/local/share/fonts, ~/.fonts or ~/.local/share/fonts; "
                    + "drawing without labels. Install a TrueType font (e.g. apt-get install fonts-dejavu-core) "
                    + "for labels.\n").utf8))
        return nil
    }
}
