import Foundation
import PortableCoreGraphics
import Testing

@Suite("CGContext")
struct CGContextTests {
    // MARK: Coordinates

    @Test("fill(0, 0, 10, 10) lands in the bottom-left corner of makeImage()")
    func bottomLeftOrigin() {
        let context = makeRGBAContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = context.makeImage()!
        // Base rows y = 0..<10 are memory rows 15 down to 6.
        #expect(pixel(image, x: 0, y: 15) == [255, 0, 0, 255])
        #expect(pixel(image, x: 9, y: 6) == [255, 0, 0, 255])
        #expect(pixel(image, x: 9, y: 5) == [0, 0, 0, 0])
        #expect(pixel(image, x: 10, y: 15) == [0, 0, 0, 0])
        #expect(paintedPixelCount(image) == 100)
    }

    @Test("A half-covered pixel gets coverage 128")
    func halfCoverage() {
        let context = makeRGBAContext()
        context.fill(CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(pixel(context, x: 0, y: 15) == [0, 0, 0, 128])
    }

    // MARK: State

    @Test("restoreGState brings back colour and CTM; the path is not part of the state")
    func stateStack() {
        let context = makeRGBAContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.saveGState()
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.translateBy(x: 5, y: 0)
        context.setLineWidth(7)
        context.move(to: CGPoint(x: 1, y: 1))
        context.restoreGState()
        #expect(context.ctm == .identity)
        #expect(!context.isPathEmpty)
        #expect(context.currentPointOfPath == CGPoint(x: 6, y: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(context, x: 0, y: 15) == [255, 0, 0, 255])
        // An unmatched restore changes nothing.
        context.restoreGState()
        #expect(context.ctm == .identity)
    }

    @Test("save, clip, fill, restore cycles reuse the clip's storage and leave an outer clip intact")
    func clipCyclesKeepOuterClip() {
        // The 16 × 16 context: the outer clip keeps x < 8; the cycles clip to y < 8 (bottom rows) and y ≥ 8.
        let context = makeRGBAContext()
        context.clip(to: CGRect(x: 0, y: 0, width: 8, height: 16))
        for (band, red) in [
            (CGRect(x: 0, y: 0, width: 16, height: 8), 1.0), (CGRect(x: 0, y: 8, width: 16, height: 8), 0),
        ] {
            context.saveGState()
            context.clip(to: band)
            context.setFillColor(red: red, green: 0, blue: 1 - red, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            context.restoreGState()
        }
        // After the cycles the outer clip alone applies: green reaches only x < 8.
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 1))
        #expect(pixel(context, x: 0, y: 14) == [255, 0, 0, 255])  // base y = 1: red band
        #expect(pixel(context, x: 7, y: 0) == [0, 0, 255, 255])  // base y = 15: blue band
        // Green at alpha 0.5 is 128 of 255 over red: red 255 · 127 / 255 = 127, green 128.
        #expect(pixel(context, x: 0, y: 15) == [127, 128, 0, 255])
        #expect(pixel(context, x: 8, y: 15) == [0, 0, 0, 0])
        #expect(paintedPixelCount(context.makeImage()!) == 128)
    }

