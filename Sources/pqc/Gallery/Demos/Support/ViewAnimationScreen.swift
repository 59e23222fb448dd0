import Foundation
import PortableUIKit

/// The screen of seed 002's view controller (`RCUIViewAnimationController` of the article's project) as a tree of
/// PortableUIKit views on the canvas (our port): a white `view` the size of the canvas under the scene's root, the red
/// `testView` (100, 50, 200, 100), the `testOptionView` (an `RCCustomView`, (200, 50, 150, 50)) in front of it, and
/// the blue full-width buttons the demo taps, 30 points high, from y = 200 every 50 points, as in the app.
///
/// The article's snippets are the buttons' handlers; the demos run them in scripted taps, shown by a
/// `TouchIndicator`. The app's "restore" button is `restore()`. The seed's `NSLog` lines become the scene's notes.
@MainActor
final class ViewAnimationScreen {
    /// `testView`'s frame when the screen loads and after `restore()`.
    static let testViewFrame = CGRect(x: 100, y: 50, width: 200, height: 100)
    /// `testOptionView`'s frame when the screen loads and after `restore()`.
    static let testOptionViewFrame = CGRect(x: 200, y: 50, width: 150, height: 50)
    /// The top of the first button; the next ones follow every `buttonSpacing` points.
    static let firstButtonY: CGFloat = 200
    static let buttonSpacing: CGFloat = 50
    static let buttonHeight: CGFloat = 30

    /// The view controller's view: white, the size of the canvas, its layer under the scene's root.
    let view: UIView
    /// The red view most experiments animate.
    let testView: UIView
    /// The custom view of the option experiments.
    let testOptionView: RCCustomView
    /// The buttons, top to bottom.
    let buttons: [UIView]
    private let finger: TouchIndicator
    private let scene: DemoScene

    /// Builds the screen in `scene` with one button per title (top to bottom) and keeps it alive with the scene.
    init(in scene: DemoScene, buttons titles: [String]) {
        self.scene = scene
        view = UIView(frame: CGRect(origin: .zero, size: scene.size))
        view.backgroundColor = .white
        view.layer.name = "view"
        testView = UIView(frame: Self.testViewFrame)
        testView.backgroundColor = .red
        testView.layer.name = "testView"
        view.addSubview(testView)
        testOptionView = RCCustomView(frame: Self.testOptionViewFrame)
        view.addSubview(testOptionView)
        var buttons: [UIView] = []
        for (index, title) in titles.enumerated() {
            let frame = CGRect(
                x: 0, y: Self.firstButtonY + CGFloat(index) * Self.buttonSpacing, width: scene.size.width,
                height: Self.buttonHeight)
            let button = UIView(frame: frame)
            button.backgroundColor = .blue
            button.layer.name = "button\(index)"
            let label = DemoLabel(
                frame: CGRect(x: 8, y: 6, width: frame.width - 16, height: 20), text: title, fontSize: 15,
                textColor: .white, alignment: .center)
            button.addSubview(label)
            view.addSubview(button)
            buttons.append(button)
        }
        self.buttons = buttons
        scene.root.addSublayer(view.layer)
        finger = TouchIndicator(in: scene)
        scene.keepAlive(view)
        scene.keepAlive(self)
        testOptionView.log = { [unowned scene] line in scene.note(line) }
    }

    /// Shows a tap on button `index` (counted from the top).
    func tap(button index: Int) {
        guard buttons.indices.contains(index) else { return }
        finger.tap(at: buttons[index].center)
    }

    /// Prints `line` as the seed's `NSLog` does: into the scene's notes, at the scene's time.
    func log(_ line: String) {
        scene.note(line)
    }

    /// How `NSStringFromCGRect` prints `rect`: `{{x, y}, {width, height}}`, each number as `%g` prints it.
    nonisolated static func string(from rect: CGRect) -> String {
        "{{\(number(rect.minX)), \(number(rect.minY))}, {\(number(rect.width)), \(number(rect.height))}}"
    }

    /// How `NSStringFromCGAffineTransform` prints `transform`: `[a, b, c, d, tx, ty]`, each number as `%g` prints it.
    nonisolated static func string(from transform: CGAffineTransform) -> String {
        let entries = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        return "[" + entries.map(number).joined(separator: ", ") + "]"
    }

    /// `value` as `%g` prints it (6 significant digits, no trailing zeros).
    nonisolated static func number(_ value: CGFloat) -> String {
        String(format: "%g", Double(value))
    }

    /// The app's "restore the views" button (`resetView`): puts every view back as it was when the screen loaded,
    /// without animation. The transform goes back to the identity before the frame is set, since the frame means
    /// nothing while the transform is not the identity (seed 002). Subviews the delete animation removed are added
    /// again, in front.
    func restore() {
        testView.transform = .identity
        testView.frame = Self.testViewFrame
        testView.backgroundColor = .red
        testView.alpha = 1
        testOptionView.frame = Self.testOptionViewFrame
        testOptionView.rightView.frame = CGRect(x: 77.5, y: 5, width: 67.5, height: 40)
        testOptionView.leftView.isHidden = false
        testOptionView.centerView.isHidden = true
        testOptionView.addSubview(testOptionView.leftView)
        testOptionView.leftView.transform = .identity
        testOptionView.leftView.alpha = 1
        testOptionView.addSubview(testOptionView.rightView)
        testOptionView.rightView.transform = .identity
        testOptionView.rightView.alpha = 1
    }
}
