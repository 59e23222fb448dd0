// Apple's immutable shape constructors. They take the transform as a pointer (`nil` = none), exactly as Swift imports
// them on Apple platforms, so `CGPath(rect: r, transform: nil)` compiles unchanged. The elements are those of the
// matching `CGMutablePath.add…` method.

extension CGPath {
    /// A closed rectangle subpath: see `CGMutablePath.addRect(_:transform:)` for the element order.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let builder = CGMutablePath()
        builder.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(copyingStorageOf: builder)
    }

    /// A closed ellipse inscribed in `rect`: see `CGMutablePath.addEllipse(in:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let builder = CGMutablePath()
        builder.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(copyingStorageOf: builder)
    }

    /// A closed rounded rectangle: see `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)`,
    /// including how oversized corners are clamped.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let builder = CGMutablePath()
        builder.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(copyingStorageOf: builder)
    }

    /// An immutable path sharing `other`'s element storage (copy on write).
    convenience init(copyingStorageOf other: CGPath) {
        self.init(
            elementTypes: other.elementTypes, elementPoints: other.elementPoints,
            lastSubpathStart: other.lastSubpathStart)
    }
}
