import ISCP
import Testing

/// The variable-length integers, the widths writers choose, and what the widths of a unit's
/// fields mean.
@Suite struct ISCP1VariableLengthTests {
    @Test func widthThresholds() {
        let seconds = ISCP1VariableLengthUInt.vu16to24
        #expect(seconds.smallestWidth(for: 32_767) == 2)
        #expect(seconds.smallestWidth(for: 32_768) == 3)
        #expect(seconds.smallestWidth(for: 8_388_607) == 3)
        #expect(seconds.smallestWidth(for: 8_388_608) == nil)

        let length = ISCP1VariableLengthUInt.vu8to32
        #expect(length.smallestWidth(for: 63) == 1)
        #expect(length.smallestWidth(for: 64) == 2)
        #expect(length.smallestWidth(for: 16_383) == 2)
        #expect(length.smallestWidth(for: 16_384) == 3)
        #expect(length.smallestWidth(for: 4_194_303) == 3)
        #expect(length.smallestWidth(for: 4_194_304) == 4)
        #expect(length.smallestWidth(for: 1_073_741_823) == 4)
        #expect(length.smallestWidth(for: 1_073_741_824) == nil)

        let fraction = ISCP1VariableLengthUInt.vu16to32
        #expect(fraction.smallestWidth(for: 999) == 2)
        #expect(fraction.smallestWidth(for: 999_999) == 3)
        #expect(fraction.smallestWidth(for: 999_999_999) == 4)
    }

    @Test func encodingsAreLittleEndianWithTheExtraByteCountInTheLowBits() throws {
        #expect(try ISCP1VariableLengthUInt.vu16to24.encode(1) == [0x02, 0x00])
        #expect(try ISCP1VariableLengthUInt.vu16to24.encode(32_768) == [0x01, 0x00, 0x01])
        #expect(try ISCP1VariableLengthUInt.vu16to32.encode(500_000_000, width: 4) == [0x02, 0x94, 0x35, 0x77])
        #expect(try ISCP1VariableLengthUInt.vu16to32.encode(1, width: 3) == [0x05, 0x00, 0x00])
        #expect(try ISCP1VariableLengthUInt.vu8to32.encode(10) == [0x28])
        #expect(try ISCP1VariableLengthUInt.vu8to32.encode(64) == [0x01, 0x01])
        #expect(try ISCP1VariableLengthUInt.vu8to32.encode(1_073_741_823) == [0xff, 0xff, 0xff, 0xff])
    }

    @Test(arguments: ISCP1VariableLengthUInt.allCases)
    func everyWidthRoundTripsItsLimits(_ format: ISCP1VariableLengthUInt) throws {
        for width in format.widths {
            let maximum = format.maximumValue(width: width)
            for value in [0, 1, maximum / 2, maximum] {
                let bytes = try format.encode(value, width: width)
                #expect(bytes.count == width)
                #expect(try format.decode(bytes) == (value, width))
            }
            #expect(throws: ISCP1EncodingError.self) { try format.encode(maximum + 1, width: width) }
        }
    }

    @Test func aFiveByteFractionIsAnError() {
        // 0x03 in the low bits of a VU16/32 would announce 5 bytes, which the format does not have.
        #expect(throws: ISCP1DecodingError(offset: 0, reason: .invalidValue("a VU16/32 integer cannot be 5 bytes long"))) {
            try ISCP1VariableLengthUInt.vu16to32.decode([0x03, 0, 0, 0, 0])
        }
    }

    /// The bytes of a unit of stream 1, channel 1, data type JPEG with `payload`.
    func unitBytes(seconds: UInt32, fraction: UInt32 = 0, precision: ISCP1TimePrecision = .milliseconds, payloadLength: Int = 0) throws -> [UInt8] {
        let unit = ISCP1Unit(
            streamID: 1, channel: 1, dataType: .jpeg,
            elapsedTime: ISCP1ElapsedTime(seconds: seconds, fraction: fraction, precision: precision),
            payload: [UInt8](repeating: 7, count: payloadLength)
        )
        return try ISCP1Encoder().encode([.unit(unit)])
    }

    @Test func secondsTakeThreeBytesFrom32768() throws {
        #expect(Array(try unitBytes(seconds: 32_767)[5..<7]) == [0xfe, 0xff])
        #expect(Array(try unitBytes(seconds: 32_768)[5..<8]) == [0x01, 0x00, 0x01])
        #expect(throws: ISCP1EncodingError.outOfRange("elapsed seconds", value: 8_388_608, maximum: 8_388_607)) {
            try unitBytes(seconds: 8_388_608)
        }
    }

    @Test(arguments: [(63, 1), (64, 2), (16_383, 2), (16_384, 3), (4_194_303, 3), (4_194_304, 4)])
    func payloadLengthWidths(length: Int, width: Int) throws {
        let bytes = try unitBytes(seconds: 0, payloadLength: length)
        let header = 2 + 3 + 2 + 2  // preamble and type, ids and data type, seconds, fraction
        #expect(bytes.count == header + width + length)
        #expect(try ISCP1VariableLengthUInt.vu8to32.decode(Array(bytes[header..<header + width])) == (UInt32(length), width))
        guard case .unit(let unit) = try ISCP1Decoder().decode(bytes).first else {
            Issue.record("no unit")
            return
        }
        #expect(unit.payload.count == length)
    }

    @Test(arguments: ISCP1TimePrecision.allCases)
    func theFractionWidthIsThePrecision(_ precision: ISCP1TimePrecision) throws {
        let fraction = precision.unitsPerSecond - 1
        let bytes = try unitBytes(seconds: 1, fraction: fraction, precision: precision)
        #expect(bytes.count == 2 + 3 + 2 + precision.fractionWidth + 1)
        guard case .unit(let unit) = try ISCP1Decoder().decode(bytes).first else {
            Issue.record("no unit")
            return
        }
        #expect(unit.elapsedTime.precision == precision)
        #expect(unit.elapsedTime.fraction == fraction)
        #expect(unit.elapsedTime.nanoseconds == 1_000_000_000 + UInt64(fraction) * UInt64(precision.nanosecondsPerUnit))
    }

    @Test func elapsedTimeFromNanosecondsTruncatesToThePrecision() {
        let time = ISCP1ElapsedTime(nanoseconds: 2_123_456_789, precision: .milliseconds)
        #expect(time == ISCP1ElapsedTime(seconds: 2, fraction: 123, precision: .milliseconds))
        #expect(time.nanoseconds == 2_123_000_000)
        #expect(time.duration == .milliseconds(2_123))
        #expect(ISCP1ElapsedTime(nanoseconds: 2_123_456_789, precision: .microseconds).fraction == 123_456)
        #expect(ISCP1ElapsedTime(nanoseconds: 2_123_456_789, precision: .nanoseconds).fraction == 123_456_789)
    }
}
