import PortableLottie

/// One `--set-color KEYPATH=#RRGGBB` of `pqc render` (our helper), parsed once: the fills and strokes the keypath
/// names are drawn in the colour (through `LottieAnimationLayer.setValueProvider(_:keypath:)`).
struct ColorSetting: Sendable {
    let keypath: AnimationKeypath
    let color: LottieColor

    /// The setting `text` spells: a keypath, `=`, and six hexadecimal digits with or without `#` (split at the
    /// last `=`, so keypaths may hold one); nil for anything else or an empty keypath.
    init?(parsing text: String) {
        guard let split = text.lastIndex(of: "=") else { return nil }
        let path = String(text[..<split])
        var hex = Substring(text[text.index(after: split)...])
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard !path.isEmpty, hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = Int(hex, radix: 16) else {
            return nil
        }
        keypath = AnimationKeypath(keypath: path)
        color = LottieColor(
            r: Double((value >> 16) & 0xFF) / 255, g: Double((value >> 8) & 0xFF) / 255, b: Double(value & 0xFF) / 255)
    }

    /// Sets the colour on `layer`.
    func apply(to layer: LottieAnimationLayer) {
        layer.setValueProvider(ColorValueProvider(color), keypath: keypath)
    }
}
