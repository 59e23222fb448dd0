import Foundation
import Testing

@testable import PortableQuartzCore

/// A mask limits its layer to where the mask's tree draws, not to the mask's bounds (issue 17 §2.14).
///
/// Evidence: Apple documents that the mask's alpha channel decides what shows; its bounds clip only with its own
/// `masksToBounds`. lottie-ios builds masks as shape layers whose bounds do not hold their paths, and builds
/// "subtract" masks as an even-odd path around a rectangle 20,000,000 points wide; Apple's pictures of those
/// samples (../shared/lottie) show the content everywhere the path covers.
@Suite("Masks reach as far as their tree draws")
struct MaskExtentTests {
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    static let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)

    /// A 100 × 100 root holding a blue 100 × 100 content layer masked by `mask`.
    static func maskedScene(_ mask: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = root.bounds
        content.backgroundColor = blue
        content.mask = mask
        root.addSublayer(content)
        return root
    }

    @Test("content at (30, 30) outside the mask's 10 × 10 bounds but inside its path shows")
    func pathOutsideBounds() {
        let mask = CAShapeLayer()
        mask.frame = CGRect(x: 60, y: 60, width: 10, height: 10)
        mask.path = CGPath(rect: CGRect(x: -40, y: -40, width: 20, height: 20), transform: nil)  // (20…40)²
        let frame = renderFrame(Self.maskedScene(mask))
        #expect(pixel(frame, 30, 30) == [0, 0, 255, 255])
        #expect(pixel(frame, 65, 65) == [0, 0, 0, 0])  // inside the mask's bounds, outside its path
        #expect(pixel(frame, 50, 50) == [0, 0, 0, 0])
    }

    @Test("a subtract mask — even-odd around a 20,000,000-point square — shows all but its hole at (50, 50)")
    func subtractMask() {
        let mask = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: -10_000_000, y: -10_000_000, width: 20_000_000, height: 20_000_000))
        path.addEllipse(in: CGRect(x: 40, y: 40, width: 20, height: 20))
        mask.path = path
        mask.fillRule = .evenOdd
        mask.fillColor = Self.black
        let frame = renderFrame(Self.maskedScene(mask))
        #expect(pixel(frame, 5, 5) == [0, 0, 255, 255])
        #expect(pixel(frame, 95, 95) == [0, 0, 255, 255])
        #expect(pixel(frame, 50, 50) == [0, 0, 0, 0])
    }

    @Test("a mask's sublayer outside the mask's bounds unmasks its area: (85, 15) shows, (50, 50) does not")
    func maskSublayersCount() {
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let piece = CALayer()
        piece.frame = CGRect(x: 80, y: 10, width: 10, height: 10)
        piece.backgroundColor = Self.black
        mask.addSublayer(piece)
        let frame = renderFrame(Self.maskedScene(mask))
        #expect(pixel(frame, 85, 15) == [0, 0, 255, 255])
        #expect(pixel(frame, 50, 50) == [0, 0, 0, 0])
        #expect(pixel(frame, 10, 10) == [0, 0, 0, 0])  // the mask itself draws nothing in its bounds
    }

    @Test("a mask that masks to its bounds cuts its sublayers: the piece at (85, 15) no longer shows")
    func maskMasksToBounds() {
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        mask.masksToBounds = true
        let piece = CALayer()
        piece.frame = CGRect(x: 80, y: 10, width: 10, height: 10)
        piece.backgroundColor = Self.black
        mask.addSublayer(piece)
        let frame = renderFrame(Self.maskedScene(mask))
        #expect(pixel(frame, 85, 15) == [0, 0, 0, 0])
    }
}
