import PortableQuartzCore

/// Seed 000, "navigation push and pop": the article's `UINavigationController` extension adds a 1 s ease-in-ease-out
/// push `CATransition` to the navigation controller's view — from the top before a push, from the bottom before a
/// pop — and then pushes or pops without UIKit's own animation, so the transition shows the change of the whole
/// screen (navigation bar title and content).
enum NavigationPushPopDemo {
    /// The scene: the root screen with a Push button; Push is tapped at 0.5 s, Pop at 2.5 s.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4) { scene in
            let views = DemoViews(scene)
            let navigationController = NavigationStandIn(views: views, in: scene)
            let finger = TouchIndicator(in: scene)
            scene.at(0.5, "tap Push") {
                finger.tap(at: navigationController.buttonCentre)
                // handlePushButtonTapped()
                navigationController.pushTransition()
                let explicitlyVC = navigationController.makeExplicitlyScreen()
                navigationController.pushViewController(explicitlyVC, title: "Explicitly")
            }
            scene.at(2.5, "tap Pop") {
                finger.tap(at: navigationController.buttonCentre)
                // handlePopButtonTapped()
                navigationController.popTransition()
                navigationController.popViewController()
            }
        }
    }
}

/// A navigation controller drawn with layers: its view holds a 44-point bar with the top screen's title and, below
/// it, the top screen's view. Pushing and popping swap them at once, as `animated: false` does.
private final class NavigationStandIn {
    /// The navigation controller's view (the layer the seed adds its transitions to).
    let view: CALayer
    private let titleLabel: CATextLayer
    private let views: DemoViews
    private var screens: [(title: String, content: CALayer)] = []
    private let contentFrame: CGRect

    /// The centre of the button on every screen, in the canvas's coordinates.
    var buttonCentre: CGPoint { CGPoint(x: contentFrame.midX, y: contentFrame.maxY - 50) }

    init(views: DemoViews, in scene: DemoScene) {
        self.views = views
        let bounds = scene.root.bounds
        view = views.view(frame: bounds, colour: DemoPalette.white, name: "navigationView")
        let bar = views.view(
            frame: CGRect(x: 0, y: 0, width: bounds.width, height: 44), colour: DemoPalette.panel, name: "bar")
        let separator = views.view(
            frame: CGRect(x: 0, y: 43.5, width: bounds.width, height: 0.5), colour: DemoPalette.hairline)
        bar.addSublayer(separator)
        titleLabel = views.textLine(
            "CoreAnimation", in: CGRect(x: 0, y: 0, width: bounds.width, height: 44), fontSize: 17,
            colour: DemoPalette.black)
        titleLabel.name = "navigationTitle"
        bar.addSublayer(titleLabel)
        contentFrame = CGRect(x: 0, y: 44, width: bounds.width, height: bounds.height - 44)
        let rootScreen = makeRootScreen()
        screens = [("CoreAnimation", rootScreen)]
        view.addSublayer(rootScreen)
        view.addSublayer(bar)
        scene.root.addSublayer(view)
    }

    /// The seed's `pushTransition()`.
    func pushTransition() {
        let transition = CATransition()
        transition.duration = 1.0
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        transition.type = .push
        transition.subtype = .fromTop
        view.add(transition, forKey: nil)
    }

    /// The seed's `popTransition()`.
    func popTransition() {
        let transition = CATransition()
        transition.duration = 1.0
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        transition.type = .push
        transition.subtype = .fromBottom
        view.add(transition, forKey: nil)
    }

    /// `pushViewController(_:animated: false)`.
    func pushViewController(_ content: CALayer, title: String) {
        if let top = screens.last { top.content.removeFromSuperlayer() }
        screens.append((title, content))
        view.insertSublayer(content, at: 0)
        titleLabel.string = title
    }

    /// `popViewController(animated: false)`; the root screen stays.
    func popViewController() {
        guard screens.count > 1 else { return }
        screens.removeLast().content.removeFromSuperlayer()
        if let top = screens.last {
            view.insertSublayer(top.content, at: 0)
            titleLabel.string = top.title
        }
    }

    /// The root screen: the list of the article's topics and a Push button.
    private func makeRootScreen() -> CALayer {
        let screen = views.view(frame: contentFrame, colour: DemoPalette.white, name: "rootScreen")
        let topics = ["CABasicAnimation", "CASpringAnimation", "CAKeyframeAnimation", "CATransition"]
        for (index, topic) in topics.enumerated() {
            let row = CGRect(x: 20, y: 12 + CGFloat(index) * 44, width: contentFrame.width - 40, height: 44)
            screen.addSublayer(
                views.textLine(topic, in: row, fontSize: 17, colour: DemoPalette.black, alignment: .left))
            let rule = views.view(
                frame: CGRect(x: 20, y: row.maxY - 0.5, width: row.width, height: 0.5), colour: DemoPalette.hairline)
            screen.addSublayer(rule)
        }
        screen.addSublayer(button("Push"))
        return screen
    }

    /// `ExplicitlyViewController`'s view: the blue `layerView` on a pale background and a Pop button.
    func makeExplicitlyScreen() -> CALayer {
        let screen = views.view(frame: contentFrame, colour: DemoPalette.panel, name: "explicitlyScreen")
        let side = ExplicitlyScreen.layerViewSide
        screen.addSublayer(
            views.view(
                frame: CGRect(x: contentFrame.width / 2 - side / 2, y: 40, width: side, height: side),
                colour: DemoPalette.blue, name: "layerView"))
        screen.addSublayer(button("Pop"))
        return screen
    }

    private func button(_ title: String) -> CALayer {
        let centre = CGPoint(x: contentFrame.width / 2, y: contentFrame.height - 50)
        return views.button(title, frame: CGRect(x: centre.x - 80, y: centre.y - 22, width: 160, height: 44))
    }
}
