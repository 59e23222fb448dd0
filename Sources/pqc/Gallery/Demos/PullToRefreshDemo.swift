import PortableQuartzCore

/// Seed 003, "pull to refresh": pulling a collection view down writes the word "Load" (`strokeEnd` from 0 to 1) and
/// raises it 22 points (`position.y` by −22 to 0), one `CAAnimationGroup` on a paused shape layer whose
/// `timeOffset` is the dragged fraction of the 60-point threshold. At the threshold the controller starts loading:
/// a second shape writes the word over and over, the content inset keeps the indicator on screen and scrolling
/// stops; when the new data arrives, an animation block inserts a row of cells, closes the inset and fades the
/// indicator out, and its completion block resets everything.
///
/// Ours, where the article's project is not shown: the lettering (`LoadWordPath`), the loading animation (the word
/// written in the tint colour every 0.8 s), the cells, and the members' 1 s durations — the seed gives its group
/// members none, and what Core Animation does then is not settled (SPEC §6.1, §13); the article describes the word
/// being written over the whole pull.
enum PullToRefreshDemo {
    /// The article's `startLoadingThreshold`, in points.
    static let startLoadingThreshold: CGFloat = 60
    /// How far the scripted finger pulls, in points (past the threshold).
    static let pullDistance: CGFloat = 66
    /// When the finger starts and stops pulling, in seconds; the scroll view reports every 0.05 s in between.
    static let pullStart = 0.3
    static let pullEnd = 1.5
    /// When the finger lets go, and when the new data arrives.
    static let release = 1.7
    static let dataArrives = 3.0

    /// How far the finger has pulled at `time` (linear from `pullStart` to `pullEnd`).
    static func pulled(at time: Double) -> CGFloat {
        let fraction = Swift.min(Swift.max((time - pullStart) / (pullEnd - pullStart), 0), 1)
        return pullDistance * CGFloat(fraction)
    }

    /// The scene: the pull, the release and the data's arrival.
    static func scene(size: CGSize = DemoScene.defaultSize) -> DemoScene {
        DemoScene(size: size, duration: 4) { scene in
            let controller = PullToRefreshController(views: DemoViews(scene), scene: scene)
            let finger = TouchIndicator(in: scene)
            let grip = CGPoint(x: scene.size.width / 2, y: 120)
            let steps = Int(((pullEnd - pullStart) / 0.05).rounded())
            for step in 0...steps {
                let time = pullStart + Double(step) * 0.05
                scene.at(time, "pull down") {
                    let distance = pulled(at: time)
                    finger.touch(at: CGPoint(x: grip.x, y: grip.y + distance))
                    controller.drag(to: -distance)
                }
            }
            scene.at(release, "let go") {
                finger.lift()
                controller.endDragging()
            }
            scene.at(dataArrives, "new data arrives") {
                controller.dataDidLoad()
            }
        }
    }
}

/// The article's view controller with its collection view, drawn with layers. The collection view is a scroll
/// view: its layer's `bounds.origin.y` is the content offset, so content moves down as the offset goes negative.
private final class PullToRefreshController {
    private let views: DemoViews
    /// The collection view's layer (a view: it does not animate implicitly).
    private let collectionView: CALayer
    /// The cells, in rows of three.
    private var cells: [CALayer] = []
    /// The loading indicator above the content, 60 points high; its own coordinates put (0, 0) at its centre.
    private let loadingIndicator: CALayer
    /// The word written as the user pulls (paused: driven by `timeOffset`).
    private let pullToRefreshShape: CAShapeLayer
    /// The word written while loading.
    private let loadingShape: CAShapeLayer
    private var contentInsetTop: CGFloat = 0
    private var isLoading = false
    private var isScrollEnabled = true
    private var pendingLoad: (animations: () -> Void, completion: () -> Void)?
    private let width: CGFloat
    private static let cellHeight: CGFloat = 80
    private static let spacing: CGFloat = 12

    init(views: DemoViews, scene: DemoScene) {
        self.views = views
        width = scene.size.width
        collectionView = views.view(frame: scene.root.bounds, colour: DemoPalette.white, name: "collectionView")
        collectionView.masksToBounds = true
        scene.root.addSublayer(collectionView)

        loadingIndicator = views.view(frame: .zero, colour: DemoPalette.panel, name: "loadingIndicator")
        loadingIndicator.bounds = CGRect(x: -width / 2, y: -30, width: width, height: 60)
        loadingIndicator.position = CGPoint(x: width / 2, y: -30)
        collectionView.addSublayer(loadingIndicator)

        pullToRefreshShape = Self.wordLayer(name: "pullToRefreshShape", colour: DemoPalette.darkGray)
        loadingShape = Self.wordLayer(name: "loadingShape", colour: DemoPalette.tint)
        loadingShape.strokeEnd = 0
        loadingIndicator.addSublayer(pullToRefreshShape)
        loadingIndicator.addSublayer(loadingShape)

        for row in 0..<4 {
            addRow(at: row)
        }

        // The animation the pull controls.
        let writeText = CABasicAnimation(keyPath: "strokeEnd")
        writeText.fromValue = 0
        writeText.toValue = 1
        let move = CABasicAnimation(keyPath: "position.y")
        move.byValue = -22
        move.toValue = 0
        // Ours: the members' own durations (see the demo's notes).
        writeText.duration = 1.0
        move.duration = 1.0
        let group = CAAnimationGroup()
        group.duration = 1.0
        group.animations = [writeText, move]
        pullToRefreshShape.add(group, forKey: "Pull to refresh")
        pullToRefreshShape.speed = 0
        scene.keepAlive(self)
    }

