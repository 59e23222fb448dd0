@_spi(Engine) import PortableRaster
import Testing

@Suite("RGBA8")
struct RGBA8Tests {
    @Test("colour channels above alpha are clamped to alpha")
    func premultipliedInvariant() {
        let pixel = RGBA8(r: 200, g: 100, b: 50, a: 120)
        #expect(pixel.r == 120 && pixel.g == 100 && pixel.b == 50 && pixel.a == 120)
    }

    @Test("packing puts red in the lowest byte")
    func packing() {
        let pixel = RGBA8(r: 1, g: 2, b: 3, a: 4)
        #expect(pixel.packed == 0x0403_0201)
        #expect(RGBA8(packed: 0x0403_0201) == pixel)
    }
}

@Suite("PremultipliedColor")
struct PremultipliedColorTests {
    @Test("straight channels are multiplied by alpha")
    func premultiplies() {
        let color = PremultipliedColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        #expect(color.red == 0.5 && color.green == 0.25 && color.blue == 0 && color.alpha == 0.5)
    }

    @Test("rounding to 8 bits sends 0.5 to 128 and 1 to 255")
    func roundsToBytes() {
        let color = PremultipliedColor(premultipliedRed: 0.5, green: 1, blue: 0.25, alpha: 1)
        #expect(color.rgba8 == RGBA8(r: 128, g: 255, b: 64, a: 255))
    }

    @Test("NaN, negative and excessive channels are clamped")
    func clampsBadInput() {
        let color = PremultipliedColor(premultipliedRed: .nan, green: -3, blue: 7, alpha: 0.5)
        #expect(color.red == 0 && color.green == 0 && color.blue == 0.5 && color.alpha == 0.5)
        #expect(PremultipliedColor(red: 1, green: 1, blue: 1, alpha: .infinity).alpha == 1)
        #expect(color.scaled(by: .nan) == .transparent)
    }

    @Test("scaling applies global alpha to every channel")
    func scaling() {
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1).scaled(by: 0.5)
        #expect(red.rgba8 == RGBA8(r: 128, g: 0, b: 0, a: 128))
    }

    @Test("an 8-bit pixel converts exactly")
    func fromPixel() {
        #expect(PremultipliedColor(RGBA8(r: 51, g: 0, b: 255, a: 255)).rgba8 == RGBA8(r: 51, g: 0, b: 255, a: 255))
    }
}

@Suite("PixelRect")
struct PixelRectTests {
    @Test("intersection keeps the shared pixels and is zero when there are none")
    func intersection() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(
            a.intersection(PixelRect(x: 5, y: -2, width: 10, height: 4)) == PixelRect(x: 5, y: 0, width: 5, height: 2))
        #expect(a.intersection(PixelRect(x: 10, y: 0, width: 3, height: 3)) == .zero)
        #expect(a.intersection(PixelRect(x: 2, y: 2, width: -1, height: 3)) == .zero)
        #expect(a.contains(x: 9, y: 0) && !a.contains(x: 10, y: 0))
    }
}
