import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("Docs/SceneFormat.md")
struct SceneFormatDocTests {
    /// The scene the document's example shows, built in code.
    static func exampleScene() -> CALayer {
        let card = CALayer()
        card.name = "card"
        card.bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
        card.position = CGPoint(x: 100, y: 60)
        card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        card.cornerRadius = 12
        card.setValue("demo", forKey: "author")

        let tick = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 40, y: 60))
        path.addLine(to: CGPoint(x: 90, y: 100))
        path.addLine(to: CGPoint(x: 160, y: 30))
        tick.path = path
        tick.fillColor = nil
        tick.strokeColor = CGColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
        tick.lineWidth = 6
        tick.lineCap = .round
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1.5
        draw.timingFunction = CAMediaTimingFunction(name: .easeOut)
        tick.add(draw, forKey: "draw")
        card.addSublayer(tick)

        let label = CATextLayer()
        label.string = "Done"
        label.fontSize = 20
        label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        label.alignmentMode = .center
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
        label.position = CGPoint(x: 100, y: 105)
        let pulse = CAKeyframeAnimation(keyPath: "opacity")
        pulse.values = [1, 0.5, 1]
        pulse.keyTimes = [0, 0.5, 1]
        pulse.duration = 2
        pulse.repeatCount = .infinity
        label.add(pulse, forKey: "pulse")
        card.addSublayer(label)

        let nudge = CASpringAnimation(keyPath: "position.y")
        nudge.fromValue = 40
        nudge.toValue = 60
        nudge.damping = 8
        nudge.duration = 1
        card.add(nudge, forKey: "nudge")
        return card
    }

    /// The first ```json block of Docs/SceneFormat.md.
    static func documentedExample() throws -> String {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/SceneFormat.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("the documented example is exactly what archiving the example scene writes")
    func exampleMatchesEncoder() throws {
        try ArchiveFixtures.withManualClock { _ in
            let written = try ArchiveFixtures.json(LayerArchive(Self.exampleScene()))
            let documented = try Self.documentedExample()
            if written != documented { print(written) }
            #expect(written == documented)
        }
    }

    @Test("the documented example loads, and its spring starts at 40 (position.y at time 0)")
    func exampleLoads() throws {
        try ArchiveFixtures.withManualClock { clock in
            let card = try ArchiveFixtures.load(try Self.documentedExample())
            #expect(card.name == "card" && card.sublayers?.count == 2)
            #expect((card.sublayers?[0] as? CAShapeLayer)?.lineCap == .round)
            let shown = try #require(card.presentation())
            #expect(shown.position.y == 40)
            clock.advance(by: 0.75)
            let pulse = try #require(card.sublayers?[1].presentation())
            // Keyframes 1 → 0.5 over the first second, linear: at 0.75 s, 1 − 0.5 × 0.75 = 0.625.
            #expect(abs(pulse.opacity - 0.625) < 1e-6)
        }
    }
}
