import Foundation
import Telemetry
import Testing

@Suite struct SignalConversionTests {
    /// A DBC-style CAN frame: bit 1 is a brake flag, bits 2…9 a pedal position, bits 12…23 a
    /// signed 12-bit temperature of -5 (0xFFB), in little-endian bit order.
    private let frame: [UInt8] = [0b1111_0110, 0b1011_0000, 0xFF, 0x00]

    @Test func littleEndianFixedPointFieldsSpanBytesAndAreScaled() throws {
        func fixed(_ startBit: Int, _ bitSize: Int, signed: Bool = false, scale: Double = 1, offset: Double = 0) throws -> SignalValue {
            try SignalConversion.fixedPoint(startBit: startBit, bitSize: bitSize, endian: .little, isSigned: signed, scale: scale, offset: offset)
                .apply(to: .bytes(frame))
        }
        #expect(try fixed(1, 1) == .number(1))
        // Bits 2…9: the six high bits of byte 0 (0b111101) and the two low bits of byte 1 (0b00).
        #expect(try fixed(2, 8, scale: 0.5, offset: -1) == .number(Double(0b00_111101) * 0.5 - 1))
        #expect(try fixed(12, 12, signed: true) == .number(-5))
        #expect(try fixed(12, 12) == .number(4091))
        #expect(try fixed(0, 32) == .number(Double(UInt32(0x00FF_B0F6))))
    }

    @Test func bigEndianFixedPointCountsFromTheFirstBytesMostSignificantBit() throws {
        let bytes: [UInt8] = [0x12, 0x34, 0x80, 0x00, 0x00, 0x00, 0x00, 0x01]
        func fixed(_ startBit: Int, _ bitSize: Int, signed: Bool = false) throws -> SignalValue {
            try SignalConversion.fixedPoint(startBit: startBit, bitSize: bitSize, endian: .big, isSigned: signed, scale: 1, offset: 0)
                .apply(to: .bytes(bytes))
        }
        #expect(try fixed(0, 16) == .number(0x1234))
        #expect(try fixed(4, 8) == .number(0x23))
        #expect(try fixed(16, 1) == .number(1))
        #expect(try fixed(16, 8, signed: true) == .number(-128))
        #expect(try fixed(0, 64, signed: true) == .number(Double(Int64(bitPattern: 0x1234_8000_0000_0001))))
        #expect(throws: SignalConversionError.self) { try fixed(60, 5) }
    }

    @Test func floatingPointNumbersAreReadInEitherByteOrderAndPrecision() throws {
        var little = withUnsafeBytes(of: (-12.375 as Double).bitPattern.littleEndian, Array.init)
        little.insert(0xAA, at: 0)
        #expect(try SignalConversion.floatingPoint(startByte: 1, endian: .little, precision: 64).apply(to: .bytes(little)) == .number(-12.375))
        let big = withUnsafeBytes(of: (Float(3.5)).bitPattern.bigEndian, Array.init)
        #expect(try SignalConversion.floatingPoint(startByte: 0, endian: .big, precision: 32).apply(to: .bytes(big)) == .number(3.5))
        #expect(throws: SignalConversionError.self) {
            try SignalConversion.floatingPoint(startByte: 1, endian: .big, precision: 32).apply(to: .bytes(big))
        }
        #expect(throws: SignalConversionError.self) {
            try SignalConversion.floatingPoint(startByte: 0, endian: .big, precision: 64).apply(to: .number(1))
        }
    }

    @Test func jsonMembersAreFoundByPathAndTyped() throws {
        let document = SignalValue.text(#"{"sp": {"acc": [0.5, "-2.25", {"x": 7}]}, "name": "car", "ok": true, "gone": null}"#)
        func json(_ path: String, _ type: SignalValueType) throws -> SignalValue {
            try SignalConversion.json(fieldPath: path, valueType: type).apply(to: document)
        }
        #expect(try json("sp.acc.0", .number) == .number(0.5))
        #expect(try json("sp.acc.1", .number) == .number(-2.25))
        #expect(try json("sp.acc.2.x", .number) == .number(7))
        #expect(try json("sp.acc.2", .text) == .text(#"{"x":7}"#))
        #expect(try json("name", .text) == .text("car"))
        #expect(throws: SignalConversionError("'car' is not a number")) { try json("name", .number) }
        #expect(throws: SignalConversionError("the value found is not a number")) { try json("ok", .number) }
        #expect(throws: SignalConversionError("the value found is null")) { try json("gone", .text) }
        #expect(throws: SignalConversionError("the JSON document has no member 'sp.acc.3'")) { try json("sp.acc.3", .number) }
        #expect(throws: SignalConversionError("the value is not a JSON document")) {
            try SignalConversion.json(fieldPath: "a", valueType: .text).apply(to: .text("{not json"))
        }
        // Bytes that are UTF-8 JSON are read as text.
        #expect(try SignalConversion.json(fieldPath: "a", valueType: .number).apply(to: .bytes(Array(#"{"a":1e3}"#.utf8))) == .number(1000))
    }

    @Test func csvFieldsSplitAtAnyDelimiterKeepingEmptyFields() throws {
        let sentence = SignalValue.text("$GPRMC,085120.30,A,3539.1234,N;13945.5,,E*6B")
        func field(_ index: Int, _ type: SignalValueType) throws -> SignalValue {
            try SignalConversion.csv(delimiters: [",", ";"], index: index, valueType: type).apply(to: sentence)
        }
        #expect(try field(3, .number) == .number(3539.1234))
        #expect(try field(5, .number) == .number(13945.5))
        #expect(try field(6, .text) == .text(""))
        #expect(try field(7, .text) == .text("E*6B"))
        #expect(throws: SignalConversionError("the value has 8 field(s), so there is no field 8")) { try field(8, .text) }
        let multi = try SignalConversion.csv(delimiters: ["::"], index: 1, valueType: .text).apply(to: .text("a:b::c"))
        #expect(multi == .text("c"))
    }

    @Test func subBytesAndSubStringsCutByBytes() throws {
        #expect(try SignalConversion.subBytes(startByte: 1, byteSize: 2).apply(to: .bytes([1, 2, 3, 4])) == .bytes([2, 3]))
        #expect(try SignalConversion.subBytes(startByte: 4, byteSize: 0).apply(to: .bytes([1, 2, 3, 4])) == .bytes([]))
        #expect(throws: SignalConversionError.self) { try SignalConversion.subBytes(startByte: 3, byteSize: 2).apply(to: .bytes([1, 2, 3, 4])) }
        // "héllo": h is byte 0, é bytes 1 and 2.
        #expect(try SignalConversion.subString(startByte: 1, byteSize: 4).apply(to: .text("héllo")) == .text("éll"))
        #expect(throws: SignalConversionError("bytes 0 to 1 cut a character of the text in two")) {
            try SignalConversion.subString(startByte: 0, byteSize: 2).apply(to: .text("héllo"))
        }
        #expect(throws: SignalConversionError("the value is not UTF-8 text")) {
            try SignalConversion.subString(startByte: 0, byteSize: 1).apply(to: .bytes([0xFF]))
        }
    }

    @Test func noneKeepsTheValue() throws {
        #expect(try SignalConversion.none.apply(to: .number(-0.5)) == .number(-0.5))
        #expect(try SignalConversion.none.apply(to: .bytes([0])) == .bytes([0]))
    }
}
