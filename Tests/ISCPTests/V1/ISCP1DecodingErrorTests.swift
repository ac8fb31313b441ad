import ISCP
import Testing

/// Bad input gives an ``ISCP1DecodingError`` that says where and why, never a crash.
@Suite struct ISCP1DecodingErrorTests {
    /// Decodes `hex` and returns the error it must throw.
    func error(_ hex: String) throws -> ISCP1DecodingError {
        do {
            let elements = try ISCP1Decoder().decode(ISCP1Hex.bytes(hex))
            throw DecodedAnyway(elements: elements)
        } catch let error as ISCP1DecodingError {
            return error
        }
    }

    /// Thrown when bytes that should not decode did.
    struct DecodedAnyway: Error {
        let elements: [ISCP1Element]
    }

    /// Elements of every shape, encoded one after the other.
    static let valid: [ISCP1Element] = ISCP1RoundTripTests.elements

    @Test func anEmptyMessageHasNoElements() throws {
        #expect(try ISCP1Decoder().decode([]) == [])
    }

    @Test func truncatedAtEveryOffset() throws {
        var boundaries: [Int: Int] = [:]
        var message: [UInt8] = []
        for (index, element) in Self.valid.enumerated() {
            try ISCP1Encoder().encode(element, into: &message)
            boundaries[message.count] = index + 1
        }
        for cut in 0..<message.count {
            let prefix = Array(message[..<cut])
            if let count = boundaries[cut] {
                #expect(try ISCP1Decoder().decode(prefix) == Array(Self.valid.prefix(count)))
            } else if cut == 0 {
                #expect(try ISCP1Decoder().decode(prefix) == [])
            } else {
                let error = #expect(throws: ISCP1DecodingError.self) { try ISCP1Decoder().decode(prefix) }
                #expect(error.map { $0.offset <= cut } == true, "cut at \(cut): \(String(describing: error))")
                switch error?.reason {
                case .truncated, .lengthOverrun, .countOverrun: break
                default: Issue.record("cut at \(cut): unexpected \(String(describing: error))")
                }
            }
        }
    }

    @Test func aHugeDeclaredPayloadLengthWithAShortBody() throws {
        // A unit announcing a payload of 2^30 - 1 bytes (VU8/32 ff ff ff ff) followed by 3 bytes.
        let error = try error("aa03010109" + "0000" + "0000" + "ffffffff" + "010203")
        #expect(error == ISCP1DecodingError(offset: 13, reason: .lengthOverrun(length: 1_073_741_823, remaining: 3)))
        #expect(error.description == "iSCP 1.0 decoding error at byte 13: a declared length of 1073741823 bytes overruns the 3 bytes that remain")
    }

