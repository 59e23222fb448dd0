import Foundation

// The text forms of UIKit's geometry (Apple API: `NSCoder.string(for:)` and `NSCoder.cgPoint(for:)` and friends, the
// Swift names of `NSStringFromCGPoint` and `CGPointFromString`).
//
// Writing: a point is "{x, y}", a size "{width, height}", a rectangle "{{x, y}, {width, height}}", a vector
// "{dx, dy}", insets "{top, left, bottom, right}", an offset "{horizontal, vertical}", an affine transform
// "[a, b, c, d, tx, ty]". Each number is printed as C's `%.17g` prints a `double`, as UIKit does on 64-bit
// platforms (a safe-area frame iOS printed reads "{{0, 40}, {375, 741.33333333333337}}"): whole numbers without a
// decimal point, others with the 17 significant digits that give the same `double` back.
//
// Reading takes the numbers of the text in order, separated by braces, brackets, commas and spaces, so "{3.0,2.5}" and
// "{ 3, 2.5 }" are both (3, 2.5). Apple documents a zero value for text that is not well formed; here that is text
// with anything else in it or another count of numbers than the type has (INFERRED: which malformed texts Apple still
// reads is not documented).

extension NSCoder {
    /// "{x, y}" (Apple API, `NSStringFromCGPoint`): (1.5, 2) is "{1.5, 2}".
    public class func string(for point: CGPoint) -> String {
        GeometryText.write([point.x, point.y])
    }

    /// "{width, height}" (Apple API, `NSStringFromCGSize`).
    public class func string(for size: CGSize) -> String {
        GeometryText.write([size.width, size.height])
    }

    /// "{{x, y}, {width, height}}" (Apple API, `NSStringFromCGRect`): (0, 0, 320, 480) is "{{0, 0}, {320, 480}}".
    public class func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }

    /// "{dx, dy}" (Apple API, `NSStringFromCGVector`).
    public class func string(for vector: CGVector) -> String {
        GeometryText.write([vector.dx, vector.dy])
    }

    /// "[a, b, c, d, tx, ty]" (Apple API, `NSStringFromCGAffineTransform`): the identity is "[1, 0, 0, 1, 0, 0]".
    public class func string(for transform: CGAffineTransform) -> String {
        GeometryText.write(
            [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty], open: "[", close: "]")
    }

    /// "{top, left, bottom, right}" (Apple API, `NSStringFromUIEdgeInsets`).
    public class func string(for insets: UIEdgeInsets) -> String {
        GeometryText.write([insets.top, insets.left, insets.bottom, insets.right])
    }

    /// "{horizontal, vertical}" (Apple API, `NSStringFromUIOffset`).
    public class func string(for offset: UIOffset) -> String {
        GeometryText.write([offset.horizontal, offset.vertical])
    }

    /// The point written by `string(for:)` (Apple API, `CGPointFromString`); `.zero` for text without exactly two
    /// numbers.
    public class func cgPoint(for string: String) -> CGPoint {
        guard let n = GeometryText.read(string, count: 2) else { return .zero }
        return CGPoint(x: n[0], y: n[1])
    }

    /// The size written by `string(for:)` (Apple API, `CGSizeFromString`); `.zero` for text without exactly two
    /// numbers.
    public class func cgSize(for string: String) -> CGSize {
        guard let n = GeometryText.read(string, count: 2) else { return .zero }
        return CGSize(width: n[0], height: n[1])
    }

    /// The rectangle written by `string(for:)` (Apple API, `CGRectFromString`): "{{3,2},{4,5}}" is (3, 2, 4, 5);
    /// `.zero` for text without exactly four numbers.
    public class func cgRect(for string: String) -> CGRect {
        guard let n = GeometryText.read(string, count: 4) else { return .zero }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// The vector written by `string(for:)` (Apple API, `CGVectorFromString`); `.zero` for text without exactly two
    /// numbers.
    public class func cgVector(for string: String) -> CGVector {
        guard let n = GeometryText.read(string, count: 2) else { return .zero }
        return CGVector(dx: n[0], dy: n[1])
    }

    /// The transform written by `string(for:)` (Apple API, `CGAffineTransformFromString`); the identity for text
    /// without exactly six numbers (Apple documents the identity there).
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        guard let n = GeometryText.read(string, count: 6) else { return .identity }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// The insets written by `string(for:)` (Apple API, `UIEdgeInsetsFromString`); `.zero` for text without exactly
    /// four numbers.
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        guard let n = GeometryText.read(string, count: 4) else { return .zero }
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// The offset written by `string(for:)` (Apple API, `UIOffsetFromString`); `.zero` for text without exactly two
    /// numbers.
    public class func uiOffset(for string: String) -> UIOffset {
        guard let n = GeometryText.read(string, count: 2) else { return .zero }
        return UIOffset(horizontal: n[0], vertical: n[1])
    }
}

/// Writes and reads the numbers of the geometry strings (our helper).
enum GeometryText {
    /// `numbers` as "{a, b, …}" (or with other brackets), each as `%.17g` prints it.
    static func write(_ numbers: [CGFloat], open: String = "{", close: String = "}") -> String {
        open + numbers.map { String(format: "%.17g", Double($0)) }.joined(separator: ", ") + close
    }

    /// The numbers of `text` in order, when the text is numbers (as Swift's `Double(_:)` reads them, "nan" and
    /// "inf" included) separated by braces, brackets, commas and white space, exactly `count` of them.
    static func read(_ text: String, count: Int) -> [CGFloat]? {
        let tokens = text.split { "{}[],".contains($0) || $0.isWhitespace }
        guard tokens.count == count else { return nil }
        var numbers: [CGFloat] = []
        for token in tokens {
            guard let value = Double(token) else { return nil }
            numbers.append(CGFloat(value))
        }
        return numbers
    }
}
