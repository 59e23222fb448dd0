import PortableQuartzCore

/// The colours the seeds name (UIKit's `UIColor` constants as sRGB `CGColor`s), and the few neutral tones the
/// stand-ins for UIKit controls use.
enum DemoPalette {
    /// `UIColor.white`.
    static let white = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
    /// `UIColor.black`.
    static let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
    /// `UIColor.clear`.
    static let clear = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0)
    /// `UIColor.red`.
    static let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    /// `UIColor.green`.
    static let green = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
    /// `UIColor.blue`.
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    /// `UIColor.orange` (1, 0.5, 0).
    static let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
    /// `UIColor.lightGray` (2/3 white).
    static let lightGray = CGColor(srgbRed: 2.0 / 3.0, green: 2.0 / 3.0, blue: 2.0 / 3.0, alpha: 1)
    /// `UIColor.darkGray` (1/3 white).
    static let darkGray = CGColor(srgbRed: 1.0 / 3.0, green: 1.0 / 3.0, blue: 1.0 / 3.0, alpha: 1)
    /// The tint of iOS buttons and slider tracks (`UIColor.systemBlue`, light appearance).
    static let tint = CGColor(srgbRed: 0, green: 0.478, blue: 1, alpha: 1)
    /// The pale grey behind the seeds' container views, so they stand out on the white canvas.
    static let panel = CGColor(srgbRed: 0.93, green: 0.93, blue: 0.94, alpha: 1)
    /// The grey of hairlines: text-field borders, slider tracks, navigation-bar separators.
    static let hairline = CGColor(srgbRed: 0.78, green: 0.78, blue: 0.8, alpha: 1)
    /// The grey of placeholder text.
    static let placeholder = CGColor(srgbRed: 0.6, green: 0.6, blue: 0.63, alpha: 1)
}
