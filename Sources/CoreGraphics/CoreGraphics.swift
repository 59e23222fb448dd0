// The module `import CoreGraphics` finds on Linux (our addition, built only where Apple's framework does not exist;
// see Package.swift). It re-exports PortableCoreGraphics, so code written for Apple compiles with no edit, and
// `#if canImport(CoreGraphics)` holds for a client that depends on the `CoreGraphics` product.
@_exported import PortableCoreGraphics
