import Foundation

// Key-value coding for layers (SPEC §3.1, §7, §9, §11b). On Apple platforms it comes from NSObject and Core
// Animation's own key-path code; Linux Foundation has no key-value coding, so the layer implements what Core
// Animation code relies on. The overridable entry points (`value(forKey:)`, `setValue(_:forKey:)`,
// `defaultValue(forKey:)`) are declared in the class body (CALayer.swift) and forward to the members here.
//
// Keys are parsed once, here at the boundary: a registered property key becomes a `LayerProperty`, a dotted path a
// `PropertyPath`, and from then on values move as typed `AnimatableValue`s.

extension CALayer {
    // MARK: Defaults

    /// The default of the property named `key`, as Apple's `defaultValue(forKey:)` reports it for `CALayer` (SPEC
    /// §11b, issue 17 §2.6): the default in Apple's boxed form for a flag and for a key whose default is not zero,
    /// nil for every other key.
    ///
    /// Non-nil answers:
    /// * every flag, false included, as an `NSNumber` holding a `Bool`: `hidden`, `masksToBounds`, `geometryFlipped`,
    ///   `opaque`, `shouldRasterize`, `drawsAsynchronously`, `needsDisplayOnBoundsChange`, `allowsEdgeAntialiasing`
    ///   and the timing key `autoreverses` read `false`, `doubleSided` and `allowsGroupOpacity` `true`;
    /// * `CALayer`'s other registered properties whose default is not 0, a zero point, size or rectangle, or nil, in
    ///   the form `value(forKey:)` returns: `anchorPoint` (0.5, 0.5), `transform` and `sublayerTransform` the
    ///   identity, `opacity` (a `Float` 1), `contentsScale` and `rasterizationScale` 1, `borderColor` and
    ///   `shadowColor` opaque black, `shadowOffset` (0, −3), `shadowRadius` 3, `contentsRect` and `contentsCenter`
    ///   (0, 0, 1, 1), `contentsGravity` `"resize"`, `contentsFormat`, `minificationFilter` and
    ///   `magnificationFilter` `"linear"`, `cornerCurve` `"circular"`, `maskedCorners` and `edgeAntialiasingMask` 15;
    /// * the timing keys `speed` (1), `duration` (infinity: a layer's time never ends) and `fillMode`
    ///   (`"removed"`).
    ///
    /// Nil for `bounds`, `position`, `frame`, `zPosition`, `cornerRadius`, `shadowOpacity`, the other timing keys
    /// and unknown keys. The properties of the subclasses are answered by the subclasses' overrides. Numbers and
    /// flags are `NSNumber`s, names `NSString`s; geometry comes as Swift structs (`CGPoint`, `CATransform3D`…), which
    /// cast to `NSValue` as Apple's boxes cast to the structs.
    static func defaultLayerValue(forKey key: String) -> Any? {
        if let property = LayerProperty(key: key) {
            guard property.family == .layer else { return nil }
            return LayerClassDefaults.answer(for: property)
        }
        switch LayerMemberKey(rawValue: key) {
        case .speed?: return NSNumber(value: Float(1))
        case .duration?: return NSNumber(value: Double.infinity)
        case .autoreverses?: return NSNumber(value: false)
        case .fillMode?: return NSString(string: CAMediaTimingFillMode.removed.rawValue)
        default: return nil
        }
    }

    // MARK: Reading by key

    /// The value `value(forKey:)` answers (Apple's key-value coding).
    ///
    /// * A registered property key (`LayerProperty(key:)`: Apple's names, `"hidden"` and `"doubleSided"`, not
    ///   `"isHidden"`) reads the property through its getter, as Apple's key-value coding calls the accessor, so a
    ///   subclass's override answers (`LayerPropertyAccess`). The value comes in Apple's boxed form
    ///   (`LayerProperty.appleValue(of:)`): numbers and flags as `NSNumber` of the property's type (`opacity` 0.3 reads
    ///   `as? Float` 0.3 and `as? CGFloat` 0.30000001192…), points, sizes, rectangles and transforms as the Swift
    ///   struct (which casts to `NSValue`), colours as a new sRGB `CGColor`, paths as `CGPath`, names as `NSString`
    ///   (which casts to `String` and to the name's type), `contents` as its `CGImage`, nil for a nil value. The keys
    ///   of the subclasses' properties (`lineWidth`, `colors`, `type`, …) are properties on every layer, a plain
    ///   `CALayer` included (Apple treats them as extra keys there; see Docs/Deviations.md).
    /// * The `CAMediaTiming` keys (`beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount`, `repeatDuration`,
    ///   `autoreverses`) as `NSNumber`, `fillMode` as its `NSString` name.
    /// * `frame` (a `CGRect`), `sublayers`, `superlayer`, `mask`, `delegate`, `actions` and `style` as the
    ///   properties return them.
    /// * Any other key: the value stored under it with `setValue(_:forKey:)`; if none, the value under that key in
    ///   the `style` dictionary or the nested `style` dictionaries it names; if none, the class's
    ///   `defaultValue(forKey:)` (so a subclass that overrides `defaultValue(forKey:)` gives its own keys defaults).
    func layerValue(forKey key: String) -> Any? {
        if let property = LayerProperty(key: key) {
            if property == .contents { return contents }  // any object, as set
            if let value = property.read(from: self) { return property.appleValue(of: value) }
            return property.appleValue(of: LayerTreeLock.withLock { modelState[property] })
        }
        if let member = LayerMemberKey(rawValue: key) {
            return value(of: member)
        }
        return extraValue(forKey: key)
    }

