/// One demo shown in a seed article, as the gallery lists it.
struct Demo: Hashable, Sendable {
    /// Short kebab-case name used on the command line (`pqc gallery --only NAME`) and for file names.
    let name: String
    /// What the demo shows, in a few words.
    let title: String
    /// The seed article it comes from (`000` … `004`).
    let seed: Seed
}

/// The five seed articles the project was created from (`../shared/seeds`).
enum Seed: String, CaseIterable, Sendable {
    case caAnimation = "000"
    case implicitAnimation = "001"
    case uiViewAnimation = "002"
    case mediaTimingIllustrated = "003"
    case layerTime = "004"

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
        Demo(name: "opacity-fade", title: "Opacity fade", seed: .caAnimation),
        Demo(name: "background-to-red", title: "backgroundColor to red", seed: .caAnimation),
        Demo(name: "position-from-array", title: "position from an array", seed: .caAnimation),
        Demo(name: "scale-y-by-to", title: "transform.scale.y with by and to", seed: .caAnimation),
        Demo(name: "spring-jump", title: "Spring jump of a text field with a border-colour flash", seed: .caAnimation),
        Demo(name: "wobble", title: "Wobble (transform.rotation keyframes)", seed: .caAnimation),
        Demo(name: "balloon-flight", title: "Balloon flight (position keyframes)", seed: .caAnimation),
        Demo(name: "text-push-red-blue", title: "CATextLayer push transition Red → Blue", seed: .caAnimation),
        Demo(name: "navigation-push-pop", title: "Navigation push and pop transitions", seed: .caAnimation),
        Demo(
            name: "group-fade-scale-rotate", title: "Group of fade with scale and rotateZ value functions",
            seed: .caAnimation),
        Demo(name: "delegate-chain", title: "Delegate chain: fly in, then pulse", seed: .caAnimation),
        Demo(name: "remove-running", title: "Removing running animations", seed: .caAnimation),
        Demo(name: "random-colour", title: "Random-colour layer: 0.25 s, then 1 s", seed: .implicitAnimation),
        Demo(name: "completion-rotate", title: "Completion block that rotates 90°", seed: .implicitAnimation),
        Demo(name: "backing-layer", title: "A view's backing layer does not animate", seed: .implicitAnimation),
        Demo(name: "custom-push-action", title: "Custom push-from-left action", seed: .implicitAnimation),
        Demo(name: "tap-to-move", title: "Tap-to-move layer hit-tested on its presentation", seed: .implicitAnimation),
        Demo(name: "shear", title: "Shear transform", seed: .uiViewAnimation),
        Demo(name: "layout-subviews", title: "Subviews following layout", seed: .uiViewAnimation),
        Demo(name: "interrupted-alpha", title: "Interrupted alpha animations", seed: .uiViewAnimation),
        Demo(name: "nested-durations", title: "Nested durations and delays", seed: .uiViewAnimation),
        Demo(name: "curl-up", title: "Curl-up transition", seed: .uiViewAnimation),
        Demo(name: "from-to-transition", title: "Transition from one view to another", seed: .uiViewAnimation),
        Demo(name: "nested-spring", title: "Nested spring", seed: .uiViewAnimation),
        Demo(name: "keyframe-sequence", title: "Keyframe sequence", seed: .uiViewAnimation),
        Demo(name: "system-delete", title: "System delete animation", seed: .uiViewAnimation),
        Demo(name: "timing-cheat-sheet", title: "Colour-change timing cheat sheet", seed: .mediaTimingIllustrated),
        Demo(name: "slider-scrub", title: "Slider-scrubbed colour animation", seed: .mediaTimingIllustrated),
        Demo(
            name: "pull-to-refresh", title: "Pull to refresh (strokeEnd and position.y group)",
            seed: .mediaTimingIllustrated),
        Demo(name: "rotating-ship", title: "Rotating ship (duration × repeatCount)", seed: .layerTime),
        Demo(name: "swinging-door", title: "Swinging door in perspective", seed: .layerTime),
        Demo(name: "ship-on-path", title: "Ship flying along a Bézier path", seed: .layerTime),
        Demo(name: "pan-driven-door", title: "Door driven by a pan gesture through timeOffset", seed: .layerTime),
    ]

    /// The demo called `name`, or nil.
    static func demo(named name: String) -> Demo? {
        all.first { $0.name == name }
    }
}
