@_spi(Engine) import PortableRaster

/// Draws corpus cases with `PortableRaster` at its defaults (scan-converter tolerance 1/32 px, exact-area
/// coverage), keeping every scratch buffer between draws as a `CGContext` would.
///
/// Clips are anti-aliased coverage masks multiplied together and with the drawing's coverage (cairo instead
/// may intersect the clip and drawing polygons before rasterizing once; the two agree except on pixels crossed
/// by both a clip edge and a drawing edge).
struct RasterCanvas {
    private(set) var buffer: PixelBuffer
    private var converter = ScanConverter()
    private var stroker = Stroker()
    private var mask = CoverageMask()
    private var clipMask = CoverageMask()
    private var scratchMask = CoverageMask()
    private var workspace = PaintWorkspace()
    /// Rebuilt from the case's path on every draw when timing, as cairo rebuilds its own path.
    private var scratchPath = RasterPath()
    private let images: [PixelBuffer]

    init(width: Int, height: Int, images sources: [SourceImage]) throws {
        buffer = try PixelBuffer(width: width, height: height)
        images = try sources.map {
            try PixelBuffer(width: $0.width, height: $0.height, bytesPerRow: $0.width * 4, bytes: $0.premultipliedRGBA)
        }
    }

    /// Clears the buffer to the case's background.
    mutating func clear(to background: Paint?) {
        if let background {
            buffer.fill(RGBA8(r: background.red, g: background.green, b: background.blue, a: 255))
        } else {
            buffer.clear()
        }
    }

    /// Draws the case's content over the buffer. With `rebuildingPaths`, paths are first copied verb by verb
    /// into a scratch path, so that timing includes path construction on our side as it does on cairo's.
    mutating func draw(_ testCase: TestCase, rebuildingPaths: Bool) {
        let bounds = buffer.bounds
        for (position, clip) in testCase.clips.enumerated() {
            let path = rebuildingPaths ? rebuilt(clip.path) : clip.path
            converter.fill(path, transform: clip.transform, rule: clip.rule, clip: bounds, into: &scratchMask)
            if position == 0 {
                swap(&clipMask, &scratchMask)
            } else {
                clipMask.intersect(with: scratchMask)
            }
        }
        let clipped = !testCase.clips.isEmpty
        let paint = testCase.paint
        let color = PremultipliedColor(
            red: Float(paint.red) / 255, green: Float(paint.green) / 255, blue: Float(paint.blue) / 255,
            alpha: Float(paint.alpha) / 255)
        switch testCase.drawing {
        case .fill(let path, let rule):
            let source = rebuildingPaths ? rebuilt(path) : path
            converter.fill(source, transform: testCase.transform, rule: rule, clip: bounds, into: &mask)
            if clipped { mask.intersect(with: clipMask) }
            buffer.fill(mask, color: color)
        case .stroke(let path, let style):
            let source = rebuildingPaths ? rebuilt(path) : path
            stroker.stroke(
                source, style: style, transform: testCase.transform, clip: bounds, converter: &converter, into: &mask)
            if clipped { mask.intersect(with: clipMask) }
            buffer.fill(mask, color: color)
        case .image(let index, let filter):
            buffer.draw(
                images[index], transform: testCase.transform, filter: filter, edgeMode: .clamp,
                alpha: Float(paint.alpha) / 255, clipMask: clipped ? clipMask : nil, workspace: &workspace)
        }
    }

    /// A copy of `path` built verb by verb in reused storage.
    private mutating func rebuilt(_ path: RasterPath) -> RasterPath {
        scratchPath.removeAll(keepingCapacity: true)
        var pointIndex = 0
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move: scratchPath.move(to: points[pointIndex])
            case .line: scratchPath.line(to: points[pointIndex])
            case .quadratic: scratchPath.quadCurve(to: points[pointIndex + 1], control: points[pointIndex])
            case .cubic:
                scratchPath.curve(
                    to: points[pointIndex + 2], control1: points[pointIndex], control2: points[pointIndex + 1])
            case .close: scratchPath.close()
            }
            pointIndex += verb.pointCount
        }
        return scratchPath
    }
}
