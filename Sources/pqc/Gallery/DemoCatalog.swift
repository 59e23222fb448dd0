/// One demo shown in a seed article, as the gallery lists it.
struct Demo: Hashable, Sendable {
    /// Short kebab-case name used on the command line (`pqc gallery --only NAME`) and for file names.
    let name: String
    /// What the demo shows, in a few words.
    let title: String
    /// The seed article it comes from (`000` … `004`).
    let seed: Seed
    /// The part of the article that shows it: the article's own heading (with an English gloss when it is in
    /// Chinese), or for seed 000, whose headings were lost, the class its part is about.
    let section: String
    /// The article's numbered listing(s) the demo ports ("listing 7.3"), when the article numbers them.
    let listing: String?

    /// The name of the Swift type (and file, `Demos/TYPE.swift`) that builds the demo's scene: the name in
    /// upper camel case followed by `Demo` ("opacity-fade" → `OpacityFadeDemo`).
    var typeName: String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Demo"
    }
}

/// The five seed articles the project was created from (`../shared/seeds`).
enum Seed: String, CaseIterable, Sendable {
    case caAnimation = "000"
    case implicitAnimation = "001"
    case uiViewAnimation = "002"
    case mediaTimingIllustrated = "003"
    case layerTime = "004"

    /// The article's title, shortened (as the gallery names the article it links a demo to).
    var articleTitle: String {
        switch self {
        case .caAnimation: "CAAnimation:属性动画CABasicAnimation、CAKeyframeAnimation以及过渡动画、动画组"
        case .implicitAnimation: "隐式动画 (chapter 7 of iOS Core Animation: Advanced Techniques, translated)"
        case .uiViewAnimation: "UIView动画"
        case .mediaTimingIllustrated: "Controlling animation timing"
        case .layerTime: "iOS-Core-Animation之九----圖層時間 (chapter 9)"
        }
    }

    /// The article's subject, as the gallery index names it.
    var subject: String {
        switch self {
        case .caAnimation: "CAAnimation family"
        case .implicitAnimation: "Implicit animation and transactions"
        case .uiViewAnimation: "UIView animation options"
        case .mediaTimingIllustrated: "CAMediaTiming illustrated"
        case .layerTime: "Layer time (Lockwood, ch. 9)"
        }
    }
}

