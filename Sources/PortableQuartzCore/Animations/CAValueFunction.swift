import Foundation

/// A function that turns the numbers a property animation interpolates into a transform matrix (Apple API).
///
/// Set on `CAPropertyAnimation.valueFunction`, it lets an animation of a transform-valued key path (`transform`,
/// `sublayerTransform`) interpolate plain numbers — an angle, three scale factors — and hands the layer the matrix
/// those numbers make at each moment. So `rotateZ` from 0 to 2π really turns a full circle, which interpolating two
/// matrices never could.
///
/// | name | inputs | matrix |
/// |---|---|---|
/// | `rotateX`, `rotateY`, `rotateZ` | one angle in radians | rotation about that axis |
/// | `scale` | x, y, z factors | `CATransform3DMakeScale(x, y, z)` |
/// | `scaleX`, `scaleY`, `scaleZ` | one factor | scale along that axis, 1 on the others |
/// | `translate` | x, y, z in points | `CATransform3DMakeTranslation(x, y, z)` |
/// | `translateX`, `translateY`, `translateZ` | one distance in points | translation along that axis |
///
/// Inputs are given to the animation as a number (`fromValue = Double.pi`) or an array of numbers
/// (`fromValue = [1, 1, 1]`). Our rules for counts that do not match (Apple leaves them undefined): a one-input
/// function reads the first number of an array; a three-input function given a single number uses it on all three
/// axes, and given a shorter array fills the missing axes with the neutral value (factor 1, distance 0); numbers
/// beyond the third are ignored.
///
/// Deviations: Apple's class inherits from `NSObject` and adopts `NSSecureCoding`; ours is a final Swift class.
/// Functions with the same name are equal and hash alike.
public final class CAValueFunction: Hashable, Sendable, CustomStringConvertible {
    /// The function's name (Apple API).
    public let name: CAValueFunctionName

    /// The function, typed: what `transform(for:)` evaluates.
    let function: TransformFunction

    /// The value function with the given name, or `nil` when the name is none of the eleven `CAValueFunctionName`
    /// constants (Apple API; Apple's initializer is failable in the same way).
    public init?(name: CAValueFunctionName) {
        guard let function = TransformFunction(name: name) else { return nil }
        self.name = name
        self.function = function
    }

    /// The matrix for the given inputs (our addition). The inputs follow the count rules of the type's
    /// documentation; an empty array gives the identity.
    public func transform(for inputs: [Double]) -> CATransform3D {
        function.matrix(for: FunctionInput(inputs, neutral: function.neutralValue, uniform: false))
    }

    /// The matrix for a single input number (our addition); a three-input function uses it on all three axes.
    public func transform(for input: Double) -> CATransform3D {
        function.matrix(for: FunctionInput(uniform: input))
    }

    public static func == (lhs: CAValueFunction, rhs: CAValueFunction) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The function's name.
    public var description: String {
        name.rawValue
    }
}

/// The arithmetic of a value function, as a plain value (our helper).
enum TransformFunction: Hashable, Sendable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// The function with Apple's name, or `nil`.
    init?(name: CAValueFunctionName) {
        switch name {
        case .rotateX: self = .rotateX
        case .rotateY: self = .rotateY
        case .rotateZ: self = .rotateZ
        case .scale: self = .scale
        case .scaleX: self = .scaleX
        case .scaleY: self = .scaleY
        case .scaleZ: self = .scaleZ
        case .translate: self = .translate
        case .translateX: self = .translateX
        case .translateY: self = .translateY
        case .translateZ: self = .translateZ
        default: return nil
        }
    }

    /// How many numbers the function reads: 3 for `scale` and `translate`, 1 for the others.
    var inputCount: Int {
        switch self {
        case .scale, .translate: 3
        default: 1
        }
    }

    /// The input that gives the identity matrix: 1 for scales, 0 otherwise.
    var neutralValue: Double {
        switch self {
        case .scale, .scaleX, .scaleY, .scaleZ: 1
        default: 0
        }
    }

    /// The input that gives the identity matrix on every axis.
    var neutralInput: FunctionInput {
        FunctionInput(uniform: neutralValue)
    }

    /// The matrix the function makes from `input` (only `x` is read by one-input functions).
    func matrix(for input: FunctionInput) -> CATransform3D {
        var matrix = CATransform3DIdentity
        switch self {
        case .rotateX:
            return Self.rotation(input.x, axis: 0)
        case .rotateY:
            return Self.rotation(input.x, axis: 1)
        case .rotateZ:
            return Self.rotation(input.x, axis: 2)
        case .scale:
            matrix.m11 = CGFloat(input.x)
            matrix.m22 = CGFloat(input.y)
            matrix.m33 = CGFloat(input.z)
        case .scaleX: matrix.m11 = CGFloat(input.x)
        case .scaleY: matrix.m22 = CGFloat(input.x)
        case .scaleZ: matrix.m33 = CGFloat(input.x)
        case .translate:
            matrix.m41 = CGFloat(input.x)
            matrix.m42 = CGFloat(input.y)
            matrix.m43 = CGFloat(input.z)
        case .translateX: matrix.m41 = CGFloat(input.x)
        case .translateY: matrix.m42 = CGFloat(input.x)
        case .translateZ: matrix.m43 = CGFloat(input.x)
        }
        return matrix
    }

    /// A rotation by `angle` radians about the x (0), y (1) or z (2) axis, with the same element placement as
    /// `CATransform3DMakeRotation` (row vectors: about z, `m11 = cos`, `m12 = sin`, `m21 = −sin`, `m22 = cos`).
    private static func rotation(_ angle: Double, axis: Int) -> CATransform3D {
        let cosine = CGFloat(cos(angle))
        let sine = CGFloat(sin(angle))
        var matrix = CATransform3DIdentity
        switch axis {
        case 0:
            matrix.m22 = cosine
            matrix.m23 = sine
            matrix.m32 = -sine
            matrix.m33 = cosine
        case 1:
            matrix.m11 = cosine
            matrix.m13 = -sine
            matrix.m31 = sine
            matrix.m33 = cosine
        default:
            matrix.m11 = cosine
            matrix.m12 = sine
            matrix.m21 = -sine
            matrix.m22 = cosine
        }
        return matrix
    }
}

/// Up to three numbers fed to a value function, kept inline so interpolating them allocates nothing (our helper).
struct FunctionInput: Hashable, Sendable {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The same number on all three axes.
    init(uniform value: Double) {
        self.init(x: value, y: value, z: value)
    }

    /// The first three numbers of `numbers`; missing ones are `neutral`. A single number is used on every axis
    /// when `uniform` is true.
    init(_ numbers: [Double], neutral: Double, uniform: Bool) {
        if uniform && numbers.count == 1 {
            self.init(uniform: numbers[0])
            return
        }
        self.init(
            x: numbers.count > 0 ? numbers[0] : neutral,
            y: numbers.count > 1 ? numbers[1] : neutral,
            z: numbers.count > 2 ? numbers[2] : neutral)
    }
}
