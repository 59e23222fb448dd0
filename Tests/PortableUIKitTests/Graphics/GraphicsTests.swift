import Foundation
import Testing

@testable import PortableUIKit

@Suite("UIColor")
struct UIColorTests {
    @Test("RGBA and white colours: cgColor components, withAlphaComponent, getRed and getWhite")
    func components() {
        let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(orange.cgColor.components == [1, 0.5, 0, 1])
        #expect(orange.withAlphaComponent(0.25).cgColor.alpha == 0.25)
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        #expect(orange.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect((red, green, blue, alpha) == (1, 0.5, 0, 1))
        var white: CGFloat = 0
        #expect(UIColor(white: 0.25, alpha: 1).getWhite(&white, alpha: &alpha) && white == 0.25)
        #expect(!orange.getWhite(&white, alpha: &alpha))
        #expect(UIColor.orange == orange)
        #expect(UIColor.red != UIColor.blue)
        let fromGray = UIColor(cgColor: CGColor(gray: 1, alpha: 1)).cgColor.components ?? []
        #expect(fromGray.count == 4 && fromGray.allSatisfy { abs($0 - 1) < 1e-12 }, "gray converts to sRGB")
    }

    @Test("named colours: darkGray 1/3, lightGray 2/3, clear has alpha 0, systemPink (255, 45, 85)")
    func namedColours() {
        #expect(abs((UIColor.darkGray.cgColor.components?[0] ?? 0) - 1.0 / 3.0) < 1e-12)
        #expect(abs((UIColor.lightGray.cgColor.components?[0] ?? 0) - 2.0 / 3.0) < 1e-12)
        #expect(UIColor.clear.cgColor.alpha == 0)
        #expect(UIColor.systemPink.cgColor.components == [1, 45.0 / 255, 85.0 / 255, 1])
        #expect(UIColor.green.cgColor.components == [0, 1, 0, 1])
    }

    @Test("hue, saturation, brightness: (1/3, 1, 1) is green and reads back (1/3, 1, 1)")
    func hsb() {
        let green = UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1)
        let components = green.cgColor.components ?? []
        #expect(abs(components[0]) < 1e-12 && abs(components[1] - 1) < 1e-12 && abs(components[2]) < 1e-12)
        var hue: CGFloat = 0
        var saturation: CGFloat = 0
        var brightness: CGFloat = 0
        #expect(green.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: nil))
        #expect(abs(hue - 1.0 / 3.0) < 1e-12 && saturation == 1 && brightness == 1)
        #expect(UIColor(hue: .nan, saturation: 1, brightness: 0.5, alpha: 1).cgColor.components == [0.5, 0.5, 0.5, 1])
    }
}

