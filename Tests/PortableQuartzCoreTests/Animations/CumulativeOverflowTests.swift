import Foundation
import PortableQuartzCore
import Testing

/// A cumulative transform animation accumulates the matrix power `Mᵏ` over its repeats (SPEC §3.4), which can
/// leave the range of `Double` for moderate matrices; the layer then draws nothing, as any non-finite transform does
/// (Docs/Behaviour.md, policy). Found by FuzzAnimation in a long run.
@Suite("Cumulative transforms that overflow")
struct CumulativeOverflowTests {
    @Test("M with largest eigenvalue 1.31 after about 10,800 wrapped repeats: not finite, nothing drawn, no trap")
    func matrixPowerOverflowDrawsNothing() throws {
        try MediaClock.withManualTime { clock in
            clock.advance(by: 0)
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: 10, y: 10)
            layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            // The top-left 2 × 2 block [[0.819, 0.819], [0.189, 1]] has eigenvalues about 1.31 and 0.51.
            var grow = CATransform3DIdentity
            grow.m11 = 0.8188976377952756
            grow.m12 = 0.8188976377952756
            grow.m21 = 0.1889763779527559
            grow.m34 = 0.00033070866141732285
            let animation = CAKeyframeAnimation(keyPath: "transform")
            animation.values = [CATransform3DIdentity, grow]
            animation.duration = 0.7874015748031495
            // The offset wraps the local time: 8,503.9 s ÷ 0.787 s is repeat number 10,799.
            animation.timeOffset = 8503.937007874016
            animation.isCumulative = true
            layer.add(animation, forKey: "grow")
            clock.advance(by: 0.01)
            let transform = try #require(layer.presentation()).transform
            #expect(!transform.m11.isFinite)
            let renderer = try #require(CARenderer(width: 20, height: 20))
            renderer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            renderer.layer = layer
            let image = renderer.renderFrame(atTime: clock.now)
            let opaque = image.withUnsafePremultipliedRGBABytes { bytes in
                stride(from: 3, to: bytes.count, by: 4).contains { bytes[$0] != 0 }
            }
            #expect(!opaque)
        }
    }
}
