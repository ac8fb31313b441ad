/// Arithmetic in GF(2⁸) built on the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), the
/// field QR Code's Reed–Solomon codes use. Addition is exclusive or; multiplication goes
/// through logarithms to the base α = 2.
enum GaloisField {
    /// The primitive polynomial, including its x⁸ term.
    static let primitivePolynomial = 0x11D

    /// αⁱ for i in 0..<255.
    static let powersOfAlpha: [UInt8] = {
        var powers: [UInt8] = []
        var value = 1
        for _ in 0..<255 {
            powers.append(UInt8(value))
            value <<= 1
            if value & 0x100 != 0 {
                value ^= primitivePolynomial
            }
        }
        return powers
    }()

    /// The logarithm to the base α of each nonzero element; index 0 is unused.
    static let logarithms: [Int] = {
        var logarithms = [Int](repeating: 0, count: 256)
        for (exponent, power) in powersOfAlpha.enumerated() {
            logarithms[Int(power)] = exponent
        }
        return logarithms
    }()

    /// αⁿ for any exponent n ≥ 0.
    static func alpha(toThe exponent: Int) -> UInt8 {
        powersOfAlpha[exponent % 255]
    }

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return alpha(toThe: logarithms[Int(a)] + logarithms[Int(b)])
    }
}
