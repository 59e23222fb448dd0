import Foundation
@_spi(Engine) import PortableRaster

// Conversions between the Apple-shaped path and the raster engine's path, shared by the context.
// (CGPath+Stroking.swift holds private copies of the same logic; they can be replaced by these.)

extension RasterPath {
    /// Replaces the contents with the elements of `path`, each point mapped by `transform` (non-finite points are
    /// kept for the scan converter and stroker to drop). Reuses storage, so it allocates nothing once grown.
    mutating func load(_ path: CGPath, transform: Affine2D = .identity) {
        removeAll(keepingCapacity: true)
        append(path, transform: transform)
    }

    /// Replaces the contents with the elements of `path`, each point passed through `map`.
    mutating func load(_ path: CGPath, mapping map: (RasterPoint) -> RasterPoint) {
        removeAll(keepingCapacity: true)
        append(path, mapping: map)
    }

    /// Appends the elements of `path`, each point mapped by `transform`.
    mutating func append(_ path: CGPath, transform: Affine2D = .identity) {
        let identity = transform.isIdentity
        append(path) { identity ? $0 : transform.apply(to: $0) }
    }

    /// Appends the elements of `path`, each point passed through `map`.
    private mutating func append(_ path: CGPath, mapping map: (RasterPoint) -> RasterPoint) {
        path.elementPoints.withUnsafeBufferPointer { points in
            var index = 0
            func point(_ offset: Int) -> RasterPoint {
                let p = points[index + offset]
                return map(RasterPoint(x: Double(p.x), y: Double(p.y)))
            }
            for type in path.elementTypes {
                switch type {
                case .moveToPoint: move(to: point(0))
                case .addLineToPoint: line(to: point(0))
                case .addQuadCurveToPoint: quadCurve(to: point(1), control: point(0))
                case .addCurveToPoint: curve(to: point(2), control1: point(0), control2: point(1))
                case .closeSubpath: close()
                }
                index += type.pointCount
            }
        }
    }
}

extension CGPath {
    /// An immutable path holding the verbs and points of `path`, each point mapped by `transform`.
    static func make(from path: RasterPath, transform: Affine2D = .identity) -> CGPath {
        var types: [CGPathElementType] = []
        types.reserveCapacity(path.verbs.count)
        let points = path.points.map { point -> CGPoint in
            let mapped = transform.apply(to: point)
            return CGPoint(x: CGFloat(mapped.x), y: CGFloat(mapped.y))
        }
        var lastStart = CGPoint.zero
        var index = 0
        for verb in path.verbs {
            switch verb {
            case .move:
                types.append(.moveToPoint)
                lastStart = points[index]
            case .line: types.append(.addLineToPoint)
            case .quadratic: types.append(.addQuadCurveToPoint)
            case .cubic: types.append(.addCurveToPoint)
            case .close: types.append(.closeSubpath)
            }
            index += verb.pointCount
        }
        return CGPath(elementTypes: types, elementPoints: points, lastSubpathStart: lastStart)
    }
}

extension StrokeStyle.Cap {
    /// The raster engine's cap for a CoreGraphics line cap.
    init(_ cap: CGLineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }
}

extension StrokeStyle.Join {
    /// The raster engine's join for a CoreGraphics line join.
    init(_ join: CGLineJoin) {
        switch join {
        case .miter: self = .miter
        case .round: self = .round
        case .bevel: self = .bevel
        }
    }
}
