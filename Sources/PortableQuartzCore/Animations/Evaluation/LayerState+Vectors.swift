import Foundation

// Reading and writing the vector kinds (numbers, points, sizes, rectangles, colours) at a property path straight
// from the typed fields, for the per-frame loop of `PresentationProgram`. Each accessor gives exactly what the
// general route gives — `VectorValue(path.value(in: state))` and `path.set(vector.animatableValue, in: &state)` —
// but the properties animations touch most (geometry, opacity, colours, radii, transform components) skip the
// `AnimatableValue` round trip and the subscript's switch over every property. Everything else takes the general
// route, which allocates nothing for these kinds either.

extension LayerState {
    /// The value at `path` in `state` as vector components: `nil` when the value is not a number, point, size,
    /// rectangle or colour (a `nil` colour, for example). `state` is read through a pointer so that only the fields
    /// needed are loaded.
    @inline(__always)
    static func vectorValue(at path: PropertyPath, in state: UnsafePointer<LayerState>) -> VectorValue? {
        guard let component = path.component else {
            switch path.property {
            case .position: return VectorValue(point: state.pointee.position)
            case .opacity: return VectorValue(number: Double(state.pointee.opacity))
            case .backgroundColor: return state.pointee.backgroundColor.map(VectorValue.init(color:))
            case .bounds: return VectorValue(rect: state.pointee.bounds)
            case .anchorPoint: return VectorValue(point: state.pointee.anchorPoint)
            case .zPosition: return VectorValue(number: Double(state.pointee.zPosition))
            case .cornerRadius: return VectorValue(number: Double(state.pointee.cornerRadius))
            case .borderWidth: return VectorValue(number: Double(state.pointee.borderWidth))
            case .borderColor: return state.pointee.borderColor.map(VectorValue.init(color:))
            default: return VectorValue(state.pointee[path.property])
            }
        }
        switch path.property {
        case .position:
            switch component {
            case .x: return VectorValue(number: Double(state.pointee.position.x))
            case .y: return VectorValue(number: Double(state.pointee.position.y))
            default: return nil
            }
        case .transform:
            return VectorValue(component.value(ofTransform: state.pointee.transform))
        default:
            return VectorValue(path.value(in: state.pointee))
        }
    }

    /// Writes `vector` at `path`: the same result as `path.set(vector.animatableValue, in: &self)`, so a vector of
    /// another kind than the path's leaves the state unchanged.
    @inline(__always)
    mutating func setVectorValue(_ vector: VectorValue, at path: PropertyPath) {
        let c = vector.components
        guard let component = path.component else {
            switch (path.property, vector.kind) {
            case (.position, .point): position = CGPoint(x: c.x, y: c.y)
            case (.opacity, .number): opacity = Float(c.x)
            case (.backgroundColor, .color): backgroundColor = vector.color
            case (.bounds, .rect): bounds = CGRect(x: c.x, y: c.y, width: c.z, height: c.w)
            case (.anchorPoint, .point): anchorPoint = CGPoint(x: c.x, y: c.y)
            case (.zPosition, .number): zPosition = CGFloat(c.x)
            case (.cornerRadius, .number): cornerRadius = CGFloat(c.x)
            case (.borderWidth, .number): borderWidth = CGFloat(c.x)
            case (.borderColor, .color): borderColor = vector.color
            default: path.set(vector.animatableValue, in: &self)
            }
            return
        }
        switch (path.property, component, vector.kind) {
        case (.position, .x, .number): position.x = CGFloat(c.x)
        case (.position, .y, .number): position.y = CGFloat(c.x)
        case (.transform, _, .number):
            _ = component.replace(inTransform: &transform, number: c.x)
        default:
            path.set(vector.animatableValue, in: &self)
        }
    }
}

extension VectorValue {
    /// A number.
    @inline(__always)
    init(number: Double) {
        self.init(kind: .number, components: SIMD4(number, 0, 0, 0))
    }

    /// A point, its coordinates widened to `Double`.
    @inline(__always)
    init(point: CGPoint) {
        self.init(kind: .point, components: SIMD4(Double(point.x), Double(point.y), 0, 0))
    }

    /// A rectangle as given (not standardized).
    @inline(__always)
    init(rect: CGRect) {
        self.init(
            kind: .rect,
            components: SIMD4(
                Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)))
    }

    /// A colour.
    @inline(__always)
    init(color: ColorComponents) {
        self.init(kind: .color, components: SIMD4(color.red, color.green, color.blue, color.alpha))
    }

    /// The components as a colour (red, green, blue, alpha).
    @inline(__always)
    var color: ColorComponents {
        ColorComponents(red: components.x, green: components.y, blue: components.z, alpha: components.w)
    }
}