    private func value(of member: LayerMemberKey) -> Any? {
        switch member {
        case .beginTime: NSNumber(value: beginTime)
        case .duration: NSNumber(value: duration)
        case .speed: NSNumber(value: speed)
        case .timeOffset: NSNumber(value: timeOffset)
        case .repeatCount: NSNumber(value: repeatCount)
        case .repeatDuration: NSNumber(value: repeatDuration)
        case .autoreverses: NSNumber(value: autoreverses)
        case .fillMode: NSString(string: fillMode.rawValue)
        case .frame: frame
        case .sublayers: sublayers
        case .superlayer: superlayer
        case .mask: mask
        case .delegate: delegate
        case .actions: actions
        case .style: style
        }
    }

    /// The stored value of an extra key, else the `style` chain's, else the class default.
    private func extraValue(forKey key: String) -> Any? {
        let (stored, style) = LayerTreeLock.withLock { (extraValues?[key], styleStorage) }
        if let stored { return stored }
        var dictionary = style
        while let current = dictionary {
            if let value = current[key] { return value }
            dictionary = current["style"] as? [AnyHashable: Any]
        }
        return type(of: self).defaultValue(forKey: key)
    }

    // MARK: Writing by key

    /// What `setValue(_:forKey:)` does (Apple's key-value coding).
    ///
    /// * A registered property key: the value is converted to the property's type
    ///   (`AnimatableValue(converting:as:)`: any numeric type or `NSNumber` for numbers, `Bool` or a number for
    ///   flags, the struct or its `NSValue` for geometry, `CGColor` for colours, `String` or a string-backed type for
    ///   names, option sets for the masks) and set through the property's setter, as Apple's key-value coding calls
    ///   the accessor, so a subclass's override sees it and a committed layer animates implicitly. A value that does not convert, or nil for a property that cannot be nil, is
    ///   ignored and the property keeps its value (Apple raises an exception there). `contents` and
    ///   `compositingFilter`, whose Apple type is `Any?`, store nil for a value they cannot use, as their setters do.
    /// * The `CAMediaTiming` keys take any number (`autoreverses` also `Bool`, `fillMode` a `String` or
    ///   `CAMediaTimingFillMode`); nil and other types are ignored.
    /// * `frame` (a `CGRect` or its `NSValue`), `sublayers` (`[CALayer]` or nil), `mask` (`CALayer` or nil), `delegate` (a `CALayerDelegate` or nil),
    ///   `actions` (`[String: CAAction]` or nil), `style` (a dictionary or nil) set those properties; other types
    ///   are ignored. `superlayer` is read-only and ignores every value.
    /// * Any other key stores the value (retained) in the layer's extra values, which presentation copies carry;
    ///   nil removes it. Like a property change, this joins the transaction, marks the contents for display when
    ///   the class's `needsDisplay(forKey:)` says so, and on a committed layer with actions enabled runs the action
    ///   `action(forKey:)` finds for the key (from the delegate, `actions`, `style` or `defaultAction(forKey:)`;
    ///   there is no built-in animation for extra keys).
    func setLayerValue(_ value: Any?, forKey key: String) {
        if let property = LayerProperty(key: key) {
            if property == .contents {
                contents = value  // any object, kept as set
                return
            }
            setValue(value, at: PropertyPath(property))
            return
        }
        if let member = LayerMemberKey(rawValue: key) {
            setValue(value, of: member)
            return
        }
        setExtraValue(value, forKey: key)
    }

    /// Converts `value` for `path` and sets it through the action machinery; unusable values are ignored.
    private func setValue(_ value: Any?, at path: PropertyPath) {
        var converted = AnimatableValue(converting: value, as: path.kind)
        if converted == nil, path.component == nil, path.property == .compositingFilter {
            converted = .null
        }
        guard let converted else { return }
        setValue(converted: converted, at: path)
    }

