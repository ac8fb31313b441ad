/// The CRC-32 of PNG chunks (PNG specification Annex D: ISO 3309 polynomial, reflected).
enum CRC32 {
    /// The CRC of every byte value, for byte-at-a-time computation.
    private static let table: [UInt32] = (0..<256).map { byte in
        var value = UInt32(byte)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ value >> 1 : value >> 1
        }
        return value
    }

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        let table = table
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ crc >> 8
        }
        return crc ^ 0xFFFF_FFFF
    }
}
