/// Collects dashes as subpaths of a ``RasterPath`` (for ``Stroker/dashedPath(_:lengths:phase:transform:tolerance:)``).
struct DashedPathBuilder: RunConsumer {
    var path = RasterPath()
    let transform: Affine2D

    init(transform: Affine2D) { self.transform = transform }

    mutating func consume(_ run: UnsafeMutableBufferPointer<StrokeVertex>, closed: Bool) {
        guard let first = run.first else { return }
        path.move(to: transform.apply(to: first.point))
        if run.count == 1 {
            path.line(to: transform.apply(to: first.point))
            return
        }
        let end = closed ? run.count - 1 : run.count
        for index in 1..<end {
            path.line(to: transform.apply(to: run[index].point))
        }
        if closed { path.close() }
    }
}