    /// Sets the value at `path` to `value`, which is already of the path's kind: what `setValue(_:forKeyPath:)` does
    /// once it has parsed the key path and converted the value (for PortableLottie, which knows both: no string is
    /// parsed and no `Any` is cast). `.null` is ignored unless the property accepts nil.
    package func setValue(converted value: AnimatableValue, at path: PropertyPath) {
        guard !value.isNull || (path.component == nil && path.property.isNullable) else { return }
        if path.component == nil, path.property.write(value, to: self) { return }
        setModelValue(value, for: path)
    }

    private func setValue(_ value: Any?, of member: LayerMemberKey) {
        let object = ValueConverter.unwrap(value).flatMap { $0 is NSNull ? nil : $0 }
        let number = object.flatMap(ValueConverter.number)
        switch member {
        case .beginTime: if let number { beginTime = number }
        case .duration: if let number { duration = number }
        case .speed: if let number { speed = Float(number) }
        case .timeOffset: if let number { timeOffset = number }
        case .repeatCount: if let number { repeatCount = Float(number) }
        case .repeatDuration: if let number { repeatDuration = number }
        case .autoreverses:
            if let flag = object as? Bool {
                autoreverses = flag
            } else if let number {
                autoreverses = number != 0
            }
        case .fillMode:
            if let name = object as? String {
                fillMode = CAMediaTimingFillMode(rawValue: name)
            } else if let mode = object as? CAMediaTimingFillMode {
                fillMode = mode
            }
        case .frame:
            if case .rect(let rect)? = object.flatMap({ AnimatableValue(converting: $0, as: .rect) }) {
                frame = rect
            }
        case .sublayers:
            if object == nil {
                sublayers = nil
            } else if let layers = object as? [CALayer] {
                sublayers = layers
            }
        case .superlayer:
            break
        case .mask:
            if object == nil || object is CALayer { mask = object as? CALayer }
        case .delegate:
            if object == nil || object is any CALayerDelegate { delegate = object as? any CALayerDelegate }
        case .actions:
            if object == nil {
                actions = nil
            } else if let dictionary = object as? [String: any CAAction] {
                actions = dictionary
            }
        case .style:
            if object == nil {
                style = nil
            } else if let dictionary = object as? [AnyHashable: Any] {
                style = dictionary
            }
        }
    }

    /// Stores (or, for nil, removes) an extra value, with the change bookkeeping and action of a property change.
    private func setExtraValue(_ value: Any?, forKey key: String) {
        let stored = ValueConverter.unwrap(value)
        LayerTreeLock.withLock {
            let action = prepareChange(forKey: key)
            if let stored {
                extraValues = extraValues ?? [:]
                extraValues?[key] = stored
            } else {
                extraValues?[key] = nil
            }
            action?.run(forKey: key, object: self, arguments: nil)
        }
    }

    // MARK: Key paths

