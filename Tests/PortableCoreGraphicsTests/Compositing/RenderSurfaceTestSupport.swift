import Foundation

@testable import PortableCoreGraphics

extension RenderSurface {
    /// The frame's premultiplied RGBA bytes, top row first.
    var frameBytes: [UInt8] {
        makeImage().withUnsafePremultipliedRGBABytes { Array($0) }
    }
}
