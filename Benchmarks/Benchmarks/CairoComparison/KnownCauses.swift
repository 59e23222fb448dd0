@_spi(Engine) import PortableRaster

/// Reasons for large differences, found by investigating the worst cases (see Benchmarks/README.md).
enum KnownCauses {
    /// Cases of the default corpus (seed 20250505, 320 cases) that were examined one by one, with what was found.
    /// Only used when the run uses that seed, since other seeds make other cases.
    static let investigatedDefaultCases: [Int: String] = [
        147: "cairo wrong: hole in a thick curved stroke (brute-force sweep of the pen: 789 of the 792 pixels"
            + " where the two disagree by more than half are inside the true stroke, ours has them)",
        1: "fixed (was ours wrong, mean 0.44, max 127): a closed subpath that doubles back (A→B→A) puts two"
            + " same-direction edges on the same pixels, and area averaging added their partial coverage; rows whose"
            + " windings averaging cannot resolve are now evaluated exactly (OverlapScratch.swift), leaving"
            + " edge-pixel differences of up to 8 levels where the two libraries' anti-aliasing differs",
        270: "fixed (was ours off by 1 level, mean 0.56): the translucent colour was premultiplied and rounded to 8"
            + " bits before the blend, which rounded again; it now reaches the blend at 1/255-level precision"
            + " (interior 209,227,122 like cairo; the max of 5 is on edge pixels)",
        113: "dash ends shifted by fractions of a pixel on and after curves (slivers at dash boundaries only);"
            + " each library measures dash lengths along its own flattening of the curves (cairo's at 0.1 px)",
    ]

    /// The number of corners of a mitred stroke where judging the miter limit in user space (Apple's rule,
    /// ours) and in device space (cairo's) disagree, so one library mitres a corner the other bevels.
    static func miterDecisionsDiffering(_ path: RasterPath, style: StrokeStyle, transform: Affine2D) -> Int {
        guard style.join == .miter, style.width > 0 else { return 0 }
        // (incoming direction, outgoing direction) at every corner, from each segment's end tangents.
        var corners: [(RasterPoint, RasterPoint)] = []
        var firstTangent: RasterPoint?
        var lastTangent: RasterPoint?
        var current = RasterPoint.zero
        var start = RasterPoint.zero
        let points = path.points
        var index = 0
        func add(_ entry: RasterPoint, _ exit: RasterPoint) {
            guard entry.length > 0, exit.length > 0 else { return }
            if let lastTangent { corners.append((lastTangent, entry)) } else { firstTangent = entry }
            lastTangent = exit
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                current = points[index]
                start = current
                firstTangent = nil
                lastTangent = nil
            case .line:
                let end = points[index]
                add(end - current, end - current)
                current = end
            case .quadratic:
                let control = points[index]
                let end = points[index + 1]
                add(
                    control == current ? end - current : control - current,
                    control == end ? end - current : end - control)
                current = end
            case .cubic:
                let c1 = points[index]
                let c2 = points[index + 1]
                let end = points[index + 2]
                let entry = c1 != current ? c1 - current : c2 != current ? c2 - current : end - current
                let exit = c2 != end ? end - c2 : c1 != end ? end - c1 : end - current
                add(entry, exit)
                current = end
            case .close:
                if current != start { add(start - current, start - current) }
                if let firstTangent, let lastTangent { corners.append((lastTangent, firstTangent)) }
                current = start
                firstTangent = nil
                lastTangent = nil
            }
            index += verb.pointCount
        }
        var differing = 0
        for (incoming, outgoing) in corners {
            let user = miterRatio(incoming, outgoing)
            let device = miterRatio(transform.applyLinear(to: incoming), transform.applyLinear(to: outgoing))
            if (user > style.miterLimit) != (device > style.miterLimit) { differing += 1 }
        }
        return differing
    }

    /// `1 / sin(φ/2)` for the angle `φ` between the two segments meeting at a corner.
    private static func miterRatio(_ incoming: RasterPoint, _ outgoing: RasterPoint) -> Double {
        let cosine = (incoming.x * outgoing.x + incoming.y * outgoing.y) / (incoming.length * outgoing.length)
        // φ = π − turn; sin(φ/2) = cos(turn/2) = √((1 + cos turn) / 2).
        let half = ((1 + max(-1, min(1, cosine))) / 2).squareRoot()
        return half == 0 ? .infinity : 1 / half
    }
}
