import ChanceryTestSupport
import Testing

@testable import QRCode

@Suite struct ReedSolomonTests {
    /// The value of the polynomial with `coefficients` (highest power first) at `point`.
    static func evaluate(_ coefficients: [UInt8], at point: UInt8) -> UInt8 {
        coefficients.reduce(0) { GaloisField.multiply($0, point) ^ $1 }
    }

    @Test func fieldIsBuiltOnPolynomial0x11D() {
        #expect(GaloisField.alpha(toThe: 8) == 0x1D)
        #expect(GaloisField.alpha(toThe: 255) == 1)
        #expect(Set(GaloisField.powersOfAlpha).count == 255)
        for element in UInt8(1)...255 {
            let inverse = GaloisField.alpha(toThe: 255 - GaloisField.logarithms[Int(element)])
            #expect(GaloisField.multiply(element, inverse) == 1)
        }
    }

    /// ISO/IEC 18004 annex I: "01234567" as version 1-M.
    @Test func knownBlock() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let check = ReedSolomonEncoder(degree: 10).errorCorrectionCodewords(for: data)
        #expect(check == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// Data followed by its check codewords is a multiple of the generator, so it vanishes at
    /// each of the generator's roots α⁰ … αⁿ⁻¹ — for every block length QR Code uses.
    @Test(arguments: [7, 10, 13, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30])
    func codewordsVanishAtGeneratorRoots(degree: Int) {
        let encoder = ReedSolomonEncoder(degree: degree)
        #expect(encoder.generator.count == degree + 1)
        var generator = SeededGenerator.logged()
        for length in [1, 19, 118] {
            let data = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let codeword = data + encoder.errorCorrectionCodewords(for: data)
            for exponent in 0..<degree {
                #expect(Self.evaluate(codeword, at: GaloisField.alpha(toThe: exponent)) == 0)
            }
        }
    }

    @Test func changedDataChangesCheckCodewords() {
        let encoder = ReedSolomonEncoder(degree: 10)
        let data: [UInt8] = Array(repeating: 0x41, count: 16)
        var changed = data
        changed[7] ^= 0x01
        #expect(encoder.errorCorrectionCodewords(for: data) != encoder.errorCorrectionCodewords(for: changed))
    }
}
