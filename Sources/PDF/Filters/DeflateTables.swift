/// The fixed tables of the deflate format (RFC 1951 §3.2.5–§3.2.7), shared by ``Inflater``
/// and ``Deflater``.
enum DeflateTables {
    /// The smallest match length of each length symbol 257…285, indexed by symbol − 257.
    static let lengthBases: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]

    /// The number of extra bits after each length symbol, indexed by symbol − 257.
    static let lengthExtraBits: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]

    /// The smallest distance of each distance symbol 0…29.
    static let distanceBases: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]

    /// The number of extra bits after each distance symbol 0…29.
    static let distanceExtraBits: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The order in which a dynamic block header lists the lengths of the code length code.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The code lengths of the fixed literal/length code (§3.2.6), symbols 0…287.
    static let fixedLiteralLengths: [UInt8] =
        [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
        + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8)

    /// The code lengths of the fixed distance code, symbols 0…29 (30 and 31 never occur).
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)

    /// The size of the sliding window: the farthest a match may reach back.
    static let windowSize = 32_768

    /// The longest match.
    static let maximumMatchLength = 258

    /// The shortest match.
    static let minimumMatchLength = 3
}
