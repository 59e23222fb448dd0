import Foundation

/// What a layer's `contents` shows: one image, or two images part way through a cross-fade. Our addition.
///
/// Apple animates `contents` by cross-fading from the old image to the new one (SPEC §3.6). A value cannot be a
/// blend of two images, so the blend is described instead and the renderer draws it: `from` with opacity
/// `1 − fraction`, then `to` over it with opacity `fraction`. A missing side (`nil`) is drawn as nothing, so a
/// layer whose contents go from `nil` to an image fades the image in.
///
/// Images compare by identity (`CGImage` is a class without value equality).
public enum LayerContents: Sendable {
    /// A single image.
    case image(CGImage)
    /// The blend of two images; `fraction` is in 0…1, 0 showing only `from` and 1 only `to`.
    case crossFade(from: CGImage?, to: CGImage?, fraction: Double)

    /// The image that contributes more: `to` when `fraction ≥ 0.5`, otherwise `from`. This is what a getter that
    /// must answer with a single image (Apple's `contents` on a presentation layer) reports.
    public var dominantImage: CGImage? {
        switch self {
        case .image(let image): image
        case .crossFade(let from, let to, let fraction): fraction >= 0.5 ? to : from
        }
    }
}

extension LayerContents: Hashable {
    public static func == (lhs: LayerContents, rhs: LayerContents) -> Bool {
        switch (lhs, rhs) {
        case (.image(let a), .image(let b)): a === b
        case (.crossFade(let a0, let a1, let af), .crossFade(let b0, let b1, let bf)):
            a0 === b0 && a1 === b1 && af == bf
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .image(let image):
            hasher.combine(0)
            hasher.combine(ObjectIdentifier(image))
        case .crossFade(let from, let to, let fraction):
            hasher.combine(1)
            hasher.combine(from.map(ObjectIdentifier.init))
            hasher.combine(to.map(ObjectIdentifier.init))
            hasher.combine(fraction)
        }
    }
}
