import Foundation
import FuzzSupport
import PortableCoreGraphics
import PortableUIKit

/// Paths, transforms, stroke state, clips, shadows and gradients drawn into a small `CGContext`, with NaN, ±∞
/// and huge numbers: the input is a program, one operation per byte followed by its operands. Path-level
/// operations (stroked and dashed copies, flattening, measuring and trimming, hit testing, `UIBezierPath`'s
/// shapes) run on the same paths. Anything goes except crashes, hangs and memory out of proportion to the
/// 48 × 40 output.
enum PathTarget: FuzzTarget {
    static func test(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let width = input.pick([48, 1, 17])
        let height = input.pick([40, 1, 23])
        guard
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { FuzzDriver.fail("no context") }
        var program = Program(input: input, context: context)
        var operations = 0
        while !program.input.isExhausted, operations < 64 {
            program.step()
            operations += 1
        }
        _ = context.makeImage()
    }

    static var seeds: [[UInt8]] {
        // Operation numbers are those of `Program.step()`; operands follow as `FuzzInput` reads them (a number
        // is a selector byte then, for selector 0/1, an index into `HostileNumbers.doubles`).
        [
            [0, 0, 2, 0, 4, 0, 5, 1, 0, 6, 0, 7, 3, 0, 8, 17, 0, 0, 0],
            [0, 0, 12, 0, 4, 0, 5, 0, 6, 0, 7, 0, 22, 1, 13, 0, 11, 3, 1],
            [0, 0, 3, 0, 7, 0, 8, 0, 9, 0, 10, 0, 11, 0, 12, 1, 15, 0, 9, 16, 2, 0, 9, 0, 10, 17, 1],
            [0, 0, 7, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 1, 18, 0, 3, 0, 2, 0, 4, 3, 0],
            [0, 0, 9, 0, 8, 0, 8, 0, 10, 0, 10, 1, 19, 0, 11, 0, 3, 0, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 14, 0, 8, 0, 6, 0, 7, 0, 9, 0, 10, 15, 20, 0, 6, 0, 6, 0, 7, 21, 23, 3, 0],
            [0, 0, 5, 0, 27, 0, 0, 0, 7, 0, 4, 0, 4, 1, 2, 0, 4, 0, 11, 7, 4, 24, 0, 8, 0, 8, 2],
        ]
    }

    static var dictionary: [[UInt8]] {
        // Selector 0 followed by the index of a hostile number in `HostileNumbers.doubles`.
        HostileNumbers.doubles.indices.map { [0, UInt8($0)] }
    }
}

/// The interpreter: a context, the path being built, and the input.
struct Program {
    var input: FuzzInput
    let context: CGContext
    var path = CGMutablePath()
    /// Strokes left for this input, drawn or path-level. Each one's work is bounded by the stroker's stated budgets
    /// (2¹⁸ curve splits and 2¹⁷ dash entries per stroke, Docs/Behaviour.md), which a hostile path can use up:
    /// 0.1–0.4 s each under the address sanitizer on a busy machine. An input may hold 64 operations, so without a
    /// limit here a run of budget-sized strokes passed the 1 s per-input limit while every call stayed within its
    /// budget (fourteen `replacePathWithStrokedPath` of a 2³¹-point dashed ellipse; seventeen drawn strokes of a
    /// 2³¹-point arc dashed [10¹⁵, 10⁶]). Six were still too many: five drawn strokes and a stroked copy of two
    /// dashed circles of radius 2³¹, each stroke at its split budget (0.15–0.2 s), took 0.9–1.0 s; so were four
    /// (0.76 s for a path-level and three drawn strokes of such a circle, on a busy machine). A stroked and dashed
    /// copy (`strokedAndDashedCopies`) counts twice. Three still took 4.5 s on a slower machine: a drawn stroke and
    /// a path-level outline (1.4 million elements under a 10⁹ stretch) that was then filled, the fill alone 2.3 s;
    /// so `Scripts/fuzz.sh` gives this target 20 s per input.
    var strokesLeft = 3

    /// Takes one of `strokesLeft`; false when none is left.
    mutating func takeStroke() -> Bool {
        guard strokesLeft > 0 else { return false }
        strokesLeft -= 1
        return true
    }

    /// Whether a shadow has been set (with a colour) since the input began: every draw may then cast one.
    var mayCastShadows = false
    /// Draws left for this input once shadows may be cast. Each shadow blurs a plane of up to (width + 6σ) × height
    /// pixels, one direction at a time, with σ ≤ 1,024 (Docs/Behaviour.md): about 20 ms under ASan for the 48 × 40
    /// output, so the 45 shadowed fills one input held took 1 s.
    var shadowedDrawsLeft = 8

    /// Takes one of `shadowedDrawsLeft` when shadows may be cast; false when none is left.
    mutating func takeDraw() -> Bool {
        guard mayCastShadows else { return true }
        guard shadowedDrawsLeft > 0 else { return false }
        shadowedDrawsLeft -= 1
        return true
    }

    init(input: FuzzInput, context: CGContext) {
        self.input = input
        self.context = context
    }

    mutating func number() -> CGFloat { input.double() }
    mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
    mutating func size() -> CGSize { CGSize(width: number(), height: number()) }
    mutating func rect() -> CGRect { CGRect(x: number(), y: number(), width: number(), height: number()) }
    mutating func transform() -> CGAffineTransform {
        CGAffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
    }
    mutating func color() -> CGColor { CGColor(srgbRed: number(), green: number(), blue: number(), alpha: number()) }

