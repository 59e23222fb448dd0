import Foundation
@_spi(Engine) import PortableRaster

/// A projective map of the plane (a 3×3 matrix, row-vector convention like `CGAffineTransform`): our addition,
/// used by the layer compositor for layers seen through 3-D transforms.
///
///     X = m11·x + m21·y + m31,   Y = m12·x + m22·y + m32,   W = m13·x + m23·y + m33,   (x', y') = (X / W, Y / W)
///
/// It is what a 4×4 `CATransform3D` does to the plane z = 0 when the result is seen flattened (rows and columns
/// 1, 2 and 4). With `m13 = m23 = 0` and `m33 = 1` it is affine.
package struct PlaneTransform: Hashable, Sendable {
    package var m11: Double, m12: Double, m13: Double
    package var m21: Double, m22: Double, m23: Double
    package var m31: Double, m32: Double, m33: Double

    package init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double,
        m33: Double
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    package static let identity = PlaneTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// A translation by `(x, y)`.
    package static func translation(x: Double, y: Double) -> PlaneTransform {
        PlaneTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: x, m32: y, m33: 1)
    }

    /// A scale by `x` and `y` about the origin.
    package static func scale(x: Double, y: Double) -> PlaneTransform {
        PlaneTransform(m11: x, m12: 0, m13: 0, m21: 0, m22: y, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// The map with `projective`'s entries.
    @inline(__always)
    package init(_ projective: Projective2D) {
        let p = projective
        self.init(
            m11: p.m11, m12: p.m12, m13: p.m13, m21: p.m21, m22: p.m22, m23: p.m23, m31: p.m31, m32: p.m32, m33: p.m33)
    }

    /// This map followed by `next` (the raster's product, `Projective2D.concatenated(_:)`).
    @inline(__always)
    package func followed(by next: PlaneTransform) -> PlaneTransform {
        PlaneTransform(projective.concatenated(next.projective))
    }

    /// Whether every entry is finite.
    @inline(__always)
    package var isFinite: Bool { projective.isFinite }

    /// Whether the map is affine (no perspective row).
    @inline(__always)
    package var isAffine: Bool { projective.isAffine }

    /// The determinant; 0 for a map that squashes the plane to a line or a point.
    @inline(__always)
    package var determinant: Double { projective.determinant }

    /// The inverse map, or `nil` when the map is singular or not finite.
    package var inverted: PlaneTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = PlaneTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// The image of `point`, or `nil` when it is on or behind the viewer (W ≤ 0).
    package func apply(to point: CGPoint) -> CGPoint? {
        let x = Double(point.x)
        let y = Double(point.y)
        let w = m13 * x + m23 * y + m33
        guard w > 0 else { return nil }
        return CGPoint(x: (m11 * x + m21 * y + m31) / w, y: (m12 * x + m22 * y + m32) / w)
    }

    /// The larger of the two scale factors the map applies near `point` (pixels per unit), for choosing how finely
    /// to rasterize content; 1 when it cannot be measured.
    package func localScale(at point: CGPoint) -> Double {
        guard let center = apply(to: point), let right = apply(to: CGPoint(x: point.x + 1, y: point.y)),
            let down = apply(to: CGPoint(x: point.x, y: point.y + 1))
        else { return 1 }
        let sx = hypot(Double(right.x - center.x), Double(right.y - center.y))
        let sy = hypot(Double(down.x - center.x), Double(down.y - center.y))
        let scale = Swift.max(sx, sy)
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// The same map as the raster's type.
    @inline(__always)
    var projective: Projective2D {
        Projective2D(m11: m11, m12: m12, m13: m13, m21: m21, m22: m22, m23: m23, m31: m31, m32: m32, m33: m33)
    }

    /// The map as an affine transform, or `nil` when it has a perspective row.
    @inline(__always)
    var affine: Affine2D? { projective.affine }
}
