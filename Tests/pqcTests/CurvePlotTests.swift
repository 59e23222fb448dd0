import Foundation
import PortableQuartzCore
import Testing

@testable import pqc

@Suite("Curve names")
struct CurveSpecTests {
    private func parse(_ text: String) throws -> (CurveSpec, [String]) {
        var notes: [String] = []
        let spec = try CurveSpec.parse(text, notes: &notes)
        return (spec, notes)
    }

    @Test("the five named curves resolve to CAMediaTimingFunction(name:), matched without case: EASEIN(0.5) = 0.315357")
    func namedCurves() throws {
        for name in ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"] {
            let (spec, _) = try parse(name)
            #expect(spec.label == name)
        }
        let (spec, _) = try parse("EASEIN")
        guard case .timingFunction(_, let function) = spec else {
            Issue.record("easeIn is not a timing function")
            return
        }
        #expect(function == CAMediaTimingFunction(name: .easeIn))
        #expect(abs(function.evaluate(at: 0.5) - 0.315357) < 2e-5)
    }

    @Test("cubic:0.42,0,1,1 is the easeIn curve (within 0.001 of a built-in)")
    func cubicSnapsToBuiltIn() throws {
        let (spec, _) = try parse("cubic:0.42,0,1,1")
        guard case .timingFunction(let label, let function) = spec else {
            Issue.record("cubic is not a timing function")
            return
        }
        #expect(label == "cubic(0.42, 0, 1, 1)")
        #expect(function == CAMediaTimingFunction(name: .easeIn))
    }

    @Test("spring:1,100,10,0 is Apple's default spring, settling in 1.4727003 s")
    func fourValueSpring() throws {
        let (spec, notes) = try parse("spring:1,100,10,0")
        guard case .spring(_, let animation) = spec else {
            Issue.record("spring is not a spring")
            return
        }
        #expect(notes.isEmpty)
        #expect(abs(animation.settlingDuration - 1.4727003) < 1e-6)
    }

    @Test("spring:0.5,0.3 is the perceptual spring: stiffness 157.913670, damping 17.592919")
    func perceptualSpring() throws {
        let (spec, _) = try parse("spring:0.5,0.3")
        guard case .spring(let label, let animation) = spec else {
            Issue.record("spring is not a spring")
            return
        }
        #expect(label == "spring(duration 0.5 s, bounce 0.3)")
        #expect(abs(Double(animation.stiffness) - 157.913670) < 1e-5)
        #expect(abs(Double(animation.damping) - 17.592919) < 1e-5)
        #expect(animation.allowsOverdamping)
    }

    @Test("a mass of −1 is kept at 1 as Core Animation does, with a note")
    func invalidMassFallsBack() throws {
        let (spec, notes) = try parse("spring:-1,100,10,0")
        guard case .spring(_, let animation) = spec else {
            Issue.record("spring is not a spring")
            return
        }
        #expect(animation.mass == 1)
        #expect(notes.count == 1)
        #expect(notes.first?.contains("mass -1") == true)
    }

    @Test(
        "bad names say what is wrong and list every accepted form",
        arguments: [
            ("bounce", "Unknown curve name"), ("cubic:1,2", "cubic needs 4 numbers, got 2"),
            ("spring:1,2,3", "spring needs 4 numbers or 2 numbers, got 3"), ("cubic:a,0,1,1", "'a' is not a number"),
            ("spring:nan,0.3", "'nan' is not a finite number"), ("wave:1,2", "Unknown curve kind 'wave'"),
        ])
    func badNames(text: String, problem: String) {
        var notes: [String] = []
        #expect {
            _ = try CurveSpec.parse(text, notes: &notes)
        } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix(problem) && message.contains("easeInEaseOut")
                && message.contains("spring:duration,bounce")
        }
    }
}

@Suite("Curve series")
struct CurveSeriesTests {
    private func spec(_ text: String) throws -> CurveSpec {
        var notes: [String] = []
        return try CurveSpec.parse(text, notes: &notes)
    }

    @Test("easeIn's plotted sample at x = 0.5 is 0.315357 (SPEC §2.3) and its slope there is about 1.03")
    func easeInSample() throws {
        let series = CurveSeries(try spec("easeIn"), seconds: 3)
        let point = try #require(series.point(at: 0.5))
        #expect(abs(point.value - 0.315357) < 2e-5)
        // Slope dY/dX at the solved parameter t: Y'(t)/X'(t) for c1 = (0.42, 0), c2 = (1, 1).
        let curve = UnitBezier(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
        var t = 0.5
        for _ in 0..<40 { t -= (curve.x(atParameter: t) - 0.5) / curve.xDerivative(atParameter: t) }
        let mirrored = UnitBezier(c1x: 0, c1y: 0.42, c2x: 1, c2y: 1)  // its x polynomial is easeIn's y polynomial
        let exact = mirrored.xDerivative(atParameter: t) / curve.xDerivative(atParameter: t)
        #expect(abs(point.velocity - exact) < 1e-5)
        #expect(series.points.count == 401)
        #expect(series.points.last?.time == 1)
        #expect(series.settlingDuration == nil)
    }

    @Test("the default spring's samples are the engine's: q(0.25) = 1.023360, settling 1.4727 s, v(0) = 0")
    func defaultSpringSamples() throws {
        let series = CurveSeries(try spec("spring:1,100,10,0"), seconds: 2.4)
        let quarter = try #require(series.point(at: 0.25))  // 2.4 × 125 / 1200
        #expect(abs(quarter.value - 1.023360) < 1e-6)
        #expect(series.points.first?.velocity == 0)
        #expect(abs((series.settlingDuration ?? 0) - 1.4727003) < 1e-6)
        #expect(series.points.last?.time == 2.4)
    }

    @Test("the automatic time axis covers 15 % past the slowest settling: 3.6478 s × 1.15 → 4.5 s; 1 s without springs")
    func automaticSeconds() throws {
        #expect(CurveChart.automaticSeconds(for: [try spec("easeIn")]) == 1)
        #expect(CurveChart.automaticSeconds(for: [try spec("spring:10,1500,50,100")]) == 4.5)
        #expect(CurveChart.automaticSeconds(for: [try spec("spring:1,100,10,0")]) == 1.8)
        // An undamped spring never settles: four periods of 2π/10 s → 2.51 s, rounded up to 3.
        #expect(CurveChart.automaticSeconds(for: [try spec("spring:1,100,0,0")]) == 3)
    }
}