    @Test("CTM operations prepend to the current matrix")
    func ctmComposition() {
        let context = makeRGBAContext()
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 3)
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        #expect(context.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 23))
        context.concatenate(CGAffineTransform(translationX: 1, y: 0))
        #expect(context.ctm.tx == 12)
        let rotated = makeRGBAContext()
        rotated.rotate(by: .pi / 2)
        rotated.translateBy(x: 1, y: 0)
        #expect(abs(rotated.ctm.tx) < 1e-12)
        #expect(abs(rotated.ctm.ty - 1) < 1e-12)
        #expect(rotated.userSpaceToDeviceSpaceTransform == rotated.ctm)
    }

    @Test("Points added to the path keep the CTM of the moment they were added")
    func pathUsesCTMAtAddTime() {
        let context = makeRGBAContext()
        context.move(to: CGPoint(x: 2, y: 2))
        context.scaleBy(x: 2, y: 2)
        context.addLine(to: CGPoint(x: 3, y: 1))
        // In the new user space the first point is (1, 1) and the current point (3, 1).
        #expect(context.currentPointOfPath == CGPoint(x: 3, y: 1))
        #expect(context.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 2, height: 0))
        #expect(context.path?.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 2, height: 0))
        context.fillPath()
        #expect(context.isPathEmpty)
        #expect(context.path == nil)
    }

    @Test("Global alpha scales the paint: opaque red at alpha 0.5 becomes (128, 0, 0, 128)")
    func globalAlpha() {
        let context = makeRGBAContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setAlpha(0.5)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(pixel(context, x: 0, y: 15) == [128, 0, 0, 128])
    }

    // MARK: Clipping

    @Test("Nested clips intersect; boundingBoxOfClipPath reports the intersection")
    func clipIntersection() {
        let context = makeRGBAContext()
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 16, height: 16))
        context.clip(to: CGRect(x: 0, y: 0, width: 8, height: 8))
        context.clip(to: CGRect(x: 4, y: 4, width: 8, height: 8))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 4, y: 4, width: 4, height: 4))
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        let image = context.makeImage()!
        #expect(paintedPixelCount(image) == 16)
        #expect(pixel(image, x: 4, y: 11) == [0, 0, 0, 255])
        #expect(pixel(image, x: 3, y: 11) == [0, 0, 0, 0])
        context.resetClip()
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 16, height: 16))
    }

    @Test("A clip saved with the state is undone by restoreGState; an empty path clips everything")
    func clipAndStateStack() {
        let context = makeRGBAContext()
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        context.restoreGState()
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(paintedPixelCount(context.makeImage()!) == 256)
        let empty = makeRGBAContext()
        empty.clip()
        empty.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(paintedPixelCount(empty.makeImage()!) == 0)
    }

    @Test("A half-pixel clip lets half of the paint through")
    func antialiasedClip() {
        let context = makeRGBAContext()
        context.clip(to: CGRect(x: 0, y: 0, width: 0.5, height: 16))
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(pixel(context, x: 0, y: 3) == [0, 0, 0, 128])
        #expect(pixel(context, x: 1, y: 3) == [0, 0, 0, 0])
    }

    // MARK: Strokes

    @Test("A dash of [4, 4] alternates four painted and four empty pixels")
    func dash() {
        let context = makeRGBAContext(width: 16, height: 4)
        context.setLineWidth(2)
        context.setLineDash(phase: 0, lengths: [4, 4])
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 16, y: 2)])
        let image = context.makeImage()!
        let row = (0..<16).map { pixel(image, x: $0, y: 1)[3] }
        #expect(row == [255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0])
        #expect(pixel(image, x: 0, y: 0)[3] == 0)
        #expect(pixel(image, x: 0, y: 2)[3] == 255)
        #expect(pixel(image, x: 0, y: 3)[3] == 0)
        // The phase shifts the pattern backwards along the line.
        let shifted = makeRGBAContext(width: 16, height: 4)
        shifted.setLineWidth(2)
        shifted.setLineDash(phase: 2, lengths: [4, 4])
        shifted.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 16, y: 2)])
        let shiftedRow = (0..<16).map { pixel(shifted.makeImage()!, x: $0, y: 1)[3] }
        #expect(shiftedRow == [255, 255, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255, 255])
    }

    @Test("Line width is scaled by the CTM at stroke time")
    func strokeWidthUsesCTM() {
        let context = makeRGBAContext(width: 16, height: 16)
        context.scaleBy(x: 1, y: 4)
        context.setLineWidth(1)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 16, y: 2)])
        // A 1-unit pen scaled by 4 vertically covers base y 6..<10: memory rows 6..<10.
        let image = context.makeImage()!
        #expect((0..<16).filter { pixel(image, x: 3, y: $0)[3] == 255 } == [6, 7, 8, 9])
    }

    @Test("replacePathWithStrokedPath gives an outline that fills like the stroke")
    func strokedPath() {
        let stroked = makeRGBAContext()
        stroked.setLineWidth(3)
        stroked.move(to: CGPoint(x: 2, y: 2))
        stroked.addLine(to: CGPoint(x: 12, y: 9))
        stroked.strokePath()
        let filled = makeRGBAContext()
        filled.setLineWidth(3)
        filled.move(to: CGPoint(x: 2, y: 2))
        filled.addLine(to: CGPoint(x: 12, y: 9))
        filled.replacePathWithStrokedPath()
        filled.fillPath()
        let a = stroked.makeImage()!
        let b = filled.makeImage()!
        var largest = 0
        for y in 0..<16 {
            for x in 0..<16 { largest = max(largest, abs(Int(pixel(a, x: x, y: y)[3]) - Int(pixel(b, x: x, y: y)[3]))) }
        }
        #expect(largest <= 2)
    }

    // MARK: Paint

    @Test("Shadows fall at the offset in base space (y up) with Apple's default colour")
    func shadowOffset() {
        let context = makeRGBAContext()
        context.setShadow(offset: CGSize(width: 4, height: -4), blur: 0)
        context.fill(CGRect(x: 4, y: 4, width: 4, height: 4))
        let image = context.makeImage()!
        // The shadow covers base x 8..<12, y 0..<4: memory rows 12..<16.
        #expect(pixel(image, x: 9, y: 13) == [0, 0, 0, 85])
        #expect(pixel(image, x: 5, y: 9) == [0, 0, 0, 255])
        #expect(paintedPixelCount(image) == 32)
        // Shadows ignore the CTM.
        let scaled = makeRGBAContext()
        scaled.scaleBy(x: 2, y: 2)
        scaled.setShadow(offset: CGSize(width: 4, height: -4), blur: 0)
        scaled.fill(CGRect(x: 2, y: 2, width: 2, height: 2))
        #expect(pixel(scaled.makeImage()!, x: 9, y: 13) == [0, 0, 0, 85])
        // A nil colour turns the shadow off.
        scaled.setShadow(offset: CGSize(width: 4, height: -4), blur: 0, color: nil)
        scaled.clear(CGRect(x: 0, y: 0, width: 8, height: 8))
        scaled.fill(CGRect(x: 2, y: 2, width: 2, height: 2))
        #expect(paintedPixelCount(scaled.makeImage()!) == 16)
    }

    @Test("Linear gradient extend flags paint the end colours beyond the axis only when set")
    func gradientExtension() {
        let gradient = CGGradient(
            colorsSpace: nil,
            colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
            locations: [0, 1])!
        let plain = makeRGBAContext()
        plain.drawLinearGradient(gradient, start: CGPoint(x: 4, y: 0), end: CGPoint(x: 12, y: 0), options: [])
        #expect(pixel(plain, x: 1, y: 0) == [0, 0, 0, 0])
        #expect(pixel(plain, x: 14, y: 0) == [0, 0, 0, 0])
        #expect(pixel(plain, x: 8, y: 0)[3] == 255)
        let extended = makeRGBAContext()
        extended.drawLinearGradient(
            gradient, start: CGPoint(x: 4, y: 0), end: CGPoint(x: 12, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(pixel(extended, x: 1, y: 0) == [255, 0, 0, 255])
        #expect(pixel(extended, x: 14, y: 0) == [0, 0, 255, 255])
        // The midpoint of the axis (pixel centre x = 8 is at t = 0.5) is the exact average.
        #expect(pixel(extended, x: 7, y: 0)[0] > pixel(extended, x: 8, y: 0)[0])
    }

    @Test("CGGradient rejects empty input and spaces nil locations evenly")
    func gradientCreation() {
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        let components: [CGFloat] = [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        #expect(CGGradient(colorSpace: space, colorComponents: components, locations: nil, count: 0) == nil)
        let three = CGGradient(colorSpace: space, colorComponents: components, locations: nil, count: 3)
        #expect(three != nil)
        let context = makeRGBAContext(width: 3, height: 1)
        context.drawLinearGradient(three!, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 2.5, y: 0), options: [])
        #expect(pixel(context, x: 0, y: 0) == [255, 0, 0, 255])
        #expect(pixel(context, x: 1, y: 0) == [0, 255, 0, 255])
        #expect(pixel(context, x: 2, y: 0) == [0, 0, 255, 255])
    }

    @Test("Blend modes keep Apple's raw values and reach the pixels")
    func blendModes() {
        #expect(CGBlendMode.multiply.rawValue == 1)
        #expect(CGBlendMode.luminosity.rawValue == 15)
        #expect(CGBlendMode.clear.rawValue == 16)
        #expect(CGBlendMode.plusLighter.rawValue == 27)
        #expect(CGInterpolationQuality.medium.rawValue == 4)
        #expect(CGPathDrawingMode.eoFillStroke.rawValue == 4)
        let context = makeRGBAContext()
        context.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.setBlendMode(.multiply)
        context.setFillColor(red: 0, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(pixel(context, x: 0, y: 15) == [0, 255, 0, 255])
        context.setBlendMode(.copy)
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(pixel(context, x: 0, y: 15) == [0, 0, 128, 128])
    }

    @Test("Turning anti-aliasing off paints whole pixels only")
    func aliasing() {
        let context = makeRGBAContext()
        context.setShouldAntialias(false)
        context.fill(CGRect(x: 0.4, y: 0, width: 1.2, height: 1))
        let image = context.makeImage()!
        #expect(pixel(image, x: 0, y: 15) == [0, 0, 0, 255])
        #expect(pixel(image, x: 1, y: 15) == [0, 0, 0, 255])
        #expect(pixel(image, x: 2, y: 15) == [0, 0, 0, 0])
        context.setShouldAntialias(true)
        context.setAllowsAntialiasing(false)
        context.fill(CGRect(x: 4, y: 0, width: 0.4, height: 1))
        #expect(pixel(context, x: 4, y: 15) == [0, 0, 0, 0])
    }

    @Test("clear makes pixels transparent through the CTM and clip")
    func clearRect() {
        let context = makeRGBAContext()
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        context.clip(to: CGRect(x: 0, y: 0, width: 8, height: 16))
        context.clear(CGRect(x: 0, y: 0, width: 16, height: 1))
        let image = context.makeImage()!
        #expect(pixel(image, x: 0, y: 15) == [0, 0, 0, 0])
        #expect(pixel(image, x: 8, y: 15) == [0, 0, 0, 255])
        #expect(paintedPixelCount(image) == 248)
    }

    // MARK: Images

    @Test("An image drawn at its own size is copied upright; a flipped CTM mirrors it")
    func imageOrientation() {
        let source = makeRGBAContext(width: 2, height: 2)
        source.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        source.fill(CGRect(x: 0, y: 1, width: 1, height: 1))  // top-left
        let image = source.makeImage()!
        #expect(pixel(image, x: 0, y: 0) == [255, 0, 0, 255])
        let context = makeRGBAContext(width: 4, height: 4)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(pixel(context, x: 0, y: 2) == [255, 0, 0, 255])
        #expect(paintedPixelCount(context.makeImage()!) == 1)
        let flipped = makeRGBAContext(width: 4, height: 4)
        flipped.translateBy(x: 0, y: 4)
        flipped.scaleBy(x: 1, y: -1)
        flipped.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(pixel(flipped, x: 0, y: 1) == [255, 0, 0, 255])
        // Scaled 2× with no interpolation: each texel becomes a 2 × 2 block.
        let scaled = makeRGBAContext(width: 4, height: 4)
        scaled.interpolationQuality = .none
        scaled.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let result = scaled.makeImage()!
        #expect(pixel(result, x: 1, y: 1) == [255, 0, 0, 255])
        #expect(pixel(result, x: 2, y: 1) == [0, 0, 0, 0])
        #expect(paintedPixelCount(result) == 4)
    }

    @Test("Tiling repeats the image over the clip")
    func tiling() {
        let source = makeRGBAContext(width: 1, height: 1)
        source.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = source.makeImage()!
        let context = makeRGBAContext(width: 8, height: 8)
        context.clip(to: CGRect(x: 0, y: 0, width: 8, height: 4))
        context.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1), byTiling: true)
        #expect(paintedPixelCount(context.makeImage()!) == 32)
    }

    // MARK: Memory layouts

    @Test("Caller memory receives BGRA bytes and its initial contents are the starting picture")
    func callerBGRA() {
        let width = 4
        let height = 4
        let stride = 20
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        // Start with an opaque green top-left pixel, in BGRA order.
        memory.storeBytes(of: 0xFF00_FF00 as UInt32, toByteOffset: 0, as: UInt32.self)
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let context = CGContext(
            data: memory, width: width, height: height, bitsPerComponent: 8, bytesPerRow: stride,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: info)!
        #expect(context.bytesPerRow == 20)
        #expect(context.data == memory)
        #expect(pixel(context, x: 0, y: 0) == [0, 255, 0, 255])
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let bottomLeft = memory.load(fromByteOffset: 3 * stride, as: (UInt8, UInt8, UInt8, UInt8).self)
        #expect([bottomLeft.0, bottomLeft.1, bottomLeft.2, bottomLeft.3] == [0, 0, 255, 255])
        // Pixels the caller writes between operations are honoured.
        memory.storeBytes(of: 0xFFFF_0000 as UInt32, toByteOffset: 4, as: UInt32.self)
        #expect(pixel(context, x: 1, y: 0) == [255, 0, 0, 255])
    }

    @Test("The data of an own-storage context is allocated on demand and kept current")
    func ownData() {
        let context = makeRGBAContext(width: 2, height: 2)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let data = context.data!
        #expect(data.load(fromByteOffset: context.bytesPerRow + 3, as: UInt8.self) == 255)
        context.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(data.load(fromByteOffset: 4 + 3, as: UInt8.self) == 255)
        data.storeBytes(of: 0, toByteOffset: 4 + 3, as: UInt8.self)
        data.storeBytes(of: 0, toByteOffset: 4, as: UInt8.self)
        #expect(pixel(context, x: 1, y: 0) == [0, 0, 0, 0])
    }

    @Test("noneSkipLast contexts are opaque: translucent paint composites over black")
    func opaqueLayout() {
        let context = CGContext(
            data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        #expect(context.alphaInfo == .noneSkipLast)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(pixel(context, x: 0, y: 0) == [128, 0, 0, 255])
    }

    // MARK: Bad input

    @Test("Invalid sizes and formats return nil, and checkedBitmap says why")
    func badCreation() {
        let rgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let rgba = CGImageAlphaInfo.premultipliedLast.rawValue
        func make(
            _ width: Int, _ height: Int, bits: Int = 8, row: Int = 0, space: CGColorSpace = rgb, info: UInt32 = rgba
        )
            -> BitmapContextError?
        {
            do {
                _ = try CGContext.checkedBitmap(
                    data: nil, width: width, height: height, bitsPerComponent: bits, bytesPerRow: row, space: space,
                    bitmapInfo: info)
                return nil
            } catch {
                return error
            }
        }
        #expect(make(0, 10) == .nonPositiveSize(width: 0, height: 10))
        #expect(make(10, -1) == .nonPositiveSize(width: 10, height: -1))
        #expect(make(40_000, 10) == .tooLarge(width: 40_000, height: 10))
        #expect(make(30_000, 30_000) == .tooLarge(width: 30_000, height: 30_000))
        #expect(
            make(10, 10, bits: 16) == .unsupportedFormat(bitsPerComponent: 16, bitmapInfo: rgba, colorSpaceModel: .rgb))
        #expect(make(10, 10, info: CGImageAlphaInfo.last.rawValue) != nil)
        #expect(make(10, 10, info: rgba | CGBitmapInfo.floatComponents.rawValue) != nil)
        #expect(make(10, 10, space: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!) != nil)
        #expect(make(10, 10, row: 39) == .bytesPerRowTooSmall(bytesPerRow: 39, minimum: 40))
        #expect(make(10, 10) == nil)
        #expect(
            CGContext(
                data: nil, width: 0, height: 0, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: rgba)
                == nil)
        #expect(BitmapContextError.tooLarge(width: 40_000, height: 1).description.contains("32767"))
    }

    @Test("NaN and infinite coordinates are dropped without crashing")
    func nonFiniteCoordinates() {
        let context = makeRGBAContext()
        context.move(to: CGPoint(x: 0, y: 0))
        context.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
        context.addLine(to: CGPoint(x: 4, y: 0))
        context.addLine(to: CGPoint(x: 4, y: 4))
        context.addLine(to: CGPoint(x: 0, y: 4))
        context.fillPath()
        // The NaN point is skipped: the square 0..<4 is still filled.
        #expect(paintedPixelCount(context.makeImage()!) == 16)
        context.fill(CGRect(x: CGFloat.infinity, y: 0, width: 4, height: 4))
        context.stroke(CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4))
        context.setLineWidth(.nan)
        context.strokeLineSegments(between: [CGPoint(x: 8, y: 8), CGPoint(x: 12, y: 8)])
        context.drawLinearGradient(
            CGGradient(colorsSpace: nil, colors: [CGColor.white], locations: nil)!,
            start: CGPoint(x: CGFloat.nan, y: 0),
            end: CGPoint(x: 1, y: 1), options: [])
        #expect(paintedPixelCount(context.makeImage()!) == 16)
    }

    @Test("A singular or NaN CTM draws nothing")
    func singularCTM() {
        let context = makeRGBAContext()
        context.saveGState()
        context.scaleBy(x: 0, y: 1)
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        context.restoreGState()
        context.translateBy(x: .nan, y: 0)
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        context.strokeEllipse(in: CGRect(x: 2, y: 2, width: 8, height: 8))
        #expect(paintedPixelCount(context.makeImage()!) == 0)
    }
}
