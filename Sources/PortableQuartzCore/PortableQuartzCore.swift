// `import QuartzCore` on Apple platforms also makes CoreGraphics visible; `import PortableQuartzCore` does the same.
@_exported import PortableCoreGraphics
