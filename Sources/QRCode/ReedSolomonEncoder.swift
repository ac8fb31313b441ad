/// Computes Reed–Solomon error-correction codewords over ``GaloisField``.
///
/// The generator polynomial of degree n is (x − α⁰)(x − α¹)…(x − αⁿ⁻¹). The error-correction
/// codewords of a block are the remainder of the data polynomial times xⁿ divided by the
/// generator, so that data followed by error correction is a multiple of the generator
/// (ISO/IEC 18004, 7.5.2).
struct ReedSolomonEncoder {
    /// The generator's coefficients from the highest power down, leading 1 included.
    let generator: [UInt8]

    /// An encoder producing `degree` error-correction codewords per block.
    init(degree: Int) {
        precondition(degree > 0, "a Reed–Solomon code needs at least one check codeword")
        var generator: [UInt8] = [1]
        for exponent in 0..<degree {
            // Multiply by (x + αᵉ); subtraction is addition in GF(2⁸).
            let root = GaloisField.alpha(toThe: exponent)
            var product = generator + [0]
            for index in 1..<product.count {
                product[index] ^= GaloisField.multiply(generator[index - 1], root)
            }
            generator = product
        }
        self.generator = generator
    }

    /// The number of error-correction codewords per block.
    var degree: Int { generator.count - 1 }

    /// The error-correction codewords for one block of data codewords.
    func errorCorrectionCodewords(for data: some Collection<UInt8>) -> [UInt8] {
        // Polynomial long division, keeping only the running remainder.
        var remainder = [UInt8](repeating: 0, count: degree)
        for codeword in data {
            let factor = codeword ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<degree {
                remainder[index] ^= GaloisField.multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}
