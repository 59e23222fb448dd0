@_spi(Engine) import PortableRaster
import Testing

@Suite("Rounded 8-bit products")
struct ByteMathTests {
    /// `a·b/255` rounded to nearest (never a tie, since 255 is odd).
    static func rounded(_ a: Int, _ b: Int) -> Int { (a * b + 127) / 255 }

    @Test("source-over with every coverage over many destinations matches exactly rounded arithmetic")
    func exhaustiveSourceOver() throws {
        let ramp = CoverageMask(
            bounds: PixelRect(x: 0, y: 0, width: 256, height: 1), coverage: (0...255).map { UInt8($0) })
        for color in [
            RGBA8(r: 200, g: 77, b: 3, a: 201), RGBA8(r: 255, g: 0, b: 128, a: 255), RGBA8(r: 1, g: 1, b: 0, a: 1),
        ] {
            for destination in 0...255 {
                var buffer = try PixelBuffer(width: 257, height: 1)
                let background = RGBA8(r: UInt8(destination), g: UInt8(255 - destination), b: 0, a: 255)
                buffer.fill(background)
                buffer.fill(ramp, color: color)
                for x in 0..<256 {
                    let paintedAlpha = Self.rounded(Int(color.a), x)
                    let remaining = 255 - paintedAlpha
                    let expected = [
                        Self.rounded(Int(color.r), x) + Self.rounded(Int(background.r), remaining),
                        Self.rounded(Int(color.g), x) + Self.rounded(Int(background.g), remaining),
                        Self.rounded(Int(color.b), x) + Self.rounded(Int(background.b), remaining),
                        paintedAlpha + Self.rounded(Int(background.a), remaining),
                    ]
                    let pixel = buffer[x: x, y: 0]
                    #expect(
                        [Int(pixel.r), Int(pixel.g), Int(pixel.b), Int(pixel.a)] == expected,
                        "x \(x) over \(destination)")
                }
                #expect(buffer[x: 256, y: 0] == background)
            }
        }
    }

    @Test("clip multiplication rounds a·b/255 to nearest for all 65 536 byte pairs")
    func exhaustiveMultiply() {
        let bounds = PixelRect(x: 0, y: 0, width: 256, height: 256)
        var byColumn = CoverageMask(bounds: bounds, coverage: (0..<65_536).map { UInt8($0 % 256) })
        let byRow = CoverageMask(bounds: bounds, coverage: (0..<65_536).map { UInt8($0 / 256) })
        byColumn.intersect(with: byRow)
        for b in 0..<256 {
            for a in 0..<256 {
                #expect(Int(byColumn.coverage(x: a, y: b)) == Self.rounded(a, b), "\(a) × \(b)")
            }
        }
    }
}
