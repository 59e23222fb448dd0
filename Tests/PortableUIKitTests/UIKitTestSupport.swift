import Foundation

@testable import PortableUIKit

/// A view with `frame`, committed under the installed manual clock so its layer animates from now on (layers
/// never committed change without animation, as on Apple platforms).
@MainActor
func committedView(_ clock: MediaClock, frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> UIView {
    let view = UIView(frame: frame)
    clock.advance(by: 0)
    return view
}

/// Completion calls with the media time they arrived at.
@MainActor
final class CompletionLog {
    private(set) var entries: [(name: String, finished: Bool, time: Double)] = []

    /// A completion closure that records `name`.
    func completion(_ name: String) -> (Bool) -> Void {
        { [self] finished in entries.append((name, finished, CACurrentMediaTime())) }
    }

    /// The recorded calls of `name`, as `finished` flags.
    func flags(_ name: String) -> [Bool] {
        entries.filter { $0.name == name }.map(\.finished)
    }

    /// The time of the first call of `name`, or nil.
    func time(_ name: String) -> Double? {
        entries.first { $0.name == name }?.time
    }
}

extension UIView {
    /// The layer as it is on screen now.
    var shown: CALayer {
        layer.presentation()!
    }
}

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points differ by at most `tolerance` per coordinate.
func isClose(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// Whether two sizes differ by at most `tolerance` per dimension.
func isClose(_ a: CGSize, _ b: CGSize, _ tolerance: CGFloat = 1e-6) -> Bool {
    isClose(a.width, b.width, tolerance) && isClose(a.height, b.height, tolerance)
}
