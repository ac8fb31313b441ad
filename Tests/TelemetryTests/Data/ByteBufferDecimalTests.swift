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
}
