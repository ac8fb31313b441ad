import Testing

@testable import JSON

/// A number's JSON text is `description`'s (the fewest digits that read back as the number,
/// the closest of those) without a whole number's `.0`: what `JSONEncoder` writes.
@Suite struct JSONNumberTextTests {
    /// `description` without a trailing `.0`.
    static func expected(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func written(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(byteCount: JSONNumberText.maxSize, alignment: 1) { bytes in
            let count = JSONNumberText.write(value, into: bytes)
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
        }
    }

    @Test func namedNumbersAreWrittenAsJSONEncoderWritesThem() {
        let values: [Double] = [
            0, -0.0, 1, -1, .pi, 0.1, 0.2, 0.3, 0.1 + 0.2, 1e16, 1e-7, 123_456_789.125, 1e23, 1e22, 1.5e-5, 100, 4.35,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .leastNormalMagnitude.nextDown, -2.2250738585072014e-308, 9_007_199_254_740_992, 9_007_199_254_740_994,
            18_014_398_509_481_984, 4_503_599_627_370_496.5, 123_456_789_012_345_680,
        ]
        for value in values {
            #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
        }
        #expect(Self.written(1) == "1")
        #expect(Self.written(-0.0) == "-0")
        #expect(Self.written(1e-5) == "1e-05")
        #expect(Self.written(1.5e300) == "1.5e+300")
    }

    /// Where `description` changes from positional to scientific text, each side of it.
    @Test func bothFormsMeetWhereDescriptionSwitches() {
        for edge: Double in [1e-4, 0x1p53, 1e-3, 1, 10, 1e15, 1e16] {
            var below = edge
            var above = edge
            for _ in 0..<50 {
                for value in [below, above, -below, -above] {
                    #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
                }
                below = below.nextDown
                above = above.nextUp
            }
        }
    }

    /// Every power of two and of ten a `Double` holds, and their neighbours: the bounds of
    /// each binade are where the interval that rounds to a number is uneven.
    @Test func powersAndTheirNeighboursAreWrittenAsDescriptionSpellsThem() {
        var values: [Double] = []
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown]
        }
        for exponent in -323...308 {
            guard let power = Double("1e\(exponent)") else { continue }
            values += [power, power.nextUp, power.nextDown]
        }
        for value in values where value.isFinite {
            #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
        }
    }

    /// Numbers drawn from every bit pattern, from the subnormal ones, with few decimal digits
    /// (as sensors report them), and whole ones ending in zeros.
    @Test func randomNumbersAreWrittenAsDescriptionSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        var values = (0..<200_000).map { _ in Double(bitPattern: generator.next()) }
        values += (0..<20_000).map { _ in Double(bitPattern: generator.next() & ((1 << 52) - 1)) }
        values += (0..<20_000).map { _ in Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1_000 }
        // Whole numbers with many trailing zeros: 1 through 999 times 10^0 through 10^22.
        values += (0..<20_000).map { _ in
            Double(Int.random(in: 1...999, using: &generator))
                * (0..<Int.random(in: 0...22, using: &generator)).reduce(1.0) { product, _ in product * 10 }
        }
        var mismatches = 0
        for value in values where value.isFinite && Self.written(value) != Self.expected(value) {
            mismatches += 1
            if mismatches <= 10 { Issue.record("\(value.bitPattern): \(Self.written(value)) against \(Self.expected(value))") }
        }
        #expect(mismatches == 0)
    }

    /// The table of powers: each `g` holds 126 bits, and `(g - 1) · 2^r ≤ 10^-k < g · 2^r`.
    @Test func eachPowerOfTenIsBracketedByItsEntry() {
        for k in stride(from: PowerOfTenTable.minK, through: PowerOfTenTable.maxK, by: 7) {
            let entry = PowerOfTenTable.entry(for: k)
            var g = NaturalNumber(entry.high).shiftedLeft(by: 63)
            g.add(entry.low)
            #expect(g.bitCount == 126)
            let r = ShortestDecimal.floorLog2(ofPowerOfTen: -k) - 125
            var below = g
            below.subtract(NaturalNumber(1))
            if k <= 0 {
                let power = NaturalNumber.power(ofTen: -k)
                let scaledPower = r >= 0 ? power : power.shiftedLeft(by: -r)
                let scaledBelow = r >= 0 ? below.shiftedLeft(by: r) : below
                let scaledAt = r >= 0 ? g.shiftedLeft(by: r) : g
                #expect(scaledBelow <= scaledPower && scaledPower < scaledAt, "k = \(k)")
            } else {
                // Both sides times 10^k · 2^-r.
                var scaledBelow = below
                var scaledAt = g
                for _ in 0..<k {
                    scaledBelow.multiply(by: 10)
                    scaledAt.multiply(by: 10)
                }
                let one = NaturalNumber(1).shiftedLeft(by: -r)
                #expect(scaledBelow <= one && one < scaledAt, "k = \(k)")
            }
        }
    }
}
