// The module `import QuartzCore` finds on Linux (our addition, built only where Apple's framework does not exist;
// see Package.swift). It re-exports PortableQuartzCore and, as Apple's QuartzCore does, CoreGraphics, so code
// written for Apple compiles with no edit and `#if canImport(QuartzCore)` holds for a client that depends on the
// `QuartzCore` product.
@_exported import CoreGraphics
@_exported import PortableQuartzCore
