import Foundation

extension EmitterSimulation {
    /// Where on the emitter shape a top-level particle is born, relative to `emitterPosition` and `emitterZPosition`
    /// (x and y in the layer's plane, z its depth), from the particle's random numbers.
    ///
    /// Every shape is centred on the emitter position. `size` is `emitterSize` (width along x, height along y) and
    /// `depth` is `emitterDepth` (along z); a circle's and a sphere's radius is half the width. The modes:
    /// - `points`: one of the shape's defining points, chosen at random: the two ends of a line, the four corners of a
    ///   rectangle, the eight corners of a cuboid, the centre of a circle or sphere.
    /// - `outline`: on the outline, uniformly by length: the line itself, a rectangle's perimeter, a cuboid's twelve
    ///   edges, a circle's circumference; a sphere's surface.
    /// - `surface`: on the surface, uniformly by area: a line, a rectangle's or circle's area, a cuboid's six faces,
    ///   a sphere's surface.
    /// - `volume`: inside, uniformly by volume: a line, a rectangle's or circle's area, a cuboid's or sphere's inside.
    /// A point shape is the position itself in every mode.
    ///
    /// Apple documents the modes only in a phrase each; this reading of "points" (defining points) and of a flat
    /// shape's volume (its area) is ours.
    static func offset(
        shape: EmitterShape, mode: EmitterMode, size: CGSize, depth: CGFloat, random: EmitterRandom
    ) -> SIMD3<Double> {
        let halfWidth = Double(size.width) / 2
        let halfHeight = Double(size.height) / 2
        let halfDepth = Double(depth) / 2
        let u = random.signed(EmitterRandom.shapeUSlot)
        let v = random.signed(EmitterRandom.shapeVSlot)
        let w = random.signed(EmitterRandom.shapeWSlot)
        let part = random.unit(EmitterRandom.shapePartSlot)
        switch shape {
        case .point:
            return .zero
        case .line:
            if mode == .points { return SIMD3(part < 0.5 ? -halfWidth : halfWidth, 0, 0) }
            return SIMD3(u * halfWidth, 0, 0)
        case .rectangle:
            switch mode {
            case .points:
                return SIMD3(part < 0.5 ? -halfWidth : halfWidth, u < 0 ? -halfHeight : halfHeight, 0)
            case .outline:
                return rectangleOutline(halfWidth: halfWidth, halfHeight: halfHeight, along: part, z: 0)
            case .surface, .volume:
                return SIMD3(u * halfWidth, v * halfHeight, 0)
            }
        case .cuboid:
            switch mode {
            case .points:
                return SIMD3(
                    u < 0 ? -halfWidth : halfWidth, v < 0 ? -halfHeight : halfHeight, w < 0 ? -halfDepth : halfDepth)
            case .outline:
                return cuboidEdges(SIMD3(abs(halfWidth), abs(halfHeight), abs(halfDepth)), along: part, position: u)
            case .surface:
                return cuboidFaces(SIMD3(abs(halfWidth), abs(halfHeight), abs(halfDepth)), choice: part, u: u, v: v)
            case .volume:
                return SIMD3(u * halfWidth, v * halfHeight, w * halfDepth)
            }
        case .circle:
            let radius = abs(halfWidth)
            let angle = 2 * Double.pi * part
            switch mode {
            case .points: return .zero
            case .outline: return SIMD3(radius * cos(angle), radius * sin(angle), 0)
            case .surface, .volume:
                // Uniform by area: the distance from the centre grows with the square root.
                let distance = radius * ((u + 1) / 2).squareRoot()
                return SIMD3(distance * cos(angle), distance * sin(angle), 0)
            }
        case .sphere:
            let radius = abs(halfWidth)
            if mode == .points { return .zero }
            // A uniform direction: z uniform in −1…1 (Archimedes), the turn around z uniform.
            let z = u
            let ring = (1 - z * z).squareRoot()
            let angle = 2 * Double.pi * part
            let direction = SIMD3(ring * cos(angle), ring * sin(angle), z)
            if mode == .volume {
                // Uniform by volume: the distance from the centre grows with the cube root.
                return direction * (radius * Foundation.cbrt((v + 1) / 2))
            }
            return direction * radius
        }
    }

    /// A point on a rectangle's perimeter (half sizes given), `along` (0…1) the fraction of the perimeter walked
    /// from the corner (−w, −h) through (w, −h).
    static func rectangleOutline(halfWidth: Double, halfHeight: Double, along: Double, z: Double) -> SIMD3<Double> {
        let width = 2 * abs(halfWidth)
        let height = 2 * abs(halfHeight)
        let perimeter = 2 * (width + height)
        guard perimeter > 0 else { return SIMD3(0, 0, z) }
        var distance = along * perimeter
        let left = -abs(halfWidth)
        let top = -abs(halfHeight)
        if distance < width { return SIMD3(left + distance, top, z) }
        distance -= width
        if distance < height { return SIMD3(-left, top + distance, z) }
        distance -= height
        if distance < width { return SIMD3(-left - distance, -top, z) }
        distance -= width
        return SIMD3(left, -top - Swift.min(distance, height), z)
    }

    /// A point on one of a box's twelve edges (half sizes `half`, non-negative), the edge chosen in proportion to
    /// its length by `along` (0…1) and the point on it by `position` (−1…1).
    static func cuboidEdges(_ half: SIMD3<Double>, along: Double, position: Double) -> SIMD3<Double> {
        // Four edges run along each axis; pick the axis by total length, then one of its four edges.
        let lengths = half * 4
        let total = lengths.x + lengths.y + lengths.z
        guard total > 0 else { return .zero }
        var pick = along * total
        var axis = 0
        if pick >= lengths.x {
            pick -= lengths.x
            axis = pick < lengths.y ? 1 : 2
            if axis == 2 { pick -= lengths.y }
        }
        let length = lengths[axis]
        let edge = length > 0 ? Swift.min(Int(pick / length * 4), 3) : 0
        let first: Double = edge & 1 == 0 ? -1 : 1
        let second: Double = edge & 2 == 0 ? -1 : 1
        switch axis {
        case 0: return SIMD3(position * half.x, first * half.y, second * half.z)
        case 1: return SIMD3(first * half.x, position * half.y, second * half.z)
        default: return SIMD3(first * half.x, second * half.y, position * half.z)
        }
    }

    /// A point on one of a box's six faces (half sizes `half`, non-negative), the face chosen in proportion to its
    /// area by `choice` (0…1) and the point on it by `u` and `v` (−1…1).
    static func cuboidFaces(_ half: SIMD3<Double>, choice: Double, u: Double, v: Double) -> SIMD3<Double> {
        // Two faces are perpendicular to each axis; their area is 4 × the product of the other two half sizes.
        let areas = SIMD3(half.y * half.z, half.x * half.z, half.x * half.y) * 8
        let total = areas.x + areas.y + areas.z
        guard total > 0 else { return SIMD3(u * half.x, v * half.y, 0) }
        var pick = choice * total
        var axis = 0
        if pick >= areas.x {
            pick -= areas.x
            axis = pick < areas.y ? 1 : 2
            if axis == 2 { pick -= areas.y }
        }
        let side: Double = pick < areas[axis] / 2 ? -1 : 1
        switch axis {
        case 0: return SIMD3(side * half.x, u * half.y, v * half.z)
        case 1: return SIMD3(u * half.x, side * half.y, v * half.z)
        default: return SIMD3(u * half.x, v * half.y, side * half.z)
        }
    }
}
