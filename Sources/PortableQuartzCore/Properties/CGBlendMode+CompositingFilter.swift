import Foundation

extension CGBlendMode {
    /// The blend mode a layer's `compositingFilter` names, or nil for a name that is no blend mode (our helper).
    ///
    /// Core Animation takes Core Image's blend filter names (`"multiplyBlendMode"`, with or without the `CI` prefix,
    /// which is how lottie-ios names its layers' blend modes) and its own compositing filter names (`"multiply"`,
    /// `"xor"`, `"sourceAtop"`, `"plusL"`…, the `kCAFilter` constants). Linear dodge and linear burn are the
    /// saturating sums `plusLighter` and `plusDarker`.
    init?(compositingFilter name: String) {
        var key = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
        if key.hasSuffix("BlendMode") { key = String(key.dropLast("BlendMode".count)) }
        if let first = key.first { key = first.lowercased() + key.dropFirst() }
        switch key {
        case "normal", "sourceOver": self = .normal
        case "multiply": self = .multiply
        case "screen": self = .screen
        case "overlay": self = .overlay
        case "darken": self = .darken
        case "lighten": self = .lighten
        case "colorDodge": self = .colorDodge
        case "colorBurn": self = .colorBurn
        case "softLight": self = .softLight
        case "hardLight": self = .hardLight
        case "difference": self = .difference
        case "exclusion": self = .exclusion
        case "hue": self = .hue
        case "saturation": self = .saturation
        case "color": self = .color
        case "luminosity": self = .luminosity
        case "clear": self = .clear
        case "copy": self = .copy
        case "sourceIn": self = .sourceIn
        case "sourceOut": self = .sourceOut
        case "sourceAtop": self = .sourceAtop
        case "destOver", "destinationOver": self = .destinationOver
        case "destIn", "destinationIn": self = .destinationIn
        case "destOut", "destinationOut": self = .destinationOut
        case "destAtop", "destinationAtop": self = .destinationAtop
        case "xor": self = .xor
        case "plusL", "plusLighter", "linearDodge", "addition": self = .plusLighter
        case "plusD", "plusDarker", "linearBurn": self = .plusDarker
        default: return nil
        }
    }
}
