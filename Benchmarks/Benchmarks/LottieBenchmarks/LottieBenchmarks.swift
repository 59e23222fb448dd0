import Benchmark
import Foundation
import PortableLottie
import PortableQuartzCore

// Lottie benchmarks (issue 18): loading a file (decode + layer tree) and one 512×512 frame, for a small and a large
// sample of ../shared/lottie (skipped when it is absent). Peers side by side: `swift run -c release LottieComparison`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/lottie/samples")
    for name in ["HamburgerArrow", "LottieLogo1", "Watermelon"] {
        guard let data = try? Data(contentsOf: corpus.appendingPathComponent("\(name).json")) else { continue }
        Benchmark("Lottie load \(name) (decode + layer tree)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? LottieAnimationLayer(animation: LottieAnimation(data: data)))
            }
        }
        Benchmark("Lottie frame \(name), 512×512") { benchmark in
            guard let layer = try? LottieAnimationLayer(animation: LottieAnimation(data: data)) else { return }
            _ = layer.snapshot(progress: 0, width: 512, height: 512)
            var progress = 0.0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                progress = (progress + 0.037).truncatingRemainder(dividingBy: 1)
                blackHole(layer.snapshot(progress: progress, width: 512, height: 512))
            }
            benchmark.stopMeasurement()
        }
    }
}
