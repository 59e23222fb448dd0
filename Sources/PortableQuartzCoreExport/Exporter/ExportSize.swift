import Foundation

/// A frame size in pixels, as `pqc` and other tools write it: `640x480` (our addition).
public struct ExportSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width × height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads `WxH` (also `W×H` or `W*H`, spaces allowed around the numbers), both positive; `nil` otherwise.
    public init?(parsing text: String) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { "xX×*".contains($0) })
        guard parts.count == 2,
            let width = Int(String(parts[0]).trimmingCharacters(in: .whitespaces)),
            let height = Int(String(parts[1]).trimmingCharacters(in: .whitespaces)),
            width > 0, height > 0
        else { return nil }
        self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }
}
