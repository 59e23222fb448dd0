import Foundation

// The comparisons of Apple's CoreGraphics overlay that Linux Foundation lacks (Apple API). Code written before
// `==` existed for these types, and code ported from Objective-C's `CGPointEqualToPoint`, still calls them.

extension CGPoint {
    /// Whether the two points are equal (Apple API), the same as `==`: (1, 2) equals (1, 2); NaN equals nothing.
    public func equalTo(_ point2: CGPoint) -> Bool {
        self == point2
    }
}

extension CGSize {
    /// Whether the two sizes are equal (Apple API), the same as `==`.
    public func equalTo(_ size2: CGSize) -> Bool {
        self == size2
    }
}

extension CGRect {
    /// Whether the two rectangles are equal (Apple API), the same as `==` and `CGRectEqualToRect`: the standardized
    /// rectangles are compared, so (0, 0, 10, 10) equals its flipped form (10, 10, −10, −10).
    public func equalTo(_ rect2: CGRect) -> Bool {
        self == rect2
    }
}
