import Foundation
import Testing

@testable import PortableQuartzCore

/// `compositingFilter` blend modes are drawn (issue 17; found by the Lottie corpus, where lottie-ios builds layer blend
/// modes and inverted track mattes with them).
///
/// Evidence: Apple documents `compositingFilter` as the filter that composites the layer with the content behind it;
/// lottie-ios names its layers' blend modes with Core Image's filter names (`"multiplyBlendMode"`…) and builds
/// inverted mattes as a black layer with the matte composited `"xor"` over it, and Apple's pictures of those samples
/// (../shared/lottie, issue_1260, TypeFace/B) show the blended result.
@Suite("compositingFilter")
struct CompositingFilterTests {
    static let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)

    @Test("xor: an opaque square composited xor over an opaque layer punches a transparent hole at (50, 50)")
    func xorPunchesAHole() {
        let base = CALayer()
        base.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        base.backgroundColor = Self.black
        let hole = CALayer()
        hole.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        hole.backgroundColor = Self.black
        hole.compositingFilter = "xor"
        base.addSublayer(hole)
        let frame = renderFrame(base)
        #expect(pixel(frame, 50, 50) == [0, 0, 0, 0])
        #expect(pixel(frame, 10, 10) == [0, 0, 0, 255])
    }

    @Test("multiplyBlendMode: grey 50 % over red gives (128, 0, 0); CIMultiplyBlendMode and multiply alike")
    func multiply() {
        for name in ["multiplyBlendMode", "CIMultiplyBlendMode", "multiply"] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            let top = CALayer()
            top.frame = root.bounds
            top.backgroundColor = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            top.compositingFilter = name
            root.addSublayer(top)
            #expect(pixel(renderFrame(root, size: 20), 10, 10) == [128, 0, 0, 255], "\(name)")
        }
    }

    @Test("names that are no blend mode composite normally and read back as set")
    func unknownNames() {
        #expect(CGBlendMode(compositingFilter: "gaussianBlur") == nil)
        #expect(CGBlendMode(compositingFilter: "differenceBlendMode") == .difference)
        #expect(CGBlendMode(compositingFilter: "plusL") == .plusLighter)
        let layer = CALayer()
        layer.compositingFilter = "gaussianBlur"
        #expect(layer.compositingFilter as? String == "gaussianBlur")
    }
}
