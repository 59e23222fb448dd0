import Foundation

// The value properties of `CALayer` (Apple API). Each getter reads the layer's model state under the layer tree lock;
// each setter goes through `setModelValue(_:for:at:)`, so the layer joins the current transaction and, once it has
// been committed, an animatable property animates implicitly (SPEC §9).
//
// Values are stored as given: NaN, infinities and negative sizes or radii are not corrected here (Apple documents no
// correction either); the renderer ignores what it cannot draw, and nothing non-finite reaches pixels. On a
// presentation copy (`presentation()`) every getter reports the value on screen.
//
// The geometry helpers that derive from these (`frame`, `convert`, `hitTest`, `affineTransform()`) live in
// CALayer+Geometry.swift.

extension CALayer {
    // MARK: Geometry

    /// The layer's own coordinate rectangle, in points: `size` is how big the layer is, `origin` is the coordinate
    /// its top-left (iOS) corner has for its sublayers and its drawing. Default (0, 0, 0, 0). Animatable.
    ///
    /// Stored as given, including negative or non-finite sizes (the renderer draws nothing for those).
    public var bounds: CGRect {
        get { modelValue(\.bounds) }
        set { setModelValue(newValue, for: .bounds, at: \.bounds) }
    }

    /// Where the layer's `anchorPoint` sits in its superlayer's coordinates, in points. Default (0, 0). Animatable.
    public var position: CGPoint {
        get { modelValue(\.position) }
        set { setModelValue(newValue, for: .position, at: \.position) }
    }

    /// The layer's position on the z axis, in points, towards the viewer. It orders sibling layers (higher in front)
    /// and moves the layer in depth under a perspective `sublayerTransform`. Default 0. Animatable.
    public var zPosition: CGFloat {
        get { modelValue(\.zPosition) }
        set { setModelValue(newValue, for: .zPosition, at: \.zPosition) }
    }

    /// The point of the bounds that `position` places and that `transform` rotates and scales about, in unit
    /// coordinates of the bounds: (0, 0) is the bounds' minimum-x, minimum-y corner, (1, 1) the opposite one.
    /// Default (0.5, 0.5), the centre. Values outside 0…1 put the anchor outside the layer. Animatable.
    public var anchorPoint: CGPoint {
        get { modelValue(\.anchorPoint) }
        set { setModelValue(newValue, for: .anchorPoint, at: \.anchorPoint) }
    }

    /// The z coordinate of the anchor, in points, about which `transform` rotates in 3-D. Default 0. Animatable.
    public var anchorPointZ: CGFloat {
        get { modelValue(\.anchorPointZ) }
        set { setModelValue(newValue, for: .anchorPointZ, at: \.anchorPointZ) }
    }

    /// The transform applied to the layer about its anchor point, in its superlayer's space (points). Default
    /// `CATransform3DIdentity`. Animatable; key-value coding also reaches its parts (`"transform.rotation.z"`,
    /// `"transform.scale"`, `"transform.translation.x"`…).
    public var transform: CATransform3D {
        get { modelValue(\.transform) }
        set { setModelValue(newValue, for: .transform, at: \.transform) }
    }

    /// The transform applied to every sublayer, about the centre of this layer's bounds; set `m34` to `-1 / d` here
    /// to give the sublayers a shared perspective with eye distance `d` points. Default `CATransform3DIdentity`.
    /// Animatable.
    public var sublayerTransform: CATransform3D {
        get { modelValue(\.sublayerTransform) }
        set { setModelValue(newValue, for: .sublayerTransform, at: \.sublayerTransform) }
    }

    /// Whether y grows the other way in this layer's coordinates than in its superlayer's: sublayers and contents
    /// are placed mirrored top to bottom. Default false. Not animatable.
    public var isGeometryFlipped: Bool {
        get { modelValue(\.details.isGeometryFlipped) }
        set { setModelValue(newValue, for: .isGeometryFlipped, at: \.details.isGeometryFlipped) }
    }

    // MARK: Visibility

    /// Whether the layer and its sublayers are not drawn. A hidden layer still takes part in layout and animation,
    /// but `hitTest(_:)` skips it. Default false. Animatable (it switches half way).
    public var isHidden: Bool {
        get { modelValue(\.isHidden) }
        set { setModelValue(newValue, for: .isHidden, at: \.isHidden) }
    }

