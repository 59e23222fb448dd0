import Foundation
import Testing

@testable import PortableQuartzCore

/// The compositor's trimmer keeps the measures of recent paths: a path with the same elements is cut without being
/// measured again, and a changed path never gets an old measure.
@Suite("Stroke trimmer")
struct StrokeTrimmerTests {
    /// The elements of a cut piece, as (kind, points) pairs.
    private func elements(_ path: CGPath?) -> [String] {
        var result: [String] = []
        path?.applyWithBlock { element in
            let count =
                switch element.pointee.type {
                case .moveToPoint, .addLineToPoint: 1
                case .addQuadCurveToPoint: 2
                case .addCurveToPoint: 3
                case .closeSubpath: 0
                @unknown default: 0
                }
            let points = (0..<count).map { "\(element.pointee.points[$0])" }
            result.append("\(element.pointee.type.rawValue) \(points)")
        }
        return result
    }

    /// A wavy open path: `segments` cubic arcs, each 20 wide, alternating up and down by `height`.
    private func wave(segments: Int, height: CGFloat) -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: .zero)
        for index in 0..<segments {
            let x = CGFloat(index) * 20
            let sign: CGFloat = index.isMultiple(of: 2) ? 1 : -1
            path.addCurve(
                to: CGPoint(x: x + 20, y: 0), control1: CGPoint(x: x + 5, y: sign * height),
                control2: CGPoint(x: x + 15, y: sign * height))
        }
        return path
    }

    @Test(
        "a CGMutablePath lengthened in place between two cuts is measured again: its first half ends at x = 40, not 20")
    func changedPathIsMeasuredAgain() throws {
        let trimmer = StrokeTrimmer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 40, y: 0))
        #expect(trimmer.piece(of: path, start: 0, end: 0.5)?.currentPoint == CGPoint(x: 20, y: 0))
        path.addLine(to: CGPoint(x: 80, y: 0))
        #expect(trimmer.piece(of: path, start: 0, end: 0.5)?.currentPoint == CGPoint(x: 40, y: 0))
    }

    @Test("cutting 20 different paths twice over (more than the 16 kept) gives each time what a new trimmer gives")
    func manyPathsCutAsNew() {
        let trimmer = StrokeTrimmer()
        let paths = (0..<20).map { wave(segments: 2 + $0 % 5, height: CGFloat(3 + $0)) }
        for round in 0..<2 {
            for (index, path) in paths.enumerated() {
                let end = 0.3 + 0.03 * CGFloat(index) + 0.1 * CGFloat(round)
                let reused = elements(trimmer.piece(of: path, start: 0.1, end: end))
                #expect(!reused.isEmpty)
                #expect(reused == elements(StrokeTrimmer().piece(of: path, start: 0.1, end: end)), "path \(index)")
            }
        }
    }

    @Test("the trimmer holds no reference to a layer's path: after a cut the path is still uniquely referenced")
    func keepsNoReference() {
        let trimmer = StrokeTrimmer()
        var path: CGPath = wave(segments: 3, height: 8).copy()!
        _ = trimmer.piece(of: path, start: 0, end: 0.4)
        _ = trimmer.piece(of: path, start: 0, end: 0.6)
        #expect(isKnownUniquelyReferenced(&path))
    }
}
