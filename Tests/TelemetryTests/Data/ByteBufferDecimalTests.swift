import NIOCore
import Testing

@testable import Telemetry

/// `GET /v1/data` writes its numbers as digits straight into the answer; they must be the
/// digits `String` gives, signs and the ends of `Int64` included.
@Suite struct ByteBufferDecimalTests {
    @Test func digitsAreTheOnesStringGives() {
        let values: [Int64] = [
            0, 1, -1, 9, 10, -10, 99, 100, 255, 1_000_000, 1_767_225_600_000_000, -1_767_225_600_000_001, .max, .min, .max - 1, .min + 1,
        ]
        for value in values {
            var buffer = ByteBuffer()
            buffer.writeStaticString("x")
            buffer.writeDecimal(value)
            buffer.writeStaticString("y")
            #expect(String(buffer: buffer) == "x\(value)y")
        }
    }

    /// The digit count comes from the bit length and a power of ten: each side of every
    /// power, and numbers drawn across the whole range, must match `String`.
    @Test func digitsAtEveryPowerOfTenAndAcrossTheRangeAreTheOnesStringGives() {
        var values: [Int64] = []
        var power: Int64 = 1
        for _ in 0..<19 {
            values += [power - 1, power, power + 1, -power, -(power - 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        var generator = SystemRandomNumberGenerator()
        for bits in 1...63 {
            values += (0..<20).map { _ in Int64.random(in: 0...(Int64.max >> (63 - bits)), using: &generator) * (Bool.random() ? 1 : -1) }
        }
        for value in values {
            var buffer = ByteBuffer()
            buffer.writeDecimal(value)
            #expect(String(buffer: buffer) == String(value), "\(value)")
        }
    }
}
