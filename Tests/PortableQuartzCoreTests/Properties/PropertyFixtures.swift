import PortableQuartzCore

/// Small builders and comparisons shared by the property tests.
enum PropertyFixtures {
    /// A 1×1 opaque image of one grey level; each call makes a distinct object.
    static func image(_ level: UInt8 = 128) -> CGImage {
        guard let image = CGImage(premultipliedRGBA: [level, level, level, 255], width: 1, height: 1) else {
            preconditionFailure("a 1×1 image is always valid")
        }
        return image
    }

    /// A path of a move, a line, a quadratic and a cubic curve and a close, with every coordinate shifted by
    /// `offset`.
    static func wigglePath(offset: CGFloat = 0) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0 + offset, y: 0 + offset))
        path.addLine(to: CGPoint(x: 10 + offset, y: 0 + offset))
        path.addQuadCurve(to: CGPoint(x: 20 + offset, y: 10 + offset), control: CGPoint(x: 20 + offset, y: 0 + offset))
        path.addCurve(
            to: CGPoint(x: 0 + offset, y: 20 + offset), control1: CGPoint(x: 15 + offset, y: 25 + offset),
            control2: CGPoint(x: 5 + offset, y: 25 + offset))
        path.closeSubpath()
        return path
    }

    /// The points of `path` in element order (a close contributes none).
    static func points(_ path: CGPath) -> [CGPoint] {
        var result: [CGPoint] = []
        path.applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            for index in 0..<count { result.append(element.pointee.points[index]) }
        }
        return result
    }

    /// The largest element-wise difference between two 3-D transforms.
    static func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> Double {
        let pairs: [(CGFloat, CGFloat)] = [
            (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14), (a.m21, b.m21), (a.m22, b.m22),
            (a.m23, b.m23), (a.m24, b.m24), (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
            (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
        ]
        return pairs.map { Double(abs($0 - $1)) }.max() ?? 0
    }

    /// The largest element-wise difference between two 2-D transforms.
    static func maxDifference(_ a: CGAffineTransform, _ b: CGAffineTransform) -> Double {
        [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].map { Double(abs($0)) }.max() ?? 0
    }

    /// The payloads, for expectations (`nil` when the value has another kind).
    static func number(_ value: AnimatableValue) -> Double? {
        if case .number(let v) = value { return v }
        return nil
    }

    static func point(_ value: AnimatableValue) -> CGPoint? {
        if case .point(let v) = value { return v }
        return nil
    }

    static func color(_ value: AnimatableValue) -> ColorComponents? {
        if case .color(let v) = value { return v }
        return nil
    }

    static func transform(_ value: AnimatableValue) -> CATransform3D? {
        if case .transform(let v) = value { return v }
        return nil
    }

    static func path(_ value: AnimatableValue) -> CGPath? {
        if case .path(let v) = value { return v }
        return nil
    }

    static func affine(_ value: AnimatableValue) -> CGAffineTransform? {
        if case .affineTransform(let v) = value { return v }
        return nil
    }

    static func numbers(_ value: AnimatableValue) -> [Double]? {
        if case .numbers(let v) = value { return v }
        return nil
    }

    /// Whether two colours agree within `tolerance` on every channel.
    static func close(_ a: ColorComponents?, _ b: ColorComponents, _ tolerance: Double = 1e-12) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }
}
