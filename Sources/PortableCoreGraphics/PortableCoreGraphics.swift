// CoreGraphics on Apple platforms brings Foundation's CGFloat, CGPoint, CGSize and CGRect with it; so do we.
// Those four types come from Foundation and are never redeclared here.
@_exported import Foundation
