import Testing

@testable import PortableQuartzCoreExport

@Suite("GIF palette sampling")
struct PaletteSamplingTests {
    @Test("4 samples of 120 frames are frames 0, 40, 79, 119; 32 of 6 are all six; 0 means all")
    func evenlySpread() {
        #expect(AnimationExporter.samplePositions(count: 120, wanted: 4) == [0, 40, 79, 119])
        #expect(AnimationExporter.samplePositions(count: 6, wanted: 32) == [0, 1, 2, 3, 4, 5])
        #expect(AnimationExporter.samplePositions(count: 3, wanted: 0) == [0, 1, 2])
        #expect(AnimationExporter.samplePositions(count: 5, wanted: 1) == [0])
    }

    @Test("a transparent entry is reserved only when transparency was seen or frames went unsampled")
    func transparentEntry() {
        var histogram = ColorHistogram()
        histogram.add(TestImages.solid(width: 2, height: 2, 10, 20, 30))
        let options = GIFOptions()
        let complete = AnimationExporter.globalPalette(from: histogram, options: options, complete: true)
        #expect(complete.colors == [ExportColor(red: 10, green: 20, blue: 30)] && complete.transparentIndex == nil)
        let partial = AnimationExporter.globalPalette(from: histogram, options: options, complete: false)
        #expect(partial.colors.count == 2 && partial.transparentIndex == 1)
    }
}