    @Test func hugeCountsWithShortBodies() throws {
        // 255 upstream specs of at least 35 bytes each in 1 byte.
        #expect(try error("aa900cff00") == ISCP1DecodingError(offset: 4, reason: .countOverrun(count: 255, minimumBytesEach: 35, remaining: 1)))
        // 255 destination edges of 16 bytes after one spec's fixed part.
        let spec = "01ff00" + String(repeating: "11", count: 32)
        #expect(
            try error("aa900c01" + spec + "00")
                == ISCP1DecodingError(offset: 39, reason: .countOverrun(count: 255, minimumBytesEach: 16, remaining: 1)))
        // 65535 data filters of at least 4 bytes in one stream filter.
        #expect(
            try error("aa860101" + "01ffff") == ISCP1DecodingError(offset: 7, reason: .countOverrun(count: 65_535, minimumBytesEach: 4, remaining: 0))
        )
        // A filter payload of 65535 bytes with 2 present.
        #expect(
            try error("aa860101" + "010100" + "0101ffff0100") == ISCP1DecodingError(offset: 11, reason: .lengthOverrun(length: 65_535, remaining: 2)))
    }

    @Test func aWrongPreamble() throws {
        #expect(try error("ab920111111111222233334444555555555555") == ISCP1DecodingError(offset: 0, reason: .wrongPreamble(0xab)))
        // The second element starts at byte 8.
        #expect(try error("aafa010000000000" + "00fa010000000000") == ISCP1DecodingError(offset: 8, reason: .wrongPreamble(0x00)))
    }

    @Test func anUnknownElementType() throws {
        let error = try error("aa04010203")
        #expect(error == ISCP1DecodingError(offset: 1, reason: .unknownElementType(0x04)))
        #expect(error.description == "iSCP 1.0 decoding error at byte 1: unknown element type 0x04")
    }

    @Test func invalidFieldValues() throws {
        #expect(try error("aa810702") == ISCP1DecodingError(offset: 3, reason: .invalidValue("unknown result code 2")))
        #expect(
            try error("aa03010109" + "0000" + "a00f" + "00")
                == ISCP1DecodingError(offset: 7, reason: .invalidValue("elapsed fraction 1000 is not below one second (1000)"))
        )
        #expect(
            try error("aa03010109" + "0000" + "0300000000" + "00")
                == ISCP1DecodingError(offset: 7, reason: .invalidValue("a VU16/32 integer cannot be 5 bytes long"))
        )
    }

    @Test func malformedFilterPayloads() throws {
        // A CAN filter with one rule and a stray byte after it.
        #expect(
            try error("aa860101" + "010100" + "01010b00" + "01ffffffffa001000001" + "99")
                == ISCP1DecodingError(offset: 21, reason: .trailingBytes(1))
        )
        // A filter payload for JPEG, which has no filter format.
        #expect(
            try error("aa860101" + "010100" + "0109010000")
                == ISCP1DecodingError(offset: 11, reason: .invalidValue("data type 0x09 has no filter format"))
        )
        // A label that is not UTF-8.
        #expect(
            try error("aa860101" + "010100" + "010a0300" + "0101ff")
                == ISCP1DecodingError(offset: 13, reason: .invalidValue("a filter label is not valid UTF-8"))
        )
    }

    @Test func malformedPayloads() {
        func payloadError(_ dataType: ISCP1DataType, _ hex: String) -> ISCP1DecodingError? {
            #expect(throws: ISCP1DecodingError.self) { try ISCP1Payload(rawDataType: dataType.rawValue, decoding: ISCP1Hex.bytes(hex)) }
        }
        #expect(payloadError(.can, "a001000008010203") == ISCP1DecodingError(offset: 5, reason: .lengthOverrun(length: 8, remaining: 3)))
        #expect(payloadError(.can, "a00100000101ff") == ISCP1DecodingError(offset: 6, reason: .trailingBytes(1)))
        #expect(payloadError(.can, "a001") == ISCP1DecodingError(offset: 0, reason: .truncated(needed: 4, remaining: 2)))
        #expect(payloadError(.nmea, "24c3") == ISCP1DecodingError(offset: 0, reason: .invalidValue("the NMEA sentence is not valid UTF-8")))
        #expect(payloadError(.generalSensor, "01") == ISCP1DecodingError(offset: 0, reason: .truncated(needed: 2, remaining: 1)))
        #expect(payloadError(.controlPad, "") == ISCP1DecodingError(offset: 0, reason: .truncated(needed: 1, remaining: 0)))
        #expect(payloadError(.pcm, "010002008000") == ISCP1DecodingError(offset: 4, reason: .truncated(needed: 4, remaining: 2)))
        #expect(payloadError(.string, "0578") == ISCP1DecodingError(offset: 1, reason: .lengthOverrun(length: 5, remaining: 1)))
        #expect(payloadError(.string, "0178ff") == ISCP1DecodingError(offset: 2, reason: .invalidValue("the String value is not valid UTF-8")))
        #expect(payloadError(.float, "017800000000") == ISCP1DecodingError(offset: 2, reason: .truncated(needed: 8, remaining: 4)))
        #expect(payloadError(.int, "01782a0000000000000000") == ISCP1DecodingError(offset: 10, reason: .trailingBytes(1)))
        #expect(payloadError(.bytes, "") == ISCP1DecodingError(offset: 0, reason: .truncated(needed: 1, remaining: 0)))
        #expect(payloadError(.generic, "efbead") == ISCP1DecodingError(offset: 0, reason: .truncated(needed: 4, remaining: 3)))
        #expect(
            payloadError(.baseTime, "070066ee5f00000000")
                == ISCP1DecodingError(offset: 0, reason: .invalidValue("unknown base time type 0x07"))
        )
        #expect(
            payloadError(.baseTime, "010066ee5f00ca9a3b")
                == ISCP1DecodingError(offset: 5, reason: .invalidValue("base time nanoseconds 1000000000 are not below one second"))
        )
        #expect(payloadError(.baseTime, "010066ee5f0000000000") == ISCP1DecodingError(offset: 9, reason: .trailingBytes(1)))
    }
}
