/// Scratch memory for drawing images: the coverage mask of the image's outline, a scan converter, the outline
/// itself, and a pyramid for ``ImageFilter/trilinear`` drawing of images that do not bring their own.
///
/// Keep one workspace per thread (it is a value type) and pass it to every image draw; once its buffers have
/// grown to the largest image and outline drawn, drawing allocates nothing. A workspace holds no state that
/// affects results: two draws with different workspaces give identical pixels.
@_spi(Engine) public struct PaintWorkspace: Sendable {
    var mask = CoverageMask()
    var converter = ScanConverter()
    var path = RasterPath()
    var polygon: [RasterPoint] = []
    var clipped: [RasterPoint] = []
    var pyramid: ImagePyramid?
    /// Whether bilinear image draws (affine or perspective) in ``BlendMode/normal`` sample and composite in one
    /// pass (see `SourceOverRowShader.swift`). Setting it to false sends them through the general steps (shade a
    /// row of colours, then blend it); the pixels are identical either way. For side-by-side comparisons in tests
    /// and benchmarks; leave it on otherwise.
    @_spi(Engine) public var fusesImageSourceOver = true

    /// Creates an empty workspace; buffers grow on first use.
    @_spi(Engine) public init() {
        polygon.reserveCapacity(8)
        clipped.reserveCapacity(8)
        path.reserveCapacity(verbs: 8, points: 8)
    }

    /// The pyramid of `image` (or of its sub-rectangle `source`), rebuilt in this workspace's storage.
    mutating func pyramid(of image: PixelBuffer, source: PixelRect) -> ImagePyramid {
        if var existing = pyramid {
            pyramid = nil  // drop the workspace's reference so the rebuild reuses the storage in place
            existing.rebuild(from: image, source: source)
            pyramid = existing
            return existing
        }
        let made = ImagePyramid(image, source: source)
        pyramid = made
        return made
    }
}