/// Every demo listed in the seeds' README, in the order the articles show them.
enum DemoCatalog {
    static let all: [Demo] = [
        Demo(
            name: "opacity-fade", title: "Opacity fade", seed: .caAnimation,
            section: "CABasicAnimation", listing: nil),
        Demo(
            name: "background-to-red", title: "backgroundColor to red", seed: .caAnimation,
            section: "CABasicAnimation", listing: nil),
        Demo(
            name: "position-from-array", title: "position from an array", seed: .caAnimation,
            section: "CABasicAnimation", listing: nil),
        Demo(
            name: "scale-y-by-to", title: "transform.scale.y with by and to", seed: .caAnimation,
            section: "CABasicAnimation", listing: nil),
        Demo(
            name: "spring-jump", title: "Spring jump of a text field with a border-colour flash", seed: .caAnimation,
            section: "CASpringAnimation", listing: nil),
        Demo(
            name: "wobble", title: "Wobble (transform.rotation keyframes)", seed: .caAnimation,
            section: "CAKeyframeAnimation", listing: nil),
        Demo(
            name: "balloon-flight", title: "Balloon flight (position keyframes)", seed: .caAnimation,
            section: "NSValue 包装结构体 (structs as NSValue)", listing: nil),
        Demo(
            name: "text-push-red-blue", title: "CATextLayer push transition Red → Blue", seed: .caAnimation,
            section: "CATransition", listing: nil),
        Demo(
            name: "navigation-push-pop", title: "Navigation push and pop transitions", seed: .caAnimation,
            section: "CATransition", listing: nil),
        Demo(
            name: "group-fade-scale-rotate", title: "Group of fade with scale and rotateZ value functions",
            seed: .caAnimation,
            section: "CAAnimationGroup", listing: nil),
        Demo(
            name: "delegate-chain", title: "Delegate chain: fly in, then pulse", seed: .caAnimation,
            section: "CAAnimationDelegate", listing: nil),
        Demo(
            name: "remove-running", title: "Removing running animations", seed: .caAnimation,
            section: "add(_:forKey:) / removeAnimation(forKey:)", listing: nil),
        Demo(
            name: "random-colour", title: "Random-colour layer: 0.25 s, then 1 s", seed: .implicitAnimation,
            section: "事务 (Transactions)", listing: "listings 7.1 and 7.2"),
        Demo(
            name: "completion-rotate", title: "Completion block that rotates 90°", seed: .implicitAnimation,
            section: "完成块 (Completion blocks)", listing: "listing 7.3"),
        Demo(
            name: "backing-layer", title: "A view's backing layer does not animate", seed: .implicitAnimation,
            section: "图层行为 (Layer actions)", listing: "listings 7.4 and 7.5"),
        Demo(
            name: "custom-push-action", title: "Custom push-from-left action", seed: .implicitAnimation,
            section: "图层行为 (Layer actions)", listing: "listing 7.6"),
        Demo(
            name: "tap-to-move", title: "Tap-to-move layer hit-tested on its presentation", seed: .implicitAnimation,
            section: "呈现与模型 (Presentation versus model)", listing: "listing 7.7"),
        Demo(
            name: "shear", title: "Shear transform", seed: .uiViewAnimation,
            section: "UIView记录: 对属性修改加动画 (animating properties)", listing: nil),
        Demo(
            name: "layout-subviews", title: "Subviews following layout", seed: .uiViewAnimation,
            section: "UIViewAnimationOptionLayoutSubviews", listing: nil),
        Demo(
            name: "interrupted-alpha", title: "Interrupted alpha animations", seed: .uiViewAnimation,
            section: "UIViewAnimationOptionBeginFromCurrentState", listing: nil),
        Demo(
            name: "nested-durations", title: "Nested durations and delays", seed: .uiViewAnimation,
            section: "UIViewAnimationOptionOverrideInheritedDuration & 嵌套动画 (nesting)", listing: nil),
        Demo(
            name: "curl-up", title: "Curl-up transition", seed: .uiViewAnimation,
            section: "UIViewAnimationOptionAllowAnimatedContent & transitionWithView", listing: nil),
        Demo(
            name: "from-to-transition", title: "Transition from one view to another", seed: .uiViewAnimation,
            section: "UIViewAnimationOptionShowHideTransitionViews & transitionFromView", listing: nil),
        Demo(
            name: "nested-spring", title: "Nested spring", seed: .uiViewAnimation,
            section: "UIViewAnimationOptionOverrideInheritedOptions & 弹簧动画 (springs)", listing: nil),
        Demo(
            name: "keyframe-sequence", title: "Keyframe sequence", seed: .uiViewAnimation,
            section: "关键帧动画 (Keyframe animation)", listing: nil),
        Demo(
            name: "system-delete", title: "System delete animation", seed: .uiViewAnimation,
            section: "+performSystemAnimation:onViews:options:animations:completion:", listing: nil),
        Demo(
            name: "timing-cheat-sheet", title: "Colour-change timing cheat sheet", seed: .mediaTimingIllustrated,
            section: "duration=1.5 … timeOffset=1.0 (the illustrations)", listing: nil),
        Demo(
            name: "slider-scrub", title: "Slider-scrubbed colour animation", seed: .mediaTimingIllustrated,
            section: "Controlling animation timing: Slider", listing: nil),
        Demo(
            name: "pull-to-refresh", title: "Pull to refresh (strokeEnd and position.y group)",
            seed: .mediaTimingIllustrated, section: "Pull to refresh", listing: nil),
        Demo(
            name: "rotating-ship", title: "Rotating ship (duration × repeatCount)", seed: .layerTime,
            section: "持續和重復 (Duration and repetition)", listing: "listing 9.1"),
        Demo(
            name: "swinging-door", title: "Swinging door in perspective", seed: .layerTime,
            section: "持續和重復 (Duration and repetition)", listing: "listing 9.2"),
        Demo(
            name: "ship-on-path", title: "Ship flying along a Bézier path", seed: .layerTime,
            section: "相對時間 (Relative time)", listing: "listing 9.3"),
        Demo(
            name: "pan-driven-door", title: "Door driven by a pan gesture through timeOffset", seed: .layerTime,
            section: "手動動畫 (Manual animation)", listing: "listing 9.4"),
    ]

    /// The demo called `name`, or nil.
    static func demo(named name: String) -> Demo? {
        all.first { $0.name == name }
    }
}
