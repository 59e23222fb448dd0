import Benchmark
// PortableRaster is not a product of the root package; it is reachable here because the
// PortableCoreGraphics product depends on it (see the note in Benchmarks/Package.swift).
@_spi(Engine) import PortableRaster

/// A 640 × 480 frame like the exporters write: a vertical gradient (opaque) or nothing (translucent),
/// three anti-aliased discs, one of them translucent. The same every run.
func codecBenchmarkFrame(opaque: Bool) -> PixelBuffer {
    let width = 640
    let height = 480
    var image = try! PixelBuffer(width: width, height: height)
    let discs: [(x: Double, y: Double, radius: Double, color: (Double, Double, Double, Double))] = [
        (230, 200, 80, (1, 0.2, 0.1, 1)), (400, 285, 120, (0.1, 0.9, 0.3, 0.6)), (320, 100, 40, (1, 1, 1, 1)),
    ]
    for y in 0..<height {
        for x in 0..<width {
            let t = Double(y) / Double(height)
            var (r, g, b, a) = opaque ? (0.2 + 0.5 * t, 0.3, 0.8 - 0.4 * t, 1.0) : (0.0, 0.0, 0.0, 0.0)
            for disc in discs {
                let dx = Double(x) + 0.5 - disc.x
                let dy = Double(y) + 0.5 - disc.y
                let coverage = max(0, min(1, disc.radius - (dx * dx + dy * dy).squareRoot() + 0.5)) * disc.color.3
                r = disc.color.0 * coverage + r * (1 - coverage)
                g = disc.color.1 * coverage + g * (1 - coverage)
                b = disc.color.2 * coverage + b * (1 - coverage)
                a = coverage + a * (1 - coverage)
            }
            func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
            image[x: x, y: y] = RGBA8(r: byte(r), g: byte(g), b: byte(b), a: byte(a))
        }
    }
    return image
}

let codecBenchmarks: @Sendable () -> Void = {
    let opaque = codecBenchmarkFrame(opaque: true)
    let translucent = codecBenchmarkFrame(opaque: false)
    let opaqueFile = PNG.encode(opaque)
    let rawFrame = translucent.bytes
    let compressedFrame = Deflate.compressZlib(rawFrame)
    let mebibyte = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }

    // The exporter's budget is 8 ms per 640 × 480 frame for filtering, compression and checksums.
    for (name, image) in [("opaque", opaque), ("translucent", translucent)] {
        for level in [DeflateLevel.fastest, .default, .best] {
            Benchmark("PNG encode 640x480 \(name) (\(level))") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(PNG.encode(image, options: PNGEncodingOptions(compression: level)))
                }
            }
        }
    }

    Benchmark("PNG decode 640x480 opaque") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try PNG.decode(opaqueFile))
        }
    }

    Benchmark("Deflate default 640x480 RGBA bytes (1.2 MB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Deflate.compressZlib(rawFrame))
        }
    }

    Benchmark("Inflate 640x480 RGBA bytes (1.2 MB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Inflate.decompressZlib(compressedFrame, maximumOutputCount: rawFrame.count))
        }
    }

    Benchmark("CRC-32 of 1 MiB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(CRC32.checksum(mebibyte))
        }
    }

    Benchmark("Adler-32 of 1 MiB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Adler32.checksum(mebibyte))
        }
    }
}
