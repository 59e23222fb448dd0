import Foundation

extension LayerCompositor {
    /// Draws a layer on which a `CATransition` plays: its old picture (the subtree as the frame before the
    /// transition showed it) and its new one (the subtree now), each rendered into its own group and composited
    /// through the effect at progress q (SPEC §6.2, y down, "fromLeft" = motion towards +x; a nil subtype counts as
    /// fromLeft; the offset D is the bounds' width or height in that direction):
    /// - `fade`: old × (1 − q) plus new × q (a true cross-dissolve, also for translucent pictures);
    /// - `moveIn`: new slides in over the old from −D (offset −(1 − q)·D); `push`: the same while the old slides
    ///   out by q·D; `reveal`: old slides out by q·D uncovering the new, which does not move; all three clipped to
    ///   the layer's bounds;
    /// - UIKit's private types: `oglFlip` turns the layer about its vertical (fromLeft/fromRight) or horizontal
    ///   axis by q·180°, showing the old picture for the first half and the new one for the second, in perspective;
    ///   `cube` turns old and new as two faces of a cube; `pageCurl` lifts the old picture off about its top edge
    ///   (a page turned up, seen in perspective) uncovering the new; `pageUnCurl` lays the new one down over the
    ///   old. Apple's curl bends the page; this one turns it flat (see Docs/Deviations.md).
    /// Unknown types fade.
    func drawTransition(
        _ transition: RenderTransition, node index: Int, _ context: Context, map: PlaneTransform,
        planeMap: PlaneTransform, toPlane: CATransform3D, parentProjection: CATransform3D, inheritedOpacity: Float
    ) {
        let surface = context.surface
        let state = context.nodes[index].state
        let q = transition.progress.isFinite ? min(max(transition.progress, 0), 1) : 0
        guard let toLayer = map.inverted else { return }
        let bounds = state.bounds
        let direction = Self.direction(of: transition.direction)
        let travel = CGPoint(x: direction.x * bounds.width, y: direction.y * bounds.height)

        /// Device transform that moves a layer-space picture by `offset` points.
        func shifted(_ factor: CGFloat) -> PlaneTransform {
            toLayer.followed(by: .translation(x: Double(travel.x * factor), y: Double(travel.y * factor)))
                .followed(by: map)
        }
        /// Device transform that applies the 3-D `matrix` (layer space, about the bounds' centre, in perspective).
        func turned(_ matrix: CATransform3D) -> PlaneTransform {
            let center = CGPoint(x: bounds.midX, y: bounds.midY)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / max(2 * max(bounds.width, bounds.height), 1)
            let about = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-center.x, -center.y, 0), matrix),
                CATransform3DConcat(perspective, CATransform3DMakeTranslation(center.x, center.y, 0)))
            return toLayer.followed(by: PlaneTransform(flattening: about)).followed(by: map)
        }
        func drawNew(opacity: Float, transform: PlaneTransform, clipped: Bool, blend: CGBlendMode = .normal) {
            guard surface.beginGroup(nil) else { return }
            draw(
                index, context, planeMap: planeMap, toPlane: toPlane, parentProjection: parentProjection,
                inheritedOpacity: inheritedOpacity, showsTransition: false)
            finish(opacity: opacity, transform: transform, clipped: clipped, blend: blend)
        }
        func drawOld(opacity: Float, transform: PlaneTransform, clipped: Bool) {
            guard let old = transition.old, old.count > 0, surface.beginGroup(nil) else { return }
            old.nodes.withUnsafeBufferPointer { nodes in
                let oldContext = Context(nodes: nodes, transitions: [], surface: surface)
                draw(
                    0, oldContext, planeMap: planeMap, toPlane: toPlane, parentProjection: parentProjection,
                    inheritedOpacity: inheritedOpacity, placement: map)
            }
            finish(opacity: opacity, transform: transform, clipped: clipped, blend: .normal)
        }
        func finish(opacity: Float, transform: PlaneTransform, clipped: Bool, blend: CGBlendMode) {
            if clipped {
                surface.pushClip(.roundedRect(bounds, radius: 0, corners: 0), transform: map)
                surface.endGroup(opacity: opacity, transform: transform)
                surface.popClip()
            } else if blend != .normal {
                surface.endGroup(opacity: opacity, blendMode: blend)
            } else {
                surface.endGroup(opacity: opacity, transform: transform)
            }
        }

        let identity = PlaneTransform.identity
        let vertical = direction.x == 0
        let sign: CGFloat = direction.x + direction.y > 0 ? 1 : -1
        switch transition.kind {
        case .moveIn:
            drawOld(opacity: 1, transform: identity, clipped: true)
            drawNew(opacity: 1, transform: shifted(-(1 - q)), clipped: true)
        case .push:
            drawOld(opacity: 1, transform: shifted(q), clipped: true)
            drawNew(opacity: 1, transform: shifted(-(1 - q)), clipped: true)
        case .reveal:
            drawNew(opacity: 1, transform: identity, clipped: true)
            drawOld(opacity: 1, transform: shifted(q), clipped: true)
        case .oglFlip:
            let angle = CGFloat(q) * .pi * sign
            let axis: (CGFloat, CGFloat) = vertical ? (1, 0) : (0, 1)
            if q < 0.5 {
                drawOld(
                    opacity: 1, transform: turned(CATransform3DMakeRotation(angle, axis.0, axis.1, 0)), clipped: false)
            } else {
                let rest = angle - .pi * sign
                drawNew(
                    opacity: 1, transform: turned(CATransform3DMakeRotation(rest, axis.0, axis.1, 0)), clipped: false)
            }
        case .cube:
            let depth = (vertical ? bounds.height : bounds.width) / 2
            let axis: (CGFloat, CGFloat) = vertical ? (1, 0) : (0, 1)
            func face(_ angle: CGFloat) -> PlaneTransform {
                let spin = CATransform3DMakeRotation(angle, axis.0, axis.1, 0)
                return turned(
                    CATransform3DConcat(
                        CATransform3DConcat(CATransform3DMakeTranslation(0, 0, depth), spin),
                        CATransform3DMakeTranslation(0, 0, -depth)))
            }
            let angle = CGFloat(q) * .pi / 2 * sign
            let newAngle = angle - .pi / 2 * sign
            if q < 0.5 {
                drawNew(opacity: 1, transform: face(newAngle), clipped: false)
                drawOld(opacity: 1, transform: face(angle), clipped: false)
            } else {
                drawOld(opacity: 1, transform: face(angle), clipped: false)
                drawNew(opacity: 1, transform: face(newAngle), clipped: false)
            }
        case .pageCurl, .pageUnCurl:
            // The page turns about its top edge: x axis through (midX, minY).
            func lifted(_ fraction: Double) -> PlaneTransform {
                let hinge = CATransform3DConcat(
                    CATransform3DConcat(
                        CATransform3DMakeTranslation(0, bounds.height / 2, 0),
                        CATransform3DMakeRotation(-CGFloat(fraction) * .pi / 2, 1, 0, 0)),
                    CATransform3DMakeTranslation(0, -bounds.height / 2, 0))
                return turned(hinge)
            }
            if transition.kind == .pageCurl {
                drawNew(opacity: 1, transform: identity, clipped: false)
                if q < 1 { drawOld(opacity: 1, transform: lifted(q), clipped: false) }
            } else {
                drawOld(opacity: 1, transform: identity, clipped: false)
                if q > 0 { drawNew(opacity: 1, transform: lifted(1 - q), clipped: false) }
            }
        case .fade:
            guard surface.beginGroup(nil) else { return }
            drawOld(opacity: Float(1 - q), transform: identity, clipped: false)
            drawNew(opacity: Float(q), transform: identity, clipped: false, blend: .plusLighter)
            surface.endGroup(opacity: 1)
        }
    }

    /// The unit direction the new picture moves in when it comes from `side` (y down).
    private static func direction(of side: TransitionDirection) -> CGPoint {
        switch side {
        case .fromLeft: CGPoint(x: 1, y: 0)
        case .fromRight: CGPoint(x: -1, y: 0)
        case .fromTop: CGPoint(x: 0, y: 1)
        case .fromBottom: CGPoint(x: 0, y: -1)
        }
    }
}
