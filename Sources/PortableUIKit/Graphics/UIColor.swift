import Foundation

/// A colour (Apple API), kept as sRGB components; `cgColor` is the Core Graphics colour views and layers use.
///
/// Components may lie outside 0…1 (extended sRGB). Named colours have UIKit's light-appearance values; this
/// package has no dark mode, so the system colours never change.
///
/// Deviations: no dynamic (trait-dependent) colours, patterns or colour spaces other than sRGB; colours compare
/// equal when their sRGB components are equal.
open class UIColor: NSObject, @unchecked Sendable {
    // Sendable: every stored property is a constant.

    /// The colour as Core Graphics sees it (Apple API): sRGB, or extended sRGB for components outside 0…1.
    public let cgColor: CGColor
    private let components: ColorComponents

    /// A colour from sRGB components (Apple API). Values outside 0…1 are kept (extended range).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = ColorComponents(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
        cgColor = components.cgColor
        super.init()
    }

    /// A shade of gray, 0 black … 1 white, in sRGB (Apple API).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness, each 0…1 (hue wraps), in sRGB (Apple API).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let rgb = HSBConversion.rgb(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness))
        self.init(red: CGFloat(rgb.0), green: CGFloat(rgb.1), blue: CGFloat(rgb.2), alpha: alpha)
    }

    /// The colour of a Core Graphics colour (Apple API), converted to sRGB.
    public init(cgColor: CGColor) {
        components = ColorComponents(cgColor)
        self.cgColor = components.cgColor
        super.init()
    }

    /// A Display P3 colour (Apple API). Display P3 is not supported: the components are taken as sRGB.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The same colour with `alpha` as its opacity (Apple API).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(
            red: CGFloat(components.red), green: CGFloat(components.green), blue: CGFloat(components.blue),
            alpha: alpha)
    }

    /// Writes the sRGB components (Apple API). Always true: every colour here has them.
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = CGFloat(components.red)
        green?.pointee = CGFloat(components.green)
        blue?.pointee = CGFloat(components.blue)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    /// Writes the gray level and alpha (Apple API): true only for colours whose three components are equal.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard components.red == components.green, components.green == components.blue else { return false }
        white?.pointee = CGFloat(components.red)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    /// Writes hue, saturation, brightness (each 0…1) and alpha (Apple API). Always true.
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let hsb = HSBConversion.hsb(red: components.red, green: components.green, blue: components.blue)
        hue?.pointee = CGFloat(hsb.0)
        saturation?.pointee = CGFloat(hsb.1)
        brightness?.pointee = CGFloat(hsb.2)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    /// Makes the colour the fill colour of the current UIKit context (Apple API); nothing without one.
    open func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Makes the colour the stroke colour of the current UIKit context (Apple API); nothing without one.
    open func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    /// Makes the colour both fill and stroke colour of the current UIKit context (Apple API).
    open func set() {
        setFill()
        setStroke()
    }

    /// Equal to another `UIColor` with the same sRGB components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return components == other.components
    }

    open override var hash: Int {
        components.hashValue
    }

    open override var description: String {
        "UIColor(red: \(components.red), green: \(components.green), blue: \(components.blue), alpha: "
            + "\(components.alpha))"
    }

    // MARK: Named colours

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
    }

    /// Gray 0.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Gray 1/3.
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// Gray 2/3.
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// Gray 1.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Gray 0.5.
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// (1, 0, 0).
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// (0, 1, 0).
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// (0, 0, 1).
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// (0, 1, 1).
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// (1, 1, 0).
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// (1, 0, 1).
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// (1, 0.5, 0).
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// (0.5, 0, 0.5).
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// (0.6, 0.4, 0.2).
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// Gray 0, alpha 0.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    /// UIKit's system red, light appearance (255, 59, 48).
    public class var systemRed: UIColor { rgb(255, 59, 48) }
    /// UIKit's system green, light appearance (52, 199, 89).
    public class var systemGreen: UIColor { rgb(52, 199, 89) }
    /// UIKit's system blue, light appearance (0, 122, 255).
    public class var systemBlue: UIColor { rgb(0, 122, 255) }
    /// UIKit's system orange, light appearance (255, 149, 0).
    public class var systemOrange: UIColor { rgb(255, 149, 0) }
    /// UIKit's system yellow, light appearance (255, 204, 0).
    public class var systemYellow: UIColor { rgb(255, 204, 0) }
    /// UIKit's system pink, light appearance (255, 45, 85).
    public class var systemPink: UIColor { rgb(255, 45, 85) }
    /// UIKit's system purple, light appearance (175, 82, 222).
    public class var systemPurple: UIColor { rgb(175, 82, 222) }
    /// UIKit's system teal, light appearance (48, 176, 199).
    public class var systemTeal: UIColor { rgb(48, 176, 199) }
    /// UIKit's system indigo, light appearance (88, 86, 214).
    public class var systemIndigo: UIColor { rgb(88, 86, 214) }
    /// UIKit's system gray, light appearance (142, 142, 147).
    public class var systemGray: UIColor { rgb(142, 142, 147) }
}

/// Hue–saturation–brightness conversion (our helper; the usual hexcone model).
enum HSBConversion {
    /// sRGB components for hue (wrapping, 1 = a full turn), saturation and brightness (0…1).
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        guard hue.isFinite else { return (brightness, brightness, brightness) }
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * f)
        let t = brightness * (1 - saturation * (1 - f))
        switch sector {
        case 0: return (brightness, t, p)
        case 1: return (q, brightness, p)
        case 2: return (p, brightness, t)
        case 3: return (p, q, brightness)
        case 4: return (t, p, brightness)
        default: return (brightness, p, q)
        }
    }

    /// Hue (0…1), saturation and brightness of sRGB components.
    static func hsb(red: Double, green: Double, blue: Double) -> (Double, Double, Double) {
        let maximum = Swift.max(red, green, blue)
        let minimum = Swift.min(red, green, blue)
        let delta = maximum - minimum
        let saturation = maximum > 0 ? delta / maximum : 0
        guard delta > 0 else { return (0, saturation, maximum) }
        var hue: Double
        if maximum == red {
            hue = (green - blue) / delta
        } else if maximum == green {
            hue = 2 + (blue - red) / delta
        } else {
            hue = 4 + (red - green) / delta
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, saturation, maximum)
    }
}
