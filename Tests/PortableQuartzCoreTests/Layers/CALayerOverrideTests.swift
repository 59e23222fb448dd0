import Foundation
import Testing

@testable import PortableQuartzCore

/// A ring-style layer as custom indicator layers write them: its `backgroundColor` colours an inner sublayer (inset by
/// 5 points) instead of itself, so the colour shows as a square with a clear border.
private final class InsetFillLayer: CALayer, @unchecked Sendable {
    let fill = CALayer()

    override init() {
        super.init()
        addSublayer(fill)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var backgroundColor: CGColor? {
        get { fill.backgroundColor }
        set { fill.backgroundColor = newValue }
    }

    override var bounds: CGRect {
        didSet { fill.frame = bounds.insetBy(dx: 5, dy: 5) }
    }
}

/// Records which overridable members ran, in order.
private final class RecordingLayer: CALayer, @unchecked Sendable {
    var calls: [String] = []

    override var bounds: CGRect {
        didSet { calls.append("bounds \(Int(bounds.width))×\(Int(bounds.height))") }
    }

    override var position: CGPoint {
        didSet { calls.append("position (\(Int(position.x)), \(Int(position.y)))") }
    }

    override var transform: CATransform3D {
        didSet { calls.append("transform") }
    }

    override var opacity: Float {
        didSet { calls.append("opacity \(opacity)") }
    }

    override func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        calls.append("insert at \(idx == UInt32.max ? "end" : String(idx))")
        super.insertSublayer(layer, at: idx)
    }

    override func add(_ anim: CAAnimation, forKey key: String?) {
        calls.append("add \(key ?? "nil")")
        super.add(anim, forKey: key)
    }

    override func removeAllAnimations() {
        calls.append("removeAllAnimations")
        super.removeAllAnimations()
    }
}

/// A sublayer that records its removals.
private final class LeavingLayer: CALayer, @unchecked Sendable {
    var removals = 0

    override func removeFromSuperlayer() {
        removals += 1
        super.removeFromSuperlayer()
    }
}

@Suite("CALayer members subclasses override")
struct CALayerOverrideTests {
    @Test("a backgroundColor override that colours a sublayer colours it in the picture, set directly or by key")
    func backgroundColorForwardedToSublayer() {
        // Custom layers forward backgroundColor like this; Apple's key-value coding calls the setter (Key-Value Coding
        // Programming Guide: setValue:forKey: looks for set<Key>:), so both routes reach the override.
        for setByKey in [false, true] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let ring = InsetFillLayer()
            ring.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            root.addSublayer(ring)
            let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            if setByKey { ring.setValue(red, forKey: "backgroundColor") } else { ring.backgroundColor = red }
            let image = renderFrame(root, size: 40)
            #expect(pixel(image, 20, 20) == [255, 0, 0, 255], "by key: \(setByKey)")  // the inner square
            #expect(pixel(image, 12, 12) == [0, 0, 0, 0], "by key: \(setByKey)")  // the 5-point border: clear
            #expect(ring.value(forKey: "backgroundColor") as? CGColor == red)
            #expect(ring.fill.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
        }
    }

    @Test("frame (10, 20, 100, 50) sets bounds then position through their overrides; setAffineTransform the transform")
    func frameGoesThroughBoundsAndPosition() {
        // Apple's CALayer.frame documentation: "the layer changes its position and bounds properties to match".
        let layer = RecordingLayer()
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        #expect(layer.calls == ["bounds 100×50", "position (10, 20)", "transform"])
    }

    @Test("setValue(0.5, forKey: \"opacity\") reaches the opacity override; the value reads back 0.5")
    func keyValueCodingReachesOverrides() {
        let layer = RecordingLayer()
        layer.setValue(0.5, forKey: "opacity")
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 8, height: 4)), forKey: "bounds")
        #expect(layer.calls == ["opacity 0.5", "bounds 8×4"])
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
    }

    @Test("addSublayer, insertSublayer(below:/above:) and sublayers = go through insertSublayer(_:at:)")
    func hierarchyGoesThroughInsertAt() {
        // insertSublayer(_:at:) is the one overridden entry for tree changes, as real layer subclasses rely on
        // (CALayer's hierarchy methods are open on Apple platforms).
        let layer = RecordingLayer()
        let a = CALayer()
        let b = CALayer()
        layer.addSublayer(a)
        layer.insertSublayer(b, below: a)
        layer.insertSublayer(CALayer(), above: b)
        layer.sublayers = [CALayer(), CALayer()]
        #expect(layer.calls == ["insert at end", "insert at 0", "insert at 1", "insert at end", "insert at end"])
        #expect(layer.sublayers?.count == 2)
    }

    @Test("sublayers = [] and replaceSublayer remove the old sublayers through removeFromSuperlayer()")
    func removalGoesThroughRemoveFromSuperlayer() {
        let parent = CALayer()
        let first = LeavingLayer()
        let second = LeavingLayer()
        parent.addSublayer(first)
        parent.addSublayer(second)
        parent.replaceSublayer(first, with: CALayer())
        parent.sublayers = []
        #expect(first.removals == 1 && second.removals == 1)
        #expect(parent.sublayers == nil)
    }

    @Test("an implicit animation reaches the add(_:forKey:) override under the property's key")
    func implicitAnimationsGoThroughAdd() {
        // CAAction's run(forKey:object:arguments:) adds the animation with addAnimation:forKey: (Apple's
        // documentation of CAAction and of CAAnimation's conformance to it).
        MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { RecordingLayer() }
            layer.calls = []
            layer.opacity = 0.25
            // The setter stores the value and runs the action (which adds the animation) before the override's didSet.
            #expect(layer.calls == ["add opacity", "opacity 0.25"])
            #expect(layer.animationKeys() == ["opacity"])
            clock.advance(by: 0)
        }
    }

    @Test("model() is typed as the receiver: a subclass's model is that subclass, a copy's model its model layer")
    func modelIsSelf() throws {
        try MediaClock.withManualTime { clock in
            let layer = freshCommittedLayer(clock) { InsetFillLayer() }
            let model: InsetFillLayer = layer.model()
            #expect(model === layer)
            let copy = try #require(layer.presentation())
            #expect(copy.model() === layer)
        }
    }

    @Test("init?(coder:) is required and gives nil; a subclass calling super.init(coder:) compiles unchanged")
    func coderInitializer() {
        let coder = NSCoder()
        #expect(InsetFillLayer(coder: coder) == nil)
        #expect(CAShapeLayer(coder: coder) == nil)
    }
}
