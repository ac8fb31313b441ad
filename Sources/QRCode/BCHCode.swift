/// A systematic BCH code: the data bits followed by the remainder of their division by a
/// generator polynomial over GF(2). Format and version information use such codes.
struct BCHCode {
    /// The generator polynomial, one bit per coefficient.
    let generator: Int

    /// The number of check bits: the generator's degree.
    var checkBitCount: Int { Self.degree(of: generator) }

    /// `data` followed by its check bits.
    func encode(_ data: Int) -> Int {
        let shifted = data << checkBitCount
        var remainder = shifted
        // Long division: cancel the highest term until the remainder is below the generator's degree.
        while Self.degree(of: remainder) >= checkBitCount {
            remainder ^= generator << (Self.degree(of: remainder) - checkBitCount)
        }
        return shifted | remainder
    }

    /// The degree of the polynomial whose coefficients are the bits of `polynomial`; −1 for zero.
    private static func degree(of polynomial: Int) -> Int {
        Int.bitWidth - polynomial.leadingZeroBitCount - 1
    }
}
