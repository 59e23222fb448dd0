import Foundation
import Testing

@testable import PortableQuartzCore

/// The per-frame accessors of `LayerState` (field copy, vector reads and writes) against the general subscript
/// route they shortcut.
@Suite("LayerState per-frame field access")
struct LayerStateFieldAccessTests {
    /// A value of `property`'s kind that differs from Apple's default.
    static func nonDefaultValue(for property: LayerProperty) throws -> AnimatableValue {
        switch property.kind {
        case .number: return .number(property == .opacity || property == .shadowOpacity ? 0.25 : 3.5)
        case .point: return .point(CGPoint(x: 1.5, y: -2))
        case .size: return .size(CGSize(width: 3, height: 4))
        case .rect: return .rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        case .color: return .color(ColorComponents(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
        case .transform: return .transform(CATransform3DMakeScale(2, 3, 4))
        case .numbers: return .numbers([0.25, 0.75])
        case .colors: return .colors([ColorComponents(red: 1, green: 0, blue: 0, alpha: 1)])
        case .path: return .path(CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil))
        case .image:
            return .image(try #require(CGImage(premultipliedRGBA: [255, 0, 0, 255], width: 1, height: 1)))
        case .bool: return .bool(!(property.defaultValue.doubleValue == 1))
        case .string: return .string("x")
        case .null, .affineTransform: return .null
        }
    }

    @Test("copyValue copies exactly one property (opacity 0.25, position (1.5, −2), …) and leaves the rest alone")
    func copyValueCopiesOneProperty() throws {
        var source = LayerState()
        for property in LayerProperty.allCases {
            source[property] = try Self.nonDefaultValue(for: property)
        }
        for property in LayerProperty.allCases {
            #expect(source[property] != LayerState.defaults[property], "\(property) has a non-default value")
            var state = LayerState()
            state.copyValue(of: property, from: source)
            #expect(state[property] == source[property], "\(property)")
            for other in LayerProperty.allCases where other != property {
                #expect(state[other] == LayerState.defaults[other], "\(property) left \(other) alone")
            }
        }
    }

    @Test("copyValue of a grouped property into a state that shares the group leaves the shared box untouched")
    func copyValueKeepsSharedGroups() {
        var source = LayerState()
        source.shape.strokeEnd = 0.5
        var copy = source
        copy.copyValue(of: .strokeEnd, from: source)
        #expect(copy.shape.strokeEnd == 0.5)
        copy.copyValue(of: .lineWidth, from: LayerState.defaults)
        #expect(copy.shape.lineWidth == 1)
        #expect(source.shape.strokeEnd == 0.5)
    }

    /// Every path with a number, point, size, rectangle or colour value: whole properties and their components.
    static let vectorPaths: [PropertyPath] = {
        var paths: [PropertyPath] = []
        for property in LayerProperty.allCases {
            switch property.kind {
            case .number, .point, .size, .rect, .color: paths.append(PropertyPath(property))
            default: break
            }
            for component in PropertyComponent.allCases {
                if let path = PropertyPath(property, component), [.number, .point, .size].contains(path.kind) {
                    paths.append(path)
                }
            }
        }
        return paths
    }()

    /// A state with non-default values everywhere (a rotated, scaled transform, colours set).
    static func busyState() throws -> LayerState {
        var state = LayerState()
        for property in LayerProperty.allCases {
            state[property] = try nonDefaultValue(for: property)
        }
        state.transform = CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), 0.5, 0, 0, 1)
        state.sublayerTransform = CATransform3DMakeTranslation(3, 4, 5)
        return state
    }

    @Test("vectorValue(at:in:) reads what VectorValue(path.value(in:)) reads, for every vector path (position.x 1.5)")
    func vectorReadsMatchGeneralRoute() throws {
        var state = try Self.busyState()
        #expect(Self.vectorPaths.count > 60)
        for path in Self.vectorPaths {
            let fast = withUnsafePointer(to: &state) { LayerState.vectorValue(at: path, in: $0) }
            #expect(fast == VectorValue(path.value(in: state)), "\(path)")
        }
        #expect(
            withUnsafePointer(to: &state) { LayerState.vectorValue(at: PropertyPath(keyPath: "position.x")!, in: $0) }
                == VectorValue(number: 1.5))
        state.backgroundColor = nil
        #expect(
            withUnsafePointer(to: &state) { LayerState.vectorValue(at: PropertyPath(.backgroundColor), in: $0) } == nil)
    }

    @Test("setVectorValue writes what path.set writes, for every vector path (position.x 7 keeps y −2)")
    func vectorWritesMatchGeneralRoute() throws {
        let start = try Self.busyState()
        for path in Self.vectorPaths {
            let kind: VectorValue.Kind =
                switch path.kind {
                case .point: .point
                case .size: .size
                case .rect: .rect
                case .color: .color
                default: .number
                }
            let vector = VectorValue(kind: kind, components: SIMD4(7, 0.5, 9, 0.25))
            var fast = start
            fast.setVectorValue(vector, at: path)
            var general = start
            path.set(vector.animatableValue, in: &general)
            #expect(fast == general, "\(path)")
        }
        var state = start
        state.setVectorValue(VectorValue(number: 7), at: PropertyPath(keyPath: "position.x")!)
        #expect(state.position == CGPoint(x: 7, y: -2))
    }

    @Test("replace(inTransform:number:) equals replacing(inTransform:with:), on the identity and on a rotation")
    func transformComponentWrite() {
        let matrices = [CATransform3DIdentity, CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), 0.5, 0, 0, 1)]
        for component in PropertyComponent.allCases where component.applies(to: .transform) {
            for matrix in matrices {
                var inPlace = matrix
                let wrote = component.replace(inTransform: &inPlace, number: 0.75)
                let reference = component.replacing(inTransform: matrix, with: .number(0.75))
                #expect(wrote == (reference != nil), "\(component)")
                #expect(inPlace == (reference ?? matrix), "\(component)")
            }
        }
        var spin = CATransform3DIdentity
        #expect(PropertyComponent.rotationZ.replace(inTransform: &spin, number: .pi / 2))
        #expect(abs(spin.m12 - 1) < 1e-15 && abs(spin.m21 + 1) < 1e-15)
    }
}