    /// The value at the end of a dotted key path (Apple's key-value coding, with Core Animation's struct
    /// sub-paths, SPEC §3.1).
    ///
    /// * A key without a dot is `value(forKey:)`.
    /// * A registered property followed by a component its type has: `"position.x"`, `"bounds.size.width"`,
    ///   `"bounds.origin"`, `"shadowOffset.height"`, and on transforms the decomposed parts `"transform.rotation.z"`
    ///   (`"transform.rotation"` is the same), `"rotation.x"`/`".y"` (radians), `"transform.scale"` (the mean of the
    ///   three scales), `"scale.xy"`, `"scale.x"`/`".y"`/`".z"`, `"translation"` (a `CGSize`), `"translation.x"`/
    ///   `".y"`/`".z"`. Numbers come back as `NSNumber`, points and sizes as structs; a whole property as
    ///   `value(forKey:)` gives it.
    /// * Otherwise the first key is read with `value(forKey:)` and the rest of the path is followed into what it
    ///   returned: another layer (`"mask.position.x"`, `"superlayer.bounds"`), a dictionary (`"style.key"`), an
    ///   animation stored under an extra key, or a point, size, rectangle or transform stored under an extra key
    ///   (`"offset.x"`), which gets the same components as the properties. Anything else gives nil.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let dot = PropertyPath.firstDot(in: keyPath) else { return value(forKey: keyPath) }
        if let path = PropertyPath(keyPath: keyPath) {
            return LayerTreeLock.withLock { path.value(in: modelState) }.appleValue
        }
        let head = value(forKey: String(keyPath[..<dot]))
        return Self.follow(String(keyPath[keyPath.index(after: dot)...]), into: head)
    }

    /// Sets the value at the end of a dotted key path (Apple's key-value coding, with Core Animation's struct
    /// sub-paths, SPEC §3.1).
    ///
    /// * A key without a dot is `setValue(_:forKey:)`.
    /// * A registered property followed by one of its components (see `value(forKeyPath:)`) replaces that component
    ///   and keeps the rest: `"position.x"` = 7 on a layer at (3, 4) gives (7, 4); `"transform.rotation.z"` = π/2
    ///   decomposes the transform, replaces its z rotation and recomposes it, keeping its scale and translation;
    ///   `"transform.scale"` = 2 sets all three scales. The part is written in place, through the property's change
    ///   machinery but not its Swift setter (an implicit animation of the whole property on a committed layer,
    ///   keyed by the path). A value that does not
    ///   convert to the component's type (a number for `.x`, a `CGSize` or `NSValue` for `"translation"`) is
    ///   ignored.
    /// * Otherwise the first key is read with `value(forKey:)` and the rest is set on what it returned: another layer
    ///   (`"mask.opacity"`), an animation stored under an extra key, or a point, size, rectangle or transform stored
    ///   under an extra key, whose component is replaced and the whole stored back (as the Swift struct). Anything
    ///   else, including a key that holds nothing, ignores the value (Apple sends the message to nil).
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        // The dot is found among the UTF-8 code units, as `PropertyPath(keyPath:)` finds it: a search by characters
        // (grapheme breaking) cost 3 % of loading a Lottie file that sets many values.
        guard let dot = PropertyPath.firstDot(in: keyPath) else {
            setValue(value, forKey: keyPath)
            return
        }
        if let path = PropertyPath(keyPath: keyPath) {
            setValue(value, at: path)
            return
        }
        let key = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        switch ValueConverter.unwrap(self.value(forKey: key)) {
        case let layer as CALayer:
            layer.setValue(value, forKeyPath: rest)
        case let animation as CAAnimation where !rest.contains("."):
            animation.setValue(value, forKey: rest)
        case let head?:
            // A struct under an extra key (a registered property with an unknown component is left alone).
            guard LayerProperty(key: key) == nil, let whole = Self.structValue(head),
                let component = PropertyComponent(keyPathSuffix: rest, for: whole.kind),
                let part = AnimatableValue(converting: value, as: component.kind), !part.isNull
            else { return }
            let replaced = component.replacing(in: whole, with: part)
            if replaced != whole { setValue(replaced.appleValue, forKey: key) }
        case nil:
            break
        }
    }

    /// Follows `keyPath` into `object` (a value a key of this layer returned).
    private static func follow(_ keyPath: String, into object: Any?) -> Any? {
        guard let object = ValueConverter.unwrap(object) else { return nil }
        if let layer = object as? CALayer { return layer.value(forKeyPath: keyPath) }
        let first: String
        let rest: String?
        if let dot = PropertyPath.firstDot(in: keyPath) {
            first = String(keyPath[..<dot])
            rest = String(keyPath[keyPath.index(after: dot)...])
        } else {
            first = keyPath
            rest = nil
        }
        let next: Any?
        switch object {
        case let animation as CAAnimation:
            next = animation.value(forKey: first)
        case let dictionary as [AnyHashable: Any]:
            next = dictionary[first]
        default:
            guard let whole = structValue(object),
                let component = PropertyComponent(keyPathSuffix: keyPath, for: whole.kind)
            else { return nil }
            return component.value(of: whole).appleValue
        }
        guard let rest else { return next }
        return follow(rest, into: next)
    }

    /// A point, size, rectangle, 3-D or 2-D transform given as the struct, its `NSValue` or an `AnimatableValue`;
    /// nil for anything else (numbers and arrays are not structs here).
    private static func structValue(_ object: Any) -> AnimatableValue? {
        if let value = object as? AnimatableValue { return value }
        if object is NSNumber { return nil }
        switch object {
        case let point as CGPoint: return .point(point)
        case let size as CGSize: return .size(size)
        case let rect as CGRect: return .rect(rect)
        case let transform as CATransform3D: return .transform(transform)
        case let transform as CGAffineTransform: return .affineTransform(transform)
        case is NSValue:
            for kind in [AnimatableValue.Kind.point, .size, .rect, .affineTransform] {
                if let value = AnimatableValue(converting: object, as: kind) { return value }
            }
            // Last, because an affine `NSValue` also converts to a 3-D transform.
            return AnimatableValue(converting: object, as: .transform)
        default:
            return nil
        }
    }
}

/// The keys `CALayer`'s key-value coding answers besides the registered properties: the `CAMediaTiming` properties,
/// the derived `frame`, and the object-valued properties kept beside the layer state. Our helper; raw values are Apple's key names.
private enum LayerMemberKey: String {
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    case frame, sublayers, superlayer, mask, delegate, actions, style
}
