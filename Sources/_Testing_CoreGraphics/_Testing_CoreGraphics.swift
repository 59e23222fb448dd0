// Intentionally empty (our addition, Linux only; see Package.swift). Swift Testing declares a cross-import overlay
// named `_Testing_CoreGraphics` that the compiler loads into every file importing both `Testing` and a module named
// `CoreGraphics`; the toolchain ships it only for Apple platforms, so without this module such a file would not
// compile against our `CoreGraphics`. Apple's overlay adds image attachments, which have no counterpart here.