    mutating func step() {
        switch input.int(in: 0...27) {
        case 0: path.move(to: point())
        case 1: path.addLine(to: point())
        case 2: path.addQuadCurve(to: point(), control: point())
        case 3: path.addCurve(to: point(), control1: point(), control2: point())
        case 4:
            path.addArc(
                center: point(), radius: number(), startAngle: number(), endAngle: number(), clockwise: input.bool())
        case 5: path.addRelativeArc(center: point(), radius: number(), startAngle: number(), delta: number())
        case 6: path.addArc(tangent1End: point(), tangent2End: point(), radius: number())
        case 7: path.addRect(rect(), transform: input.bool() ? transform() : .identity)
        case 8: path.addEllipse(in: rect(), transform: input.bool() ? transform() : .identity)
        case 9: path.addRoundedRect(in: rect(), cornerWidth: number(), cornerHeight: number())
        case 10: path.closeSubpath()
        case 11: context.concatenate(transform())
        case 12:
            context.setLineWidth(number())
            context.setLineCap(input.pick([.butt, .round, .square]))
            context.setLineJoin(input.pick([.miter, .round, .bevel]))
            context.setMiterLimit(number())
        case 13: context.setLineDash(phase: number(), lengths: (0..<input.int(in: 0...5)).map { _ in number() })
        case 14:
            let (offset, blur, color) = (size(), number(), input.bool() ? color() : nil)
            context.setShadow(offset: offset, blur: blur, color: color)
            if color != nil { mayCastShadows = true }
        case 15:
            context.setFillColor(color())
            context.setStrokeColor(color())
            context.setAlpha(number())
        case 16:
            let mode = input.pick([CGPathDrawingMode.fill, .eoFill, .stroke, .fillStroke, .eoFillStroke])
            if mode != .fill, mode != .eoFill, !takeStroke() { break }
            guard takeDraw() else { break }
            context.addPath(path)
            context.drawPath(using: mode)
        case 17:
            context.addPath(path)
            if context.isPathEmpty { break }
            context.clip(using: input.bool() ? .evenOdd : .winding)
        case 18: context.clip(to: rect())
        case 19: input.bool() ? context.saveGState() : context.restoreGState()
        case 20:
            guard takeStroke() else { break }
            context.addPath(path)
            context.replacePathWithStrokedPath()
            _ = context.boundingBoxOfPath
            if input.bool(), takeDraw() { context.fillPath() } else { context.beginPath() }
        case 21:
            guard takeStroke(), takeStroke() else { break }
            strokedAndDashedCopies()
        case 22: measure()
        case 23: if takeDraw() { gradient() }
        case 24: bezierPaths()
        case 25:
            let filled = rect()
            if takeDraw() { context.fill(filled) }
            let (outline, width) = (rect(), number())
            if takeStroke(), takeDraw() { context.stroke(outline, width: width) }
            let oval = rect()
            if takeDraw() { context.fillEllipse(in: oval) }
        case 26: context.setBlendMode(input.pick([.normal, .multiply, .copy, .clear, .sourceIn, .destinationOut]))
        default: path = CGMutablePath()
        }
    }

    /// The path-level geometry that draws nothing but must still stay bounded.
    mutating func strokedAndDashedCopies() {
        let stroked = path.copy(
            strokingWithWidth: number(), lineCap: input.pick([.butt, .round, .square]),
            lineJoin: input.pick([.miter, .round, .bevel]), miterLimit: number(),
            transform: input.bool() ? transform() : .identity)
        _ = stroked.boundingBoxOfPath
        let dashed = path.copy(
            dashingWithPhase: number(), lengths: (0..<input.int(in: 0...4)).map { _ in number() },
            transform: input.bool() ? transform() : .identity)
        _ = dashed.contains(point(), using: .winding, transform: .identity)
        _ = path.contains(point(), using: .evenOdd, transform: input.bool() ? transform() : .identity)
    }

    mutating func measure() {
        _ = FlattenedPath(path, flatness: number())
        let measure = PathMeasure(path)
        _ = measure.point(atLength: number())
        _ = measure.tangent(atLength: number())
        _ = measure.trimmedPath(fromLength: number(), toLength: number())
        _ = path.boundingBox
        _ = path.boundingBoxOfPath
    }

    mutating func gradient() {
        let colors = [color(), color(), color()]
        var locations = [number(), number(), number()]
        guard let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: &locations) else { return }
        switch input.int(in: 0...2) {
        case 0: context.drawLinearGradient(gradient, start: point(), end: point(), options: [.drawsBeforeStartLocation])
        case 1:
            context.drawRadialGradient(
                gradient, startCenter: point(), startRadius: number(), endCenter: point(), endRadius: number(),
                options: [.drawsAfterEndLocation])
        default: context.drawConicGradient(gradient, center: point(), angle: number())
        }
    }

    mutating func bezierPaths() {
        let shapes = [
            UIBezierPath(
                arcCenter: point(), radius: number(), startAngle: number(), endAngle: number(), clockwise: input.bool()),
            UIBezierPath(roundedRect: rect(), cornerRadius: number()),
            UIBezierPath(ovalIn: rect()),
        ]
        for shape in shapes {
            shape.apply(transform())
            path.addPath(shape.cgPath)
        }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzDriver.initialize(PathTarget.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.run(PathTarget.self, data, size)
}
