import Foundation

/// The `--viewport X,Y,W,H` of `pqc render` (our helper), parsed once: the rectangle of a Lottie composition, in its
/// points, that the picture shows (through `LottieAnimationLayer.viewportFrame`, as lottie-ios's
/// `LottieAnimationView.viewportFrame` does).
struct ViewportSetting: Sendable {
    let frame: CGRect

    /// The rectangle `text` spells: four finite numbers separated by commas, the last two (width and height) above
    /// 0; nil for anything else.
    init?(parsing text: String) {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
            let height = numbers[3], x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0
        else { return nil }
        frame = CGRect(x: x, y: y, width: width, height: height)
    }
}
