import Foundation
import Testing

@testable import PortableLottie

@Suite("Decoding the lottie-ios samples")
struct LottieCorpusDecodingTests {
    @Test(
        "every sample of ../shared/lottie decodes, with the size and time range its manifest gives",
        .enabled(if: LottieSamples.folder != nil, "../shared/lottie is absent"))
    func everySampleDecodes() throws {
        var failures: [String] = []
        for sample in LottieSamples.all {
            do {
                let animation = try LottieAnimation(contentsOf: sample.json)
                if animation.width != sample.width || animation.height != sample.height {
                    failures.append("\(sample.name): size \(animation.width)×\(animation.height)")
                }
            } catch {
                failures.append("\(sample.name): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(LottieSamples.all.count == 107)
    }
}
