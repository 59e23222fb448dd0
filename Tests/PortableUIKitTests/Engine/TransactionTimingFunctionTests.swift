import Foundation
import Testing

@testable import PortableUIKit

/// A `CATransaction` timing function around a UIView animation block.
///
/// Evidence: public iOS code gives view animations a custom curve by setting the transaction's timing function
/// around `UIView.animate` or `beginAnimations`/`commitAnimations` (a toast library, a collection-view transition,
/// a pulse on a map pin, the Lilt animation helper, among others found with the search tool); their overshooting
/// curves only show on iOS if the transaction's function replaces UIKit's own curve.
@MainActor
@Suite("Transaction timing function over view animations")
struct TransactionTimingFunctionTests {
    /// The overshooting curve one of those projects sets: at half time it shows 0.643778 of the change.
    private let backCurve = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)

    @Test("UIView.animate inside a transaction with (0.65, −0.55, 0.27, 1.55) moves x 10 → 110 to 74.378 at 0.5 s")
    func transactionCurveWins() throws {
        try MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(backCurve)
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.center.x += 100 }
            CATransaction.commit()
            let animation = try #require(view.layer.animation(forKey: "position"))
            #expect(animation.timingFunction == backCurve, "over the block's own linear curve")
            clock.advance(by: 0.5)
            #expect(isClose(view.shown.position.x, 110 - 100 * (1 - 0.643778), 2e-3), "Float control points: 74.3789")
        }
    }

    @Test("a legacy block inside such a transaction takes its function; after the commit a block eases in and out")
    func legacyBlockAndAfterCommit() {
        MediaClock.withManualTime { clock in
            let view = committedView(clock, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(backCurve)
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            view.center.x += 100
            UIView.commitAnimations()
            CATransaction.commit()
            #expect(view.layer.animation(forKey: "position")?.timingFunction == backCurve)
            clock.advance(by: 1)
            UIView.animate(withDuration: 1) { view.alpha = 0.5 }
            #expect(
                view.layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        }
    }
}
