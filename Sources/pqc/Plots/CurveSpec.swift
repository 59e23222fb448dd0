import Foundation
import PortableQuartzCore

/// One curve named on `pqc curve`'s command line, resolved to the engine object that computes it.
///
/// Accepted forms (the words are matched without regard to case):
/// * `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`: `CAMediaTimingFunction(name:)`;
/// * `cubic:x1,y1,x2,y2`: `CAMediaTimingFunction(controlPoints:)` (values within 0.001 of a named curve become
///   that curve, as in Core Animation);
/// * `spring:mass,stiffness,damping,velocity`: a `CASpringAnimation` with those values, which its setters
///   validate as Apple's do (mass ≤ 0 keeps 1, stiffness ≤ 0 keeps 100, damping < 0 keeps 10);
/// * `spring:duration,bounce`: `CASpringAnimation(perceptualDuration:bounce:)`.
///
/// Every number must be finite. A spring value the setters replace is kept as Apple keeps it, with a note saying
/// so (Apple logs an error in that case).
enum CurveSpec {
    /// A timing function, drawn as a 1-second animation.
    case timingFunction(label: String, function: CAMediaTimingFunction)
    /// A spring, drawn in seconds since release.
    case spring(label: String, animation: CASpringAnimation)

    /// The legend text.
    var label: String {
        switch self {
        case .timingFunction(let label, _), .spring(let label, _): label
        }
    }

    /// Why a curve name was rejected: the offending text, the problem, and every accepted form.
    struct ParseError: Error, CustomStringConvertible {
        /// The argument as given.
        let argument: String
        /// What is wrong with it.
        let problem: String

        var description: String {
            "\(problem) (in '\(argument)'). \(CurveSpec.acceptedForms)"
        }
    }

    /// The accepted forms, as one sentence for error messages and help.
    static let acceptedForms = """
        Accepted curves: linear, easeIn, easeOut, easeInEaseOut, default; cubic:x1,y1,x2,y2 \
        (e.g. cubic:0.25,0.1,0.25,1); spring:mass,stiffness,damping,velocity (e.g. spring:1,100,10,0); \
        spring:duration,bounce (e.g. spring:0.5,0.3).
        """

    /// The named timing functions by lower-cased name, with their spelling for labels.
    private static let names: [(String, CAMediaTimingFunctionName)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("default", .default),
    ]

    /// Resolves one command-line argument. `notes` receives a sentence for each value the engine replaced.
    static func parse(_ argument: String, notes: inout [String]) throws(ParseError) -> CurveSpec {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let lower = text.lowercased()
        if let (spelling, name) = names.first(where: { $0.0.lowercased() == lower }) {
            return .timingFunction(label: spelling, function: CAMediaTimingFunction(name: name))
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw ParseError(argument: argument, problem: "Unknown curve name")
        }
        let kind = text[..<colon].lowercased()
        let values = try numbers(in: text[text.index(after: colon)...], argument: argument)
        switch (kind, values.count) {
        case ("cubic", 4):
            let function = CAMediaTimingFunction(
                controlPoints: Float(values[0]), Float(values[1]), Float(values[2]), Float(values[3]))
            let label = "cubic(\(values.map(short).joined(separator: ", ")))"
            return .timingFunction(label: label, function: function)
        case ("cubic", let count):
            throw ParseError(argument: argument, problem: "cubic needs 4 numbers, got \(count)")
        case ("spring", 4):
            let animation = spring(values, notes: &notes)
            return .spring(label: springLabel(animation), animation: animation)
        case ("spring", 2):
            let animation = CASpringAnimation(perceptualDuration: values[0], bounce: CGFloat(values[1]))
            if values[0] <= 0 {
                notes.append(
                    "spring duration \(short(values[0])) is not positive: the spring is infinitely stiff and jumps "
                        + "to the end.")
            }
            if !(values[1] > -1 && values[1] <= 1) {
                notes.append(
                    "spring bounce \(short(values[1])) is outside -1 < bounce ≤ 1: Core Animation's setters turn it "
                        + "into damping \(short(Double(animation.damping))).")
            }
            return .spring(
                label: "spring(duration \(short(values[0])) s, bounce \(short(values[1])))", animation: animation)
        case ("spring", let count):
            throw ParseError(argument: argument, problem: "spring needs 4 numbers or 2 numbers, got \(count)")
        default:
            throw ParseError(argument: argument, problem: "Unknown curve kind '\(text[..<colon])'")
        }
    }

    /// The comma-separated finite numbers after the colon.
    private static func numbers(in text: Substring, argument: String) throws(ParseError) -> [Double] {
        var values: [Double] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed) else {
                throw ParseError(argument: argument, problem: "'\(trimmed)' is not a number")
            }
            guard value.isFinite else {
                throw ParseError(argument: argument, problem: "'\(trimmed)' is not a finite number")
            }
            values.append(value)
        }
        return values
    }

    /// A spring animation with mass, stiffness, damping and initial velocity set through the setters.
    private static func spring(_ values: [Double], notes: inout [String]) -> CASpringAnimation {
        let animation = CASpringAnimation()
        animation.mass = CGFloat(values[0])
        animation.stiffness = CGFloat(values[1])
        animation.damping = CGFloat(values[2])
        animation.initialVelocity = CGFloat(values[3])
        let kept: [(String, Double, Double)] = [
            ("mass", values[0], Double(animation.mass)), ("stiffness", values[1], Double(animation.stiffness)),
            ("damping", values[2], Double(animation.damping)),
        ]
        for (name, given, used) in kept where given != used {
            notes.append(
                "spring \(name) \(short(given)) is not accepted by CASpringAnimation; it uses \(short(used)), "
                    + "as Core Animation does.")
        }
        return animation
    }

    /// The legend text of a spring given by its four values (after the setters' validation).
    private static func springLabel(_ animation: CASpringAnimation) -> String {
        let values = [animation.mass, animation.stiffness, animation.damping, animation.initialVelocity]
        return "spring(mass \(short(Double(values[0]))), stiffness \(short(Double(values[1]))), "
            + "damping \(short(Double(values[2]))), velocity \(short(Double(values[3]))))"
    }

    /// A number in its shortest form ("1", "0.25").
    static func short(_ value: Double) -> String {
        String(format: "%g", value)
    }
}
