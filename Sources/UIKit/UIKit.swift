// The module `import UIKit` finds on Linux (our addition, built only where Apple's framework does not exist; see
// Package.swift). It re-exports PortableUIKit, the animation subset of UIKit, and, as Apple's UIKit does,
// QuartzCore and CoreGraphics, so code written for Apple compiles with no edit and `#if canImport(UIKit)` holds for
// a client that depends on the `UIKit` product. Names of UIKit that PortableUIKit lacks (UIApplication, view
// controllers, Auto Layout, controls) are not here either: code that uses them does not compile (see the README).
@_exported import PortableUIKit
@_exported import QuartzCore
