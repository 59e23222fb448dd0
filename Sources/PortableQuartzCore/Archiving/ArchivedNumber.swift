import Foundation

/// A number that JSON can carry even when it is not finite (our helper): finite values are JSON numbers,
/// infinities and NaN the strings `"inf"`, `"-inf"` and `"nan"`, so an archive never depends on the encoder's
/// non-conforming-float strategy. `Float` values are written with `Float`'s shortest digits (`0.3`, not
/// `0.30000001192092896`).
struct ArchivedNumber<Value: BinaryFloatingPoint & Codable>: Codable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Value.self) {
            value = number
            return
        }
        guard let text = try? container.decode(String.self) else {
            throw LayerArchiveError(
                path: ArchivePath.render(decoder.codingPath),
                reason: .malformedJSON("expected a number (or \"inf\", \"-inf\", \"nan\")"))
        }
        switch text {
        case "inf": value = .infinity
        case "-inf": value = -.infinity
        case "nan": value = .nan
        default:
            throw LayerArchiveError(
                path: ArchivePath.render(decoder.codingPath),
                reason: .malformedJSON("expected a number, found the string \"\(text)\""))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isNaN {
            try container.encode("nan")
        } else if value.isInfinite {
            try container.encode(value < 0 ? "-inf" : "inf")
        } else {
            try container.encode(value)
        }
    }
}
