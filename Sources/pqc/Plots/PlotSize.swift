/// A picture size given on the command line as `WxH` (for example `800x600`; `X` and `×` work too).
struct PlotSize: Equatable {
    /// Width in pixels.
    var width: Int
    /// Height in pixels.
    var height: Int

    /// Why a size was rejected, with the accepted form and range.
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `text` and checks each side against `minimum…maximum`.
    static func parse(
        _ text: String, minimum: (width: Int, height: Int), maximum: Int
    ) throws(ParseError) -> PlotSize {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        let range = "\(minimum.width)x\(minimum.height) up to \(maximum)x\(maximum)"
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw ParseError(description: "'\(text)' is not a size; write it as WIDTHxHEIGHT, e.g. 800x600.")
        }
        guard (minimum.width...maximum).contains(width), (minimum.height...maximum).contains(height) else {
            throw ParseError(description: "Size \(width)x\(height) is out of range; use \(range) pixels.")
        }
        return PlotSize(width: width, height: height)
    }
}
