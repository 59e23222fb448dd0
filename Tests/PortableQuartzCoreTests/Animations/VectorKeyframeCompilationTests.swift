import Foundation
import PortableQuartzCoreTesting
import Testing

@testable import PortableQuartzCore

/// Keyframe values that all convert to one kind of vector are compiled in one pass (`AnimationCompiler.allVectors`);
/// the rest go the general way (`filled`, then `vectors`). Where the one pass answers, it must be what the general
/// way makes of the same values.
@Suite("Vector keyframes compiled in one pass")
struct VectorKeyframeCompilationTests {
    @Test("numbers 0.25 and 1 become two number vectors; a NaN, a point or a path sends them the general way")
    func workedValues() throws {
        let opacity = try #require(PropertyPath(keyPath: "opacity"))
        let convert = { (value: Any) in AnimationCompiler.convert(value, for: opacity) }
        let vectors = try #require(AnimationCompiler.allVectors([0.25, 1.0] as [Any], convert))
        #expect(vectors.map(\.kind) == [.number, .number])
        #expect(vectors.map(\.components.x) == [0.25, 1])
        #expect(AnimationCompiler.allVectors([0.25, Double.nan] as [Any], convert) == nil)
        #expect(AnimationCompiler.allVectors([0.25, CGPoint(x: 1, y: 2)] as [Any], convert) == nil)
        let path = try #require(PropertyPath(keyPath: "path"))
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        #expect(
            AnimationCompiler.allVectors([square, square] as [Any]) { AnimationCompiler.convert($0, for: path) } == nil)
        #expect(AnimationCompiler.allVectors([] as [Any], convert) == nil)
    }

    @Test("for 400 random value lists (numbers, NaN, points, colours, nil) the one pass agrees with the general way")
    func agreesWithGeneralRoute() throws {
        var random = SeededRandom(seed: 20_261_130)
        let paths = try ["opacity", "position", "backgroundColor"].map { try #require(PropertyPath(keyPath: $0)) }
        var onePass = 0
        for _ in 0..<400 {
            let kind = Int.random(in: 0..<paths.count, using: &random)
            let path = paths[kind]
            // Mostly values of the property's own kind, one in ten something else.
            let values: [Any?] = (0..<Int.random(in: 2...5, using: &random)).map { _ in
                let odd = Int.random(in: 0..<10, using: &random) == 0
                switch odd ? Int.random(in: 0..<5, using: &random) : kind + 2 {
                case 0: return nil
                case 1: return Double.nan
                case 2: return Double.random(in: -9...9, using: &random)
                case 3: return CGPoint(x: Double.random(in: -9...9, using: &random), y: 1)
                default: return CGColor(red: Double.random(in: 0...1, using: &random), green: 0.5, blue: 0, alpha: 1)
                }
            }
            let general = AnimationCompiler.vectors(
                AnimationCompiler.filled(values.map { AnimationCompiler.convert($0, for: path) }))
            let generalValues = general.flatMap { $0.isEmpty ? nil : $0.compactMap { $0 } }
            let allUsable = values.allSatisfy { AnimationCompiler.convert($0, for: path) != nil }
            let direct = AnimationCompiler.allVectors(values) { AnimationCompiler.convert($0, for: path) }
            if let direct {
                onePass += 1
                #expect(direct == generalValues, "\(path) \(values)")
            } else {
                // It declines only where some value does not convert or the kinds differ.
                #expect(!allUsable || generalValues == nil, "\(path) \(values)")
            }
        }
        // Both outcomes occur often enough to mean something.
        #expect(onePass > 60 && onePass < 340)
    }
}
