/// How the encoder picks the filter of each row.
@_spi(Engine) public enum PNGFilterStrategy: Hashable, Sendable {
    /// Per row, the filter whose output has the smallest sum of absolute values (bytes read as signed,
    /// −128 ... 127), the heuristic the PNG specification recommends; ties go to the lower filter number.
    case adaptive
    /// The same filter for every row.
    case fixed(PNGFilterType)
}