    /// A shape layer stroking "Load", centred on the indicator's middle.
    private static func wordLayer(name: String, colour: CGColor) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.name = name
        shape.bounds = LoadWordPath.bounds
        shape.position = .zero
        shape.path = LoadWordPath.path
        shape.fillColor = nil
        shape.strokeColor = colour
        shape.lineWidth = 3
        shape.lineCap = .round
        shape.lineJoin = .round
        return shape
    }

    /// Adds a row of three cells at row index `row` (0 at the top).
    @discardableResult
    private func addRow(at row: Int) -> [CALayer] {
        let tones: [(CGFloat, CGFloat, CGFloat)] = [
            (0.98, 0.80, 0.60), (0.72, 0.86, 0.98), (0.80, 0.94, 0.76), (0.96, 0.76, 0.84), (0.86, 0.80, 0.98),
        ]
        let spacing = Self.spacing
        let side = (width - 4 * spacing) / 3
        var added: [CALayer] = []
        for column in 0..<3 {
            let tone = tones[(cells.count + column) % tones.count]
            let cell = views.view(
                frame: CGRect(
                    x: spacing + CGFloat(column) * (side + spacing),
                    y: spacing + CGFloat(row) * (Self.cellHeight + spacing), width: side, height: Self.cellHeight),
                colour: CGColor(srgbRed: tone.0, green: tone.1, blue: tone.2, alpha: 1))
            cell.cornerRadius = 6
            collectionView.addSublayer(cell)
            added.append(cell)
        }
        cells.append(contentsOf: added)
        return added
    }

    /// The finger holds the content at `contentOffsetY` (negative: pulled down); the scroll view reports it.
    func drag(to contentOffsetY: CGFloat) {
        guard isScrollEnabled else { return }
        setContentOffset(contentOffsetY)
        scrollViewDidScroll()
    }

    /// The finger lets go: the content settles at the top of its inset, like a scroll view bouncing back.
    func endDragging() {
        views.animate(withDuration: 0.25) {
            setContentOffset(-contentInsetTop)
        }
    }

    private func setContentOffset(_ y: CGFloat) {
        var bounds = collectionView.bounds
        bounds.origin.y = y
        collectionView.bounds = bounds
    }

    private var contentOffsetY: CGFloat { collectionView.bounds.origin.y }

    /// The article's `scrollViewDidScroll:`.
    private func scrollViewDidScroll() {
        let offset = contentOffsetY + contentInsetTop
        if offset <= 0.0 && !isLoading {
            let startLoadingThreshold: CGFloat = 60.0
            let fractionDragged = -offset / startLoadingThreshold
            pullToRefreshShape.timeOffset = Double(Swift.max(0.0, fractionDragged))
            if fractionDragged >= 1.0 {
                startLoading()
            }
        }
    }

    /// The article's loading start.
    private func startLoading() {
        isLoading = true
        // start the loading animation
        loadingShape.add(loadingAnimation(), forKey: "Write that word")
        let contentInset = contentInsetTop
        let indicatorHeight = loadingIndicator.frame.height
        // inset the top to keep the loading indicator on screen
        contentInsetTop = contentInset + indicatorHeight
        isScrollEnabled = false  // no further scrolling
        loadMoreData(
            animations: { [self] in
                // during the reload animation (where new cells are inserted)
                contentInsetTop = contentInset
                setContentOffset(-contentInsetTop)
                loadingIndicator.opacity = 0.0
            },
            completion: { [self] in
                // reset everything
                loadingShape.removeAllAnimations()
                loadingIndicator.opacity = 1.0
                isScrollEnabled = true
                pullToRefreshShape.timeOffset = 0.0  // back to the start
                isLoading = false
            })
    }

    /// Ours: the word written again and again in the tint colour while loading.
    private func loadingAnimation() -> CAAnimation {
        let write = CABasicAnimation(keyPath: "strokeEnd")
        write.fromValue = 0
        write.toValue = 1
        write.duration = 0.8
        write.repeatCount = .infinity
        return write
    }

    /// The article's `loadMoreDataWithAnimation:completion:`: keeps the blocks until the data arrives.
    private func loadMoreData(animations: @escaping () -> Void, completion: @escaping () -> Void) {
        pendingLoad = (animations, completion)
    }

    /// The new data arrived: insert a row of cells at the top and run the reload animation (0.3 s), whose
    /// completion block the engine calls when it has finished.
    func dataDidLoad() {
        guard let load = pendingLoad else { return }
        pendingLoad = nil
        let oldCells = cells
        views.animate(
            withDuration: 0.3,
            animations: {
                for cell in oldCells {
                    cell.position.y += Self.cellHeight + Self.spacing
                }
                load.animations()
            }, completion: load.completion)
        addRow(at: 0)
    }
}