    /// Whether the layer is drawn when a 3-D transform turns its back to the viewer. Default true. Animatable.
    public var isDoubleSided: Bool {
        get { modelValue(\.isDoubleSided) }
        set { setModelValue(newValue, for: .isDoubleSided, at: \.isDoubleSided) }
    }

    /// Whether sublayers and contents are clipped to the bounds (with `cornerRadius` rounding the clip). Default
    /// false. Animatable.
    public var masksToBounds: Bool {
        get { modelValue(\.masksToBounds) }
        set { setModelValue(newValue, for: .masksToBounds, at: \.masksToBounds) }
    }

    /// How opaque the layer and its sublayers are drawn, 0 (invisible) … 1 (as drawn). Default 1. Animatable.
    ///
    /// The type is Apple's `Float`: a value computed as `Double` is rounded to the nearest `Float` (0.3 reads back
    /// 0.30000001192…). Values outside 0…1 and NaN are stored and read back as given; only drawing limits them.
    public var opacity: Float {
        get { modelValue(\.opacity) }
        set { setModelValue(newValue, for: .opacity, at: \.opacity) }
    }

    /// Whether `opacity` below 1 applies to the layer and its sublayers as one flattened group (true), or to each
    /// sublayer separately, so overlapping translucent sublayers show through each other (false). Default true
    /// (Apple's default for apps built with iOS 7 or later). Not animatable.
    public var allowsGroupOpacity: Bool {
        get { modelValue(\.details.allowsGroupOpacity) }
        set { setModelValue(newValue, for: .allowsGroupOpacity, at: \.details.allowsGroupOpacity) }
    }

    // MARK: Background and border

    /// The colour that fills the bounds (with `cornerRadius` rounding) behind the contents. Default nil (nothing
    /// drawn). Animatable.
    ///
    /// The layer keeps the colour's sRGB components, not the object: the getter returns a new `CGColor` in the
    /// sRGB space (extended sRGB when a component lies outside 0…1), equal in value to what was set when that was an
    /// sRGB colour, and converted to sRGB otherwise (a gray colour reads back as the same shade in RGB).
    public var backgroundColor: CGColor? {
        get { modelValue(\.backgroundColor)?.cgColor }
        set { setModelValue(newValue.map(ColorComponents.init), for: .backgroundColor, at: \.backgroundColor) }
    }

    /// The radius of the rounded corners of the background and border, and of the clip of `masksToBounds`, in
    /// points. Default 0 (square corners). Any value, negative or NaN included, is stored and read back as given.
    /// Animatable.
    public var cornerRadius: CGFloat {
        get { modelValue(\.cornerRadius) }
        set { setModelValue(newValue, for: .cornerRadius, at: \.cornerRadius) }
    }

