/// Turns a byte-mode payload into a symbol's data codewords (ISO/IEC 18004, 7.4).
///
/// The bit stream is the mode indicator 0100, the byte count, the bytes, a terminator of up
/// to four zero bits, zero bits up to a byte boundary, and then the pad codewords 0xEC and
/// 0x11 alternately until the data capacity is filled.
enum DataCodewords {
    /// The mode indicator for byte mode.
    static let byteModeIndicator = 0b0100

    /// The length of a mode indicator.
    static let modeIndicatorBitCount = 4

    /// The pad codewords that fill unused data capacity, in turn.
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The length of the character count indicator in byte mode for `version`.
    static func characterCountBitCount(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    /// The `count` data codewords carrying `bytes` in a symbol of `version`.
    ///
    /// - Precondition: the bytes fit; callers check ``QRCode/byteCapacity(version:errorCorrection:)`` first.
    static func make(bytes: [UInt8], version: Int, count: Int) -> [UInt8] {
        let capacityBits = count * 8
        var buffer = BitBuffer()
        buffer.append(byteModeIndicator, bitCount: modeIndicatorBitCount)
        buffer.append(bytes.count, bitCount: characterCountBitCount(version: version))
        for byte in bytes {
            buffer.append(Int(byte), bitCount: 8)
        }
        precondition(buffer.count <= capacityBits, "the payload does not fit the symbol")

        buffer.append(0, bitCount: min(4, capacityBits - buffer.count))
        buffer.append(0, bitCount: (8 - buffer.count % 8) % 8)

        var codewords = buffer.bytes
        let firstPad = codewords.count
        while codewords.count < count {
            codewords.append(padCodewords[(codewords.count - firstPad) % padCodewords.count])
        }
        return codewords
    }
}
