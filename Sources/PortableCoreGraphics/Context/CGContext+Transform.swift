import Foundation
@_spi(Engine) import PortableRaster

extension CGContext {
    /// The current transformation matrix: user space → base space (pixels, origin bottom-left, y up). The
    /// identity for a new context.
    public var ctm: CGAffineTransform { state.ctm }

    /// Moves the user-space origin by `(tx, ty)` user units: the CTM becomes `translation × ctm`.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        state.ctm = state.ctm.translatedBy(x: tx, y: ty)
    }

    /// Scales user space by `sx` horizontally and `sy` vertically: the CTM becomes `scale × ctm`.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        state.ctm = state.ctm.scaledBy(x: sx, y: sy)
    }

    /// Rotates user space by `angle` radians; positive turns the x axis towards the y axis (counter-clockwise
    /// on screen with the default y-up space). The CTM becomes `rotation × ctm`.
    public func rotate(by angle: CGFloat) {
        state.ctm = state.ctm.rotated(by: angle)
    }

    /// Prepends `transform` to the CTM: points are mapped by `transform` first, then by the old CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }

    /// User space → device space. For a bitmap context Apple's device space is base space (y up, pixels), so
    /// this equals ``ctm``.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// `point` mapped from user space to device (base) space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint {
        point.applying(state.ctm)
    }

    /// `point` mapped from device (base) space to user space; unchanged when the CTM is not invertible.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint {
        guard let inverse = Affine2D(state.ctm).inverted() else { return point }
        return point.applying(CGAffineTransform(inverse))
    }

    /// `size` mapped from user space to device space by the linear part of the CTM.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize {
        size.applying(state.ctm)
    }

    /// `size` mapped from device space to user space; unchanged when the CTM is not invertible.
    public func convertToUserSpace(_ size: CGSize) -> CGSize {
        guard let inverse = Affine2D(state.ctm).inverted() else { return size }
        return size.applying(CGAffineTransform(inverse))
    }

    /// The bounding box, in device (base) space, of `rect` mapped from user space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect {
        rect.applying(state.ctm)
    }

    /// The bounding box, in user space, of `rect` mapped from device (base) space; unchanged when the CTM is not
    /// invertible.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect {
        guard let inverse = Affine2D(state.ctm).inverted() else { return rect }
        return rect.applying(CGAffineTransform(inverse))
    }
}
