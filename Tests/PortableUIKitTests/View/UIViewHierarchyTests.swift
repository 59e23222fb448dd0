import Foundation
import Testing

@testable import PortableUIKit

/// Records the hierarchy callbacks it receives.
private final class RecordingView: UIView {
    var log: [String] = []
    var name = ""

    override func didAddSubview(_ subview: UIView) {
        log.append("\(name).didAdd(\((subview as? RecordingView)?.name ?? "?"))")
    }

    override func willRemoveSubview(_ subview: UIView) {
        log.append("\(name).willRemove(\((subview as? RecordingView)?.name ?? "?"))")
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        log.append("\(name).willMove(\((newSuperview as? RecordingView)?.name ?? "nil"))")
    }

    override func didMoveToSuperview() {
        log.append("\(name).didMove")
    }

    static func named(_ name: String, log: RecordingView? = nil) -> RecordingView {
        let view = RecordingView(frame: .zero)
        view.name = name
        return view
    }
}

@MainActor
@Suite("UIView hierarchy, geometry and hit testing")
struct UIViewHierarchyTests {
    @Test("addSubview calls willMove, didAddSubview, didMoveToSuperview in UIKit's order; removal the reverse")
    func callbackOrder() {
        let parent = RecordingView.named("p")
        let child = RecordingView.named("c")
        parent.addSubview(child)
        #expect(child.log == ["c.willMove(p)", "c.didMove"])
        #expect(parent.log == ["p.didAdd(c)"])
        child.removeFromSuperview()
        #expect(parent.log == ["p.didAdd(c)", "p.willRemove(c)"])
        #expect(child.log == ["c.willMove(p)", "c.didMove", "c.willMove(nil)", "c.didMove"])
        #expect(child.superview == nil && parent.subviews.isEmpty)
    }

    @Test("subview order drives sublayer order: insert at 1, above, below, bring to front, send to back")
    func orderMatchesLayers() {
        let parent = UIView()
        let a = UIView()
        let b = UIView()
        let c = UIView()
        let d = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 1)
        #expect(parent.subviews == [a, c, b])
        parent.insertSubview(d, aboveSubview: a)
        #expect(parent.subviews == [a, d, c, b])
        parent.bringSubviewToFront(a)
        #expect(parent.subviews == [d, c, b, a])
        parent.sendSubviewToBack(b)
        #expect(parent.subviews == [b, d, c, a])
        parent.insertSubview(a, belowSubview: b)
        #expect(parent.subviews == [a, b, d, c])
        #expect(
            parent.layer.sublayers?.map { ObjectIdentifier($0) } == parent.subviews.map { ObjectIdentifier($0.layer) })
    }

    @Test("adding a view elsewhere takes it out of its old superview; viewWithTag finds depth first")
    func moveAndTag() {
        let first = UIView()
        let second = UIView()
        let child = UIView()
        child.tag = 7
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(child.superview === second)
        #expect(second.viewWithTag(7) === child)
        #expect(second.viewWithTag(8) == nil)
        #expect(child.isDescendant(of: second))
        #expect(!second.isDescendant(of: child))
    }

    @Test("convert: a child at (50, 30) in a parent maps its (0, 0) to (50, 30) and back")
    func convertPoints() {
        let parent = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 50, y: 30, width: 20, height: 20))
        parent.addSubview(child)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 50, y: 30))
        #expect(child.convert(CGPoint(x: 50, y: 30), from: parent) == .zero)
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 30), "nil: the root view's coordinates")
        #expect(
            child.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: parent)
                == CGRect(x: 50, y: 30, width: 5, height: 5))
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 40, y: 20))
    }

    @Test("hitTest finds the frontmost subview; hidden, disabled and transparent views are skipped")
    func hitTesting() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let front = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 90, y: 10), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 100, y: 50), with: nil) == nil, "the max edge is outside")
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: UIEvent()) === back)
        back.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root)
        root.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) == nil)
    }

    @Test("a view ignores touches while a block animates it, unless allowUserInteraction")
    func animatingViewIgnoresTouches() {
        MediaClock.withManualTime { clock in
            let root = committedView(clock)
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            root.addSubview(child)
            clock.advance(by: 0)
            UIView.animate(withDuration: 1) { child.alpha = 0.5 }
            clock.advance(by: 0.5)
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
            clock.advance(by: 0.5)
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction) {
                child.alpha = 1
            } completion: { _ in
            }
            clock.advance(by: 0.5)
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
        }
    }

    @Test("a size change asks for layout; layoutSubviews runs at the commit, once")
    func layoutOnSizeChange() {
        MediaClock.withManualTime { clock in
            let view = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            clock.advance(by: 0)
            #expect(view.layoutCount == 1)
            view.center = CGPoint(x: 40, y: 40)
            clock.advance(by: 0)
            #expect(view.layoutCount == 1, "moving does not lay out")
            view.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
            view.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
            #expect(view.layoutCount == 1)
            clock.advance(by: 0)
            #expect(view.layoutCount == 2)
            view.setNeedsLayout()
            view.layoutIfNeeded()
            #expect(view.layoutCount == 3)
        }
    }
}

final class LayoutCountingView: UIView {
    var layoutCount = 0

    override func layoutSubviews() {
        layoutCount += 1
    }
}
