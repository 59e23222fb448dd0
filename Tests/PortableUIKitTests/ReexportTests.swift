import PortableUIKit
import Testing

/// `import PortableUIKit` alone must be enough for seed code, as `import UIKit` is on Apple platforms.
@Suite("PortableUIKit re-exports")
struct ReexportTests {
    @Test("CoreGraphics, QuartzCore and Foundation names are visible through PortableUIKit alone")
    func seedCodeNeedsOneImport() {
        let shear = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)
        let moved = CGPoint(x: 0, y: -50).applying(shear)
        #expect(moved == CGPoint(x: 50, y: -50))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        #expect(!CATransform3DIsAffine(perspective))
        #expect(NSValue(cgPoint: CGPoint(x: 0, y: 100)).cgPointValue.y == 100)
    }
}