    /// Which corners `cornerRadius` rounds. Default all four. Not animatable.
    public var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: modelValue(\.details.maskedCorners)) }
        set { setModelValue(newValue.rawValue, for: .maskedCorners, at: \.details.maskedCorners) }
    }

    /// The shape of the rounded corners. Default `.circular`. Not animatable.
    public var cornerCurve: CALayerCornerCurve {
        get { CALayerCornerCurve(rawValue: modelValue(\.details.cornerCurve)) }
        set { setModelValue(newValue.rawValue, for: .cornerCurve, at: \.details.cornerCurve) }
    }

    /// The width of the border drawn inside the bounds, over the contents and sublayers, in points. Default 0 (no
    /// border). Any value is stored and read back as given. Animatable.
    public var borderWidth: CGFloat {
        get { modelValue(\.borderWidth) }
        set { setModelValue(newValue, for: .borderWidth, at: \.borderWidth) }
    }

    /// The colour of the border. Default opaque black; nil draws no border. Stored as sRGB components like
    /// `backgroundColor`. Animatable.
    public var borderColor: CGColor? {
        get { modelValue(\.borderColor)?.cgColor }
        set { setModelValue(newValue.map(ColorComponents.init), for: .borderColor, at: \.borderColor) }
    }

    // MARK: Shadow

    /// The colour of the shadow. Default opaque black. Stored as sRGB components like `backgroundColor`.
    /// Animatable.
    public var shadowColor: CGColor? {
        get { modelValue(\.shadowColor)?.cgColor }
        set { setModelValue(newValue.map(ColorComponents.init), for: .shadowColor, at: \.shadowColor) }
    }

    /// How opaque the shadow is, 0 … 1. Default 0, so a layer casts no shadow until this is raised. The type is
    /// Apple's `Float` (see `opacity`); values outside 0…1 are stored and read back as given. Animatable.
    public var shadowOpacity: Float {
        get { modelValue(\.shadowOpacity) }
        set { setModelValue(newValue, for: .shadowOpacity, at: \.shadowOpacity) }
    }

    /// How far the shadow is moved from the layer, in points, in the layer's coordinates. Default (0, −3): on iOS,
    /// whose layers have y pointing down, the shadow shows 3 points above the layer. Animatable.
    public var shadowOffset: CGSize {
        get { modelValue(\.shadowOffset) }
        set { setModelValue(newValue, for: .shadowOffset, at: \.shadowOffset) }
    }

    /// The blur radius of the shadow, in points. Default 3. Any value is stored and read back as given. Animatable.
    public var shadowRadius: CGFloat {
        get { modelValue(\.shadowRadius) }
        set { setModelValue(newValue, for: .shadowRadius, at: \.shadowRadius) }
    }

    /// The outline of the shadow, in the layer's coordinates. Default nil: the shadow follows the layer's drawn
    /// content (its alpha). A `CGMutablePath` is copied when set, so changing it later does not change the shadow.
    /// Animatable.
    public var shadowPath: CGPath? {
        get { modelValue(\.shadowPath) }
        set { setModelValue(newValue.map { $0.copy() ?? $0 }, for: .shadowPath, at: \.shadowPath) }
    }

    // MARK: Contents

    /// The image the layer shows inside its bounds, placed by `contentsGravity`. Default nil. Animatable (a
    /// cross-fade).
    ///
    /// Apple's type is `Any?`. A `CGImage` is stored; any other value (an `NSImage`, an `IOSurface`, a string…)
    /// stores nil, because this implementation only draws `CGImage`s. While a `contents` cross-fade runs, the getter
    /// of a presentation copy returns the image that contributes more (the new one from half way on).
    public var contents: Any? {
        get { modelValue(\.contents)?.dominantImage }
        set { setModelValue((newValue as? CGImage).map(LayerContents.image), for: .contents, at: \.contents) }
    }

    /// The part of the contents image that is shown, in unit coordinates of the image: (0, 0, 1, 1) is the whole
    /// image, (0, 0, 0.5, 1) its left half. Default (0, 0, 1, 1). Parts outside 0…1 repeat the edge pixels.
    /// Animatable.
    public var contentsRect: CGRect {
        get { modelValue(\.details.contentsRect) }
        set { setModelValue(newValue, for: .contentsRect, at: \.details.contentsRect) }
    }

    /// How the contents image is placed in the bounds. Default `.resize` (stretched to fill). Not animatable.
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: modelValue(\.details.contentsGravity)) }
        set { setModelValue(newValue.rawValue, for: .contentsGravity, at: \.details.contentsGravity) }
    }

    /// Image pixels per point of the contents: an image 200 pixels wide with scale 2 is 100 points wide for the
    /// positional gravities, and `display()` draws into a bitmap of the bounds' size times this. Default 1.
    /// Values ≤ 0 or non-finite are stored and read back as given; `display()` draws at scale 1 for them.
    /// Animatable.
    public var contentsScale: CGFloat {
        get { modelValue(\.details.contentsScale) }
        set { setModelValue(newValue, for: .contentsScale, at: \.details.contentsScale) }
    }

    /// The stretchable middle of the contents image, in unit coordinates of the image: when the image is resized,
    /// the parts outside this rectangle keep their size (nine-part stretching, as for a resizable button image).
    /// Default (0, 0, 1, 1), the whole image stretches. Animatable.
    public var contentsCenter: CGRect {
        get { modelValue(\.details.contentsCenter) }
        set { setModelValue(newValue, for: .contentsCenter, at: \.details.contentsCenter) }
    }

    /// The pixel format `display()` is asked to draw in. Default `.RGBA8Uint`. Stored and read back; drawing is
    /// always 8-bit RGBA here. Not animatable.
    public var contentsFormat: CALayerContentsFormat {
        get { CALayerContentsFormat(rawValue: modelValue(\.details.contentsFormat)) }
        set { setModelValue(newValue.rawValue, for: .contentsFormat, at: \.details.contentsFormat) }
    }

    /// How the contents image is sampled when drawn smaller than its pixel size. Default `.linear`. Not animatable.
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: modelValue(\.details.minificationFilter)) }
        set { setModelValue(newValue.rawValue, for: .minificationFilter, at: \.details.minificationFilter) }
    }

    /// How the contents image is sampled when drawn larger than its pixel size. Default `.linear`. Not animatable.
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: modelValue(\.details.magnificationFilter)) }
        set { setModelValue(newValue.rawValue, for: .magnificationFilter, at: \.details.magnificationFilter) }
    }

    /// The bias added to the mipmap level chosen by the `.trilinear` minification filter, in levels: positive
    /// values pick smaller (blurrier) levels. Default 0. The type is Apple's `Float`. Animatable.
    public var minificationFilterBias: Float {
        get { modelValue(\.details.minificationFilterBias) }
        set { setModelValue(newValue, for: .minificationFilterBias, at: \.details.minificationFilterBias) }
    }

    // MARK: Rendering options

    /// A promise that the contents `display()` draws are fully opaque, so the bitmap needs no alpha. Default false.
    /// It does not affect images set directly as `contents` or the background colour. Not animatable.
    public var isOpaque: Bool {
        get { modelValue(\.details.isOpaque) }
        set { setModelValue(newValue, for: .isOpaque, at: \.details.isOpaque) }
    }

    /// Whether changing `bounds` marks the contents as needing `display()`. Default false. Not animatable.
    public var needsDisplayOnBoundsChange: Bool {
        get { modelValue(\.details.needsDisplayOnBoundsChange) }
        set { setModelValue(newValue, for: .needsDisplayOnBoundsChange, at: \.details.needsDisplayOnBoundsChange) }
    }

    /// Whether drawing commands in `draw(in:)` may be queued and run later on another thread. Default false. Stored
    /// and read back; drawing here is always immediate. Not animatable.
    public var drawsAsynchronously: Bool {
        get { modelValue(\.details.drawsAsynchronously) }
        set { setModelValue(newValue, for: .drawsAsynchronously, at: \.details.drawsAsynchronously) }
    }

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is true. Default all four. Not animatable.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { CAEdgeAntialiasingMask(rawValue: modelValue(\.details.edgeAntialiasingMask)) }
        set { setModelValue(newValue.rawValue, for: .edgeAntialiasingMask, at: \.details.edgeAntialiasingMask) }
    }

    /// Whether the edges named by `edgeAntialiasingMask` are anti-aliased when a transform makes them fall between
    /// pixels. Default false (Apple's iOS default when the app's Info.plist does not ask otherwise). Not animatable.
    public var allowsEdgeAntialiasing: Bool {
        get { modelValue(\.details.allowsEdgeAntialiasing) }
        set { setModelValue(newValue, for: .allowsEdgeAntialiasing, at: \.details.allowsEdgeAntialiasing) }
    }

    /// How the layer is blended with what is behind it. Default nil (normal source-over compositing). Animatable.
    ///
    /// Apple's type is `Any?` and takes a Core Image filter or a filter name. Here it takes a name: a `String`
    /// (for example `"multiplyBlendMode"`, `"screenBlendMode"`) or a value whose raw value is a string; any other
    /// value, Core Image filters included, stores nil. The getter returns the name as a `String`.
    public var compositingFilter: Any? {
        get { modelValue(\.details.compositingFilter) }
        set { setModelValue(Self.filterName(newValue), for: .compositingFilter, at: \.details.compositingFilter) }
    }

    /// Whether the layer and its sublayers are drawn into a bitmap once and composited from that bitmap. Default
    /// false. Animatable.
    public var shouldRasterize: Bool {
        get { modelValue(\.details.shouldRasterize) }
        set { setModelValue(newValue, for: .shouldRasterize, at: \.details.shouldRasterize) }
    }

    /// Bitmap pixels per point when `shouldRasterize` is true. Default 1. Any value is stored and read back as
    /// given. Animatable.
    public var rasterizationScale: CGFloat {
        get { modelValue(\.details.rasterizationScale) }
        set { setModelValue(newValue, for: .rasterizationScale, at: \.details.rasterizationScale) }
    }

    /// A name for the layer, for finding it and in debug output; Core Animation does not use it. Default nil.
    /// Not animatable.
    public var name: String? {
        get { modelValue(\.details.name) }
        set { setModelValue(newValue, for: .name, at: \.details.name) }
    }

    /// The filter name a `compositingFilter` value stands for: a string, or the raw value of a string-backed type.
    private static func filterName(_ value: Any?) -> String? {
        switch value {
        case let name as String: name
        case let name as any RawRepresentable<String>: name.rawValue
        default: nil
        }
    }
}