@Suite("UIImage")
struct UIImageTests {
    /// A 2 × 1 image: one red, one transparent pixel.
    private func smallImage() throws -> CGImage {
        let context = try #require(
            CGContext(
                data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        return try #require(context.makeImage())
    }

    @Test("size is pixels ÷ scale: a 2 × 1 image at scale 2 is 1 × 0.5 points; a bad scale counts as 1")
    func sizeAndScale() throws {
        let image = try smallImage()
        #expect(UIImage(cgImage: image).size == CGSize(width: 2, height: 1))
        #expect(UIImage(cgImage: image, scale: 2, orientation: .up).size == CGSize(width: 1, height: 0.5))
        #expect(UIImage(cgImage: image, scale: -1, orientation: .left).scale == 1)
    }

    @Test("PNG round trip through a file: contentsOfFile reads back the same 2 × 1 pixels; bad paths give nil")
    func fileRoundTrip() throws {
        let image = UIImage(cgImage: try smallImage())
        let data = try #require(image.pngData())
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-\(UUID().uuidString).png").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try #require(UIImage(contentsOfFile: path))
        #expect(read.size == CGSize(width: 2, height: 1))
        #expect(read.cgImage?.width == 2)
        #expect(UIImage(contentsOfFile: path + ".missing") == nil)
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
        #expect(UIImage(named: "no-such-image-\(UUID().uuidString)") == nil)
    }
}

@Suite("UIBezierPath")
struct UIBezierPathTests {
    @Test("lines and curves build the CGPath: move, line, quad, curve, close")
    func building() {
        let path = UIBezierPath()
        #expect(path.isEmpty)
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
        path.addCurve(
            to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 8, y: 14), controlPoint2: CGPoint(x: 2, y: 14))
        path.close()
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 20, height: 14))
        var kinds: [CGPathElementType] = []
        path.cgPath.applyWithBlock { kinds.append($0.pointee.type) }
        #expect(kinds == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    @Test("clockwise arcs turn clockwise on screen: 0 → π/2 clockwise ends below the centre at (0, 10)")
    func arcDirection() {
        let clockwise = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(isClose(clockwise.currentPoint, CGPoint(x: 0, y: 10), 1e-9))
        #expect(clockwise.bounds.minY >= -1e-9, "a quarter turn through positive y only")
        let counter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(isClose(counter.currentPoint, CGPoint(x: 0, y: 10), 1e-9))
        #expect(counter.bounds.minY < -9, "three quarters, through negative y")
    }

    @Test("0 → 2π is a whole circle both ways: bounds (−10, −10, 20, 20), centre inside, as iOS indicators show")
    func fullCircleArcs() {
        // Evidence: NVActivityIndicatorView (ninjaprox/NVActivityIndicatorView, NVActivityIndicatorShape.swift)
        // draws its `.circle` and `.ring` with exactly `addArc(withCenter:radius:startAngle: 0, endAngle: 2π,
        // clockwise: false)`, `.pacman` with `clockwise: true`, and `.stroke` from −π/2 to π + π/2 clockwise;
        // its README animations show full circles and rings on iOS.
        let arcs = [
            UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false),
            UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true),
            UIBezierPath(
                arcCenter: .zero, radius: 10, startAngle: -(.pi / 2), endAngle: .pi + .pi / 2, clockwise: true),
            UIBezierPath(
                arcCenter: .zero, radius: 10, startAngle: -(.pi / 2), endAngle: .pi + .pi / 2, clockwise: false),
        ]
        for arc in arcs {
            let bounds = arc.bounds
            #expect(isClose(bounds.origin, CGPoint(x: -10, y: -10), 1e-9) && abs(bounds.width - 20) < 1e-9)
            #expect(arc.contains(.zero))
        }
    }

    @Test("rect, oval and rounded rect shapes; a corner radius above half the side is clamped; transforms apply")
    func shapes() {
        #expect(
            UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).bounds
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(oval.contains(CGPoint(x: 10, y: 5)) && !oval.contains(CGPoint(x: 1, y: 1)))
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50)
        #expect(!rounded.contains(CGPoint(x: 0.5, y: 0.5)) && rounded.contains(CGPoint(x: 10, y: 5)))
        let moved = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        moved.apply(CGAffineTransform(translationX: 5, y: 6))
        #expect(moved.bounds == CGRect(x: 5, y: 6, width: 1, height: 1))
        let copy = UIBezierPath(cgPath: moved.cgPath)
        copy.append(UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(copy.bounds == CGRect(x: 0, y: 0, width: 6, height: 7))
    }

    @Test("fill and stroke draw into the current UIKit context with the path's line width")
    func drawing() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        UIGraphicsPushContext(context)
        UIColor.blue.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 10)).fill()
        UIColor.red.setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 7.5, y: 0))
        line.addLine(to: CGPoint(x: 7.5, y: 10))
        line.lineWidth = 3
        line.stroke()
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        let bytes = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        let row = 5 * context.bytesPerRow
        #expect(bytes[row + 2 * 4 + 2] == 255 && bytes[row + 2 * 4 + 0] == 0, "blue fill on the left")
        #expect(bytes[row + 7 * 4 + 0] == 255 && bytes[row + 7 * 4 + 2] == 0, "red stroke 6…9 wide")
        #expect(bytes[row + 5 * 4 + 3] == 0, "nothing between")
    }
}
